"""Fights (docs/rules/good-vs-bad.md *Duels* and *Encounters*): a Hero and a Villain on one Connector space,
and a piece against the top card of an Encounter square's deck.

A duel: the piece that moved in names the stat; both roll 2d6 and add it, their player's Special (only between
different players) and a Weapon; the loser takes 1 damage (2 if beaten by 5 or more), the winner's Weapon's
bonus, less Armour, and less a Shield when a 5 or 6 shows on its own dice. An encounter: 2d6 plus the named
stats (and a Weapon) must reach the card's strength; a Villain may first try to flee on a die.
"""

from __future__ import annotations

from ...core import LogEntry
from ...frozen import replace
from .board import connector_of, home, parse_space
from .destiny import dethroned
from .encounters import top_card, under_its_deck
from .landing import damage, draw_event, draw_item
from .model import AS_PRINTED, GvbState, Pending, Piece, Task, piece_name
from .spaces import item_power, raise_stat
from .tables import PLAIN_STATS, TABLES, TROPHY_RENOWN, Encounter

Log = list[LogEntry]
DEFEAT_RENOWN = 2
FLEE_ON = 5  # a Villain flees an Encounter on 5 or 6


def opponent_at(state: GvbState, piece: Piece) -> Piece | None:
    """The piece of the opposite kind on the same Connector space (the first in seat order), if any."""
    if parse_space(piece.place) is None:
        return None
    return next((p for p in state.pieces if p.place == piece.place and p.kind != piece.kind), None)


def check_duel(state: GvbState, task: Task) -> tuple[GvbState, Log]:
    """A duel where a piece landed beside an opposite one. Against the Supervillain a Hero may first try to
    flee; against the Protector, the Villain may first rally the Villains on its road."""
    piece = state.pieces[task.piece]
    other = opponent_at(state, piece)
    if piece.place != task.at or other is None:
        return state, []
    hero, villain = (piece, other) if piece.kind == "hero" else (other, piece)
    if villain.role == "supervillain":
        return replace(state, pending=Pending("escape", piece.id, ("flee", "stand"), seat=hero.seat)), []
    return rally_or_duel(state, piece.id)


def rally_or_duel(state: GvbState, challenger: int) -> tuple[GvbState, Log]:
    """The duel's stat is named next, unless a Villain facing the Protector has Villains on its road to rally."""
    piece = state.pieces[challenger]
    other = opponent_at(state, piece)
    assert other is not None
    hero, villain = (piece, other) if piece.kind == "hero" else (other, piece)
    if hero.role == "protector" and same_road(state, villain):
        rally = Pending("rally", villain.id, ("call", "alone"), seat=villain.seat, challenger=challenger)
        return replace(state, pending=rally), []
    return replace(state, pending=Pending("duel", challenger, PLAIN_STATS)), []


def same_road(state: GvbState, piece: Piece) -> tuple[Piece, ...]:
    """The other pieces of ``piece``'s kind on its Connector (on its spaces, not at its ends)."""
    road = connector_of(piece.place)
    if road is None:
        return ()
    return tuple(p for p in state.pieces if p.kind == piece.kind and p.id != piece.id and connector_of(p.place) == road)


def escape(state: GvbState, choice: str) -> tuple[GvbState, Log]:
    """A Hero facing the Supervillain: flee on 5 or 6 (home, no duel), or stand and duel."""
    state, _, challenger = state.answered()
    other = opponent_at(state, challenger)
    assert other is not None
    hero = challenger if challenger.kind == "hero" else other
    if choice == "stand":
        return rally_or_duel(state, challenger.id)
    state, fled, line = flight(state, hero, "the Supervillain")
    if fled:
        return state, [line]
    state, log = rally_or_duel(state, challenger.id)
    return state, [line, *log]


def flight(state: GvbState, piece: Piece, fleeing: str) -> tuple[GvbState, bool, LogEntry]:
    """A try to flee on a die: on 5 or 6 the piece is back at its Home Base."""
    (die,), rng = state.rng.dice(1)  # type: ignore[union-attr]
    state = replace(state, rng=rng)
    name = piece_name(piece.seat, piece.kind)
    if die >= FLEE_ON:
        state = state.with_piece(replace(piece, place=home(piece.seat)))
        return state, True, LogEntry(f"{name} rolls {die} and flees {fleeing}, back home.")
    return state, False, LogEntry(f"{name} rolls {die} and cannot get away.")


