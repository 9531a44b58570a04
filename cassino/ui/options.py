"""The rule options and presets in words, for the setup, the statistics,
the rules screen and the table's panel: 'Royal', 'Strict builds, game to 11'.

Words only: which options go together is ``Rules``'s business."""

from __future__ import annotations

from typing import Any

from cassino.rules import PRESET_LIST, STANDARD, Conflict, InvalidRulesError, Rules, preset_of

# -- the rule options in words ----------------------------------------------------------------

# Each option of ``Rules`` as the setup offers it: its label, the values it
# cycles through, and one line on what it changes.
OPTION_ROWS: tuple[tuple[str, str, tuple[Any, ...], str], ...] = (
    ("sweeps", "Sweeps", (1, 2, 0), "Points for clearing the table: 1, 2, or none."),
    ("court_capture", "Court cards take", ("one", "all"),
     "A jack, queen or king takes one loose card of its rank (one), or all of them at once (all of a rank)."),
    ("controller", "Build control", ("hoyle", "permissive", "answer", "strict"),
     "While you control a build: standard, no trailing; permissive, you may trail; answer, you "
     "must take, add to or raise it; strict, no trailing and one build of a value."),
    ("royal", "Royal values", (False, True), "Jack 11, queen 12, king 13: court cards add up and build."),
    ("ace_14", "Aces 1 or 14", (False, True), "With Royal: an ace from your hand captures as 1 or 14."),
    ("buckeye", "10\u2666 10 or 11", (False, True), "With Royal: the ten of diamonds counts 10 or 11."),
    ("spade_scoring", "Spade points", (False, True),
     "Every spade scores 1, the jack of spades 2, on top of the usual points."),
    ("draw", "Draw after each play", (False, True),
     "One deal only; after each play you draw from the stock, keeping four cards."),
    ("trailing_royals", "Trailing royals", (False, True),
     "Court cards pair and build by rank; unmatched ones stay on the table."),
    ("initial_pairs", "Initial pairs", (False, True),
     "Cards of a rank dealt twice or more to the table go to the first player at once."),
    ("all_eleven", "All eleven", ("off", "bonus", "win"),
     "Taking all 11 base points in a round: nothing more, 1 point more, or the game."),
    ("card_tie_to_spades", "Card tie to spades", (False, True),
     "A tie for most cards goes to the side with more spades."),
    ("deal_singly", "Deal one at a time", (False, True), "Cards are dealt one at a time, not in twos."),
    ("rounds", "Fixed rounds", (None, 2, 4, 6, 8, 12),
     "Play this many rounds, then the highest total wins (no target)."),
    ("pluck", "Pluck", (False, True),
     "Once a deal, before your card, take one loose card into your pile."),
    ("call_for_21", "Call for 21", (False, True),
     "Two sides: on your turn, call the game over; short of the target, you lose."),
    ("sudden_death", "Sudden death", (False, True),
     "A sweep that brings a side to the target, ahead of the others, wins at once."),
    ("count_out", "Count-out", (False, True),
     "At a round's end the points count item by item; the first side to reach the target, ahead of the others, wins."),
    ("target", "Game to", (21, 11, 31, 61, 6), "The points that win the game."),
)


def option_value_words(key: str, value: Any) -> str:
    """One option's value as the setup shows it: 'yes', '2 points', 'strict'."""
    if key == "sweeps":
        return {0: "score nothing", 1: "1 point", 2: "2 points"}.get(value, str(value))
    if key == "court_capture":
        return "all of a rank" if value == "all" else "one"
    if key == "rounds":
        return "no (play to the target)" if value is None else rounds_words(value)
    if key == "target":
        return f"{value} points"
    if key == "controller" and value == "hoyle":
        return "standard (Hoyle)"  # the rules' name for it, not a lower-case name
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


_NAMED = {"royal": "Royal values", "ace_14": "aces 1 or 14", "buckeye": "10\u2666 10 or 11",
          "spade_scoring": "spade points", "draw": "draw after each play",
          "trailing_royals": "trailing royals", "initial_pairs": "initial pairs",
          "card_tie_to_spades": "card tie to spades", "deal_singly": "dealt one at a time",
          "pluck": "pluck", "call_for_21": "call for 21", "sudden_death": "sudden death",
          "count_out": "count-out"}


