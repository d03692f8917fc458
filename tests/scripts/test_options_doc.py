"""docs/options.md against the engine: the page is what scripts/options_doc.py writes from the
engine's `lifeline-set` listing, so an option added, removed or changed without the page
fails here.

Needs LIFELINE_ENGINE, the path of the built engine (ctest sets it); skipped without it.
"""

import difflib
import unittest

import options_doc

import helpers

ENGINE = helpers.engine_path()


class RowTest(unittest.TestCase):
    def test_a_line_of_each_kind(self):
        self.assertEqual(
            options_doc.row("base 7 (int 2..13, default 7): board base that clear_board sets up"),
            "| `base` | int | 2 to 13 | `7` | board base that clear_board sets up |")
        self.assertEqual(
            options_doc.row("rules weak-pie (choice strong-pie|weak-pie, default strong-pie): "
                            "a | b"),
            "| `rules` | choice | `strong-pie`, `weak-pie` | `strong-pie` | a \\| b |")
        self.assertEqual(options_doc.row("rave true (bool true|false, default true): RAVE"),
                         "| `rave` | bool | `true`, `false` | `true` | RAVE |")
        # A text option's current value may be empty.
        self.assertEqual(
            options_doc.row("network  (text one word, default auto): the file"),
            "| `network` | text | one word | `auto` | the file |")

    def test_anything_else_is_refused(self):
        with self.assertRaises(ValueError):
            options_doc.row("time 0 seconds per move")


@unittest.skipUnless(ENGINE, "LIFELINE_ENGINE is not set")
class PageTest(unittest.TestCase):
    def test_the_page_is_the_engines_listing(self):
        expected = options_doc.page(options_doc.listing(ENGINE))
        with open(options_doc.PAGE, encoding="utf-8") as stream:
            written = stream.read()
        diff = "".join(difflib.unified_diff(written.splitlines(True), expected.splitlines(True),
                                            "docs/options.md", "the engine's listing"))
        self.assertEqual(written, expected,
                         "docs/options.md differs from lifeline-set; run "
                         "scripts/options_doc.py to write it again:\n" + diff)


if __name__ == "__main__":
    unittest.main()
