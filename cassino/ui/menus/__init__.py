"""The screens around the table: the title, the new game's setup, settings
and statistics. Where each leads is ``cassino.ui.screens``'s business."""
