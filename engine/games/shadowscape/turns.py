"""The Enemy Phase and the turn's end: the fate card that activates a type of enemy, their walks, the attacks
(each asks the attacked hero's player for a Defence boost, a reaction on another player's turn), the Dungeon
Lord, spawns, and the passing of the turn; the end of the game in both modes, and the decisions the rules
wait for (Defence, Wounds, the next attack, discards, a token over the limit, the order of fate cards).
"""

from __future__ import annotations

from ...core import LogEntry, Outcome
from ...frozen import replace
from . import area
from .dungeon import CENTRE, laid_at, name
from .enemies import activated, has_ability, kind_of, walk
from .keys import ShadowAction
from .model import DECK_RAN_OUT, FAIR_LONG_DARK, LONG_DARK, PRINTED_WORD, Pending, ShadowState, Used
from .powers import enemy_name, hero_name, reorder, seat_of
from .reactions import attack_targets, attacker_of, attacker_type
from .scope import room_shrine
from .setup import discard_enemy, draw_fate, last_player, spawn, spawn_one
from .tables import TABLES
from .whispers import lord_side
from .wounds import HERO, place, placements, remove

Result = tuple[ShadowState, list[LogEntry]]


def ambush(state: ShadowState, seat: int, log: list[LogEntry]) -> Result:
    """In the advanced game, enemies with Ambush in the room a hero has just entered attack that hero at
    once, each once per turn; the Action Phase goes on afterwards."""
    hero = state.hero(seat)
    queue = tuple(
        f"{token}>{seat}"
        for token, where in state.enemies
        if where == hero.place and has_ability(state, token, "ambush") and token not in state.used.ambushed
    )
    if not queue:
        return state, log
    used = replace(state.used, ambushed=(*state.used.ambushed, *(q.partition(">")[0] for q in queue)))
    log.append(LogEntry(f"An ambush in {name(hero.place)}!"))  # type: ignore[arg-type]
    return next_attack(replace(state, used=used), queue, log, resume=True)


def end_actions(state: ShadowState, seat: int, action: ShadowAction) -> Result:
    """``end``: the Enemy Phase (``end:rest`` skips it in a final turn), then the next turn."""
    if action.a == "rest":
        return next_turn(state, [LogEntry(f"{hero_name(state, seat)} rests instead of stirring the dungeon.")])
    draws = 2 if state.options.double_fate else 1
    log: list[LogEntry] = []
    types: list[str] = []
    for _ in range(draws):
        card, state = draw_fate(state)
        if card is None:
            if state.cooperative:
                return _over(state, log, DECK_RAN_OUT)
            break
        state = replace(state, piles=replace(state.piles, fate_discard=(*state.piles.fate_discard, card)))
        enemy = TABLES.fate[card].enemy
        log.append(LogEntry(f"Enemy Phase: {TABLES.fate[card].name} stirs the {enemy} enemies."))
        types.append(enemy)
    queue: list[str] = []
    spawned: set[str] = set()  # version 5: enemies that spawned this Enemy Phase do not act in it
    for enemy_type in types:
        before = {token for token, _ in state.enemies}
        state, attackers, more = activate(state, enemy_type, skip=spawned)
        if state.rules >= PRINTED_WORD:
            spawned |= {token for token, _ in state.enemies} - before
        queue += attackers
        log += more
    if state.lord.place is not None:
        state, more = _lord_phase(state)
        log += more
        effect = lord_side(state).effect.id
        if effect == "sweep_room":  # every hero in its room, one attack each
            queue += [f"lord>{seat}" for seat in attack_targets(state, "lord")]
        elif attack_targets(state, "lord"):
            queue += ["lord"] * (2 if effect == "double_strike" else 1)
    return next_attack(state, tuple(queue), log)


