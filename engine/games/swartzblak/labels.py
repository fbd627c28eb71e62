"""What players read: the label and picker group of each choice, and why a refused key was refused.

Labels and messages shown to the Heroes are built from public facts only. Messages about the Adversary's
own secret powers go only to the Adversary (the bot shows errors privately to whoever caused them).
"""

from __future__ import annotations

from ...core import Choice
from .board import SQUARES, connects, footprint, with_alley
from .keys import action_key, alley_name, twist_words
from .model import (
    ADVERSARY,
    BEAST,
    COND_NAMES,
    HERO_IDS,
    HEROES,
    NO_EMPTY_PLAYS,
    SEAT_NAMES,
    Cond,
    SwAction,
    SwState,
    profile,
    side_of,
    unit_name,
)
from .rules import FLEE_WORDS, advantage, charge_reach, charges, occupancy, twist_result


def _stunts(uid: str) -> str:
    """The picker group of a figure's attacks and stunts, kept apart from its many moves so none is buried."""
    return f"{_group(uid)}: attacks and stunts"


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def _group(uid: str) -> str:
    return _cap(unit_name(uid))


def describe_action(state: SwState, action: SwAction) -> Choice:
    key = action_key(action)
    label, group = _label(state, action)
    return Choice(key, label[:100], group)


def _label(state: SwState, action: SwAction) -> tuple[str, str | None]:
    kind = action.kind
    sq = SQUARES[action.square] if action.square >= 0 else ""
    if kind == "pick":
        return f"Secretly make {unit_name(action.target)} the Shapeshifter", "Secret pick"
    if kind == "move":
        unit = state.unit(action.unit)
        start = SQUARES[unit.square] if unit.square is not None else "?"
        if action.unit == BEAST and unit.square is not None:
            trampled = charges(occupancy(state), unit.square, rules=state.rules).get(action.square, ())
            people = "Townsperson" if len(trampled) == 1 else "Townspeople"
            crush = f", trampling {len(trampled)} {people}" if trampled else ""
            return f"The Beast charges {start} → {sq}{crush}", "The Beast"
        return f"{_group(action.unit)}: move {start} → {sq}", f"{_group(action.unit)}: moves"
    if kind == "attack":
        reason = advantage(state, action.unit, action.target)
        edge = f" (Advantage: {reason})" if reason else ""
        return f"{_group(action.unit)} attacks {unit_name(action.target)}{edge}", _stunts(action.unit)
    if kind == "hex":
        return f"Hedge Witch hexes {unit_name(action.target)} (attacks on it get Advantage)", _stunts("W")
    if kind == "command":
        return f"{_group(action.unit)} commands {unit_name(action.target)} (then pick where it goes)", "Command"
    if kind == "aid":
        return f"{_group(action.unit)} helps {unit_name(action.target)} up (unharmed again)", _stunts(action.unit)
    if kind == "recover":
        cond = state.unit(action.unit).cond
        return f"{_group(action.unit)} recovers ({COND_NAMES[cond]} → {COND_NAMES[cond - 1]})", _stunts(action.unit)
    if kind == "lead":
        here = state.unit(action.target).square
        if here == action.square:
            return f"{_cap(unit_name(action.target))} stays on {sq}", None
        return f"{_cap(unit_name(action.target))} goes {SQUARES[here or 0]} → {sq}", None
    if kind == "flee":
        return f"Flee (>)(>): every Townsperson runs up to 6, {FLEE_WORDS[action.code]}", "Side powers"
    if kind == "twists":
        return f"Twists and Turns (!)(!): rearrange {alley_name(action.code)} (pick the layout next)", "Side powers"
    if kind == "layout":
        return _layout_label(state, action), None
    if kind == "bop":
        fp = footprint(action.square)
        assert fp is not None
        return f"You've Got a Big Old Problem (!)(!): the Beast over {SQUARES[fp[0]]}–{SQUARES[fp[-1]]}", "Shapeshifter"
    if kind == "change":
        free = "" if state.pending else " (!)(!)"
        return f"Everything Changes{free}: Varmint back on {sq}; {unit_name(action.target)} hides it", f"Return on {sq}"
    if kind == "scurry":
        return f"Scurry to {sq}", None
    if kind == "stay":
        return "Don't scurry", None
    if kind == "keep":
        return "Stay as the Beast (no Everything Changes)", None
    unused = [f"{count} {mark}" for count, mark in ((state.moves, "(>)"), (state.stunts, "(!)")) if count]
    left = f"{' and '.join(unused)} unused" if unused else "nothing left"
    owner = "Heroes'" if state.side == HEROES else "Adversary's"
    return f"End the {owner} turn ({left})", None


