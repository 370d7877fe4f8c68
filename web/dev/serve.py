"""Dev server for the renderer harnesses: serves web/ statically and
answers POST /facade with cairn.facade.handle (the same JSON the
browser worker speaks), so web/dev/<game>.html?live=1 plays real games
without Pyodide. Local only.

    PYTHONPATH=engine python3 web/dev/serve.py [port] [game]
"""
from __future__ import annotations

import functools
import http.server
import os
import sys

from cairn.facade import handle

WEB = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


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


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8765
    game = sys.argv[2] if len(sys.argv) > 2 else "glenmore"
    handler = functools.partial(Handler, directory=WEB)
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as srv:
        print(f"http://127.0.0.1:{port}/dev/{game}.html")
        srv.serve_forever()


if __name__ == "__main__":
    main()
