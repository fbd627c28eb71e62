"""Playing a decision of the Action Phase and of the setup: draft, placing, Move, attack, search, prepare, heal,
specials, claims and Alter Fate. ``turns.py`` plays ``end`` (the Enemy Phase) and the reactions.

Every function takes a legal decision (the game checks legality first) and returns the new state and its log.
"""

from __future__ import annotations

from ...core import LogEntry, Outcome
from ...frozen import replace
from . import area
from .cards import ActionSide
from .dungeon import Place, name, parse
from .enemies import has_ability, kind_of, lairs
from .fate import alter_fate
from .keys import ShadowAction
from .model import (
    ACTIONS_PER_TURN,
    PRINTED_WORD,
    TOKEN_LIMIT,
    CardState,
    HeroState,
    Pending,
    ShadowState,
    Used,
    topped_up,
)
from .powers import SPECIALS, discard_down, enemy_name, hero_name, mend, push, resolve_special, seat_of
from .scope import bonus, defence_of, free_boost, lord_damage, reach, room_shrine
from .setup import discard_enemy, draw, last_player, spawn_one, take_hero
from .tables import TABLES
from .turns import ambush
from .whispers import lord_defence, refill_row

Result = tuple[ShadowState, list[LogEntry]]


# -- setup decisions ----------------------------------------------------------------------------------------


def pick_hero(state: ShadowState, seat: int, action: ShadowAction) -> Result:
    """Take a hero, its cards turned as chosen; the draft goes on in reverse turn order, then the placing."""
    state = take_hero(state, seat, action.a)
    hero = state.hero(seat)
    flips = {f"{action.a}-{n}" for n in action.b}
    cards = tuple(replace(c, face=1) if c.card in flips else c for c in hero.cards)
    state = state.with_hero(replace(hero, cards=cards))
    log = [LogEntry(f"Seat {seat + 1} takes {TABLES.heroes[action.a].name}.")]
    players = len(state.heroes)
    if seat == state.first:
        return replace(state, phase="place", active=last_player(state.first, players)), log
    return replace(state, active=(seat - 1) % players), log


def place_hero(state: ShadowState, seat: int, action: ShadowAction) -> Result:
    """Put the hero in a starting room; when everyone is placed, each draws a hand and the first player begins."""
    room = parse(action.a)
    assert room is not None
    state = state.with_hero(replace(state.hero(seat), place=room))
    log = [LogEntry(f"{hero_name(state, seat)} enters the dungeon at {action.a}.")]
    players = len(state.heroes)
    if seat != state.first:
        return replace(state, active=(seat - 1) % players), log
    for other in range(players):
        state, drawn = draw(state, other, area.hero_card(state.hero(other)).hand_size)
        log.append(_drew(state, other, drawn))
    log.append(LogEntry(f"Turn 1: {hero_name(state, state.first)} begins."))
    used = Used()
    if state.short_first_turn:  # ours: one action, as if one were already taken (Used counts them)
        first = hero_name(state, state.first)
        log.append(LogEntry(f"As the first player, {first} takes one action this turn, not two."))
        used = Used(actions=ACTIONS_PER_TURN - 1)
    return replace(state, phase="action", active=state.first, turn=1, used=used), log


def _drew(state: ShadowState, seat: int, drawn: tuple[str, ...]) -> LogEntry:
    names = ", ".join(TABLES.fate[c].name for c in drawn) or "nothing"
    who = hero_name(state, seat)
    return LogEntry.secret(
        f"{who} draws {len(drawn)} fate card{'s' * (len(drawn) != 1)}.", {seat: f"{who} draws: {names}."}
    )


# -- actions ----------------------------------------------------------------------------------------------


def spend(state: ShadowState, seat: int, card: str, boosts: tuple[str, ...], symbol: str | None) -> ShadowState:
    """Use a card (it flips and is exhausted), discard the boost cards, count the action, and spend a free
    symbol the action drew on."""
    hero = state.hero(seat)
    hero = hero.with_card(area.used(hero.card(card)))
    hero = replace(hero, hand=tuple(c for c in hero.hand if c not in boosts))
    state = state.with_hero(hero)
    piles = replace(state.piles, fate_discard=(*state.piles.fate_discard, *boosts))
    used = state.used
    free = () if symbol is None or not area.amount_of(hero, "free_symbol", symbol=symbol) else (symbol,)
    used = replace(used, actions=used.actions + 1, free_symbols=(*used.free_symbols, *free))
    return replace(state, piles=piles, used=used)


