"""The rules of Cassino: one engine for the standard game and every variant.

Pure Python, standard library only: no pygame, no I/O, no global randomness.
Section numbers (§) in this package are those of docs/rules.md; the file
formats are docs/formats.md. Where each part of the rules lives:

- ``cards``: cards and card sets; ``options``: the rule options and presets;
- ``shape``: players, teams, pack and deal schedule, from the rules;
- ``moves``: moves and actions and their text forms;
- ``position``: the state of a round; ``builds``: a build on the table;
- ``legal``: the one move generator, and the controller's duties;
- ``apply``: the one way a move changes a position, returning its ``events``;
- ``dealing``: deals, draws and initial pairs; ``scoring``: items and the game's end;
- ``reasons``: why a move is refused, in words; ``validate``: impossible positions;
- ``game``: seeded rounds to the winner; ``formats``: JSON in and out.
"""

from .builds import Build, table_cards
from .cards import (Card, CardSet, card_name, card_symbol, card_text, cards_of, cards_text,
                    mask_of, parse_card, parse_cards)
from .errors import (CassinoError, IllegalMoveError, InvalidCardError, InvalidMoveError,
                     InvalidPositionError, InvalidRecordError, InvalidRulesError, TooManyMovesError)
from .events import DealEvent, Event, Item, RoundEnd
from .formats import (ReplayError, game_from_record, position_from_json, position_to_json,
                      record_to_json, replay)
from .game import Game, Turn, first_dealer, round_deck
from .moves import (BUILD, CALL, CAPTURE, PLUCK, TRAIL, Move, move_from_json, parse_any_move,
                    parse_move)
from .options import PRESET_LIST, PRESETS, STANDARD, Conflict, Preset, Rules, describe_rules, preset_of
from .position import Position
from .reasons import Interpretation
from .scoring import ScoringItem, scoring_items
from .shape import Shape, seating_conflict, seating_refusal, shape_of, standard_teams

__all__ = [
    "BUILD", "CALL", "CAPTURE", "PLUCK", "TRAIL", "Build", "Card", "CardSet", "CassinoError", "Conflict",
    "DealEvent", "Event", "Game", "IllegalMoveError", "Interpretation", "InvalidCardError",
    "InvalidMoveError", "InvalidPositionError", "InvalidRecordError", "InvalidRulesError", "Item",
    "Move", "PRESETS", "PRESET_LIST", "Position", "Preset", "ReplayError", "RoundEnd", "Rules",
    "STANDARD", "ScoringItem", "Shape", "card_name", "card_symbol", "card_text", "cards_of",
    "cards_text", "describe_rules", "first_dealer", "game_from_record", "mask_of",
    "move_from_json", "parse_any_move", "parse_card", "parse_cards", "parse_move",
    "position_from_json", "position_to_json", "preset_of", "record_to_json", "replay",
    "round_deck", "scoring_items", "seating_conflict", "seating_refusal", "shape_of", "standard_teams",
    "table_cards", "TooManyMovesError", "Turn",
]
