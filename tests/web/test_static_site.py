"""web.py --static DIR: the page's files and the WebAssembly package's, the page marked to
answer its API with that engine; a missing package is refused with what to do. (The page
itself is played in headless Chromium by tests/wasm/test_static_page.py.)"""

import os
import subprocess
import sys
import tempfile
import unittest

from lifeline_web.static_site import PACKAGE_FILES
from support import SCRIPTS


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

    def test_the_page_and_the_engine_are_written(self):
        for name in PACKAGE_FILES:
            with open(os.path.join(self.package, name), "w", encoding="utf-8") as stream:
                stream.write(f"// {name}\n")
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

    def test_a_missing_package_is_refused(self):
        result = web("--static", self.site, "--package", self.package)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("scripts/build_wasm.sh", result.stderr)
        self.assertFalse(os.path.exists(self.site))


if __name__ == "__main__":
    unittest.main()