def activate(
    state: ShadowState, enemy_type: str, *, skip: set[str] | frozenset[str] = frozenset()
) -> tuple[ShadowState, list[str], list[LogEntry]]:
    """Every enemy of the type walks (but those in ``skip``, spawned earlier in this Enemy Phase); those with a
    hero in range will attack. With none on the board, the type spawns on its Lairs instead (the seed)."""
    tokens = [t for t in activated(state, enemy_type) if t not in state.stunned and t not in skip]  # type: ignore[arg-type]
    if not activated(state, enemy_type):  # type: ignore[arg-type]
        state = spawn(state, enemy_type)  # type: ignore[arg-type]
        return state, [], [LogEntry(f"No {enemy_type} enemies stir, so new ones spawn on their Lairs.")]
    log: list[LogEntry] = []
    attackers = []
    for token in tokens:
        where = dict(state.enemies)[token]
        path = walk(state, token, where)
        if path:
            state = replace(state, enemies=tuple((t, path[-1] if t == token else w) for t, w in state.enemies))
            # From where too: two of a kind walking to one room would read as the same line twice.
            log.append(LogEntry(f"The {enemy_name(token)} prowls from {name(where)} to {name(path[-1])}."))
        if attack_targets(state, token):
            attackers.append(token)
    return state, attackers, log


def _lord_phase(state: ShadowState) -> Result:
    """What the Lord's card does each Enemy Phase besides attacking: mend itself, or call a minion."""
    effect = lord_side(state).effect
    if effect.id == "dark_ward" and state.lord.damage:
        lord = replace(state.lord, damage=max(0, state.lord.damage - effect.amount))
        return replace(state, lord=lord), [LogEntry("The Dungeon Lord's wounds close.")]
    guarded = any(w == CENTRE for _, w in state.enemies)
    if effect.id == "call_minions" and effect.enemy is not None and not guarded:
        state = spawn_one(state, effect.enemy, CENTRE)
        return state, [LogEntry(f"The Dungeon Lord calls a {effect.enemy} to its side.")]
    return state, []


def next_attack(state: ShadowState, queue: tuple[str, ...], log: list[LogEntry], *, resume: bool = False) -> Result:
    """Resolve the attacks still queued: the active player picks the order and targets when there is a
    choice; each attack asks its target's player for a Defence boost. Then the turn passes (or, after an
    ambush in the Action Phase, goes on)."""
    queue = tuple(a for a in queue if attack_targets(state, a))
    if not queue:
        return (state, log) if resume else next_turn(state, log)
    options = {(a, s) for a in queue for s in attack_targets(state, a)}
    if len(options) == 1:
        attacker, target = options.pop()
        return start_attack(state, attacker, target, queue, log, resume=resume)
    return replace(state, pending=Pending("hit", state.active, queue=queue, resume=resume)), log


def start_attack(
    state: ShadowState, attacker: str, target: int, queue: tuple[str, ...], log: list[LogEntry], *, resume: bool = False
) -> Result:
    rest = list(queue)
    rest.remove(attacker)
    damage = attack_value(state, attacker)
    log.append(LogEntry(f"The {enemy_name(attacker)} attacks {hero_name(state, target)} ({damage})."))
    pending = Pending("defend", target, attacker=attacker, damage=damage, queue=tuple(rest), resume=resume)
    return replace(state, pending=pending), log


def attack_value(state: ShadowState, attacker: str) -> int:
    """An attack's damage: the Lord's side, or the enemy's attack (+1 per other enemy of its type in its room
    with Pack, in the advanced game)."""
    attacker = attacker_of(attacker)
    if attacker == "lord":
        return lord_side(state).attack
    value = kind_of(attacker).attack
    if has_ability(state, attacker, "pack"):
        where = dict(state.enemies)[attacker]
        kind = kind_of(attacker).type
        value += sum(1 for t, w in state.enemies if w == where and t != attacker and kind_of(t).type == kind)
    return value