def move(state: ShadowState, seat: int, action: ShadowAction) -> Result:
    hero = state.hero(seat)
    room = parse(action.b)
    assert room is not None
    state = spend(state, seat, action.a, action.boosts, "move")
    slipped = state.used.slipped or _passes_enemies(state, hero, room)
    after = replace(state.with_hero(replace(state.hero(seat), place=room)), used=replace(state.used, slipped=slipped))
    return _entered(state, after, [LogEntry(f"{hero_name(state, seat)} moves to {action.b}.")])


def _entered(before: ShadowState, after: ShadowState, log: list[LogEntry]) -> Result:
    """Heroes who changed rooms meet any ambush there (advanced game)."""
    for hero in after.heroes:
        if hero.place != before.hero(hero.seat).place and after.pending is None:
            after, log = ambush(after, hero.seat, log)
    return after, log


def _passes_enemies(state: ShadowState, hero: HeroState, room: Place) -> bool:
    """Whether the shortest way to ``room`` crosses a room with enemies (only Slip Past allows it)."""
    plain = reach(replace(state, used=replace(state.used, slipped=True)), hero)
    return room not in plain


def amount(state: ShadowState, hero: HeroState, side: ActionSide, boosts: tuple[str, ...]) -> int:
    return area.base_value(hero, side) + free_boost(state, hero, side.boost) + bonus(state, hero, side) + len(boosts)


def attack(state: ShadowState, seat: int, action: ShadowAction) -> Result:
    """An attack or magic attack at one target (every enemy in its room, with Sweep), then the face's rider."""
    side = area.face(state.hero(seat).card(action.a))
    state, log = _strike(state, seat, action)
    return ride(state, seat, side, log)


def _strike(state: ShadowState, seat: int, action: ShadowAction) -> Result:
    hero = state.hero(seat)
    side = area.face(hero.card(action.a))
    damage = amount(state, hero, side, action.boosts)
    target, _, shove_to = action.b.partition(">")
    state = spend(state, seat, action.a, action.boosts, side.boost)
    state = replace(state, used=replace(state.used, attacked=True))
    log = [LogEntry(f"{hero_name(state, seat)} uses {side.name} on the {enemy_name(target)}: {damage} damage.")]
    if target == "lord":
        dealt = lord_damage(state, side, damage) if state.rules >= PRINTED_WORD else damage
        return _hit_lord(state, seat, dealt, log)
    victims = [target]
    if side.effect is not None and side.effect.id == "sweep":
        room = dict(state.enemies)[target]
        victims = [t for t, w in state.enemies if w == room]
    for victim in victims:
        if damage >= defence_of(state, victim, side):
            state, more = eliminate(state, seat, victim, damage - defence_of(state, victim, side), side)
            log += more
        elif victim == target and shove_to:
            state = push(state, target, shove_to)
            log.append(LogEntry(f"The {enemy_name(target)} holds, and is shoved into {shove_to}."))
        else:
            log.append(LogEntry(f"The {enemy_name(victim)} withstands it."))
    return state, log


def eliminate(state: ShadowState, seat: int, token: str, overkill: int, side: ActionSide | None) -> Result:
    """An enemy falls: its token becomes the hero's Trophy (over the limit, a token must go), with what the
    hero's abilities and the face's riders add."""
    room = dict(state.enemies)[token]
    state = replace(state, enemies=tuple((t, w) for t, w in state.enemies if t != token))
    hero = state.hero(seat)
    state = state.with_hero(replace(hero, trophies=(*hero.trophies, token)))
    log = [LogEntry(f"The {enemy_name(token)} falls; {hero_name(state, seat)} takes it as a Trophy.")]
    draws = area.amount_of(hero, "trophy_draw") + (1 if overkill >= 2 and area.amount_of(hero, "overkill_draw") else 0)
    if draws:
        state, drawn = draw(state, seat, draws)
        log.append(_drew(state, seat, drawn))
    if side is not None and side.effect is not None and side.effect.id == "loot":
        state, more = _take_treasure_in(state, seat, room)
        log += more
    if has_ability(state, token, "regrow"):
        state, more = _regrow(state, token)
        log += more
    return _check_tokens(state, seat), log


