"""The Shapeshifter of Swartzblak: hidden information, provably fair, and invariants of random play.

The central test plays two worlds that differ only in the secret (which Varmint hides the Shapeshifter, and
its salt) through the same decisions, and requires everything public to stay byte-identical: the public view,
the Heroes' view, every public and Hero log line, the Heroes' choices and the errors the Heroes can cause.
The only permitted difference is the moment a win condition that depends on the secret ends the match (the
outcome reveals the secret by design; see the rulebook's fairness section).
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import replace

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine import EngineError, Rng, canonical
from engine.codec import to_json
from engine.core import LogEntry
from engine.games.swartzblak import Swartzblak
from engine.games.swartzblak.model import (
    ADVERSARY,
    BEAST,
    HEROES,
    TOWN_IDS,
    VARMINT_IDS,
    Cond,
    Pick,
    SwState,
)
from engine.games.swartzblak.rules import occupancy, squares_of

GAME = Swartzblak()
PROBES = ("bop:e7", "ec:e5:3", "v1>e9", "pick3", "C!t1", "B!C", "tw:A:0:5:r90", "sc>e5", "keep", "W!hex:v2")


def _walk(seed: int, steps: int) -> SwState:
    """A reachable state: ``steps`` random decisions from a seeded setup."""
    pick = random.Random(seed)
    state = GAME.setup(None, 2, seed)
    for _ in range(steps):
        if state.outcome:
            break
        seat = GAME.to_decide(state)[0]
        state = GAME.act(state, seat, pick.choice(GAME.choices(state, seat)).key).state
    return state


def _twin(state: SwState, varmint: int) -> SwState:
    """The same state with another Varmint (and another salt) as the secret."""
    picks = (*state.picks[:-1], Pick(varmint, "f" * 32))
    down = state.side == ADVERSARY and state.unit(f"v{varmint}").cond is Cond.DISABLED
    return replace(state, secret=varmint, picks=picks, down_at_start=down if state.side == ADVERSARY else False)


def _public(state: SwState) -> tuple[str, str]:
    return canonical(to_json(GAME.view(state, None))), canonical(to_json(GAME.view(state, HEROES)))


def _lines(log: tuple[LogEntry, ...]) -> list[tuple[str, str]]:
    return [(e.line_for(None), e.line_for(HEROES)) for e in log]


def _hero_errors(state: SwState) -> list[str]:
    messages = []
    for key in PROBES:
        try:
            GAME.act(state, HEROES, key)
        except EngineError as exc:
            messages.append(f"{type(exc).__name__}: {exc}")
        else:
            messages.append("accepted")
    return messages


@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 100_000),
    warmup=st.integers(1, 70),
    other=st.integers(0, 5),
    choices=st.lists(st.integers(0, 10_000), min_size=60, max_size=60),
)
def test_changing_only_the_secret_changes_nothing_anyone_else_sees(
    seed: int, warmup: int, other: int, choices: list[int]
) -> None:
    state = _walk(seed, warmup)
    assume(state.outcome is None and state.secret is not None)
    in_play = [int(v[1]) for v in VARMINT_IDS if state.unit(v).in_play and int(v[1]) != state.secret]
    worlds = (state, _twin(state, in_play[other % len(in_play)]))
    for step, n in enumerate(choices):
        a, b = worlds
        assert _public(a) == _public(b)
        assert GAME.to_decide(a) == GAME.to_decide(b)
        seat = GAME.to_decide(a)[0]
        if seat == HEROES:
            assert GAME.choices(a, HEROES) == GAME.choices(b, HEROES)
        if step % 3 == 0:  # ten probes a step cost more than the rest of it: every third step, 120 examples
            assert _hero_errors(a) == _hero_errors(b)
        in_b = {c.key for c in GAME.choices(b, seat)}
        common = [c.key for c in GAME.choices(a, seat) if c.key in in_b and not c.key.startswith("bop")]
        key = common[n % len(common)]
        ta, tb = GAME.act(a, seat, key), GAME.act(b, seat, key)
        if ta.state.outcome or tb.state.outcome:
            break  # a win condition that depends on the secret decided the match: the end reveals it
        assert _lines(ta.log) == _lines(tb.log)
        worlds = (ta.state, tb.state)


def test_the_heroes_view_and_the_public_view_never_hold_the_secret() -> None:
    for seed in range(30):
        state = _walk(seed, 40)
        if state.outcome:
            continue
        for seat in (HEROES, None):
            view = GAME.view(state, seat)
            assert view.shapeshifter is None and view.picks == ()
            text = canonical(to_json(view))
            assert all(p.salt not in text for p in state.picks)
        assert GAME.view(state, ADVERSARY).shapeshifter == state.secret


def test_private_log_lines_hold_the_pick_and_public_ones_only_the_seal() -> None:
    state = GAME.setup(None, 2, 12)
    for n in range(1, 7):
        (entry, _) = GAME.act(state, ADVERSARY, f"pick{n}").log
        assert f"Varmint {n}" in entry.line_for(ADVERSARY)
        assert entry.line_for(HEROES) == entry.line_for(None)
        assert re.sub(r"seal #1: [0-9a-f]{12}\)", "", entry.public) == re.sub(
            r"seal #1: [0-9a-f]{12}\)", "", GAME.act(state, ADVERSARY, "pick1").log[0].public
        )
        assert not re.search(r"[0-9a-f]{13}", entry.public), "a fingerprint of the seal, never the whole of it"


def _played_log(rules_version: int, seed: int) -> tuple[SwState, list[LogEntry]]:
    """A random match to its end under one rules version, with every log entry it wrote."""
    pick = random.Random(seed)
    state = GAME.setup(None, 2, seed, rules_version=rules_version)
    log: list[LogEntry] = []
    while state.outcome is None:
        seat = GAME.to_decide(state)[0]
        transition = GAME.act(state, seat, pick.choice(GAME.choices(state, seat)).key)
        log += transition.log
        state = transition.state
    return state, log


def test_a_match_of_version_6_keeps_the_whole_seal_in_its_log() -> None:
    """Version 7 (ours) only changed words: the same moves play the same match, a version 6 match keeps the
    log it wrote (the seal whole, the Adversary's salt in its own line, the nonce at the end) and version 7 names
    each seal by its fingerprint."""
    (old, old_log), (new, new_log) = _played_log(6, 9), _played_log(7, 9)
    assert replace(old, rules=7) == new, "version 7 plays exactly as version 6"
    sealed, salt = old.seals[0], old.picks[0].salt
    assert f"(seal #1: {sealed})." in old_log[0].public
    assert f"(seal #1: {sealed}, salt {salt})." in old_log[0].line_for(ADVERSARY)
    assert f"Seal #1 opened: Varmint {old.picks[0].varmint}, salt {salt}." in [e.public for e in old_log]
    assert f"nonce {old.nonce}" in old_log[-1].public
    assert f"(seal #1: {sealed[:12]})." in new_log[0].public and salt not in new_log[0].line_for(ADVERSARY)
    assert f"Seal #1 ({sealed[:12]}) opened: Varmint {new.picks[0].varmint}." in [e.public for e in new_log]
    differing = [(a.public, b.public) for a, b in zip(old_log, new_log, strict=True) if a.public != b.public]
    assert differing and all("seal" in a.lower() for a, _ in differing), "only the seal lines' words differ"


def test_the_public_dice_do_not_depend_on_the_pick() -> None:
    state = GAME.setup(None, 2, 4)
    after = [GAME.act(state, ADVERSARY, f"pick{n}").state for n in range(1, 7)]
    assert len({s.rng for s in after}) == 1
    assert len({s.picks[0].salt for s in after}) == 1  # the salt is drawn before the pick matters


def test_anyone_can_check_the_seals_from_public_information_alone() -> None:
    """The recipe of the rulebook's "Checking the seals", run on nothing but what everyone sees: the log's
    fingerprints during the game (each the start of a seal published whole in the public view, behind Verify
    seals) and, at the end, the openings of the public view."""
    pick = random.Random(7)
    state = GAME.setup(None, 2, 7)
    public: list[str] = []
    published: dict[str, str] = {}
    while state.outcome is None:
        seat = GAME.to_decide(state)[0]
        transition = GAME.act(state, seat, pick.choice(GAME.choices(state, seat)).key)
        public += [e.public for e in transition.log]
        state = transition.state
        published |= {str(n): sealed for n, sealed in enumerate(GAME.view(state, None).seals, 1)}
    prints = dict(re.findall(r"seal #(\d+): ([0-9a-f]{12})\)", " ".join(public)))
    assert prints and set(prints) == set(published)
    assert all(published[n].startswith(mark) for n, mark in prints.items())
    final = GAME.view(state, None)
    assert len(final.picks) == len(published)
    for index, opened in enumerate(final.picks, 1):
        text = f"swartzblak|{final.nonce}|{index}|{opened.varmint}|{opened.salt}"
        assert hashlib.sha256(text.encode()).hexdigest() == published[str(index)]
    lines = GAME.commitments(final)
    assert sum("✅ it checks out" in line for line in lines) == len(published)
    assert all(sealed in " ".join(lines) for sealed in published.values())


def test_verify_shows_the_heroes_every_seal_but_no_salt_until_the_end() -> None:
    state = GAME.act(GAME.setup(None, 2, 7), ADVERSARY, "pick3").state
    heroes, adversary = GAME.commitments(GAME.view(state, HEROES)), GAME.commitments(GAME.view(state, ADVERSARY))
    assert state.seals[0] in " ".join(heroes) and "salt" not in " ".join(heroes).replace("<salt>", "")
    assert state.picks[0].salt in " ".join(adversary), "the Adversary may check its own seal now"
    assert GAME.commitments(GAME.view(GAME.setup(None, 2, 7), None)) == [], "nothing sealed yet, nothing to verify"


def test_determinize_redraws_the_disguise_among_varmints_in_play_for_the_heroes_only() -> None:
    state = next(s for s in (_walk(seed, 30) for seed in range(20)) if s.secret is not None and not s.outcome)
    seen = {GAME.determinize(state, HEROES, Rng(n)).secret for n in range(60)}
    assert seen == {int(v[1]) for v in VARMINT_IDS if state.unit(v).in_play}
    assert GAME.determinize(state, ADVERSARY, Rng(1)) is state


# -- invariants of random play ------------------------------------------------------------------------------


def _check_invariants(state: SwState) -> None:
    covered = [sq for u in state.units for sq in squares_of(u)]
    assert len(covered) == len(set(covered)), "two figures on one square"
    assert len(occupancy(state)) == len(covered)
    assert 0 <= state.moves <= 3 and 0 <= state.stunts <= 3
    for v in VARMINT_IDS:
        assert state.unit(v).cond is not Cond.WOUNDED, "Minions are never Wounded"
    for t in TOWN_IDS:
        assert state.unit(t).in_play and state.unit(t).cond is not Cond.WOUNDED
    tiles = [sq for a in state.alleys for sq in a.squares]
    assert len(tiles) == len(set(tiles)) == 18
    for a in state.alleys:
        assert all(
            abs(a.squares[i] % 10 - a.squares[i - 1] % 10) + abs(a.squares[i] // 10 - a.squares[i - 1] // 10) == 1
            for i in range(1, 6)
        )
    out = [v for v in VARMINT_IDS if not state.unit(v).in_play]
    if state.picks and state.outcome is None:
        if state.unit(BEAST).in_play:
            assert state.secret is None and len(out) == 1
        else:
            assert state.secret is not None and not out and state.unit(f"v{state.secret}").in_play


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=160))
def test_random_play_keeps_the_invariants(seed: int, picks: list[int]) -> None:
    state = GAME.setup(None, 2, seed)
    decisions = 0
    for n in picks:
        if state.outcome:
            break
        seat = GAME.to_decide(state)[0]
        choices = GAME.choices(state, seat)
        state = GAME.act(state, seat, choices[n % len(choices)].key).state
        decisions += 1
        _check_invariants(state)
    assert decisions <= GAME.meta.max_decisions