def defend(state: ShadowState, seat: int, action: ShadowAction) -> Result:
    """Cancel damage with Defence and the fate cards spent; the rest are Wounds, on the hero card first."""
    pending = state.pending
    assert pending is not None
    hero = state.hero(seat)
    block = area.defence(hero, attacker_type(pending.attacker), room_shrine(state, hero)) + len(action.boosts)  # type: ignore[arg-type]
    wounds = max(0, pending.damage - block)
    hero = replace(hero, hand=tuple(c for c in hero.hand if c not in action.boosts))
    state = state.with_hero(hero)
    state = replace(state, piles=replace(state.piles, fate_discard=(*state.piles.fate_discard, *action.boosts)))
    plural = "s" * (wounds != 1)
    log = [LogEntry(f"{hero_name(state, seat)} blocks {min(block, pending.damage)} and takes {wounds} Wound{plural}.")]
    if state.rules >= PRINTED_WORD:
        return take_wounds(
            state, seat, wounds, log, attacker=pending.attacker, queue=pending.queue, resume=pending.resume
        )
    if wounds and venomous(state, pending.attacker) and hero.hand:
        state = _lose_random_card(state, seat)
    spill = area.spills(hero, wounds)
    if spill:
        state = state.with_hero(area.wound(hero, wounds - spill))
        wait = Pending("wounds", seat, count=spill, queue=pending.queue, resume=pending.resume)
        return replace(state, pending=wait), log
    state = state.with_hero(area.wound(state.hero(seat), wounds))
    return next_attack(replace(state, pending=None), pending.queue, log, resume=pending.resume)


def take_wounds(
    state: ShadowState,
    seat: int,
    count: int,
    log: list[LogEntry],
    *,
    attacker: str = "",
    queue: tuple[str, ...] = (),
    resume: bool = True,
) -> Result:
    """(Rules version 5) ``count`` Wounds for ``seat``'s hero, placed where its player chooses when there is a
    choice (``wd``); then Venom's discard, then the attacks still queued (or the turn goes on, ``resume``)."""
    hero = state.hero(seat)
    choices = placements(hero, count, state.rules)
    if count and len(choices) > 1:
        wait = Pending("wounds", seat, attacker=attacker, count=count, queue=queue, resume=resume)
        return replace(state, pending=wait), log
    if count:
        state = state.with_hero(place(hero, choices[0]))
    return _after_wounds(state, seat, count, log, attacker=attacker, queue=queue, resume=resume)


def _after_wounds(
    state: ShadowState,
    seat: int,
    count: int,
    log: list[LogEntry],
    *,
    attacker: str,
    queue: tuple[str, ...],
    resume: bool,
) -> Result:
    """Venom: a hero it wounds discards a fate card of their choice (one card is no choice); then the queue."""
    hand = state.hero(seat).hand
    if count and attacker and venomous(state, attacker) and hand:
        if len(hand) > 1:
            wait = Pending("drop", seat, attacker=attacker, count=1, queue=queue, resume=resume)
            return replace(state, pending=wait), log
        state = _discard(state, seat, hand)
        log = [*log, LogEntry(f"The venom takes {hero_name(state, seat)}'s last fate card.")]
    return next_attack(replace(state, pending=None), queue, log, resume=resume)


def _discard(state: ShadowState, seat: int, cards: tuple[str, ...]) -> ShadowState:
    hero = state.hero(seat)
    state = state.with_hero(replace(hero, hand=tuple(c for c in hero.hand if c not in cards)))
    return replace(state, piles=replace(state.piles, fate_discard=(*state.piles.fate_discard, *cards)))


def venomous(state: ShadowState, attacker: str) -> bool:
    """Venom: the enemy's ability in the advanced game, or the Lord's card."""
    who = attacker_of(attacker)
    if who == "lord":
        return lord_side(state).effect.id == "venom"
    return has_ability(state, who, "venom")


def _lose_random_card(state: ShadowState, seat: int) -> ShadowState:
    hero = state.hero(seat)
    index, rng = state.rng.below(len(hero.hand))
    card = hero.hand[index]
    state = replace(state.with_hero(replace(hero, hand=hero.hand[:index] + hero.hand[index + 1 :])), rng=rng)
    return replace(state, piles=replace(state.piles, fate_discard=(*state.piles.fate_discard, card)))


