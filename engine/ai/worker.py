"""Thinking off the event loop: the AI runs in a worker process, so the bot keeps answering everyone else.

Why a process and not a thread: a search is pure Python for up to two seconds; in a thread it would hold the
GIL and stall the bot's event loop for as long. The executor uses the *spawn* context (no forked copy of the
bot's sockets and tasks), is created on first use so start-up is paid once, and is shared by every match.
The worker function takes the JSON state and returns the action *key*, so everything crossing the process
boundary is plain data and the worker depends on no cache of the parent.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import threading
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ..registry import get_game
from .levels import Level
from .search import choose

DEFAULT_WORKERS = 1  # the bot's host has two cores: one for the bot, one for thinking


class _Pool:
    """The process-wide executor and its size (a holder, so no ``global`` statements are needed)."""

    lock = threading.Lock()
    executor: ProcessPoolExecutor | None = None
    workers = DEFAULT_WORKERS


def think_sync(game_id: str, state_json: Mapping[str, Any] | str, seat: int, level: str | Level, seed: int) -> str:
    """The worker function: decode the stored state, choose at ``level`` (a preset's name, or a ``Level`` of
    its own), and return the action's key."""
    game = get_game(game_id)
    data = json.loads(state_json) if isinstance(state_json, str) else state_json
    state = game.state_from_json(data)
    return game.action_key(choose(game, state, seat, level=level, seed=seed))


def configure(workers: int) -> None:
    """Set the number of worker processes used from the next time the executor is created."""
    if workers < 1:
        raise ValueError("at least one worker is needed")
    _Pool.workers = workers


def executor() -> ProcessPoolExecutor:
    """The shared executor, created on first use."""
    with _Pool.lock:
        if _Pool.executor is None:
            context = multiprocessing.get_context("spawn")
            _Pool.executor = ProcessPoolExecutor(max_workers=_Pool.workers, mp_context=context)
        return _Pool.executor


def shutdown(*, wait: bool = True) -> None:
    """Stop the worker processes (the bot calls this when it closes); the next ``think`` starts them again."""
    with _Pool.lock:
        pool, _Pool.executor = _Pool.executor, None
    if pool is not None:
        pool.shutdown(wait=wait, cancel_futures=True)


async def think(game_id: str, state_json: Mapping[str, Any] | str, seat: int, level: str | Level, seed: int) -> str:
    """The key ``seat`` plays, chosen in a worker process while the event loop runs on."""
    loop = asyncio.get_running_loop()
    data = state_json if isinstance(state_json, str) else dict(state_json)
    try:
        return await loop.run_in_executor(executor(), think_sync, game_id, data, seat, level, seed)
    except BrokenProcessPool:  # a worker died (killed, out of memory): start a fresh pool and try once more
        shutdown(wait=False)
        return await loop.run_in_executor(executor(), think_sync, game_id, data, seat, level, seed)
