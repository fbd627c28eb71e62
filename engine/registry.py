"""The games Changeling offers, by id, with what the AI knows of each. Everything that lists or looks up games
goes through here.

Games are found, not listed: every package in ``engine/games`` exports ``GAME`` (its rules) and ``AI`` (its
AI profile), so adding a game touches no other package.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from . import games
from .ai.profile import GENERIC, AiProfile
from .core import Game
from .errors import InvalidSetup

GAMES: dict[str, Game[Any, Any, Any]] = {}
PROFILES: dict[str, AiProfile] = {}


def register(game: Game[Any, Any, Any], ai: AiProfile = GENERIC) -> None:
    """Offer a game (the packages of ``engine/games`` at import; tests, for games that exist only there)."""
    GAMES[game.meta.id] = game
    PROFILES[game.meta.id] = ai


def get_game(game_id: str) -> Game[Any, Any, Any]:
    """The game with this id; an unknown id raises ``InvalidSetup`` naming the games on offer."""
    try:
        return GAMES[game_id]
    except KeyError:
        offered = ", ".join(sorted(GAMES))
        raise InvalidSetup(f"There is no game called {game_id!r}. Games on offer: {offered}.") from None


def ai_profile(game_id: str) -> AiProfile:
    """What the AI knows of a game (the generic profile for a game that declares none)."""
    return PROFILES.get(game_id, GENERIC)


def _discover() -> None:
    """Register every game package. A package still being built says ``GAME = None`` (its content and rules
    can be imported and tested, but it is not offered); any other package without ``GAME`` is an error."""
    for found in sorted(pkgutil.iter_modules(games.__path__), key=lambda m: m.name):
        if found.ispkg:
            package = importlib.import_module(f"{games.__name__}.{found.name}")
            if package.GAME is not None:
                register(package.GAME, package.AI)


_discover()
