"""The words Good vs Bad's players read (issue 43): counts agree with their nouns in labels, prompts, steps and
log lines, checked on the sentences that slipped and on every text of random matches."""

from __future__ import annotations

import random
import re

from engine.frozen import replace
from engine.games.goodvsbad.board import layout, places
from engine.games.goodvsbad.events import happen
from engine.games.goodvsbad.game import GoodVsBad
from engine.games.goodvsbad.labels import label, purchase_label, purchase_steps
from engine.games.goodvsbad.model import SEAT_NAMES, Mark, Pending
from engine.games.goodvsbad.setup import describe_purchase
from engine.games.goodvsbad.spaces import is_markable, specials_for
from tests.test_goodvsbad_turns import started

GAME = GoodVsBad()
# "1 cards", "1 turns": a count of one with a plural noun; "2 card", "5 turn": a larger count with a singular one
ONE_WITH_PLURAL = re.compile(r"(?<![\d.+−-])\b1 (?!Smarts\b)[A-Za-z]+s\b")
MANY_WITH_SINGULAR = re.compile(r"(?<![\d.+−-])\b(?:[02-9]|\d{2,}) (?:card|turn|space|Connector|point)\b(?!s)")


def slips(text: str) -> list[str]:
    return ONE_WITH_PLURAL.findall(text) + MANY_WITH_SINGULAR.findall(text)


def test_a_purchase_step_and_label_say_one_card_not_one_cards() -> None:
    step = purchase_steps(("3", "3", "3"))
    assert not isinstance(step, str)
    assert [c.label for c in step.options] == ["Special +0 (1 card left)", "Special +1 (0 cards left)"]
    assert purchase_label("3.3.3.0") == "Buy Agility +3, Might +3, Smarts +3; keep 1 card"
    assert describe_purchase((3, 3, 3, 0)).endswith("(1 card kept)")
    assert describe_purchase((3, 3, 2, 0)).endswith("(2 cards kept)")


def test_the_extension_line_counts_what_it_names() -> None:
    state = started().with_mark(Mark("0.10", "good", 2))  # space 10 of a 17-space road ends on 16, an Encounter
    _, log = happen(state, 0, "event:extension")
    assert log[0].public == "The roads grow by 6 spaces on 2 Connectors; marked spaces now Encounter squares: 1."
    assert slips(log[0].public) == []


def test_no_text_of_a_random_match_has_a_count_that_disagrees_with_its_noun() -> None:
    """Every prompt, label, step option and log line (public and private) of a few random matches."""
    texts: set[str] = set()
    for seed in range(3):
        pick = random.Random(seed)
        state = GAME.setup({"rounds": 6}, 3, 300 + seed)
        while GAME.outcome(state) is None:
            seat = GAME.to_decide(state)[0]
            texts.add(GAME.prompt(state, seat))
            choices = GAME.choices(state, seat)
            if state.stage != "buy":
                texts.update(c.label for c in choices)
            transition = GAME.act(state, seat, pick.choice(choices).key)
            texts.update(line for e in transition.log for line in (e.public, *(t for _, t in e.private)))
            state = transition.state
        texts.add(GAME.outcome(state).reason)
    found = {text: slips(text) for text in texts if slips(text)}
    assert found == {}


def test_every_label_naming_a_special_fits_a_choice_whole() -> None:
    """A choice label is cut at 100 characters: the longest places (six players, every road at 29) with the
    longest Specials, on Goodness, Badness, a raise and a Wave, must fit."""
    state = replace(started(6), lengths=(29,) * 12, rules=4)
    for place in places(layout(6, SEAT_NAMES), state.lengths, 6):
        if not is_markable(place):
            continue
        for side, card in (("good", "goodness"), ("bad", "badness")):
            for special in specials_for(side):  # type: ignore[arg-type]
                text, _ = label(state, f"event:{card}:{place}:{special}")
                assert len(text) <= 100, text
                waving = replace(state, pending=Pending("wave", options=(special,), spaces=(place,)))
                assert len(label(waving, f"wave:{special}")[0]) <= 100
                assert len(label(state, f"raise:up:{special}")[0]) <= 100
