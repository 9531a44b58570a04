"""The rules of Cassino: cards, moves, positions, legal moves, scoring, games, formats.

Pure Python, standard library only: no pygame, no I/O, no global randomness.
The one source of legality for the table and the computer players.
"""

from .cards import (Card, CardSet, card_name, card_symbol, card_text, cards_of, cards_text,
                    mask_of, parse_card, parse_cards)
from .errors import (CassinoError, IllegalMoveError, InvalidCardError, InvalidMoveError,
                     InvalidPositionError, InvalidRecordError, InvalidRulesError)
from .formats import (ReplayError, position_from_json, position_to_json, record_to_json,
                      replay)
from .game import Game, RoundResult, first_dealer, round_deck, standard_teams
from .moves import BUILD, CAPTURE, TRAIL, Move, move_from_json, parse_any_move, parse_move
from .options import PRESETS, STANDARD, Rules
from .position import Build, Interpretation, Position
from .scoring import TeamScore, score_round

__all__ = [
    "BUILD", "CAPTURE", "TRAIL", "Build", "Card", "CardSet", "CassinoError", "Game",
    "IllegalMoveError", "Interpretation", "InvalidCardError", "InvalidMoveError",
    "InvalidPositionError", "InvalidRecordError", "InvalidRulesError", "Move", "PRESETS",
    "Position", "ReplayError", "RoundResult", "Rules", "STANDARD", "TeamScore", "card_name",
    "card_symbol", "card_text", "cards_of", "cards_text", "first_dealer", "mask_of",
    "move_from_json", "parse_any_move", "parse_card", "parse_cards", "parse_move",
    "position_from_json", "position_to_json", "record_to_json", "replay", "round_deck",
    "score_round", "standard_teams",
]
