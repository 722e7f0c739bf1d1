"""A small static server for the built site, used by the browser tests and ``tools.bench_browser``.

It behaves like a static host configured as the README describes: a request whose
``Accept-Encoding`` allows it gets the precompressed ``.br`` or ``.gz`` copy with
``Content-Encoding`` (``compress=True``), with ``ETag`` and ``Last-Modified`` (a revalidation of
a copy the browser still has is answered 304, without a body). ``requests`` and ``bodies`` list what was asked and sent. Files are served as they are: ``sitemap.xml`` names
``site_url``'s address, not this server's, and the pages cope (``tools/sitemap_base.js``), as on
any host. ``stop()`` stops answering, for the offline tests.
"""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path


class _Handler(http.server.SimpleHTTPRequestHandler):
    compress = False
    base = ""
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".whl": "application/zip",
    }

    def log_message(self, *args):
        pass

    def log_request(self, code="-", size="-"):
        with self.server.lock:
            self.server.requests.append((self.path.split("?")[0], int(getattr(code, "value", code))))

    def end_headers(self):
        self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def copyfile(self, source, outputfile):
        data = source.read()
        outputfile.write(data)
        counts = self.server.counts
        with self.server.lock:
            counts["sent"] += len(data)
            counts["raw"] += getattr(self, "_raw", len(data))
            self.server.bodies.append((self.path.split("?")[0], len(data)))

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        self._raw = path.stat().st_size if path.is_file() else 0
        if self.compress and path.is_file():
            accepted = self.headers.get("Accept-Encoding", "")
            for enc, ext in (("br", ".br"), ("gzip", ".gz")):
                packed = path.with_name(path.name + ext)
                if enc in accepted and packed.is_file():
                    return self._send(packed, self.guess_type(str(path)), enc)
        return super().send_head()

    def _send(self, packed: Path, ctype: str, encoding: str | None):
        """A precompressed copy, with the validators a static host sends (``ETag`` and
        ``Last-Modified``, as nginx's ``gzip_static``): a revalidation it still has is a 304."""
        import email.utils
        import io

        st = packed.stat()
        etag = f'"{st.st_mtime_ns:x}-{st.st_size:x}-{encoding}"'
        modified = email.utils.formatdate(int(st.st_mtime), usegmt=True)
        fresh = self.headers.get("If-None-Match") == etag or (
            "If-None-Match" not in self.headers and self.headers.get("If-Modified-Since") == modified
        )
        self.send_response(304 if fresh else 200)
        self.send_header("Content-Type", ctype)
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", modified)
        self.send_header("Cache-Control", "no-cache")
        if fresh:
            self.end_headers()
            return None
        body = packed.read_bytes()
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


class _Server(http.server.ThreadingHTTPServer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.counts = {"sent": 0, "raw": 0}
        self.bodies: list[tuple[str, int]] = []
        self.requests: list[tuple[str, int]] = []
        self.lock = threading.Lock()

    def handle_error(self, request, client_address):
        pass  # a browser closing a connection early is not worth a traceback


class SiteServer:
    """Serve ``site`` on 127.0.0.1 (a free port, or ``host``/``port``) in a thread:
    ``with SiteServer(site) as base: ...``."""

    def __init__(self, site: Path, compress: bool = False, host: str = "127.0.0.1", port: int = 0):
        handler = type("Handler", (_Handler,), {"compress": compress})
        self.httpd = _Server((host, port), functools.partial(handler, directory=str(site)))
        self.base = f"http://{host}:{self.httpd.server_address[1]}"
        handler.base = self.base
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.running = True

    @property
    def sent(self) -> int:
        """Body bytes sent since the last reset (compressed where a copy was served)."""
        return self.httpd.counts["sent"]

    @property
    def sent_raw(self) -> int:
        """What the same responses weigh uncompressed."""
        return self.httpd.counts["raw"]

    @property
    def bodies(self) -> list[tuple[str, int]]:
        """(path, body bytes) of every response with a body since the last reset, in order."""
        with self.httpd.lock:
            return list(self.httpd.bodies)

    @property
    def requests(self) -> list[tuple[str, int]]:
        """(path, status) of every request answered since the last reset, in order."""
        with self.httpd.lock:
            return list(self.httpd.requests)

    def reset_counts(self) -> None:
        with self.httpd.lock:
            self.httpd.counts.update(sent=0, raw=0)
            self.httpd.bodies.clear()
            self.httpd.requests.clear()

    def stop(self) -> None:
        if self.running:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.running = False

    def __enter__(self) -> str:
        return self.base

    def __exit__(self, *exc) -> None:
        self.stop()
