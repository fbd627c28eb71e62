"""The words Swartzblak's players read (issue 43): the winner's line, the End turn label and counts agree with
their nouns, on the sentences that slipped and on every text of random matches."""

from __future__ import annotations

import random
import re

from engine.games.swartzblak.model import ADVERSARY, BEAST, HEROES, Cond
from tests.helpers.swartzblak import GAME, act, keys, position

ONE_WITH_PLURAL = re.compile(r"\b1 (?:Townspeople|[A-Za-z]+s)\b")
ZERO_LISTED = re.compile(r"\b0 \((?:>|!)\)")  # "0 (!)": an empty pool named as if something were left
AGREEMENT = re.compile(r"\b(?:Adversary win|Heroes wins)\b")


NAMES = re.compile(r"\b(?:Varmint|Townsperson|Tile|Round|[Ss]eal #)\s*\d+")  # "Varmint 1 hides": a name, no count


def slips(text: str) -> list[str]:
    text = NAMES.sub("N", text)
    return ONE_WITH_PLURAL.findall(text) + ZERO_LISTED.findall(text) + AGREEMENT.findall(text)


def end_label(state) -> str:  # type: ignore[no-untyped-def]
    return next(c.label for c in GAME.choices(state, GAME.to_decide(state)[0]) if c.key == "end")


def test_end_turn_names_only_what_is_left() -> None:
    assert end_label(position(moves=2, stunts=0)) == "End the Heroes' turn (2 (>) unused)"
    assert end_label(position(moves=0, stunts=1)) == "End the Heroes' turn (1 (!) unused)"
    assert end_label(position(moves=1, stunts=2)) == "End the Heroes' turn (1 (>) and 2 (!) unused)"


def test_the_last_line_names_the_winner_in_good_grammar() -> None:
    heroes = GAME.act(position(side=ADVERSARY, round_=6), ADVERSARY, "end")
    assert heroes.state.outcome is not None and heroes.state.outcome.winners == frozenset({HEROES})
    assert any(e.public.endswith("unharmed. The Heroes win.") for e in heroes.log)
    hurt = position({"t1": "e5"}, {"t1": Cond.DISABLED}, side=ADVERSARY, round_=6)
    adversary = GAME.act(hurt, ADVERSARY, "end")
    assert any(e.public.endswith("still at large. The Adversary wins.") for e in adversary.log)


def test_a_version_one_beast_trampling_one_townsperson_says_so() -> None:
    state = position({BEAST: "e2", "t1": "e4", "v3": None}, side=ADVERSARY, secret=None, rules=1)
    assert "B>e6" in keys(state)
    label = next(c.label for c in GAME.choices(state, ADVERSARY) if c.key == "B>e6")
    assert label.endswith("trampling 1 Townsperson")
    assert act(state, "B>e6").unit("t1").cond is Cond.DISABLED


def test_no_text_of_a_random_match_has_a_slip() -> None:
    """Every prompt, label and log line (public and private) of a few random matches of the current version."""
    texts: set[str] = set()
    for seed in range(4):
        pick = random.Random(seed)
        state = GAME.setup(None, 2, 500 + seed)
        while GAME.outcome(state) is None:
            seat = GAME.to_decide(state)[0]
            texts.add(GAME.prompt(state, seat))
            choices = GAME.choices(state, seat)
            texts.update(c.label for c in choices)
            transition = GAME.act(state, seat, pick.choice(choices).key)
            texts.update(line for e in transition.log for line in (e.public, *(t for _, t in e.private)))
            state = transition.state
    found = {text: slips(text) for text in texts if slips(text)}
    assert found == {}