def place_wounds(state: ShadowState, seat: int, action: ShadowAction) -> Result:
    pending = state.pending
    assert pending is not None
    if state.rules >= PRINTED_WORD:
        spots = tuple(action.a.split("."))
        state = state.with_hero(place(state.hero(seat), spots))
        on_card = spots.count(HERO)
        where = f"{on_card} on the hero card, {len(spots) - on_card} on action cards"
        log = [LogEntry(f"{hero_name(state, seat)} places the Wounds: {where}.")]
        return _after_wounds(
            replace(state, pending=None), seat, pending.count, log,
            attacker=pending.attacker, queue=pending.queue, resume=pending.resume,
        )  # fmt: skip
    cards = action.a.split(".")
    state = state.with_hero(area.wound(state.hero(seat), len(cards), onto=cards))
    log = [LogEntry(f"{hero_name(state, seat)} takes Wounds on {len(cards)} action card{'s' * (len(cards) != 1)}.")]
    return next_attack(replace(state, pending=None), pending.queue, log, resume=pending.resume)


def choose_attack(state: ShadowState, seat: int, action: ShadowAction) -> Result:
    pending = state.pending
    assert pending is not None
    target = seat_of(action.b)
    return start_attack(replace(state, pending=None), action.a, target, pending.queue, [], resume=pending.resume)


def mend_chosen(state: ShadowState, seat: int, action: ShadowAction) -> Result:
    """(Version 5) the Wounds a Heal removes, as its player chose them."""
    pending = state.pending
    assert pending is not None
    patient = state.hero(pending.patient)
    spots = tuple(action.a.split("."))
    state = state.with_hero(remove(patient, spots))
    line = f"{hero_name(state, seat)} removes {len(spots)} Wound{'s' * (len(spots) != 1)}."
    return replace(state, pending=None), [LogEntry(line)]


def drop(state: ShadowState, seat: int, action: ShadowAction) -> Result:
    """Discard fate cards down to the Hand Size (or to Venom, and the attacks go on), or a token over the limit."""
    pending = state.pending
    if action.boosts and pending is not None and pending.attacker:
        state = replace(_discard(state, seat, action.boosts), pending=None)
        log = [LogEntry(f"The venom makes {hero_name(state, seat)} discard a fate card.")]
        return next_attack(state, pending.queue, log, resume=pending.resume)
    hero = state.hero(seat)
    if action.boosts:
        hero = replace(hero, hand=tuple(c for c in hero.hand if c not in action.boosts))
        piles = replace(state.piles, fate_discard=(*state.piles.fate_discard, *action.boosts))
        line = f"{hero_name(state, seat)} discards {len(action.boosts)} fate card{'s' * (len(action.boosts) != 1)}."
    elif action.a in hero.trophies:
        hero = replace(hero, trophies=tuple(t for t in hero.trophies if t != action.a))
        piles = discard_enemy(state.piles, action.a)
        line = f"{hero_name(state, seat)} leaves the {enemy_name(action.a)} trophy behind."
    else:
        hero = replace(hero, treasures=tuple(t for t in hero.treasures if t != action.a))
        piles = replace(state.piles, treasures=(*state.piles.treasures, action.a))
        line = f"{hero_name(state, seat)} leaves a treasure behind."
    return replace(state.with_hero(hero), piles=piles, pending=None), [LogEntry(line)]


def order_fate(state: ShadowState, seat: int, action: ShadowAction) -> Result:
    line = LogEntry.secret(
        f"{hero_name(state, seat)} puts the fate cards back.", {seat: "You put the fate cards back in your order."}
    )
    return replace(reorder(state, action.boosts), pending=None), [line]


# -- the turn passes ------------------------------------------------------------------------------------------