def _layout_label(state: SwState, action: SwAction) -> str:
    key, anchor, arm, transform = action.code.split(":")
    result = twist_result(state, action.code)
    if result is None:
        return f"{alley_name(key)}: {twist_words(arm, transform, anchor)}"
    index, alley, _ = result
    joins = "connects" if connects(with_alley(state.alleys, index, alley), index) else "stays apart"
    return f"Tile 5 → {SQUARES[alley.square_of(5)]}, {joins}: {twist_words(arm, transform, anchor)}"


def why_not(state: SwState, seat: int, action: SwAction) -> str:
    """A readable reason for refusing ``action``; never mentions the secret to anyone but the Adversary."""
    pending = state.pending
    if pending is not None:
        who = unit_name(pending.target) if pending.target else ""
        expected = {
            "pick": "First choose, in secret, which Varmint is the Shapeshifter (pick1 … pick6).",
            "lead": f"First say where {who} goes (for example {pending.target}>e5).",
            "twist": "First choose the new layout of the Alleyway from the list.",
            "scurry": f"First decide whether {who} scurries (sc>… or stay).",
            "change": "First decide whether the Shapeshifter uses Everything Changes (ec:… or keep).",
        }[pending.kind]
        kinds = {"pick": "pick", "lead": "lead", "twist": "layout", "scurry": "scurry stay", "change": "change keep"}
        if action.kind not in kinds[pending.kind].split():
            return expected
        return f"That isn't one of the choices here. {expected}"
    if action.kind in ("pick", "lead", "layout", "scurry", "stay", "keep"):
        return "There is nothing like that to decide right now."
    if action.kind in ("bop", "change"):
        return _why_not_shapeshifter(state, seat, action)
    if action.kind in ("flee", "twists", "end"):
        return _why_not_side_power(state, action)
    return _why_not_figure(state, seat, action)


def _why_not_shapeshifter(state: SwState, seat: int, action: SwAction) -> str:
    if seat != ADVERSARY:
        return "Only the Adversary can use the Shapeshifter's powers."
    if state.stunts < 2:
        return "That power costs (!)(!): you have fewer than two stunts left this turn."
    beast = state.unit(BEAST)
    if action.kind == "change":
        if not beast.in_play:
            return "Everything Changes needs the Beast on the board."
        if not beast.standing:
            return "The Beast is Disabled: it can only Recover."
        return "The Beast has already used its stunt, or that square or Varmint isn't an option."
    if beast.in_play:
        return "The Shapeshifter is already revealed as the Beast."
    if state.secret is not None and f"v{state.secret}" in state.stunted:
        return "The Shapeshifter's Varmint has already used its stunt this turn."
    return (
        "You've Got a Big Old Problem fails there: the Beast needs a 2×2 of empty squares that includes the "
        "Shapeshifter's Varmint."
    )


