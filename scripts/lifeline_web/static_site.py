"""The page without a server: `lifeline-web --static DIR` writes the page's files into DIR with
the WebAssembly engine's package (scripts/build_wasm.sh) in DIR/engine, and marks the page so
that its game (static/session.js) drives that engine in a Web Worker instead of the server's
relay. Any static file server then serves a whole game: `python3 -m http.server -d DIR`.
"""

import os
import shutil

from .server import STATIC_DIR

ENGINE_FOLDER = "engine"
# What the page needs of the package: the page's module, its worker, the module factory and
# the program.
PACKAGE_FILES = ("engine.mjs", "worker.mjs", "line_queue.mjs", "lifeline.js", "lifeline.wasm")
_HTML_TAG = '<html lang="en">'


class StaticSiteError(Exception):
    pass


def write_static_site(target, package_dir):
    """Writes the page and the engine into `target` (made if missing; files of the same names
    are replaced, others left alone). Returns the files written, relative to `target`."""
    missing = [name for name in PACKAGE_FILES
               if not os.path.isfile(os.path.join(package_dir, name))]
    if missing:
        raise StaticSiteError(f"{package_dir} has no {', '.join(missing)}: build the "
                              "WebAssembly engine with scripts/build_wasm.sh")
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
    for name in PACKAGE_FILES:
        shutil.copyfile(os.path.join(package_dir, name), os.path.join(target, ENGINE_FOLDER, name))
        written.append(f"{ENGINE_FOLDER}/{name}")
    return written