def _take_treasure_in(state: ShadowState, seat: int, room: Place) -> Result:
    token = next((t for t, w in state.treasures if w == room), None)
    if token is None:
        return state, []
    return take_treasure(state, seat, token), [LogEntry(f"{hero_name(state, seat)} loots a treasure.")]


def _regrow(state: ShadowState, token: str) -> Result:
    kind = kind_of(token).type
    taken = {w for _, w in state.enemies}
    empty = [p for p in lairs(state, kind) if p not in taken]
    if not empty:
        return state, []
    state = spawn_one(state, kind, empty[0])
    return state, [LogEntry(f"Another {kind} crawls up in {name(empty[0])}.")]


def _hit_lord(state: ShadowState, seat: int, damage: int, log: list[LogEntry]) -> Result:
    lord = replace(state.lord, damage=state.lord.damage + damage)
    state = replace(state, lord=lord)
    if lord_defence(state) > 0:
        log.append(LogEntry(f"The Dungeon Lord reels ({lord_defence(state)} more to bring it down)."))
        return state, log
    state = replace(state, lord=replace(lord, place=None, slain_by=seat))
    log.append(LogEntry(f"{hero_name(state, seat)} slays the Dungeon Lord!"))
    if state.cooperative:
        won = Outcome(frozenset(range(len(state.heroes))), "The Dungeon Lord is slain: the heroes win!")
        return replace(state, outcome=won, phase="over", pending=None), log
    row = state.piles.whisper_row
    lord_whisper = next((w for w in row if TABLES.whispers[w].shards == 3), None)
    if lord_whisper is not None:
        state, more = claim_whisper(state, seat, lord_whisper)
        log += more
    return state, log


def take_treasure(state: ShadowState, seat: int, token: str) -> ShadowState:
    state = replace(state, treasures=tuple((t, w) for t, w in state.treasures if t != token))
    hero = state.hero(seat)
    return _check_tokens(state.with_hero(replace(hero, treasures=(*hero.treasures, token))), seat)


def _check_tokens(state: ShadowState, seat: int) -> ShadowState:
    """Over the limit of three trophies and treasures, the player must discard one (a pending decision)."""
    if area.tokens(state.hero(seat)) > TOKEN_LIMIT and state.pending is None:
        return replace(state, pending=Pending("token", seat))
    return state


def search(state: ShadowState, seat: int, action: ShadowAction) -> Result:
    hero = state.hero(seat)
    side = area.face(hero.card(action.a))
    points = amount(state, hero, side, action.boosts)
    state = spend(state, seat, action.a, action.boosts, side.boost)
    if action.b in TABLES.treasures:
        where = dict(state.treasures)[action.b]
        state = replace(state, used=replace(state.used, searched=(*state.used.searched, where)))
        if points >= TABLES.treasures[action.b].search:
            state = take_treasure(state, seat, action.b)
            found = LogEntry(f"{hero_name(state, seat)} searches ({points}) and finds a treasure.")
            return ride(state, seat, side, [found])
        missed = LogEntry(f"{hero_name(state, seat)} searches ({points}) but the treasure stays hidden.")
        return ride(state, seat, side, [missed])
    room = parse(action.b)
    assert room is not None
    state = replace(state, used=replace(state.used, searched=(*state.used.searched, room)))
    return ride(state, seat, side, [LogEntry(f"{hero_name(state, seat)} searches {action.b} ({points}).")])


def prepare(state: ShadowState, seat: int, action: ShadowAction) -> Result:
    hero = state.hero(seat)
    side = area.face(hero.card(action.a))
    count = area.base_value(hero, side) + (1 if room_shrine(state, hero) == "foresight" else 0)
    state = spend(state, seat, action.a, (), None)
    state, drawn = draw(state, seat, count)
    log = [_drew(state, seat, drawn)]
    mended = area.amount_of(hero, "mend_on_prepare")
    if mended:
        state = mend(state, seat, mended)
    if side.effect is not None and side.effect.id == "draw_to_hand":
        state = replace(state, pending=discard_down(state, seat))
    return ride(state, seat, side, log)


RIDERS = ("draw", "guard", "mend_self", "foresee")  # effects a face carries beside its own action