def duel(state: GvbState, stat: str) -> tuple[GvbState, Log]:
    """Fight the duel the pending decision named the stat of."""
    state, _, challenger = state.answered()
    defender = opponent_at(state, challenger)
    assert defender is not None
    index = PLAIN_STATS.index(stat)  # type: ignore[arg-type]
    rivals = challenger.seat != defender.seat
    allies = [state.pieces[i] for i in state.allies]
    state = replace(state, allies=())
    totals, rolls = [], []
    for piece in (challenger, defender):
        dice, rng = state.rng.dice(2)  # type: ignore[union-attr]
        state = replace(state, rng=rng)
        special = state.player(piece.seat).special if rivals else 0
        rallied = sum(a.stats[index] for a in allies if a.kind == piece.kind)
        totals.append(sum(dice) + piece.stats[index] + special + item_power(piece, "weapon") + rallied)
        rolls.append(dice)
    names = [piece_name(p.seat, p.kind) for p in (challenger, defender)]
    log = [LogEntry(f"Duel in {stat.title()}: {names[0]} {totals[0]} against {names[1]} {totals[1]}.")]
    if totals[0] == totals[1]:
        return state, [*log, LogEntry("A stand-off: nobody is hurt.")]
    won = 0 if totals[0] > totals[1] else 1
    winner, loser = (challenger, defender) if won == 0 else (defender, challenger)
    points = (2 if abs(totals[0] - totals[1]) >= 5 else 1) + item_power(winner, "weapon")
    points -= item_power(loser, "armour")
    if any(d >= 5 for d in rolls[1 - won]):
        points -= item_power(loser, "shield")
    state, hurt_log = damage(state, loser.id, max(0, points))
    log += [LogEntry(f"{names[won]} wins; {names[1 - won]} takes {max(0, points)} damage."), *hurt_log]
    state, fallen = dethroned(state, state.pieces[loser.id])
    log += fallen
    if rivals:
        bonus = 1 + (DEFEAT_RENOWN if state.pieces[loser.id].place == home(loser.seat) and hurt_log else 0)
        player = state.player(winner.seat)
        state = state.with_player(replace(player, renown=player.renown + bonus))
    return state, log


def flee(state: GvbState, choice: str) -> tuple[GvbState, Log]:
    """A Villain on an Encounter square: try to flee it, or fight."""
    state, _, piece = state.answered()
    if choice == "fight":
        return fight(state, piece.id)
    state, fled, line = flight(state, piece, "the Encounter")
    if fled:
        return state, [line]
    state, log = fight(state, piece.id)
    return state, [line, *log]


def fight(state: GvbState, piece_id: int, helpers: tuple[int, ...] = ()) -> tuple[GvbState, Log]:
    """The piece (and the Heroes who came to help) against the top card of its square's deck: win Renown, or
    every one of them takes its damage."""
    piece = state.pieces[piece_id]
    where = piece.place
    card = TABLES.encounters[top_card(state, where)]
    state = under_its_deck(state, card.id)  # beaten or not, it goes under its deck
    dice, rng = state.rng.dice(2)  # type: ignore[union-attr]
    state = replace(state, rng=rng)
    fighters = [state.pieces[i] for i in (piece_id, *helpers)]
    total = sum(dice) + sum(_strength(state, f, card) for f in fighters) + _weapons(state, fighters)
    name = piece_name(piece.seat, piece.kind)
    against = " + ".join(s.title() for s in card.stats)
    log = [LogEntry(f"{name} meets {card.name} ({card.deck}, {against} against {card.strength}): {total}.")]
    if total >= card.strength:
        player = state.player(piece.seat)
        state = state.with_player(replace(player, renown=player.renown + TROPHY_RENOWN[card.deck]))
        log.append(LogEntry(f"{name} beats {card.name} (+{TROPHY_RENOWN[card.deck]} Renown)."))
        for helper in helpers:
            ally = state.player(state.pieces[helper].seat)
            state = state.with_player(replace(ally, renown=ally.renown + 1))
        state, more = _reward(state, piece_id, card)
    else:
        more = []
        for fighter in fighters:
            shield = item_power(fighter, "shield") if max(dice) >= 5 else 0
            points = max(0, card.damage - item_power(fighter, "armour") - shield)
            state, hurt_log = damage(state, fighter.id, points)
            more += [LogEntry(f"{card.name} wins; {piece_name(fighter.seat, fighter.kind)} takes {points} damage."),
                     *hurt_log]  # fmt: skip
        state, penalty = _penalty(state, piece_id, card, where)
        more += penalty
    log += more
    if card.mark:
        state, more = _mark(state, where, card.mark)
        log += more
    return state, log


