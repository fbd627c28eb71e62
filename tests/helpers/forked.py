"""Driver processes that start in milliseconds, for the kill tests.

A crash test starts a fresh process for every kill; fifty of them, each importing the engine anew (over a
second), spent most of the test's time on imports. Here each driver is forked from a forkserver that imported
the drivers once, so a start costs a fork. The driver is still a process of its own, killed with SIGKILL, and
what it printed before the kill still reaches the test: its lines go through a pipe the test drains after the
kill (a line cut by the kill is lost, as an unflushed line would be).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from typing import Any

PRELOAD = ["tests.helpers.crash_driver", "tests.helpers.shared_driver"]


class Forked:
    """A driver process (``target(*args, writer)``) and the lines it sends, read like a subprocess's stdout."""

    def __init__(self, target: Callable[..., None], *args: Any) -> None:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)  # effective for the server's first start, a no-op after
        self._lines, writer = context.Pipe(duplex=False)
        self.process = context.Process(target=target, args=(*args, writer), daemon=True)
        self.process.start()
        writer.close()  # the child holds the only writer: its death is the pipe's end

    def readline(self) -> str:
        """The next line the driver sent, or "" once it is dead and everything it sent has been read."""
        try:
            return self._lines.recv_bytes().decode()
        except (EOFError, OSError):
            return ""

    def running(self) -> bool:
        return self.process.is_alive()

    def stop(self) -> None:
        """SIGKILL the driver and wait for it to be gone (its pipe then ends after what it sent)."""
        self.process.kill()
        self.process.join()

    def kill(self) -> list[str]:
        """SIGKILL the driver; the lines it sent before, not yet read."""
        self.stop()
        rest = []
        while line := self.readline():
            rest.append(line)
        self._lines.close()
        return rest
