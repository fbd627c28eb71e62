"""The few words the Shadowscape board prints, made from the view and the card tables: short hero names, a
whisper's conditions in a handful of words, the headline (who decides, or the result), the line about the stage
of the turn and the decision the rules wait for, and the Dungeon Lord's state.

Everything here reads public parts of a ``ShadowView`` only; no function takes a hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from engine.games.shadowscape.cards import LordSide, Need, Place, Whisper
from engine.games.shadowscape.tables import TABLES
from engine.games.shadowscape.views import HeroView, ShadowView

TITLE = "Shadowscape"
TITLES = ("Sister", "Brother", "Old", "The")  # leading words a short name skips ("Sister Mournwell" → "Mournwell")
PHASES: Mapping[str, str] = MappingProxyType(
    {"draft": "Draft", "place": "Placing heroes", "action": "Action Phase", "enemy": "Enemy Phase", "over": "Game over"}
)
MODES: Mapping[str, str] = MappingProxyType({"competitive": "Competitive", "cooperative": "Co-op"})
PLACE_WORDS: Mapping[str, str] = MappingProxyType(
    {"start": "start room", "centre": "centre c3", "treasure": "treasure spot", "shard": "shard room"}
)


# -- names ---------------------------------------------------------------------------------------------------


def hero_name(hero: HeroView) -> str:
    """The hero's full name, or the seat's while the draft is on."""
    return TABLES.heroes[hero.hero].name if hero.hero else f"Hero {hero.seat + 1}"


def short_hero(hero: HeroView) -> str:
    """A hero's everyday name: the first word that is not a title ("Osk", "Mournwell")."""
    if not hero.hero:
        return f"Hero {hero.seat + 1}"
    words = TABLES.heroes[hero.hero].name.split()
    return next((w for w in words if w not in TITLES), words[0])


def initials(view: ShadowView) -> tuple[str, ...]:
    """Each seat's token letter: the short name's initial, or its first two letters where two heroes of this
    match share an initial (Osk and Orrin are "Os" and "Or")."""
    shorts = [short_hero(h) if h.hero else str(h.seat + 1) for h in view.heroes]
    firsts = [s[0].upper() for s in shorts]
    return tuple(
        f if firsts.count(f) == 1 or not h.hero else s[:2] for f, s, h in zip(firsts, shorts, view.heroes, strict=True)
    )


def enemy_label(token: str) -> str:
    return TABLES.enemy_kinds[TABLES.enemies[token].kind].name


# -- whispers ------------------------------------------------------------------------------------------------


def _place(place: Place) -> str:
    if place.kind == "lair":
        return f"{place.enemy} lair" if place.enemy else "any lair"
    if place.kind == "shrine":
        return f"{place.shrine} shrine" if place.shrine else "a shrine"
    return PLACE_WORDS.get(place.kind, place.kind)


def _need(need: Need) -> str:
    """``1 × undead trophy`` → "undead trophy"; ``2 × trophy`` → "2 trophies"; equipment by its slot."""
    if need.kind == "lord":
        return "slay the Lord"
    if need.kind == "search":
        return "search"
    if need.kind == "equipment":
        noun = need.slot or "equipment"
    else:
        noun = f"{need.enemy} {need.kind}" if need.enemy else need.kind
    if need.count == 1:
        return noun
    return f"{need.count} {noun[:-1] + 'ies' if noun.endswith('y') else noun + 's'}"


def whisper_terms(whisper: Whisper) -> tuple[str, ...]:
    """A whisper's conditions as short terms: what it needs ("2 trophies", "undead trophy", "search") and where
    ("@ battle shrine"); "anywhere" alone for nothing at all."""
    terms = [_need(n) for n in whisper.needs if n.kind != "lord"]
    if any(n.kind == "lord" for n in whisper.needs):
        return ("slay the Lord",)
    if whisper.place is not None:
        terms.append("@ " + _place(whisper.place))
    return tuple(terms) or ("anywhere",)


# -- the Lord -------------------------------------------------------------------------------------------------


def lord_side(view: ShadowView) -> LordSide:
    lord = TABLES.lords[view.lord.lord]
    return lord.cooperative if view.options.mode == "cooperative" else lord.competitive