def _why_not_side_power(state: SwState, action: SwAction) -> str:
    if action.kind == "flee":
        if state.rules >= NO_EMPTY_PLAYS:
            return "Flee costs (>)(>) and needs a Townsperson who can run that way."
        return "Flee costs (>)(>) and needs a standing Townsperson."
    if action.kind == "twists":
        if state.stunts < 2:
            return "Twists and Turns costs (!)(!): you have fewer than two stunts left this turn."
        return f"{alley_name(action.code)} has no legal rearrangement right now."
    return "You can't end the turn now."


def _why_not_figure(state: SwState, seat: int, action: SwAction) -> str:
    uid = action.unit
    owner = side_of(uid)
    if owner != seat:
        return f"{_cap(unit_name(uid))} isn't yours: you play the {SEAT_NAMES[seat]}."
    unit = state.unit(uid)
    if not unit.in_play:
        return f"{_cap(unit_name(uid))} isn't on the board."
    if action.kind == "move":
        if state.moves == 0:
            return "Your side has no (>) left this turn."
        if uid in state.moved:
            return f"{_cap(unit_name(uid))} has already moved this turn."
        if unit.cond is Cond.DISABLED:
            return f"{_cap(unit_name(uid))} is Disabled: it can only Recover."
        if uid == BEAST:
            stoppers = "Heroes and standing Townspeople" if state.rules >= 2 else "Heroes"
            return (
                f"The Beast charges up to {charge_reach(state.rules)} squares in a straight line, over Varmints "
                f"and fallen figures, stopped by {stoppers}, onto 4 empty squares."
            )
        return (
            f"{_cap(unit_name(uid))} can't get to {SQUARES[action.square]}: it walks up to {profile(uid).move} "
            "squares, one edge at a time, around standing figures, and stops on an empty square."
        )
    if state.stunts == 0:
        return "Your side has no (!) left this turn."
    if uid in state.stunted:
        return f"{_cap(unit_name(uid))} has already used its stunt this turn."
    if action.kind == "recover":
        if uid.startswith("v"):
            return "Varmints are Mortal: they cannot Recover."
        if unit.cond is Cond.HEALTHY:
            return f"{_cap(unit_name(uid))} isn't hurt."
        return "A Disabled figure can't Recover while a standing enemy is adjacent to it."
    if unit.cond is Cond.DISABLED:
        return f"{_cap(unit_name(uid))} is Disabled: it can only Recover."
    if action.kind == "aid":
        if state.rules < 3:
            return "Tending Townspeople came in with rules version 3; this match plays an older version."
        if state.rules >= 4:
            return "A standing Hero can help up a Disabled Townsperson next to it, unless the Beast stands beside it."
        return (
            "A standing Hero can help up a Disabled Townsperson next to it, if no standing Varmint or the Beast "
            "is next to that Townsperson."
        )
    if action.kind == "attack":
        return _why_not_attack(state, uid, action.target)
    if action.kind == "hex":
        return "Only the Hedge Witch hexes, at a standing Varmint or the Beast within 4 in sight, once a turn."
    if state.rules >= NO_EMPTY_PLAYS:
        return "A figure can command a standing Townsperson within 6 spaces of it who has room to move."
    return "A figure can command a standing Townsperson within 6 spaces of it."


def _why_not_attack(state: SwState, uid: str, target: str) -> str:
    if target.startswith("t") and uid != BEAST:
        return "Targetless: Heroes and Varmints can't attack Townspeople; only the Beast can."
    if target.startswith("t"):
        return "The Beast can attack a standing Townsperson next to it, unless the Watch Captain guards them."
    if side_of(target) == side_of(uid):
        return "You can't attack your own side."
    if not state.unit(target).standing:
        return f"{_cap(unit_name(target))} is not a standing target."
    if uid == "W":
        return "The Hedge Witch attacks within 4 spaces, in line of sight (Heroes, Varmints and the Beast block it)."
    if uid in HERO_IDS or side_of(uid) == HEROES:
        return f"{_cap(unit_name(uid))} fights hand to hand: the target must be adjacent."
    return f"{_cap(unit_name(uid))} can only attack an adjacent Hero."