def option_words(key: str, value: Any) -> str:
    """An option that differs from the standard game, in a few words:
    'sweeps score nothing', 'strict builds', 'game to 11'."""
    if key in _NAMED:
        return _NAMED[key] if value else f"no {_NAMED[key]}"
    if key == "sweeps":
        return {0: "sweeps score nothing", 2: "sweeps 2 points"}.get(value, f"sweeps {value}")
    if key == "court_capture":
        return "court cards take all" if value == "all" else "court cards take one"
    if key == "controller":
        return {"permissive": "permissive control", "answer": "answer your build",
                "strict": "strict builds"}.get(value, "standard build control")
    if key == "all_eleven":
        return {"bonus": "all eleven scores 12", "win": "all eleven wins the game"}.get(value, "all eleven off")
    if key == "rounds":
        return rounds_words(value)
    if key == "target":
        return f"game to {value}"
    return f"{key} {value}"


def option_label(key: str, label: str, value: Any, target: int | None = None) -> str:
    """A custom option's line in the setup: 'Sweeps: 2 points', 'Game to 11
    points'; the call named for the game's ``target`` ('Call for 6: yes')."""
    if key == "target":
        return f"Game to {value} points"
    if key == "call_for_21" and target is not None:
        label = f"Call for {target}"
    return f"{label}: {option_value_words(key, value)}"


def conflict_words(conflict: Conflict) -> str:
    """Options the rules refuse together, named as the setup's rows name
    them: '“Aces 1 or 14” needs “Royal values” (aces count 14 only in Royal
    Cassino).'"""
    labels = {key: label for key, label, _, _ in OPTION_ROWS}

    def row(key: str, value: Any) -> str:
        if value is True:  # an option that is on: its row's name says it
            return f"\u201c{labels[key]}\u201d"
        return f"\u201c{option_label(key, labels[key], value)}\u201d"  # as its line reads

    first = row(conflict.key, conflict.value)
    if conflict.other == "sides":
        return f"{first} needs two sides: {conflict.why}."
    if conflict.other == "sweeps":
        return f"{first} needs sweeps that score: \u201c{labels['sweeps']}\u201d 1 or 2 points ({conflict.why})."
    if conflict.other == "rounds":
        return f"{first} does not go with \u201c{labels['rounds']}\u201d ({conflict.why}); choose one of them."
    if conflict.needs:
        return f"{first} needs {row(conflict.other, True)} ({conflict.why})."
    return f"{first} does not go with {row(conflict.other, True)} ({conflict.why}); choose one of them."


def options_in_words(options: dict[str, Any], target: int | None = None) -> str:
    """Options in words, Royal values first: 'Royal values, aces 1 or 14,
    game to 11'. A call is for the game's target (``target``, if not among
    the options), as the table names it: 'call for 11, game to 11', not
    'call for 21' in a game to 11."""
    target = options.get("target", target)
    words = [f"call for {target}" if k == "call_for_21" and v and target is not None
             else option_words(k, v) for k, v in options.items()]
    words.sort(key=lambda w: w != _NAMED["royal"])
    out = ", ".join(words)
    return out[:1].upper() + out[1:]


