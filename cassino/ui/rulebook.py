"""The words of the in-game rules screen: the standard game and each option
the setup offers, in sections of short paragraphs and small examples.

Pure data (no pygame). Each example is a small table written as card text,
with the moves it talks about; ``tests/ui/test_rulebook.py`` plays every
example through the rules engine, so the screen cannot drift from what the
game really allows.

Markup in the text: ``*word*`` is bold; a paragraph starting with "• " is a
bullet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cassino.rules import parse_card

RuleOptions = dict[str, Any]


@dataclass(frozen=True)
class Pile:
    """One thing on an example's table: a loose card, or a build of several."""

    cards: tuple[int, ...]
    value: int = 0          # a build's value; 0 for a loose card
    multiple: bool = False
    yours: bool = True      # whose build it is: yours, or the other player's

    @property
    def label(self) -> str:
        """As the table's badge shows it: '8', or '8s' for a multiple build."""
        return f"{self.value}s" if self.multiple else str(self.value)


def piles(text: str) -> tuple[Pile, ...]:
    """Parse an example's table: loose cards ``5H 3C``, builds ``5D+3C=8``
    (yours), ``4D+2C=6/them`` (the other player's), ``8C+5D+3H=8s`` (multiple)."""
    out = []
    for token in text.split():
        if "=" not in token:
            out.append(Pile((parse_card(token),)))
            continue
        cards, _, label = token.partition("=")
        label, _, owner = label.partition("/")
        multiple = label.endswith("s")
        out.append(Pile(tuple(parse_card(c) for c in cards.split("+")), int(label.rstrip("s")),
                        multiple, owner != "them"))
    return tuple(out)


@dataclass(frozen=True)
class Example:
    """A small table and what happens on it.

    ``legal`` and ``illegal`` are moves in the compact text form (``8Sx8:5H,3C``)
    that the example says are allowed or not, for you to move holding ``hand``;
    with ``only`` the legal ones are every move there is. ``cards`` is a row
    shown for its own sake (cards worth points), not a table."""

    says: str
    table: str = ""
    hand: str = ""
    cards: str = ""
    legal: tuple[str, ...] = ()
    illegal: tuple[str, ...] = ()
    only: bool = False


@dataclass(frozen=True)
class Section:
    """One page of the rules screen. ``options`` are the rule options it
    explains (as ``Rules`` keyword arguments; ``{}`` is the standard game); its
    examples are played under the first of them."""

    title: str
    group: str
    text: tuple[str, ...]
    examples: tuple[Example, ...] = ()
    options: tuple[RuleOptions, ...] = ({},)


GAME, OPTIONS, HERE = "The game", "Options in New game", "At the table"

