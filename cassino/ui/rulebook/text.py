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
    shown for its own sake (cards worth points), not a table.

    What else an example may claim, each checked against the engine:

    - ``stock`` (the top of the stock, shown) and ``after``: your hand after
      the first legal move (Draw Cassino); a stock also means "not the last deal";
    - ``pile`` (your side's pile, shown) and ``pile_extra`` plain cards more
      (no spade, no point card; not shown), with ``scores`` and ``sweeps``
      before the round: ``items``, your side's points by scoring item when
      the round ends with these piles (the other side holding the rest);
      ``count``, your side's count for a call for 21 (``scores`` then set);
      ``wins``: with a hand, whether the first legal move ends the game in
      your favour (True) or the other side's (False); without, who wins at
      the round's end;
    - ``dealt``: the table as dealt, and ``pairs``, the initial pairs taken from it;
    - ``missing``: cards not in the pack for the section's ``players``."""

    says: str
    table: str = ""
    hand: str = ""
    cards: str = ""
    legal: tuple[str, ...] = ()
    illegal: tuple[str, ...] = ()
    only: bool = False
    stock: str = ""
    after: str = ""
    pile: str = ""
    pile_extra: int = 0
    scores: tuple[int, ...] = ()
    sweeps: tuple[int, ...] = ()
    items: tuple[tuple[str, int], ...] = ()
    count: int | None = None
    wins: bool | None = None
    dealt: str = ""
    pairs: str = ""
    missing: str = ""


@dataclass(frozen=True)
class Section:
    """One page of the rules screen. ``options`` are the rule options it
    explains (as ``Rules`` keyword arguments; ``{}`` is the standard game); its
    examples are played under the first of them, by ``players`` players.
    ``shows``: the options its examples show, where a variant sets more than
    it shows (Royal's examples show court values, not its sweeps or target);
    by default every option it sets."""

    title: str
    group: str
    text: tuple[str, ...]
    examples: tuple[Example, ...] = ()
    options: tuple[RuleOptions, ...] = ({},)
    players: int = 2  # the players of its examples
    shows: tuple[str, ...] | None = None

    def shown(self) -> set[str]:
        """The options its examples show."""
        return set(self.shows) if self.shows is not None else {k for o in self.options for k in o}


GAME, VARIANTS, OPTIONS, HERE = "The game", "Variants", "Custom options", "At the table"
KEYS_SECTION = "Mouse and keys"  # the page F1 opens, anywhere
GROUPS = (GAME, VARIANTS, OPTIONS, HERE)

SECTIONS: tuple[Section, ...] = (
    Section("The aim", GAME, (
        "Cassino is a fishing game for 2 to 6 players (2, 3 or 4 in the standard game); four may play as two partnerships, "
        "partners sitting opposite. You *capture* cards from the table with cards from your hand, "
        "and score for what you have taken. When a round ends with someone at *21 points* or more, the "
        "highest total wins. (This is *Game: Standard* in "
        "New game; the other games are under Variants.)",
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
        "and it is never part of a sum, nor split or rearranged. Two builds of the same value may "
        "stand side by side: a card of that value takes either, or both.",
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
        "player made; it is then yours. Loose groups of the new value may join it in the same move, "
        "making it a multiple build.",
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
        "over at the end of a round. (This is the standard build control, *Build control: standard (Hoyle)* in a Custom game.)",
    ), (
        Example("You control a build of 8 and hold 8♠ and 4♥. You may not trail the 4♥, and no play "
                "of the 8♠ may leave the build behind: your only play is to take the build with it.",
                table="5D+3C=8 KC", hand="8S 4H", legal=("8Sx8:5D,3C",), only=True),
    ), shows=("controller",)),
    Section("Sweeps", GAME, (
        "A capture that leaves the table *empty* is a *sweep*, worth 1 point. The next player has "
        "nothing to take and must trail.",
        "When the last card of a round has been played, the cards still on the table go to whoever "
        "captured last (to the dealer if nobody captured). That is not a sweep; but taking everything "
        "with the last card is. Sweeps of different players never cancel one another.",
    ), (
        Example("9♣ takes the 9♦ and 6♥ + 3♠: the table is empty, a sweep.",
                table="6H 3S 9D", hand="9C", legal=("9Cx9:9D,6H,3S",)),
    ), shows=("sweeps",)),
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
        "In a Custom game, *Game to 11 points* makes a shorter game, and *Game to 31 points* a longer one.",
    ), (
        Example("After a round it is 23 to 19: 23 wins. At 22 to 22, or 20 to 18, another round is played."),
    ), ({}, {"target": 11}, {"target": 31})),

    Section("Royal", VARIANTS, (
        "New game, *Game: Royal*. Court cards get numbers: *jack 11, queen 12, king 13*. They add up, "
        "build and are built on like any other card, so builds go up to 13.",
        "Sweeps score nothing. The game is to 21 points; *Short game (to 6): yes* makes it a game to 6.",
        "At the table the values stand in the panel on the right, under the stock. In a Custom game "
        "this is *Royal values: yes* with *Sweeps: score nothing*.",
    ), (
        Example("K♠ counts 13: it takes 6♦ + 7♣.", table="6D 7C", hand="KS", legal=("KSx13:6D,7C",)),
        Example("Put A♠ on Q♥ to build 13, for your K♦.", table="QH", hand="AS KD", legal=("ASb13:QH",)),
    ), ({"royal": True, "sweeps": 0}, {"royal": True, "sweeps": 0, "target": 6}), shows=("royal",)),
    Section("Royal, aces 14", VARIANTS, (
        "New game, *Game: Royal, aces 14*. Royal, and an ace played from your hand to capture counts "
        "*1 or 14*, as you choose. An ace on the table or in a build counts 1.",
        "Holding an ace, you may build 14, to take with it. When a play could use the ace either way, "
        "the table asks which you mean.",
        "One ace cannot stand for a build of 1 and one of 14 at once: you need a card for each. "
        "In a Custom game: *Aces 1 or 14: yes*, with Royal values.",
    ), (
        Example("A♠ from your hand counts 14: it takes 6♥ + 8♣.", table="6H 8C", hand="AS",
                legal=("ASx14:6H,8C",)),
        Example("A♦ on K♣ builds 14, for your A♥.", table="KC", hand="AD AH", legal=("ADb14:KC",)),
        Example("With K♠ and A♥ on the table, your A♣ takes both as 14, or the A♥ alone as 1.",
                table="KS AH", hand="AC", legal=("ACx14:KS,AH", "ACx1:AH", "AC-"), only=True),
    ), ({"royal": True, "ace_14": True, "sweeps": 0},), shows=("ace_14",)),
    Section("Buckeye", VARIANTS, (
        "New game, *Game: Buckeye*. Royal, and the *ten of diamonds counts 10 or 11*, wherever it is "
        "used: from your hand, on the table in a sum, or in a build (whose value then fixes it).",
        "Held, it answers for a build of 10 or of 11, not for both at once: you need a card for each. "
        "Sweeps score nothing. In a Custom game: "
        "*10♦ 10 or 11: yes*, with Royal values.",
    ), (
        Example("Your 10♦ takes 7♥ + 3♣ as 10, or the J♠ as 11; or builds 13 on the 3♣.",
                table="JS 7H 3C", hand="TD KD", legal=("TDx10:7H,3C", "TDx11:JS", "TDb13:3C")),
        Example("On the table the 10♦ may count 11: your J♥ takes it.", table="TD 2C", hand="JH 9C",
                legal=("JHx11:TD", "9Cm11:TD,2C")),
    ), ({"royal": True, "buckeye": True, "sweeps": 0},), shows=("buckeye",)),
    Section("Spade Cassino", VARIANTS, (
        "New game, *Game: Spade Cassino*. The standard game, and every *spade* you take scores *1 point*, "
        "the *jack of spades 2*, on top of the usual points (so the A♠ and the 2♠ score twice).",
        "A round is worth 25 points without sweeps; the game is to *61*. In a Custom game: "
        "*Spade points: yes*.",
    ), (
        Example("These four spades in your pile score 1 + 1 + 1 + 2 = 5 spade points, besides the 2♠ "
                "as little casino and the A♠ as an ace.",
                pile="AS 2S 7S JS", items=(("spade_points", 5), ("2S", 1), ("AS", 1))),
    ), ({"spade_scoring": True, "target": 61},), shows=("spade_scoring",)),
    Section("Draw Cassino", VARIANTS, (
        "New game, *Game: Draw Cassino*. Only the first deal is dealt. After each card you play, you "
        "*draw* the top card of the stock, so your hand stays at four cards.",
        "When the stock is used up, hands are played out and the round ends as usual. The panel shows "
        "how many cards are left to draw, and the card you drew last is marked *new* in your hand. In a "
        "Custom game: *Draw after each play: yes* (not with Pluck).",
    ), (
        Example("You trail the 7♥ and draw the 5♠ from the stock: you hold 3♣ 9♦ K♠ 5♠.",
                hand="7H 3C 9D KS", table="QC", stock="5S", legal=("7H-",), after="3C 9D KS 5S"),
    ), ({"draw": True},)),
    Section("Pluck Cassino", VARIANTS, (
        "New game, *Game: Pluck Cassino*. Once in each deal, on your turn *before* you play your card, "
        "you may *pluck*: take one loose card from the table into your pile. Then play a card as usual.",
        "Never an ace, the 10♦ or the 2♠ (with spade points, never a spade); never when the table holds "
        "fewer than two cards; never in the last deal. A pluck is not a capture: it is never a sweep, "
        "and it does not make you the last to capture.",
        "At the table: the *Pluck* button (or *P*), then click the card to pluck. In a Custom game: "
        "*Pluck: yes*.",
    ), (
        Example("You may pluck the 5♦ or the 9♣. After plucking the 9♣, your 5♥ takes the 5♦: a sweep.",
                table="5D 9C", hand="5H", stock="7C", legal=("pluck:5D", "pluck:9C", "5Hx5:5D")),
        Example("An ace is never plucked.", table="AD 9C", hand="5H", stock="7C",
                legal=("pluck:9C",), illegal=("pluck:AD",)),
    ), ({"pluck": True},)),
    Section("Portuguese", VARIANTS, (
        "New game, *Game: Portuguese*. Two players, or four in two partnerships. The game is to *31*.",
        "A *tie for most cards* (26 each) goes to the side with *more spades*, which then scores 3 for "
        "cards as well as 1 for spades. If the spades are tied too, nobody scores for cards. In a Custom game: *Card tie to spades: yes*.",
    ), (
        Example("26 cards each, and these 8 spades among yours: you score 3 for cards and 1 for spades.",
                pile="AS 2S 3S 4S 5S 6S 7S 8S", pile_extra=18, items=(("cards", 3), ("spades", 1))),
    ), ({"card_tie_to_spades": True, "target": 31},), shows=("card_tie_to_spades",)),
    Section("California", VARIANTS, (
        "New game, *Game: California*, for 2, 3, 4 or 6 players. A *court card takes every loose card of "
        "its rank* at once. Sweeps score nothing, and the cards are *dealt one at a time*.",
        "There is no target: *everyone deals twice*, and then the highest total wins (a tie plays another "
        "round). The panel shows the round, as in “Round 3 of 4”.",
    ), (
        Example("Your Q♦ takes both queens, never just one.", table="QS QH 5C", hand="QD",
                legal=("QDx:QS,QH", "QD-"), only=True),
    ), ({"court_capture": "all", "sweeps": 0, "deal_singly": True, "rounds": 4},
        {"court_capture": "all", "sweeps": 0, "deal_singly": True, "rounds": 6},
        {"court_capture": "all", "sweeps": 0, "deal_singly": True, "rounds": 8},
        {"court_capture": "all", "sweeps": 0, "deal_singly": True, "rounds": 12}), shows=("court_capture",)),
    Section("Trailing royals", VARIANTS, (
        "New game, *Game: Trailing royals*. Court cards still have no number, but they *pair in any "
        "number*: a queen takes one or more loose queens, and queen builds, together.",
        "A court card played on loose cards of its rank, or added to a build of its rank, *builds* "
        "its rank (a queen builds queens, its badge *Qs*), for another card of that rank to take. A court card nobody can "
        "match stays on the table to the end of the round, and the preset scores nothing for sweeps. "
        "In a Custom game: *Trailing royals: yes* (not with Royal values, nor Court cards take: all of a rank).",
    ), (
        Example("Your Q♦ may take either queen or both, build queens on one or both, or trail.",
                table="QS QH 5C", hand="QD QC",
                legal=("QDx:QS", "QDx:QH", "QDx:QS,QH", "QDm12:QS", "QDm12:QS,QH", "QD-")),
    ), ({"trailing_royals": True, "sweeps": 0},), shows=("trailing_royals",)),
    Section("Five and six players", VARIANTS, (
        "New game, *Players: 5* gives *Game: Five players*: the twos of hearts, diamonds and clubs are "
        "left out, so 49 cards. Four cards each in the first deal (four to the table), *five* each in the "
        "second and last.",
        "*Players: 6* plays California, or a Custom game: four cards each, twice a round.",
        "At the table the others sit round the cloth in turn order, to your left first.",
    ), (
        Example("Left out with five players: the 2♥, 2♦ and 2♣.", cards="2H 2D 2C", missing="2H 2D 2C"),
    ), ({},), 5),

    Section("Sweep points", OPTIONS, (
        "Each sweep scores 1 point in the standard game. In a Custom game, *Sweeps: 2 points* makes it 2, "
        "and *Sweeps: score nothing* makes it nothing (as Royal, Royal aces 14, Buckeye, California and Trailing royals do).",
        "With nothing, sweeps still happen and are counted in your statistics, but score no points; "
        "a round is then worth 11 points in all, unless cards or spades are tied.",
    ), (
        Example("9♥ takes 4♦ + 5♠ and clears the table: 2 points with Sweeps: 2 points.",
                table="4D 5S", hand="9H", legal=("9Hx9:4D,5S",)),
    ), ({"sweeps": 2}, {"sweeps": 0})),
    Section("Court cards take all", OPTIONS, (
        "*Court cards take: all of a rank*. A jack, queen or king takes *every* loose card "
        "of its rank on the table at once, and may not take just one (as in California).",
        "Court cards still have no number value.",
    ), (
        Example("K♣ takes both K♥ and K♦.", table="KH KD 4S", hand="KC",
                legal=("KCx:KH,KD",), illegal=("KCx:KH",)),
    ), ({"court_capture": "all"},)),
    Section("Permissive control", OPTIONS, (
        "*Build control: permissive*. You may *trail* while you control a build.",
        "You must still keep a card of the build's value in your hand.",
    ), (
        Example("You control a build of 8 and hold 8♠ and 4♥: you may trail the 4♥ and keep the build "
                "for later, but not the 8♠.",
                table="5D+3C=8 KC", hand="8S 4H", legal=("4H-", "8Sx8:5D,3C"), illegal=("8S-",)),
    ), ({"controller": "permissive"},)),
    Section("Answer your build", OPTIONS, (
        "*Build control: answer*. While you control a build, on *every turn* you must "
        "capture, add to or raise one of your builds. Nothing else, and no trailing.",
    ), (
        Example("You control a build of 6 and hold 6♠ and 9♥. In the standard game you could take the "
                "9♠ first; here you must take your build.",
                table="4D+2C=6 9S", hand="6S 9H", legal=("6Sx6:4D,2C",), illegal=("9Hx9:9S",), only=True),
    ), ({"controller": "answer"},)),
    Section("Strict builds", OPTIONS, (
        "*Build control: strict*. No trailing while you control a build, as in the standard "
        "game, and also:",
        "• at most *one build of each value* each: add to the build you have rather than start a second;",
        "• another player's build (a partner's too) can be taken over *only by raising* it, never by adding to it.",
    ), (
        Example("Their build of 6: you may raise it to 8 with 2♥, but not add your 6♠ to make sixes.",
                table="4D+2C=6/them", hand="6S 6H 2H 8C", legal=("2Hb8:4D,2C",), illegal=("6Sm6:4D,2C",)),
        Example("2♠ on 6♥ would be a second build of 8: put them both on your build instead.",
                table="5D+3C=8 6H", hand="2S 8S", legal=("2Sm8:5D,3C,6H",), illegal=("2Sb8:6H",)),
    ), ({"controller": "strict"},)),
    Section("Initial pairs", OPTIONS, (
        "*Initial pairs: yes*. After the first deal, every table card whose rank shows *two or more times* "
        "goes at once to the pile of the player who plays first: their capture, and a sweep if it "
        "leaves the table empty.",
    ), (
        Example("Dealt 7♠ 7♦ K♥ K♣: all four go to the first player, a sweep.",
                dealt="7S 7D KH KC", pairs="7S 7D KH KC"),
        Example("Dealt 7♠ 7♦ 7♣ 2♥: the three sevens go; the 2♥ stays.",
                dealt="7S 7D 7C 2H", pairs="7S 7D 7C"),
    ), ({"initial_pairs": True},)),
    Section("All eleven", OPTIONS, (
        "*All eleven: bonus*. A side that takes every one of the 11 base points in a round (most cards, "
        "most spades, 10♦, 2♠ and the four aces) scores *12*.",
        "*All eleven: win*. Such a side *wins the game* at the end of that round, whatever the totals.",
    ), (
        Example("30 cards with these 8 spades, the 10♦ and the four aces: 11 base points, and 1 more.",
                pile="AS 2S 3S 4S 5S 6S 7S 8S TD AH AD AC", pile_extra=18,
                items=(("cards", 3), ("spades", 1), ("all_eleven", 1))),
    ), ({"all_eleven": "bonus"}, {"all_eleven": "win"})),
    Section("Call for 21", OPTIONS, (
        "*Call for 21: yes*, for two players or two partnerships. On your turn, before your card, you "
        "may *call*: the game ends at once. If your side's *count* reaches the target you win; if not, "
        "*the other side wins*.",
        "The count is your score before the round, plus what the round has made certain: your sweeps, "
        "the 10♦, 2♠, aces (and spade points) in your pile, 3 once you hold more than half the pack "
        "(with Card tie to spades, also exactly half with 7 spades or more), 1 once you hold 7 spades.",
        "At the table: the *Call 21* button (or *C*) shows your count before you confirm.",
    ), (
        Example("17 before this round; your pile holds these and 20 plain cards: 17 + 2 + 1 + 1 + 1 = 22. "
                "Call, and you win.", table="9C", hand="5H", pile="TD 2S AS AH", pile_extra=20,
                scores=(17, 15), count=22, wins=True, legal=("call",)),
        Example("12 before the round and the same pile: 17. Calling now loses.", table="9C", hand="5H",
                pile="TD 2S AS AH", pile_extra=20, scores=(12, 15), count=17, wins=False, legal=("call",)),
    ), ({"call_for_21": True},)),
    Section("Sudden death", OPTIONS, (
        "*Sudden death: yes*. Sweeps count the moment they are made. A sweep that brings a side to the "
        "target, *ahead of every other side*, ends the game at once: that side wins.",
        "Otherwise the round goes on and is scored as usual, each sweep once. (Not with Sweeps: score nothing.)",
    ), (
        Example("20 to 18: your 9♣ sweeps the table, 21 to 18, and you win at once.",
                table="6H 3S 9D", hand="9C", scores=(20, 18), legal=("9Cx9:9D,6H,3S",), wins=True),
    ), ({"sudden_death": True},)),
    Section("Count-out", OPTIONS, (
        "*Count-out: yes*. At the end of a round the points are added *item by item*: most cards, most "
        "spades, 10♦, 2♠, the aces (♠ ♣ ♥ ♦), spade points, the all-eleven bonus, then sweeps, side by "
        "side in turn order from the first player (with Sudden death, sweeps first: they counted in play). "
        "The first side to reach the target, ahead of the others, wins, whatever the final totals.",
    ), (
        Example("19 to 20. You take most cards (27) and the A♠; they take the rest. Most cards brings you "
                "to 22 first: you win, though the totals end 23 to 27.",
                pile="AS", pile_extra=26, scores=(19, 20), wins=True),
    ), ({"count_out": True},)),
    Section("Fixed rounds, game length", OPTIONS, (
        "*Fixed rounds*: the game lasts that many rounds, with no target, and the highest total wins; "
        "a tie at the top plays one more round at a time. (Not with Game to, Sudden death, Call for 21 "
        "or Count-out.)",
        "*Game to*: the points that win, 21 unless set (6 or 11 a short game, 31 or 61 a long one). "
        "*Deal one at a time: yes* deals the cards singly instead of in twos.",
    ), (
        Example("Fixed rounds, 6: after round 6, 30 29 29 means the first player wins; 30 30 20, a "
                "seventh round."),
    ), ({"rounds": 6}, {"target": 11}, {"target": 31}, {"target": 61}, {"target": 6}, {"deal_singly": True},
        {"rounds": 2}, {"rounds": 4}, {"rounds": 8}, {"rounds": 12})),

    Section(KEYS_SECTION, HERE, (
        "*Drag* a card from your hand onto a table card or build to capture it or build on it, or onto "
        "the empty cloth to trail. Or *click* it, then where it goes (the card again: all its plays; Esc "
        "puts it back), or click table cards first, then the card. A play that could mean more than one "
        "thing asks which in a short list.",
        "A click or a key while cards move finishes the motion (Esc, S, L, M, Ctrl+Z act as well).",
        "*Keyboard*: arrows or Tab move, Space selects, Enter plays, Esc clears or opens the menu (also "
        "on the cover between people's turns, which it leaves up).",
        "Where the game allows them, *P* or the Pluck button plucks a loose card (click it, or the arrows "
        "and Enter), and *C* or the Call button calls for the target.",
        "*H* or the Hint button suggests a move (see Hints and the review). *S*, or a click on the scores: "
        "the score sheet, and what each side has taken this round. *L* shows the last capture again (Left, Right: each player's "
        "last); pressing and holding a player's pile shows theirs. *Ctrl+Z* takes your move "
        "back when Undo for practice is on in Settings (alone against the computer, and not past cards dealt or drawn since). *Page Up* and "
        "*Page Down* (or the mouse wheel) scroll the log. *M* turns the sound "
        "off and on. *F11* switches full screen. *F1* opens this page.",
        "A build shows its value on a badge in the colour of the player who controls it.",
    ), (
        Example("Your build of 8, and their multiple build of sixes.", table="5D+3C=8 4S+2H+6C=6s/them"),
    ), ()),

    Section("Hints and the review", HERE, (
        "*H* or the Hint button: the move the Master would play, marked on the table, with a word on what it "
        "does. *H* again, while the hint shows: why, weighed against the next best move in points and in "
        "your chance to win the game.",
        "*R* on a round's summary (\u201cRound 1 over\u201d), or at the game's end: a review of your moves. Each is weighed "
        "against the best move the computer finds from your seat, seeing only what you saw (never the "
        "others' cards); the costliest are shown one by one on the table as it was, the card you played and "
        "what it took (in salmon, \u201cplayed\u201d and \u201ctaken\u201d) and the better move (in gold) marked, with why "
        "and what it cost. Arrows or Enter step, Esc closes. The points are the "
        "round's balance: \u201c2 points more against your opponent\u201d may be a point more for you and a point "
        "fewer for them.",
        "The last finished game is kept as *last-game.json* in the game's folder: *Review your last game* on "
        "the Statistics screen goes through it again once you have left the table, and *Cassino review* with "
        "its path (or *python -m cassino review* from the source) from the command line.",
    ), (), ()),
)
