"""The games Changeling offers, by id. Everything that lists or looks up games goes through here."""

from __future__ import annotations

from typing import Any

from .core import Game
from .errors import InvalidSetup
from .games.swartzblak import Swartzblak
from .games.wars import ShapeshifterWars

GAMES: dict[str, Game[Any, Any, Any]] = {game.meta.id: game for game in (ShapeshifterWars(), Swartzblak())}


def register(game: Game[Any, Any, Any]) -> None:
    """Offer another game (used by tests for games that exist only there)."""
    GAMES[game.meta.id] = game


def get_game(game_id: str) -> Game[Any, Any, Any]:
    """The game with this id; an unknown id raises ``InvalidSetup`` naming the games on offer."""
    try:
        return GAMES[game_id]
    except KeyError:
        offered = ", ".join(sorted(GAMES))
        raise InvalidSetup(f"There is no game called {game_id!r}. Games on offer: {offered}.") from None
