"""The game's look, shared by every screen: colours, fonts and cached text
(``theme``), card faces and backs (``cards``), the court figures drawn on
kings, queens and jacks (``courts``), and the cloth (``cloth``)."""
