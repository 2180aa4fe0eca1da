"""``verify play``'s local web server: one page, and a JSON endpoint answering moves.

The page (``page.html``) keeps the list of moves; each click sends the whole list to ``POST
/api/play``, which replays it through the :class:`~verify.play.referee.Referee` (the opponent's
moves checked by the rules, the strategist's answers derived) and returns the position. Nothing is
stored between requests, so undo and jumping to any earlier position are replays of a prefix.

The server binds 127.0.0.1 only and runs inside the ``verify`` process (its threads are daemons):
it ends with it, on Ctrl-C or SIGTERM.
"""
from __future__ import annotations

import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from ..draw import geometry as geo
from ..errors import VerifyError
from .referee import Referee

HOST = "127.0.0.1"
PAGE = Path(__file__).with_name("page.html")
DARK_ROLES = ("maker", "black")


def layout(ref: Referee) -> dict:
    """The board's static picture for the page: each cell's shape (square, hexagon or disc, in SVG
    coordinates: y grows downwards) and, off the square and Hex grids, the winning sets as hulls."""
    board = ref.play.board(ref.play.start())
    kind = board.resolved_geometry()
    names = list(board.names)
    cells, hulls = [], []
    if kind in ("square", "cells"):
        for v, (c, r) in geo.cell_coordinates(names).items():
            x, y = geo.square_center(c, r)
            cells.append({"name": v, "x": x, "y": -y, "shape": "rect", "size": 1.0})
    elif kind == "hex":
        for v, (c, r) in geo.cell_coordinates(names).items():
            x, y = geo.hex_center(c, r)
            cells.append({"name": v, "x": x, "y": -y, "shape": "poly",
                          "points": [[px, -py] for px, py in geo.hex_corners(x, y, 0.98)]})
    else:
        pos = geo.spring_positions(names, [list(s) for s in board.sets + board.white_sets])
        for v in names:
            cells.append({"name": v, "x": pos[v][0], "y": -pos[v][1], "shape": "disc", "size": 0.3})
    if kind in ("cells", "hypergraph") and len(board.sets) + len(board.white_sets) <= 40:
        at = {c["name"]: (c["x"], c["y"]) for c in cells}
        for i, s in enumerate(board.sets + board.white_sets):
            hulls.append(geo.padded_hull([at[v] for v in s], 0.32 * (1 + 0.12 * (i % 4))))
    xs = [c["x"] for c in cells] or [0.0]
    ys = [c["y"] for c in cells] or [0.0]
    pad = 1.2
    return {"geometry": kind, "cells": cells, "hulls": hulls,
            "viewBox": [min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad]}


def game_info(ref: Referee, title: str) -> dict:
    names = {r: r for r in ref.play.roles}
    if ref.report.question.game == "maker-breaker" and ref.kind == "pg-proof":
        names = {"black": "Maker (black)", "white": "Breaker (white)"}
    return {"title": title, "kind": ref.kind, "claim": ref.report.line(), "strategist": ref.who,
            "opponent": ref.opponent, "names": names, "dark": [r for r in ref.play.roles if r in DARK_ROLES],
            **layout(ref)}


def position(ref: Referee, moves) -> dict:
    """The position after ``moves`` (with the strategist's answers), as the page shows it."""
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise VerifyError("'moves' must be a list of cell names")
    line = ref.replay(moves)
    board = ref.play.board(line.state)
    to_move = None if line.result is not None else ref.play.to_move(line.state)
    return {"moves": line.moves, "by": line.by, "stones": board.stones, "result": line.result,
            "to_move": to_move, "legal": ref.play.legal(line.state) if to_move == ref.opponent else [],
            "complete": list(board.complete or ()), "caption": list(board.caption)}


def serve(ref: Referee, title: str, port: int = 0, ready=print) -> None:
    """Serve the page on 127.0.0.1:``port`` (0: any free port) until interrupted; ``ready(url)``
    is called once the socket listens."""
    info = json.dumps(game_info(ref, title)).encode()
    page = PAGE.read_bytes()

    class Handler(BaseHTTPRequestHandler):
        def _send(self, status: int, body: bytes, ctype: str = "application/json") -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            path = self.path.split("?", 1)[0]
            if path in ("/", "/index.html"):
                self._send(200, page, "text/html; charset=utf-8")
            elif path == "/api/game":
                self._send(200, info)
            elif path == "/favicon.ico":
                self._send(204, b"", "image/x-icon")
            else:
                self._send(404, b'{"error": "not found"}')

        def do_POST(self):
            if self.path != "/api/play":
                return self._send(404, b'{"error": "not found"}')
            try:
                n = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(min(n, 1 << 20)) or b"{}")
                out = position(ref, body.get("moves", []) if isinstance(body, dict) else None)
                self._send(200, json.dumps(out).encode())
            except (VerifyError, ValueError) as exc:
                self._send(400, json.dumps({"error": str(exc)}).encode())

        def log_message(self, *args):  # quiet: the terminal shows the URL only
            pass

    server = ThreadingHTTPServer((HOST, port), Handler)
    server.daemon_threads = True
    try:
        ready(f"http://{HOST}:{server.server_address[1]}/")
        server.serve_forever(poll_interval=0.2)
    finally:
        server.server_close()
