"""What each seat may see of a Shadowscape match: everything on the table, piles as counts, the fate discard
pile (public), and only its own hand (a user holding several hero seats sees each of their hands). A seat
putting fate cards back in order sees the cards it is ordering.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from ...core import View
from .dungeon import Laid, Place
from .model import CardState, LordState, ShadowOptions, ShadowState


@dataclass(frozen=True, slots=True)
class HeroView:
    seat: int
    hero: str | None
    place: Place | None
    cards: tuple[CardState, ...]
    wounds: int
    hand: tuple[str, ...] | None  # None: another player's hand, which this viewer may not see
    hand_count: int
    trophies: tuple[str, ...]
    treasures: tuple[str, ...]
    equipment: tuple[str, ...]
    whispers: tuple[str, ...]
    guard: int
    stuck: bool


@dataclass(frozen=True, slots=True)
class ShadowView(View):
    options: ShadowOptions
    dungeon: tuple[Laid, ...]
    heroes: tuple[HeroView, ...]
    enemies: tuple[tuple[str, Place], ...]
    treasures: tuple[tuple[str, Place], ...]
    fate_count: int
    fate_discard: tuple[str, ...]
    reshuffles: int  # times the fate deck was rebuilt (competitive: the third brings the Long Dark)
    enemy_piles: tuple[int, ...]
    treasure_pile: int
    equipment_market: tuple[str, ...]
    equipment_count: int
    action_market: tuple[str, ...]
    action_count: int
    whisper_row: tuple[str, ...]
    whisper_count: int
    lord: LordState
    active: int
    phase: str
    pending: tuple[str, int, str, int, tuple[str, ...]] | None  # kind, seat, attacker, damage, queue
    final_turns: tuple[int, ...] | None
    stunned: tuple[str, ...]
    foreseen: tuple[str, ...]  # the fate cards this viewer is putting back in order


def view_for(state: ShadowState, seats: Collection[int], fields: dict) -> ShadowView:
    """The view of the holder of ``seats`` (none: a spectator's)."""
    pending = state.pending
    foreseen: tuple[str, ...] = ()
    if pending is not None and pending.kind == "foresee" and pending.seat in seats:
        foreseen = state.piles.fate[: pending.count]
    piles = state.piles
    return ShadowView(
        **fields,
        options=state.options,
        dungeon=state.dungeon,
        heroes=tuple(
            HeroView(
                seat=h.seat,
                hero=h.hero,
                place=h.place,
                cards=h.cards,
                wounds=h.wounds,
                hand=h.hand if h.seat in seats else None,
                hand_count=len(h.hand),
                trophies=h.trophies,
                treasures=h.treasures,
                equipment=h.equipment,
                whispers=h.whispers,
                guard=h.guard,
                stuck=h.stuck,
            )
            for h in state.heroes
        ),
        enemies=state.enemies,
        treasures=state.treasures,
        fate_count=len(piles.fate),
        fate_discard=piles.fate_discard,
        reshuffles=piles.reshuffles,
        enemy_piles=tuple(len(p) for p in piles.enemies),
        treasure_pile=len(piles.treasures),
        equipment_market=piles.equipment_market,
        equipment_count=len(piles.equipment),
        action_market=piles.action_market,
        action_count=len(piles.actions),
        whisper_row=piles.whisper_row,
        whisper_count=len(piles.whispers),
        lord=state.lord,
        active=state.active,
        phase=state.phase,
        pending=None
        if pending is None
        else (pending.kind, pending.seat, pending.attacker, pending.damage, pending.queue),
        final_turns=state.final_turns,
        stunned=state.stunned,
        foreseen=foreseen,
    )
