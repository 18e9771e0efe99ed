"""A gthread worker that takes a new connection only while one of its threads is free.

gunicorn's gthread workers all poll the shared listening socket and accept every new
connection they are woken for, busy or not; a kept-alive connection then stays with
the worker that accepted it. When clients open their connections together (a game
server pool starting, every client reconnecting after a deploy) one worker can end
up with most of them while another idles: measured here, 16 connections split 3843 to
338 requests between two workers, and the pod settled on one core of two
(docs/operations.md). Settling is CPU-bound, so a worker whose threads are all busy
gains nothing from accepting more: this worker stops polling the listening socket
while they are, and the kernel hands the connection to a worker that has time. What it
already holds (kept-alive connections) it keeps serving as before.

``gunicorn.conf.py`` uses it as the default ``worker_class``; on a gunicorn whose
gthread worker lacks the hooks used here it behaves exactly like gthread.
"""

from __future__ import annotations

from typing import Any

from gunicorn.workers.gthread import ThreadWorker  # type: ignore[import-untyped]


class BalancedThreadWorker(ThreadWorker):  # type: ignore[misc]  # gunicorn ships no types
    """gthread, accepting only while ``busy < threads`` (busy: connections handed to the pool)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.busy = 0

    def _full(self) -> bool:
        return bool(self.busy >= self.cfg.threads)

    # all three run on the worker's main thread (the pool reports back through its method
    # queue), so ``busy`` needs no lock

    def enqueue_req(self, conn: Any) -> None:
        self.busy += 1
        super().enqueue_req(conn)
        if self._full() and hasattr(super(), "set_accept_enabled"):
            super().set_accept_enabled(False)

    def finish_request(self, *args: Any) -> None:
        self.busy -= 1
        super().finish_request(*args)  # may hand the connection straight back (busy + 1)

    def set_accept_enabled(self, enabled: bool) -> None:
        # the run loop asks to accept again on every turn; say yes once a thread is free
        if enabled and self._full():
            return
        super().set_accept_enabled(enabled)
