"""``cardkit serve``: a live preview of a game in the browser while the designer edits it."""

from __future__ import annotations

import argparse
import ipaddress
import os
import sys
import webbrowser
from pathlib import Path
from typing import TYPE_CHECKING

from cardkit.cli.output import EXIT_ERRORS, EXIT_OK, EXIT_USAGE, print_diagnostics, whole

if TYPE_CHECKING:
    from cardkit.cli.output import Screen

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", help="a game folder (the folder holding game.yaml)")
    parser.add_argument(
        "-o",
        "--output",
        help="folder for the preview's pictures (default: output/<game>; "
        "nothing is written into the game folder)",
    )
    parser.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"address to listen on (default: {DEFAULT_HOST}, this computer only)",
    )
    parser.add_argument(
        "--port", type=whole(0), default=DEFAULT_PORT, help=f"default: {DEFAULT_PORT}; 0: any free"
    )
    parser.add_argument("--open", action="store_true", help="open the page in the web browser")


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def run(args: argparse.Namespace, out: Screen, err: Screen) -> int:
    from rich.text import Text

    from cardkit.app.serve import Preview
    from cardkit.load.game import load_game
    from cardkit.serve.server import listen
    from cardkit.serve.server import run as serve_forever
    from cardkit.serve.web import make_app

    root = Path(args.path)
    game, found = load_game(root, args.path)
    if game is None and not (root / "game.yaml").is_file():
        print_diagnostics(err, found, "text")
        return EXIT_ERRORS
    game_id = game.id if game is not None else root.resolve().name
    output = Path(args.output) if args.output else Path("output") / game_id
    if not _loopback(args.host):
        err.print(
            Text(
                f"cardkit: warning: listening on {args.host}: anyone who can reach this "
                "computer can see the game's cards",
                style="yellow",
            )
        )
    try:
        sock = listen(args.host, args.port)
    except OSError as exc:
        err.print(Text(f"cardkit: error: cannot listen on {args.host}:{args.port}: {exc.strerror}"))
        return EXIT_USAGE
    port = sock.getsockname()[1]
    shown_host = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{shown_host}:{port}/"

    def report(exc: BaseException) -> None:
        if os.environ.get("CARDKIT_DEBUG"):
            import traceback

            traceback.print_exception(exc, file=sys.stderr)
        err.print(Text(f"cardkit: internal error while rebuilding: {type(exc).__name__}: {exc}"))

    preview = Preview(root, args.path, output)
    out.print(Text(f"cardkit serve: {url}  (Ctrl-C to stop)"))
    out.file.flush()
    if args.open:
        webbrowser.open(url)
    serve_forever(make_app(preview.services(report)), sock)
    return EXIT_OK