def _weapons(state: GvbState, fighters: list[Piece]) -> int:
    """The Weapons that count against an Encounter: every fighter's (rules version 4: a Weapon adds to the stat
    the piece beside it fights with), or the caller's alone (versions 1–3)."""
    counted = fighters if state.rules >= AS_PRINTED else fighters[:1]
    return sum(item_power(f, "weapon") for f in counted)


def _strength(state: GvbState, piece: Piece, card: Encounter) -> int:
    """A fighter's value in the card's stats (the Special is its player's)."""
    special = state.player(piece.seat).special
    return sum(special if s == "special" else piece.stats[PLAIN_STATS.index(s)] for s in card.stats)


def _reward(state: GvbState, piece_id: int, card: Encounter) -> tuple[GvbState, Log]:
    piece = state.pieces[piece_id]
    if card.reward == "item":
        return draw_item(state, piece.seat)
    if card.reward == "event":
        return draw_event(state, piece.seat)
    if card.reward == "heal":
        return state.with_piece(replace(piece, stats=piece.start)), []
    if card.reward == "raise_stat":
        lowest = piece.start.index(min(piece.start))
        return state.with_piece(raise_stat(piece, lowest)), []
    player = state.player(piece.seat)  # "renown": one more
    return state.with_player(replace(player, renown=player.renown + 1)), []


def _penalty(state: GvbState, piece_id: int, card: Encounter, where: str) -> tuple[GvbState, Log]:
    """A lost fight's extra harm; ``where`` is the Encounter square (the piece may have been sent home)."""
    piece = state.pieces[piece_id]
    name = piece_name(piece.seat, piece.kind)
    if card.penalty == "break_item" and piece.items:
        lost = piece.items[0]
        state = state.with_piece(replace(piece, items=piece.items[1:])).discarded(items=(lost,))
        return state, [LogEntry(f"{card.name} breaks {name}'s {TABLES.items[lost].name}.")]
    if card.penalty == "hurt_special":
        player = state.player(piece.seat)
        return state.with_player(replace(player, special=max(0, player.special - 1))), [
            LogEntry(f"{name}'s Special weakens.")
        ]
    if card.penalty == "lose_turn":
        return state.with_piece(replace(piece, lose_turns=piece.lose_turns + 1)), [
            LogEntry(f"{name} loses its next turn.")
        ]
    if card.penalty == "scatter":
        return state.with_piece(replace(piece, place=home(piece.seat))), [LogEntry(f"{name} is chased home.")]
    if card.penalty == "blight":
        return _mark(state, where, "blight")
    return state, []


def _mark(state: GvbState, place: str, how: str) -> tuple[GvbState, Log]:
    """An Encounter changing the board: the nearest Good (blight) or Bad (bless) space on the same Connector
    drops a level; at level 1 it turns Blank. The nearer to the first end wins a tie."""
    side = "good" if how == "blight" else "bad"
    connector, position = parse_space(place)  # type: ignore[misc]
    candidates = {
        m: parse_space(m.place)[1] for m in state.marks if m.side == side and connector_of(m.place) == connector
    }  # type: ignore[index]
    if not candidates:
        return state, []
    nearest = min(candidates, key=lambda m: (abs(candidates[m] - position), candidates[m]))
    if nearest.level == 1:
        state = state.without_mark(nearest.place)
    else:
        state = state.with_mark(replace(nearest, level=nearest.level - 1, special=""))
    word = "sours" if how == "blight" else "is cleansed"
    return state, [LogEntry(f"The road {word}: a {side.title()} space drops a level.")]
