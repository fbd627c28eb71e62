"""Enemies in the Enemy Phase: which ones a fate card activates, where each walks by its door symbols, whom
it can reach, and what the advanced game's abilities change about that. Pure functions of a state; the turn
flow (``turns.py``) asks these and records the results.

The seed's rules: an activated enemy with a hero in range does not move; otherwise it follows its symbols left
to right, one room per symbol, through the door of its current room showing that symbol, checking range again
in each room it enters and stopping there if a hero is in range. A symbol that would lead off the board, or
back into the room it just left, is skipped (ours, from the dungeon's laying: so is a symbol no door of the
room shows). A melee enemy reaches heroes in its own room; a ranged one, those in its room and in the rooms
adjacent to it.
"""

from __future__ import annotations

from .cards import EnemyKind, EnemyType
from .dungeon import Place, door_with, laid_at, neighbours, places, through
from .model import ShadowState
from .tables import TABLES, Tables


def kind_of(token: str, tables: Tables = TABLES) -> EnemyKind:
    return tables.enemy_kinds[tables.enemies[token].kind]


def has_ability(state: ShadowState, token: str, effect_id: str, tables: Tables = TABLES) -> bool:
    """Whether an enemy's advanced ability is in play (only with the advanced game's Regular Enemy cards)."""
    return state.options.advanced and kind_of(token, tables).ability.id == effect_id


def activated(state: ShadowState, enemy_type: EnemyType, tables: Tables = TABLES) -> list[str]:
    """The enemies on the board of the type a fate card shows, in board order."""
    return [token for token, _ in state.enemies if kind_of(token, tables).type == enemy_type]


def heroes_in_range(state: ShadowState, token: str, place: Place, tables: Tables = TABLES) -> list[int]:
    """Seats whose heroes the enemy at ``place`` can attack: its room, and adjacent rooms if it is ranged."""
    rooms = {place}
    if kind_of(token, tables).ranged:
        rooms |= set(neighbours(state.dungeon, place, tables))
    return [hero.seat for hero in state.heroes if hero.place in rooms]


def walk(state: ShadowState, token: str, start: Place, tables: Tables = TABLES) -> list[Place]:
    """The rooms an activated enemy enters, in order (empty if it stays): it follows its door symbols (twice
    with Swift), stopping in the first room from which a hero is in range (Skulk: only once its symbols are
    spent)."""
    if heroes_in_range(state, token, start, tables):
        return []
    symbols = list(tables.enemies[token].doors)
    if has_ability(state, token, "swift", tables):
        symbols *= 2
    skulks = has_ability(state, token, "skulk", tables)
    path: list[Place] = []
    here, came_from = start, None
    for index, symbol in enumerate(symbols):
        side = door_with(state.dungeon, here, symbol, tables)
        beyond = None if side is None else through(state.dungeon, here, side, tables)
        if beyond is None or beyond == came_from:
            continue
        came_from, here = here, beyond
        path.append(here)
        last = index == len(symbols) - 1
        if heroes_in_range(state, token, here, tables) and (not skulks or last):
            break
    return path


def lairs(state: ShadowState, enemy_type: EnemyType, tables: Tables = TABLES) -> list[Place]:
    """Rooms with a Lair of ``enemy_type``, in board order."""
    return [p for p in places() if laid_at(state.dungeon, p).shown(tables).lair == enemy_type]