def lord_left(view: ShadowView) -> int:
    """Damage still needed to slay the Lord (its Defence less the damage it has taken, which stays)."""
    return max(0, lord_side(view).defence - view.lord.damage)


def lord_line(view: ShadowView) -> str:
    lord = TABLES.lords[view.lord.lord].name
    side = lord_side(view)
    if view.lord.slain_by is not None:
        return f"{lord}: slain by {short_hero(view.heroes[view.lord.slain_by])}"
    if view.lord.place is None:
        return f"{lord} sleeps (Defence {side.defence})"
    return f"{lord}: {view.lord.damage} damage, {lord_left(view)} of {side.defence} left"


# -- the headline and the turn's stage ------------------------------------------------------------------------


def deciding(view: ShadowView) -> int | None:
    """The seat the game waits for: the hero a pending decision belongs to (a defence, Wounds to place, a
    discard: often not the hero whose turn it is), else the turn's hero; ``None`` once the game is over. The
    headline names this hero and the board lights this hero's card and token, so the two always agree."""
    if view.outcome is not None:
        return None
    return view.pending[1] if view.pending is not None else view.active


def status(view: ShadowView) -> tuple[str, int | None]:
    """The headline, and the seat whose token goes with it: the hero ``deciding`` names, or the winner."""
    heroes = view.heroes
    if view.outcome is not None:
        if view.options.mode == "cooperative":
            return ("The heroes win!" if view.outcome.winners else "The dungeon wins"), None
        if not view.outcome.winners:
            return "Nobody wins", None
        winner = min(view.outcome.winners)
        return f"{short_hero(heroes[winner])} wins!", winner
    seat = deciding(view)
    if view.pending is not None and seat is not None:
        kind = view.pending[0]
        verb = {
            "defend": "defends",
            "wounds": "places Wounds",
            "mend": "removes Wounds",
            "hit": "picks attacks",
            "lair": "picks Lairs",
            "drop": "discards",
            "token": "drops a token",
            "foresee": "orders fate",
        }.get(kind, "decides")
        return f"{short_hero(heroes[seat])} {verb}", seat
    if view.phase == "draft":
        return f"Hero {view.active + 1} drafts", seat
    if view.phase == "place":
        return f"{short_hero(heroes[view.active])} enters", seat
    return f"{short_hero(heroes[view.active])}'s turn", seat


def attacker_name(token: str) -> str:
    token = token.partition(">")[0]
    if token == "lord":
        return "the Lord"
    return enemy_label(token) if token in TABLES.enemies else token


def stage(view: ShadowView) -> str:
    """What the rules wait for, in a few words (the headline says who). When the hero deciding is not the
    turn's hero (a defence in the Enemy Phase, a discard), the line starts with whose turn it is."""
    if view.outcome is not None:
        return view.outcome.reason
    pending = view.pending
    if pending is not None and pending[1] != view.active:
        turn = f"{short_hero(view.heroes[view.active])}'s turn · "
        if pending[0] == "defend":
            who = attacker_name(pending[2])
            return f"{turn}{who[0].upper()}{who[1:]} attacks for {pending[3]}"
        return turn + _waiting(view)
    return _waiting(view)


def _waiting(view: ShadowView) -> str:
    pending = view.pending
    if pending is not None:
        kind, seat, attacker, damage, queue = pending
        target = short_hero(view.heroes[seat])
        if kind == "defend":
            who = attacker_name(attacker)
            return f"{who[0].upper()}{who[1:]} attacks {target}: {damage} damage"
        if kind == "wounds":
            return f"{target} places the Wounds"
        if kind == "mend":
            return f"{target} chooses the Wounds to remove"
        if kind == "hit":
            return f"Enemy Phase: {len(queue)} attacker{'s' if len(queue) != 1 else ''} to order"
        if kind == "lair":
            return "Too few tokens: which Lairs stay empty"
        if kind == "drop":
            return "Venom: discard a fate card" if attacker else "Discard down to Hand Size"
        if kind == "token":
            return "Over 3 trophies and treasures"
        return "Put the top fate cards back"
    words = PHASES.get(view.phase, view.phase)
    if view.final_turns:
        left = ", ".join(short_hero(view.heroes[s]) for s in view.final_turns)
        words += f" · last turns: {left}"
    return words
