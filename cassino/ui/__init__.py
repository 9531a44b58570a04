"""The pygame front end: the scene loop, scenes, table layout, card art,
drag and drop, animation. Draws the rules' model; never decides a rule."""
