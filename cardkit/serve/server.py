"""Running the preview's web app (uvicorn): bound to one address, quiet, quick to stop."""

from __future__ import annotations

import socket
from types import FrameType

import uvicorn
from starlette.applications import Starlette


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` (port 0: a free one), so that the address is known
    before the server starts; raises OSError when it cannot be bound."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


def run(app: Starlette, sock: socket.socket) -> None:
    """Serve ``app`` on ``sock`` until interrupted (Ctrl-C)."""
    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=1,
        lifespan="on",
    )
    _Server(config, app).run(sockets=[sock])


class _Server(uvicorn.Server):
    """Ends the open event streams as soon as it is told to stop, so that it stops at once."""

    def __init__(self, config: uvicorn.Config, app: Starlette) -> None:
        super().__init__(config)
        self._app = app

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        hub = getattr(self._app.state, "hub", None)
        if hub is not None:
            hub.close()
        super().handle_exit(sig, frame)
