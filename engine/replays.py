"""Replays, a part of ``MatchService``: any decision of a match shown again, for the step-through viewer and the
animated replay of ``/game replay``.

A frame is the **public** view after decision ``step`` and that decision's public log lines. Once the match is
over (ended or aborted), a frame also shows what was hidden: every seat's private lines of that decision (the
cards drawn, who the Shapeshifter is), since nothing of the match is left to protect. While it runs, a replay is
made of exactly what the channel saw, so a replay of a running match reveals nothing the boards did not.
"""

from __future__ import annotations

from dataclasses import dataclass

from .core import LogEntry, View
from .live import LiveMatches
from .matches import MatchInfo, NotStarted
from .planning import event_line, game_of, view_of
from .store.base import EVENT

PART = 120  # frames an animated replay part holds: a GIF of 120 boards at 512 px stays far below 8 MB


@dataclass(frozen=True, slots=True)
class ReplayFrame:
    """One decision of a match as the replay shows it. ``step`` 0 is the opening position."""

    match: MatchInfo
    step: int
    steps: int  # the decisions recorded so far
    view: View
    lines: tuple[str, ...]
    revealed: tuple[str, ...]  # after the end only: the private lines of the decision, each with its seat

    @property
    def over(self) -> bool:
        return not self.match.status.open


class Replays:
    """Frames rebuilt from the log (from the nearest snapshot), for any viewer: nothing is secret in them."""

    def __init__(self, live: LiveMatches) -> None:
        self.live = live

    async def frame(self, match_id: str, step: int) -> ReplayFrame:
        """The frame after decision ``step`` (clamped to the match's length)."""
        match = await self.live.row(match_id)
        if match.key is None:
            raise NotStarted()
        step = max(0, min(step, match.version))
        state = await self.live.rebuild(match, upto=max(0, step - 1))
        log: tuple[LogEntry, ...] = ()
        if step:
            (row,) = await self.live.store.actions(match.id, after=step - 1, upto=step)
            if row.key.startswith(EVENT):
                log = (LogEntry(event_line(match, row)),)
            else:
                transition = game_of(match).act(state, row.seat, row.key)
                state, log = transition.state, transition.log
        return self._frame(match, step, state, log)

    async def frames(self, match_id: str) -> list[ReplayFrame]:
        """Every frame of the match, from the opening position (for the animated replay)."""
        match = await self.live.row(match_id)
        if match.key is None:
            raise NotStarted()
        game = game_of(match)
        state = game.setup(match.options, match.players, match.key, rules_version=match.rules_version)
        found = [self._frame(match, 0, state, ())]
        for row in await self.live.store.actions(match.id, upto=match.version):
            if row.key.startswith(EVENT):
                log: tuple[LogEntry, ...] = (LogEntry(event_line(match, row)),)
            else:
                transition = game.act(state, row.seat, row.key)
                state, log = transition.state, transition.log
            found.append(self._frame(match, row.seq, state, log))
        return found

    @staticmethod
    def _frame(match: MatchInfo, step: int, state: object, log: tuple[LogEntry, ...]) -> ReplayFrame:
        game = game_of(match)
        names = game.seat_names(match.players)
        revealed: tuple[str, ...] = ()
        if not match.status.open:
            revealed = tuple(
                revealed_line(names[seat], entry.public, text) for entry in log for seat, text in entry.private
            )
        lines = tuple(entry.public for entry in log if entry.public)
        # The last frame of a match ended outside the rules (a resignation, an abort) shows that end, as its
        # board did, not the prompt of a turn nobody will take.
        view = view_of(match, state, ()) if step == match.version else game.view(state, None)
        return ReplayFrame(match, step, match.version, view, lines, revealed)


def revealed_line(seat_name: str, public: str, private: str) -> str:
    """A seat's private line as everyone may read it after the end: quoted and attributed, since it speaks to
    its owner ("You: …"), and without the public line it repeats (``Red has bought. (You: …)``)."""
    text = private
    if public and text.startswith(public):
        text = text[len(public) :].strip()
        if text.startswith("(") and text.endswith(")"):
            text = text[1:-1]
    return f"{seat_name}, privately: “{text or private}”"