def ride(state: ShadowState, seat: int, side: ActionSide, log: list[LogEntry]) -> Result:
    """The rider a face carries beside its action (draw, guard, mend, foresee) happens after it, from rules
    version 5; before, only an attack's own riders and a Prepare's discard did anything."""
    effect = side.effect
    if state.rules < PRINTED_WORD or effect is None or effect.id not in RIDERS or state.outcome is not None:
        return state, log
    if effect.id == "mend_self":
        state = mend(state, seat, effect.amount)
        return state, [*log, LogEntry(f"{hero_name(state, seat)} binds a wound.")]
    state, lines, pending = SPECIALS[effect.id](state, seat, ShadowAction("sp", side.name), effect.amount)
    if pending is not None and state.pending is None:
        state = replace(state, pending=pending)
    return state, [*log, *(LogEntry(line) for line in lines)]


def heal(state: ShadowState, seat: int, action: ShadowAction) -> Result:
    hero = state.hero(seat)
    side = area.face(hero.card(action.a))
    points = amount(state, hero, side, action.boosts)
    patient = seat_of(action.b) if action.b else seat
    state = spend(state, seat, action.a, action.boosts, side.boost)
    state = mend(state, patient, points, by=seat)
    log = [LogEntry(f"{hero_name(state, seat)} heals {hero_name(state, patient)} ({points}).")]
    return ride(state, seat, side, log)


def special(state: ShadowState, seat: int, action: ShadowAction) -> Result:
    hero = state.hero(seat)
    side = area.face(hero.card(action.a))
    before = spend(state, seat, action.a, (), None)
    state, lines, pending = resolve_special(before, seat, action, side)
    return _entered(before, replace(state, pending=pending or state.pending), [LogEntry(line) for line in lines])


def play_fate(state: ShadowState, seat: int, action: ShadowAction) -> Result:
    before = replace(state, used=replace(state.used, altered=True))
    state, lines, pending = alter_fate(before, seat, action)
    return _entered(before, replace(state, pending=pending or state.pending), [LogEntry(line) for line in lines])


# -- claims -----------------------------------------------------------------------------------------------


def claim(state: ShadowState, seat: int, action: ShadowAction) -> Result:
    state = replace(state, used=replace(state.used, claimed=True))
    if action.a in TABLES.whispers:
        return claim_whisper(state, seat, action.a)
    hero = state.hero(seat)
    piles = state.piles
    if action.a in TABLES.equipment:
        item = TABLES.equipment[action.a]
        equipment = (*hero.equipment, action.a)
        limit = 2 if item.slot == "weapon" else 1
        same = [e for e in equipment if TABLES.equipment[e].slot == item.slot]
        returned = same[: max(0, len(same) - limit)]  # the oldest goes under the deck (ours)
        hero = replace(
            hero,
            equipment=tuple(e for e in equipment if e not in returned),
            treasures=tuple(t for t in hero.treasures if t != action.b),
        )
        left = tuple(e for e in piles.equipment_market if e != action.a)
        market, deck = topped_up(left, (*piles.equipment, *returned))
        piles = replace(piles, equipment_market=market, equipment=deck, treasures=(*piles.treasures, action.b))
        line = f"{hero_name(state, seat)} trades a treasure for {item.name}."
    else:
        trophies = tuple(t for t in hero.trophies if t != action.b)
        hero = replace(hero, cards=(*hero.cards, CardState(action.a)), trophies=trophies)
        market, deck = topped_up(tuple(c for c in piles.action_market if c != action.a), piles.actions)
        piles = discard_enemy(replace(piles, action_market=market, actions=deck), action.b)
        line = f"{hero_name(state, seat)} trades a Trophy for {TABLES.actions[action.a].faces[0].name}."
    return replace(state.with_hero(hero), piles=piles), [LogEntry(line)]


def claim_whisper(state: ShadowState, seat: int, whisper: str) -> Result:
    """The whisper goes under the hero card; the row refills. Claiming the Lord's whisper starts the final
    turns: every other player has one more."""
    hero = state.hero(seat)
    state = state.with_hero(replace(hero, whispers=(*hero.whispers, whisper)))
    row = tuple(w for w in state.piles.whisper_row if w != whisper)
    state = refill_row(replace(state, piles=replace(state.piles, whisper_row=row)))
    log = [LogEntry(f"{hero_name(state, seat)} claims the whisper {TABLES.whispers[whisper].name}.")]
    if TABLES.whispers[whisper].shards == 3 and not state.cooperative:
        players = len(state.heroes)
        others = tuple((seat + k) % players for k in range(1, players))
        state = replace(state, lord_claimer=seat, final_turns=others)
        log.append(LogEntry("The Lord's whisper is claimed: every other player has one last turn."))
    return state, log
