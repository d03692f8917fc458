"""scripts/check_docs.py: pages that name a made-up protocol command, lifeline-set option,
script flag, repository file or tools' module fail, one line per finding at its page and line; clean pages,
with placeholders, installed programs and an engine's path given to a script, pass.

Needs LIFELINE_ENGINE, the path of the built engine (ctest sets it), and the checkout's git.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import unittest

import helpers

ENGINE = os.environ.get("LIFELINE_ENGINE")
CHECKER = os.path.join(helpers.SCRIPTS, "check_docs.py")


def in_git():
    if not shutil.which("git"):
        return False
    done = subprocess.run(["git", "-C", helpers.ROOT, "rev-parse", "--git-dir"],
                          capture_output=True)
    return done.returncode == 0


CLEAN = """\
    # A clean page

    `lifeline-state` answers with the game; `lifeline-set visits 100` and
    `lifeline-set NAME VALUE` set options, `lifeline-set judged-rave
    false` across a line break too; `gogui-rules_game_id` is GoGui's.
    In the manner of KataGo's `kata-analyze`. The prefix `lifeline-` is no command.

    Run `build/lifeline --network-value-mix 0.5 --book=none --help` or
    `scripts/referee.py --engine1 build/lifeline --engine2 "build/lifeline --seed 2" --games 2`;
    installed as `lifeline-referee`; `gogui-regress lifeline x.tst`.

    Files: `docs/`, `scripts/check_docs.py`, `src/core/board.h:12`, `protocol/*.md`,
    `results/matches/ROW.json.gz`, `tests/scripts/test_NAME.py`, `build/anything/at/all`,
    `scripts/lifeline_tools.egg-info` (git ignores it). In `AbstractPlay/gameslib`,
    `src/games/lifeline.ts` is that repository's.

    ```
    nice -n 19 scripts/network.py loop --out RUN --games 300 \\
      --rounds 2 --switch-score 0.45
    LIFELINE_BUILD_DIR=build scripts/test.sh --quick
    build/lifeline --seed 3 --time 2 | head
    ```

    ```
    boardsize 5
    =

    play b C3,D3
    =

    1 lifeline-set komi 2
    =1

    showboard
    = the board,
    over lines that are the answer's
    ```

        scripts/match_summary.py results/matches/M66-part1.json.gz
"""

MADE_UP = """\
    # Made up

    `lifeline-frobnicate` is no command.
    `lifeline-set frobnication 1` is no option.
    `build/lifeline --frobnication-flag 2` is no flag of the engine.
    `scripts/referee.py --games 2 --frobnicate-flag` is no flag of the referee.
    `docs/no-such-page.md` is no file.

    ```
    scripts/network.py loop --out RUN --frobnicate-more
    scripts/network.py export --weights W --switch-score 0.5
    X=1 nice -n 19 build/lifeline --frobnication-three 1
    ```

    A span across a line break: `lifeline-set
    frobnication-two 1`.

    ```
    frobnicate-command 3
    = 1
    ```
"""

MAN = r""".TH LIFELINE 6
.SH OPTIONS
.BI \-\-base= N
board base.
.BI \-\-frobnication= N
made up.
.B lifeline\-state
and
.B lifeline\-frobnicate
"""


@unittest.skipUnless(ENGINE and in_git(), "needs LIFELINE_ENGINE and the checkout's git")
class CheckDocsTest(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.directory.cleanup()

    def page(self, name, text):
        path = os.path.join(self.directory.name, name)
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(text)
        return path

    def check(self, *pages):
        return subprocess.run([sys.executable, CHECKER, "--engine", os.path.abspath(ENGINE),
                               "--pages", *pages], capture_output=True, text=True,
                              timeout=120)

    def test_clean_pages_pass(self):
        done = self.check(self.page("clean.md", textwrap.dedent(CLEAN)))
        self.assertEqual((done.returncode, done.stdout), (0, ""), done.stderr)

    def test_a_made_up_command_option_flag_and_file_fail_at_their_lines(self):
        page = self.page("made-up.md", textwrap.dedent(MADE_UP))
        done = self.check(page)
        self.assertEqual(done.returncode, 1, done.stderr)
        self.assertEqual(done.stdout.splitlines(), [
            f"{page}:3: command `lifeline-frobnicate` is not in list_commands",
            f"{page}:4: lifeline-set option `frobnication` is not an option of lifeline-set",
            f"{page}:5: engine flag `--frobnication-flag` is not an option of lifeline-set",
            f"{page}:6: `scripts/referee.py` has no flag `--frobnicate-flag` in its help",
            f"{page}:7: `docs/no-such-page.md` is not a file or folder that git tracks",
            f"{page}:10: `scripts/network.py loop` has no flag `--frobnicate-more` in its help",
            f"{page}:11: `scripts/network.py export` has no flag `--switch-score` in its help",
            f"{page}:12: engine flag `--frobnication-three` is not an option of lifeline-set",
            f"{page}:15: lifeline-set option `frobnication-two` is not an option of lifeline-set",
            f"{page}:19: command `frobnicate-command` is not in list_commands",
        ])

    def test_modules_of_the_tools_packages(self):
        page = self.page("modules.md", textwrap.dedent("""\
            `from lifeline_tools.play.match import run_match`, `lifeline_tools.openings`,
            `lifeline_tools.play.regression.run_file`, `lifeline_web.relay.RelayLimits` and
            `lifeline_tools/learning/network_model.py` are there;
            `lifeline_tools.match` and `lifeline_tools.play.frobnicate.run` are not,
            nor `lifeline_tools/frobnicate.py`.
            """))
        done = self.check(page)
        self.assertEqual(done.returncode, 1, done.stderr)
        self.assertEqual(done.stdout.splitlines(), [
            f"{page}:4: `lifeline_tools.match`: lifeline_tools has no module or package `match`",
            f"{page}:4: `lifeline_tools.play.frobnicate.run`: lifeline_tools.play has no module "
            "or package `frobnicate`",
            f"{page}:5: `scripts/lifeline_tools/frobnicate.py` is not a file or folder that git "
            "tracks",
        ])

    def test_the_manual_page_flags_and_commands(self):
        page = self.page("lifeline.6", MAN)
        done = self.check(page)
        self.assertEqual(done.returncode, 1, done.stderr)
        self.assertEqual(done.stdout.splitlines(), [
            f"{page}:5: engine flag `--frobnication` is not an option of lifeline-set",
            f"{page}:9: command `lifeline-frobnicate` is not in list_commands",
        ])

    def test_an_engine_that_cannot_answer_stops_the_check(self):
        done = subprocess.run([sys.executable, CHECKER, "--engine", "/nonexistent/lifeline",
                               "--pages", self.page("clean.md", textwrap.dedent(CLEAN))],
                              capture_output=True, text=True, timeout=120)
        self.assertEqual(done.returncode, 2)
        self.assertIn("cannot run the engine", done.stderr)


class HelpTest(unittest.TestCase):
    def test_help_names_the_options(self):
        done = subprocess.run([sys.executable, CHECKER, "--help"], capture_output=True,
                              text=True, timeout=60)
        self.assertEqual(done.returncode, 0)
        for option in ("--engine", "--pages", "--repository"):
            self.assertIn(option, done.stdout)


if __name__ == "__main__":
    unittest.main()
