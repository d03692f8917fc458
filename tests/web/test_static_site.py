"""web.py --static DIR: the page's files and the WebAssembly package's (its threaded build
where the package has one), the page marked to answer its API with that engine, and the
_headers file that asks a host for cross-origin isolation; a missing package is refused with
what to do; --serve serves the site with those headers. (The page itself is played in headless
Chromium by tests/wasm/test_static_page.py.)"""

import os
import re
import signal
import subprocess
import sys
import tempfile
import unittest
import urllib.request

from lifeline_web.static_site import PACKAGE_FILES, THREADS_FILES, THREADS_FOLDER
from support import SCRIPTS

HEADERS_TEXT = """/*
  Cross-Origin-Opener-Policy: same-origin
  Cross-Origin-Embedder-Policy: require-corp
"""


def web(*args):
    return subprocess.run([sys.executable, os.path.join(SCRIPTS, "web.py"), *args],
                          capture_output=True, text=True, timeout=60)


class StaticSiteTest(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.addCleanup(self.directory.cleanup)
        self.package = os.path.join(self.directory.name, "package")
        os.mkdir(self.package)
        self.site = os.path.join(self.directory.name, "site")

    def write_package(self, names):
        for name in names:
            os.makedirs(os.path.dirname(os.path.join(self.package, name)), exist_ok=True)
            with open(os.path.join(self.package, name), "w", encoding="utf-8") as stream:
                stream.write(f"// {name}\n")

    def test_the_page_and_the_engine_are_written(self):
        self.write_package(PACKAGE_FILES)
        result = web("--static", self.site, "--package", self.package)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("python3 -m http.server -d", result.stdout)
        for name in ("index.html", "app.js", "session.js", "game_text.js", "board.js"):
            self.assertTrue(os.path.isfile(os.path.join(self.site, name)), name)
        for name in PACKAGE_FILES:
            with open(os.path.join(self.site, "engine", name), encoding="utf-8") as stream:
                self.assertEqual(stream.read(), f"// {name}\n")
        with open(os.path.join(self.site, "index.html"), encoding="utf-8") as stream:
            self.assertIn('<html lang="en" data-backend="wasm">', stream.read())
        with open(os.path.join(self.site, "_headers"), encoding="utf-8") as stream:
            self.assertEqual(stream.read(), HEADERS_TEXT)
        self.assertFalse(os.path.exists(os.path.join(self.site, "engine", THREADS_FOLDER)))

    def test_the_threaded_build_goes_along(self):
        threads = [os.path.join(THREADS_FOLDER, name) for name in THREADS_FILES]
        self.write_package(list(PACKAGE_FILES) + threads)
        result = web("--static", self.site, "--package", self.package)
        self.assertEqual(result.returncode, 0, result.stderr)
        for name in threads:
            with open(os.path.join(self.site, "engine", name), encoding="utf-8") as stream:
                self.assertEqual(stream.read(), f"// {name}\n")

    def test_a_partial_threaded_build_is_refused(self):
        self.write_package(list(PACKAGE_FILES) + [os.path.join(THREADS_FOLDER, "lifeline.mjs")])
        result = web("--static", self.site, "--package", self.package)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("partial threaded build", result.stderr)

    def test_serve_sends_the_isolation_headers(self):
        self.write_package(PACKAGE_FILES)
        server = subprocess.Popen(
            [sys.executable, "-u", os.path.join(SCRIPTS, "web.py"), "--static", self.site,
             "--package", self.package, "--serve", "--port", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
        self.addCleanup(server.stderr.close)
        self.addCleanup(server.stdout.close)
        self.addCleanup(server.wait)
        self.addCleanup(os.killpg, server.pid, signal.SIGTERM)
        url = re.search(r"open (http://\S+/) ", server.stdout.readline()).group(1)
        for path in ("", "engine/engine.mjs"):
            with urllib.request.urlopen(url + path, timeout=10) as answer:
                self.assertEqual(answer.headers["Cross-Origin-Opener-Policy"], "same-origin")
                self.assertEqual(answer.headers["Cross-Origin-Embedder-Policy"], "require-corp")
        with urllib.request.urlopen(url + "engine/engine.mjs", timeout=10) as answer:
            self.assertEqual(answer.headers["Content-Type"], "text/javascript")

    def test_serve_needs_static(self):
        result = web("--serve")
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("--serve goes with --static", result.stderr)

    def test_a_missing_package_is_refused(self):
        result = web("--static", self.site, "--package", self.package)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("scripts/build_wasm.sh", result.stderr)
        self.assertFalse(os.path.exists(self.site))


if __name__ == "__main__":
    unittest.main()