def next_turn(state: ShadowState, log: list[LogEntry]) -> Result:
    """Clear what lasts a turn, then the next player's turn, or the end of the game."""
    seat = state.active
    hero = state.hero(seat)
    ready = tuple(replace(c, exhausted=False) for c in hero.cards)
    state = state.with_hero(replace(hero, cards=ready, stuck=False))
    state = replace(state, stunned=(), weakened=(), pending=None, used=Used())
    final = state.final_turns
    if final is None and not state.cooperative and state.piles.reshuffles >= LONG_DARK:
        final = _long_dark(state, seat)
        if state.rules < FAIR_LONG_DARK:
            log.append(LogEntry("The dungeon grows long and dark: every other player has one last turn."))
        elif final:
            log.append(LogEntry("The dungeon grows long and dark: this round is the last."))
        else:
            log.append(LogEntry("The dungeon grows long and dark: the game ends with this round."))
    if final is not None:
        final = tuple(s for s in final if s != seat)
        if not final:
            return _over(replace(state, final_turns=()), log, score(state))
    players = len(state.heroes)
    nxt = (seat + 1) % players
    nxt_hero = state.hero(nxt)
    state = state.with_hero(replace(nxt_hero, guard=0))
    log.append(LogEntry(f"Turn {state.turn + 1}: {hero_name(state, nxt)}."))
    return replace(state, active=nxt, turn=state.turn + 1, final_turns=final), log


def _long_dark(state: ShadowState, seat: int) -> tuple[int, ...]:
    """Who still plays once the Long Dark falls in ``seat``'s turn (ours). From version 2, those after ``seat``
    in this round, so that everyone has had as many turns; version 1 gave every other player one last turn,
    as after the Lord's whisper, which gave the seats before ``seat`` one turn more (the first player most
    often: hard two-player games, mostly ended this way, went 13–4 its way)."""
    players = len(state.heroes)
    if state.rules < FAIR_LONG_DARK:
        return tuple((seat + k) % players for k in range(1, players))
    return tuple((seat + k) % players for k in range(1, (last_player(state.first, players) - seat) % players + 1))


def shards(state: ShadowState, seat: int) -> int:
    """Shadow Shards: on claimed whispers and held equipment, and the room the hero ends in."""
    hero = state.hero(seat)
    total = sum(TABLES.whispers[w].shards for w in hero.whispers)
    total += sum(TABLES.equipment[e].shards for e in hero.equipment)
    if hero.place is not None and laid_at(state.dungeon, hero.place).shown().shard:
        total += 1
    return total


def score(state: ShadowState) -> Outcome:
    """The most shards wins. A tie goes to the tied player nearest the Lord's whisper holder in turn order, the
    holder first (the seed's "closer"). After the Long Dark nobody holds it: from rules version 2 the tie goes
    by tokens, then is shared (``_after_the_long_dark``; version 1 counted from the first player, which handed
    every such tie to the earliest seat)."""
    players = len(state.heroes)
    points = [shards(state, seat) for seat in range(players)]
    best = max(points)
    tied = [seat for seat in range(players) if points[seat] == best]
    if len(tied) > 1 and state.lord_claimer is None and state.rules >= FAIR_LONG_DARK:
        return _after_the_long_dark(state, tied, best)
    start = state.lord_claimer if state.lord_claimer is not None else state.first
    winner = next(seat for seat in ((start + k) % players for k in range(players)) if seat in tied)
    return Outcome.win(winner, reason=f"{hero_name(state, winner)} gathers the most Shadow Shards ({best}).")


def _after_the_long_dark(state: ShadowState, tied: list[int], best: int) -> Outcome:
    """A tie with nobody holding the Lord's whisper (ours): more Trophies and Treasures wins; still tied, shared."""
    most = max(area.tokens(state.hero(seat)) for seat in tied)
    winners = [seat for seat in tied if area.tokens(state.hero(seat)) == most]
    names = " and ".join(hero_name(state, seat) for seat in tied)
    count = f"{best} Shadow Shard{'' if best == 1 else 's'}"
    if len(winners) == 1:
        held = f"{hero_name(state, winners[0])} holds more Trophies and Treasures and wins"
        return Outcome.win(winners[0], reason=f"{names} tie on {count}; {held}.")
    if len(winners) == len(tied):
        return Outcome.win(*winners, reason=f"{names} tie on {count} and tokens held: they share the win.")
    sharing = " and ".join(hero_name(state, seat) for seat in winners)
    return Outcome.win(*winners, reason=f"{names} tie on {count}; {sharing} hold the most tokens and share the win.")


def _over(state: ShadowState, log: list[LogEntry], outcome: Outcome) -> Result:
    log.append(LogEntry(outcome.reason))
    return replace(state, outcome=outcome, phase="over", pending=None), log
