"""The page without a server: `lifeline-web --static DIR` writes the page's files into DIR with
the WebAssembly engine's package (scripts/build_wasm.sh) in DIR/engine, and marks the page so
that its game (static/session.js) drives that engine in a Web Worker instead of the server's
relay. Any static file server then serves a whole game: `python3 -m http.server -d DIR`.

The package holds two builds. The threaded one runs where the page is cross-origin isolated:
the host sends ISOLATION_HEADERS with every file. DIR/_headers asks for them in the form that
Netlify and Cloudflare Pages read; docs/wasm.md says how to ask others (nginx, Apache, Caddy).
A host that sends none still serves a page that plays, with the single-threaded build.
`lifeline-web --static DIR --serve` writes the site and serves it with the headers.
"""

import functools
import http.server
import os
import shutil

from .server import ISOLATION_HEADERS, STATIC_DIR

ENGINE_FOLDER = "engine"
# What the page needs of the package: the page's module, its worker, the module factory and
# the program; then the threaded build, where the package has it (scripts/build_wasm.sh
# without --single).
PACKAGE_FILES = ("engine.mjs", "worker.mjs", "line_queue.mjs", "lifeline.js", "lifeline.wasm")
THREADS_FOLDER = "threads"
THREADS_FILES = ("lifeline.mjs", "lifeline.wasm", "lifeline.worker.js", "package.json")
HEADERS_FILE = "_headers"
_HTML_TAG = '<html lang="en">'


class StaticSiteError(Exception):
    pass


def headers_file_text():
    """DIR/_headers: every path gets the isolation headers."""
    return "/*\n" + "".join(f"  {name}: {value}\n" for name, value in ISOLATION_HEADERS.items())


def _package_files(package_dir):
    """The package's files that the site takes, relative to the package."""
    missing = [name for name in PACKAGE_FILES
               if not os.path.isfile(os.path.join(package_dir, name))]
    if missing:
        raise StaticSiteError(f"{package_dir} has no {', '.join(missing)}: build the "
                              "WebAssembly engine with scripts/build_wasm.sh")
    threads = [os.path.join(THREADS_FOLDER, name) for name in THREADS_FILES]
    present = [name for name in threads if os.path.isfile(os.path.join(package_dir, name))]
    if present and len(present) != len(threads):
        missing = sorted(set(threads) - set(present))
        raise StaticSiteError(f"{package_dir} has a partial threaded build (no "
                              f"{', '.join(missing)}): rebuild it with scripts/build_wasm.sh")
    return list(PACKAGE_FILES) + present


def write_static_site(target, package_dir):
    """Writes the page and the engine into `target` (made if missing; files of the same names
    are replaced, others left alone). Returns the files written, relative to `target`."""
    package_files = _package_files(package_dir)
    os.makedirs(os.path.join(target, ENGINE_FOLDER), exist_ok=True)
    written = []
    for name in sorted(os.listdir(STATIC_DIR)):
        source = os.path.join(STATIC_DIR, name)
        if not os.path.isfile(source):
            continue
        if name == "index.html":
            with open(source, encoding="utf-8") as stream:
                page = stream.read()
            if _HTML_TAG not in page:
                raise StaticSiteError(f"{source} has no {_HTML_TAG} to mark")
            with open(os.path.join(target, name), "w", encoding="utf-8") as stream:
                stream.write(page.replace(_HTML_TAG, '<html lang="en" data-backend="wasm">', 1))
        else:
            shutil.copyfile(source, os.path.join(target, name))
        written.append(name)
    threads_target = os.path.join(target, ENGINE_FOLDER, THREADS_FOLDER)
    if os.path.isdir(threads_target):
        shutil.rmtree(threads_target)  # a threaded build left from an earlier package
    for name in package_files:
        os.makedirs(os.path.dirname(os.path.join(target, ENGINE_FOLDER, name)), exist_ok=True)
        shutil.copyfile(os.path.join(package_dir, name), os.path.join(target, ENGINE_FOLDER, name))
        written.append(f"{ENGINE_FOLDER}/{name}")
    with open(os.path.join(target, HEADERS_FILE), "w", encoding="utf-8") as stream:
        stream.write(headers_file_text())
    written.append(HEADERS_FILE)
    return written


class _IsolatedFiles(http.server.SimpleHTTPRequestHandler):
    """A static host that sends the isolation headers with every file, as DIR/_headers asks."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".mjs": "text/javascript",
                      ".wasm": "application/wasm"}

    def end_headers(self):
        for name, value in ISOLATION_HEADERS.items():
            self.send_header(name, value)
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass


def static_server(directory, host, port):
    """An HTTP server of `directory` with the isolation headers; serve_forever() runs it."""
    handler = functools.partial(_IsolatedFiles, directory=directory)
    return http.server.ThreadingHTTPServer((host, port), handler)
