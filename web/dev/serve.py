"""Dev server for the renderer harness: serves web/ statically and
answers POST /facade with cairn.facade.handle (the same JSON the
browser worker speaks), so web/dev/harness.html?game=<game>&live=1 plays
real games without Pyodide. Local only.

    PYTHONPATH=engine python3 web/dev/serve.py [port] [game]

Scripts start it themselves with serve_in_thread().
"""
from __future__ import annotations

import functools
import http.server
import os
import sys
import threading

WEB = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(WEB), "engine"))

from cairn.facade import handle  # noqa: E402


class Handler(http.server.SimpleHTTPRequestHandler):
    def do_POST(self):
        if self.path != "/facade":
            self.send_error(404)
            return
        body = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
        out = handle(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(out)))
        self.end_headers()
        self.wfile.write(out)

    def log_message(self, *args):
        pass


def serve_in_thread(port=0):
    """The server on a free port (or ``port``) in a thread: (the harness's URL, the server)."""
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Handler, directory=WEB))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{srv.server_address[1]}/dev/harness.html", srv


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8765
    game = sys.argv[2] if len(sys.argv) > 2 else "glenmore"
    handler = functools.partial(Handler, directory=WEB)
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as srv:
        print(f"http://127.0.0.1:{port}/dev/harness.html?game={game}")
        srv.serve_forever()


if __name__ == "__main__":
    main()