SECTIONS: tuple[Section, ...] = (
    Section("The aim", GAME, (
        "Cassino is a fishing game for 2, 3 or 4 players; four may play as two partnerships, "
        "partners sitting opposite. You *capture* cards from the table with cards from your hand, "
        "and score for what you have taken. The first to *21 points* wins.",
        "Card values: an ace counts 1, the cards 2 to 10 count their number. Jacks, queens and kings "
        "(the *court cards*) have no number: they never add up or build, and each takes only a card "
        "of its own rank.",
        "Points come from the most cards, the most spades, the 10♦ (*big casino*), the 2♠ "
        "(*little casino*), the aces, and *sweeps*: clearing the table.",
    ), (
        Example("5♥ and 3♣ are on the table and you hold 8♠: play it to capture both, as 5 + 3 = 8.",
                table="5H 3C", hand="8S", legal=("8Sx8:5H,3C",)),
    )),
    Section("The deal", GAME, (
        "A round uses the whole pack. The dealer gives *four cards* to each player and four face up "
        "to the table, two at a time.",
        "When every hand is empty, four more cards go to each player, and none to the table, until the "
        "pack is used up: six deals a round for two players, four for three, three for four. The last "
        "deal is announced.",
        "The player on the dealer's left plays first, and play goes round to the left (clockwise). "
        "The next round is dealt by the next player.",
    ), (
        Example("The start of a round: four cards in your hand, four face up on the table.",
                table="7C KH 3D 9S", hand="5H 2C QS 8D"),
    )),
    Section("Your turn", GAME, (
        "On your turn you play *exactly one card* from your hand, and with it you do one of three things:",
        "• *Capture*: take table cards with it (see Capturing).",
        "• *Build*: put it on table cards to make a pile you mean to capture later (see Building).",
        "• *Trail*: lay it face up on the table and take nothing.",
        "You may trail even when you could capture, except while you control a build (see Your builds).",
    ), (
        Example("You hold K♠ and 6♦. No king is on the table, and no card or sum makes 6; 6 + 4 would "
                "build 10, but you hold no 10. So you trail one of your cards.",
                table="9H 4C", hand="KS 6D", legal=("KS-", "6D-"), only=True),
    )),
    Section("Capturing", GAME, (
        "Play a card to take from the table any of these, of its value:",
        "• a card of the same value (a 7 takes a 7);",
        "• two or more cards that add up to it (a 7 takes 4 + 3, or 5 + A + A);",
        "• a build of that value (see Building).",
        "You may take several such groups at once, if no card is in two of them. Taking is up to you: "
        "you may take fewer groups, or trail instead.",
        "A *court card* takes one card of its own rank, never a sum: a queen takes one queen.",
    ), (
        Example("7♣ takes the 7♦ and the 4♠ + 3♥ together: two groups of 7.",
                table="7D 4S 3H", hand="7C", legal=("7Cx7:7D,4S,3H",)),
        Example("8♣ may take 8♦, 6♠ + 2♥ and 5♣ + 3♦, leaving the A♠; or 8♦ and 5♣ + 2♥ + A♠. "
                "Never all six: they cannot all be split into 8s.",
                table="AS 2H 3D 5C 6S 8D", hand="8C",
                legal=("8Cx8:8D,6S,2H,5C,3D", "8Cx8:8D,5C,2H,AS"), illegal=("8Cx8:AS,2H,3D,5C,6S,8D",)),
        Example("Two queens on the table: your Q♠ takes one of them, not both.",
                table="QH QD 7S", hand="QS", legal=("QSx:QH", "QSx:QD"), illegal=("QSx:QH,QD",)),
    )),
    Section("Building", GAME, (
        "A *build* is a pile on the table with a value; only a card of that value can capture it. "
        "Make one by playing a card onto loose cards so that together they add up to the value.",
        "You must *hold another card of that value*, to capture the build with later. So a build is "
        "at most 10, and it must include the card you play.",
        "A build is taken whole, by anyone with a card of its value (an opponent may steal it), "
        "and it is never part of a sum.",
    ), (
        Example("You hold 3♣ and 8♠: put the 3♣ on the 5♦ to build 8. Next turn your 8♠ takes the "
                "pile, unless someone takes it first.",
                table="5D", hand="3C 8S", legal=("3Cb8:5D",)),
        Example("Without a 9 in your hand, you may not put 3♣ on 6♥ to build 9.",
                table="6H", hand="3C 7D", illegal=("3Cb9:6H",)),
        Example("A build of 7 and a loose 2: a 9 cannot take them together. The 7 needs a 7.",
                table="5D+2C=7/them 2H", hand="9S", illegal=("9Sx9:5D,2C,2H",)),
    )),
    Section("Raising and multiple builds", GAME, (
        "*Raising*: put a card on a single build to raise its value: a 2 on a build of 6 makes 8. "
        "You must hold a card of the new value. Anyone may raise a single build, even one that another "
        "player made; it is then yours.",
        "*Multiple builds*: two or more groups of the same value, held as one pile, such as 5 + 3 with "
        "6 + 2: a build of eights, shown as 8s. Add to a build with a card that, alone or with loose "
        "cards, makes its value.",
        "A multiple build can *never be raised*. Loose table cards never change a build's value.",
    ), (
        Example("The other player built 6. You hold 2♠ and 8♥: put the 2♠ on it to raise it to 8. "
                "It is now your build, for your 8♥.",
                table="4D+2C=6/them", hand="2S 8H", legal=("2Sb8:4D,2C",)),
        Example("You hold 3♠, 3♥ and 6♣. Play 3♠ with A♦ + 2♣ as a build of threes (3s) for your 3♥; "
                "or build 6 (3 + 2 + 1) for your 6♣. Not 4: you hold no 4.",
                table="AD 2C", hand="3S 3H 6C", legal=("3Sm3:AD,2C", "3Sb6:AD,2C"), illegal=("3Sb4:AD",)),
        Example("Your build of 8, with 6♥ and 2♠ loose. Put the 8♦ on it, with the 6♥ + 2♠: eights (8s), "
                "which your 8♠ takes whole and nobody can raise.",
                table="5D+3C=8 6H 2S", hand="8S 8D", legal=("8Dm8:5D,3C,6H,2S",)),
    )),
    Section("Your builds", GAME, (
        "The player who made a build, or last raised it or added to it, *controls* it until it is "
        "captured. You may control several builds.",
        "While you control a build:",
        "• you may *not trail*;",
        "• you must *keep a card of its value* in your hand: no play may use up your last one and "
        "leave the build on the table.",
        "You may still capture other cards, and make or change other builds. So no build is left "
        "over at the end of a round. (This is the standard build control, *hoyle* in New game.)",
    ), (
        Example("You control a build of 8 and hold 8♠ and 4♥. You may not trail the 4♥, and the "
                "8♠ must stay for the build: your only play is to capture it now.",
                table="5D+3C=8 KC", hand="8S 4H", legal=("8Sx8:5D,3C",), only=True),
    )),
    Section("Sweeps", GAME, (
        "A capture that leaves the table *empty* is a *sweep*, worth 1 point. The next player has "
        "nothing to take and must trail.",
        "When the last card of a round has been played, the cards still on the table go to whoever "
        "captured last. That is not a sweep; but taking everything with the last card is.",
    ), (
        Example("9♣ takes the 9♦ and 6♥ + 3♠: the table is empty, a sweep.",
                table="6H 3S 9D", hand="9C", legal=("9Cx9:9D,6H,3S",)),
    )),
    Section("Scoring", GAME, (
        "At the end of each round, each player (or partnership) counts what they captured:",
        "• *Most cards*: 3 points",
        "• *Most spades*: 1",
        "• *Big casino*, the 10♦: 2",
        "• *Little casino*, the 2♠: 1",
        "• *Each ace*: 1",
        "• *Each sweep*: 1",
        "A tie for most cards or most spades scores nothing for it. Without sweeps or ties, a round "
        "is worth 11 points in all.",
    ), (
        Example("These four are worth 5 points to whoever takes them; the 2♠ also counts as a spade.",
                cards="TD 2S AH AC"),
    )),
    Section("End of the game", GAME, (
        "Scores are added up at the end of each round. Once someone (a player or a partnership) has "
        "*21 points or more*, the highest total wins. If the highest totals are equal, another round "
        "is played.",
        "In New game, *Game to 11 points* makes a shorter game, and *Game to 31 points* a longer one.",
    ), (
        Example("After a round it is 23 to 19: 23 wins. At 22 to 22, or 20 to 18, another round is played."),
    ), ({}, {"target": 11}, {"target": 31})),

    Section("Royal", OPTIONS, (
        "New game, *Rules: Royal*. Court cards get numbers: *jack 11, queen 12, king 13*. They add up, "
        "build and are built on like any other card, so builds go up to 13.",
        "Choosing Royal sets Sweeps to score nothing; the Sweeps line below it can change that.",
    ), (
        Example("K♠ counts 13: it takes 6♦ + 7♣.", table="6D 7C", hand="KS", legal=("KSx13:6D,7C",)),
        Example("Put A♠ on Q♥ to build 13, for your K♦.", table="QH", hand="AS KD", legal=("ASb13:QH",)),
    ), ({"royal": True, "sweeps": 0},)),
    Section("Aces 1 or 14", OPTIONS, (
        "New game, *Rules: Royal, aces 1 or 14*. Royal, and an ace played from your hand to capture "
        "counts *1 or 14*, as you choose. An ace on the table or in a build counts 1.",
        "Holding an ace, you may build 14, to take with it.",
    ), (
        Example("A♠ from your hand counts 14: it takes 6♥ + 8♣.", table="6H 8C", hand="AS",
                legal=("ASx14:6H,8C",)),
        Example("A♦ on K♣ builds 14, for your A♥.", table="KC", hand="AD AH", legal=("ADb14:KC",)),
    ), ({"royal": True, "ace_14": True, "sweeps": 0},)),
    Section("Sweep points", OPTIONS, (
        "Each sweep scores 1 point in the standard game. In New game, *Sweeps: 2 points* makes it 2, and "
        "*Sweeps: score nothing* makes it nothing.",
        "With nothing, sweeps still happen and are counted in your statistics, but score no points; "
        "a round is then worth 11 points in all, unless cards or spades are tied.",
    ), (
        Example("9♥ takes 4♦ + 5♠ and clears the table: 2 points with Sweeps: 2 points.",
                table="4D 5S", hand="9H", legal=("9Hx9:4D,5S",)),
    ), ({"sweeps": 2}, {"sweeps": 0})),
    Section("Court cards take all", OPTIONS, (
        "New game, *Court cards take: all of a rank*. A jack, queen or king takes *every* loose card "
        "of its rank on the table at once, and may not take just one.",
        "Court cards still have no number value.",
    ), (
        Example("K♣ takes both K♥ and K♦.", table="KH KD 4S", hand="KC",
                legal=("KCx:KH,KD",), illegal=("KCx:KH",)),
    ), ({"court_capture": "all"},)),
    Section("Permissive control", OPTIONS, (
        "New game, *Build control: permissive*. You may *trail* while you control a build.",
        "You must still keep a card of the build's value in your hand.",
    ), (
        Example("You control a build of 8 and hold 8♠ and 4♥: you may trail the 4♥ and keep the build "
                "for later, but not the 8♠.",
                table="5D+3C=8 KC", hand="8S 4H", legal=("4H-", "8Sx8:5D,3C"), illegal=("8S-",)),
    ), ({"controller": "permissive"},)),
    Section("Answer your build", OPTIONS, (
        "New game, *Build control: answer*. While you control a build, on *every turn* you must "
        "capture it, add to it or raise it. Nothing else, and no trailing.",
    ), (
        Example("You control a build of 6 and hold 6♠ and 9♥. In the standard game you could take the "
                "9♠ first; here you must take your build.",
                table="4D+2C=6 9S", hand="6S 9H", legal=("6Sx6:4D,2C",), illegal=("9Hx9:9S",), only=True),
    ), ({"controller": "answer"},)),
    Section("Strict builds", OPTIONS, (
        "New game, *Build control: strict*. No trailing while you control a build, as in the standard "
        "game, and also:",
        "• at most *one build of each value* each: add to the build you have rather than start a second;",
        "• another player's build can be taken over *only by raising* it, never by adding to it.",
    ), (
        Example("Their build of 6: you may raise it to 8 with 2♥, but not add your 6♠ to make sixes.",
                table="4D+2C=6/them", hand="6S 6H 2H 8C", legal=("2Hb8:4D,2C",), illegal=("6Sm6:4D,2C",)),
        Example("2♠ on 6♥ would be a second build of 8: put them both on your build instead.",
                table="5D+3C=8 6H", hand="2S 8S", legal=("2Sm8:5D,3C,6H",), illegal=("2Sb8:6H",)),
    ), ({"controller": "strict"},)),

    Section("Mouse and keys", HERE, (
        "*Drag* a card from your hand onto a table card or build to capture it or build on it, or onto "
        "the empty cloth to trail.",
        "Or *click* table cards to select them, then click a card in your hand. Clicking a card with "
        "nothing selected shows what it can do. When a play could mean more than one thing, a short "
        "menu asks which.",
        "*Keyboard*: arrows or Tab move, Space selects, Enter plays, Esc clears or opens the menu.",
        "*H* or the Hint button suggests a move. *Ctrl+Z* takes your move back when Undo for practice "
        "is on in Settings (alone against the computer). *F11* switches full screen.",
        "A build shows its value on a badge in the colour of the player who controls it.",
    ), (
        Example("Your build of 8, and their multiple build of sixes.", table="5D+3C=8 4S+2H+6C=6s/them"),
    ), ()),
)