def rules_in_words(rules: Rules, players: int | None = None) -> str:
    """The game's name: a preset's ('Royal', 'Five players'; 'Royal, game to 6'
    for its short game), or its options in words. Without ``players``, a
    preset for any number of players will do."""
    counts = [players] if players is not None else list(range(2, 7))
    for n in counts:
        preset = preset_of(rules, n)
        if preset is not None:
            return preset.name
    diff = rules.to_json()
    # A preset with options more (or its target changed): its name, then
    # theirs ('Standard, game to 11', 'Royal, game to 6', 'Royal, strict
    # builds'); the preset setting the most of them. Options alone that a
    # preset also sets are not that preset ('Royal values': Royal Cassino's
    # sweeps score nothing), but a preset of no options is, at another target.
    best: tuple[int, str, dict[str, Any]] | None = None
    for preset in PRESET_LIST:
        for n in counts:
            if n not in preset.players:
                continue
            try:
                base = preset.rules(n).to_json()
            except InvalidRulesError:
                continue
            own = {k: v for k, v in base.items() if k != "target"}
            rest = {k: v for k, v in diff.items() if k != "target" and base.get(k) != v}
            if rules.target != base.get("target", STANDARD.target):
                rest["target"] = rules.target
            # Another target alone; or options more, at the preset's target if it sets one.
            fits = set(rest) == {"target"} or bool(own) and base.get("target", rules.target) == rules.target
            if fits and all(diff.get(k) == v for k, v in own.items()) and (best is None or len(own) > best[0]):
                best = (len(own), preset.name, rest)
    # Not named after a preset whose few options are the least of it ("Portuguese, sweeps
    # 2 points, strict builds, ... sudden death" read as Portuguese chosen, not Custom).
    if best is not None and len(best[2]) <= max(2, best[0]):
        words = options_in_words(best[2], rules.target)
        return f"{best[1]}, {words[:1].lower() + words[1:]}"
    return options_in_words(diff) if diff else "Standard"


def read_options(text: str) -> dict[str, Any] | None:
    """The options of ``describe_rules``'s text for a custom game
    ('controller=strict, target=11'), or None if it is not that."""
    out: dict[str, Any] = {}
    for part in text.split(", "):
        key, eq, raw = part.partition("=")
        if not eq:
            return None
        value: Any = {"True": True, "False": False, "None": None}.get(raw, raw)
        if isinstance(value, str) and raw.isdigit():
            value = int(raw)
        out[key] = value
    return out


# -- the presets in words ----------------------------------------------------------------------

PRESET_ABOUT = {
    "standard": "The classic game: capture cards of your card's value or sums of it, build for a "
                "later capture, and score for most cards and spades, the casinos, aces and sweeps. "
                "A jack, queen or king takes only a card of its own rank. Once a side reaches 21 at a "
                "round's end, the highest total wins.",
    "royal": "Court cards count: jack 11, queen 12, king 13. They add up, build and are built on like "
             "any other card, so builds go up to 13. Sweeps score nothing; the game is to 21 points, "
             "or to 6 as a short game.",
    "royal-aces-14": "Royal, and an ace played from your hand to capture counts 1 or 14, as you choose. "
                     "On the table or in a build an ace counts 1; holding an ace, you may build 14. "
                     "Sweeps score nothing.",
    "buckeye": "Royal, and the ten of diamonds counts 10 or 11 each time it is used, from the hand, on "
               "the table or in a build. Sweeps score nothing.",
    "spade": "The standard game with a point for every spade you take, two for the jack of spades, on "
             "top of the usual points: 25 a round before sweeps. The game is to 61.",
    "draw": "One deal only: after each card you play you draw the top card of the stock, so your hand "
            "stays at four until the stock runs out.",
    "pluck": "Once in each deal, before playing your card, you may pluck a loose card into your pile: "
             "never an ace, the 10\u2666, the 2\u2660, the only card on the table, nor in the last deal.",
    "portuguese": "Two players, or four as two partnerships, to 31. A tie for most cards goes to the "
                  "side with more spades.",
    "california": "A court card takes every loose card of its rank at once; sweeps score nothing; cards "
                  "are dealt one at a time. Everyone deals twice, then the highest total wins.",
    "trailing-royals": "Court cards pair in any number: a queen takes one or several queens at once, and "
                       "builds queens to be taken by a queen. Unmatched court cards stay to the end. "
                       "Sweeps score nothing.",
    "five-players": "Five play with 49 cards (the twos of hearts, diamonds and clubs are left out): four "
                    "cards each in the first deal, five in the second and last.",
}
CUSTOM_ABOUT = ("Your own mix of options, from the standard game up; the mix is kept for next time. Each "
                "line says what its option changes; combinations the rules do not allow are refused, with "
                "the reason.")


def rounds_words(n: int) -> str:
    """A fixed game's length: '1 round', '6 rounds'."""
    return f"{n} round" if n == 1 else f"{n} rounds"
