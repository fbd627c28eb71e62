"""The games this bot offers: every registered game whose board it can draw."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from engine import GAMES, Game
from render import RENDERERS


def offered_games() -> list[Game[Any, Any, Any]]:
    """The games the bot can host: every registered game whose board it can draw."""
    return [game for game in GAMES.values() if game.meta.id in RENDERERS]


def game_choices() -> list[app_commands.Choice[str]]:
    """The games on offer, for the ``game`` option of ``/game new`` and ``/game rules``."""
    return [app_commands.Choice(name=game.meta.title, value=game.meta.id) for game in offered_games()]
