"""The WebAssembly package in headless Chromium, as a site embeds it: its ES module (engine.mjs)
starts the engine in a Web Worker and drives it with the protocol. Commands are answered in
order, a refused one rejects with a GtpError and changes nothing, an analysis streams its
lines until stop(), a timed move keeps its time, and quit ends the program. Served without
the isolation headers the single-threaded build runs; served with them (ThreadedPackageTest),
the threaded one, whose analysis stops at once and, stopped and started again many times,
leaves no Web Worker behind.

Runs under Debian's Python with python3-selenium (scripts/test_wasm.sh runs it after
scripts/build_wasm.sh); LIFELINE_WASM_PACKAGE names the package folder (build-wasm/package).
"""

import os
import shutil
import tempfile
import unittest

from lifeline_tools.engine.browser_engine import serve_folder
from lifeline_tools.engine.headless_chromium import chromium

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGE = os.environ.get("LIFELINE_WASM_PACKAGE", os.path.join(ROOT, "build-wasm", "package"))
PAGE = """<!doctype html>
<meta charset="utf-8">
<script type="module">
import { LifelineEngine, GtpError } from "./engine.mjs";
window.LifelineEngine = LifelineEngine;
window.GtpError = GtpError;
window.ready = true;
</script>
"""


class PackageInBrowserTest(unittest.TestCase):
    isolated = False

    @classmethod
    def setUpClass(cls):
        cls.folder = os.path.join(tempfile.mkdtemp(prefix="lifeline-package-"), "package")
        shutil.copytree(PACKAGE, cls.folder)
        with open(os.path.join(cls.folder, "index.html"), "w", encoding="utf-8") as stream:
            stream.write(PAGE)
        cls.server = serve_folder(cls.folder, isolated=cls.isolated)
        url = cls.server.__enter__()
        cls.browser = chromium()
        cls.driver = cls.browser.__enter__()
        cls.driver.set_script_timeout(120)
        cls.driver.get(url + "/index.html")

    @classmethod
    def tearDownClass(cls):
        cls.browser.__exit__(None, None, None)
        cls.server.__exit__(None, None, None)
        shutil.rmtree(os.path.dirname(cls.folder), ignore_errors=True)

    def run_async(self, body, *args):
        """Runs `body` (the inside of an async function of `args`) in the page; its result."""
        script = ("const done = arguments[arguments.length - 1];"
                  f"(async (args) => {{ {body} }})(Array.from(arguments).slice(0, -1))"
                  ".then(done, (error) => done({failed: String(error)}));")
        result = self.driver.execute_async_script(script, *args)
        if isinstance(result, dict) and "failed" in result:
            self.fail(result["failed"])
        return result

    def test_the_single_threaded_build_runs(self):
        result = self.run_async("""
            const engine = await LifelineEngine.start({ maxThreads: 4 });
            const threads = await engine.send("lifeline-set threads");
            const workers = await engine.workers();
            await engine.quit();
            return { isolated: window.crossOriginIsolated, build: engine.build, threads, workers };
        """)
        self.assertEqual(result, {"isolated": False, "build": "single", "threads": "1",
                                  "workers": {"running": 0, "idle": 0}})

    def test_commands_errors_and_state(self):
        result = self.run_async("""
            const engine = await LifelineEngine.start({ args: ["--seed=5"] });
            const name = await engine.send("name");
            await engine.send("boardsize 5");
            let refused = null;
            try { await engine.send("play b Z99"); } catch (error) {
              refused = { gtp: error instanceof GtpError, message: error.message };
            }
            const state = JSON.parse(await engine.send("lifeline-state"));
            const played = await engine.send("play b C3");
            const after = JSON.parse(await engine.send("lifeline-state"));
            let blank = null;
            try { await engine.send("  "); } catch (error) { blank = error.message; }
            await engine.quit();
            let late = null;
            try { await engine.send("name"); } catch (error) { late = error.message; }
            return { name, refused, base: state.base, actions: state.actions, played,
                     black: after.black, blank, late, exited: engine.exited };
        """)
        self.assertEqual(result["name"], "lifeline")
        self.assertTrue(result["refused"]["gtp"], result)
        self.assertTrue(result["refused"]["message"], result)
        self.assertEqual((result["base"], result["actions"]), (5, 0))  # the refusal changed nothing
        self.assertEqual(result["played"], "")
        self.assertEqual(result["black"], ["C3"])
        self.assertIn("no answer", result["blank"])
        self.assertTrue(result["exited"])
        self.assertIn("quit", result["late"])

    def test_analysis_streams_until_stopped(self):
        result = self.run_async("""
            const engine = await LifelineEngine.start({ args: ["--seed=6", "--base=5"] });
            await engine.send("play b C3,E5");
            const lines = [];
            const running = engine.send("lifeline-analyze 10 territory",
                                        { onLine: (line) => lines.push(line) });
            await new Promise((resolve) => setTimeout(resolve, 1500));
            const seen = lines.length;
            const asked = performance.now();
            engine.stop();
            await running;
            const stopped = performance.now() - asked;
            const next = await engine.send("lifeline-turn");
            await engine.quit();
            return { seen, infos: lines.every((line) => line.startsWith("info move")),
                     territory: lines[lines.length - 1].includes(" territory "), stopped, next };
        """)
        self.assertGreater(result["seen"], 3)
        self.assertTrue(result["infos"])
        self.assertTrue(result["territory"])
        self.assertLess(result["stopped"], 1000)  # within a yield interval or so
        self.assertEqual(result["next"], "white 2 opening")

    def test_a_timed_move_keeps_its_time(self):
        result = self.run_async("""
            const engine = await LifelineEngine.start({ args: ["--seed=7", "--time=0.5"] });
            await engine.send("boardsize 7");
            await engine.send("play b D4,E6");
            const began = performance.now();
            const move = await engine.send("genmove w");
            const seconds = (performance.now() - began) / 1000;
            await engine.quit();
            return { move, seconds };
        """)
        # Base 7's columns run from A to N without I.
        self.assertRegex(result["move"], r"^(swap|[A-HJ-N]\d+(,[A-HJ-N]\d+)?)$")
        self.assertGreater(result["seconds"], 0.3)
        self.assertLess(result["seconds"], 1.5)


class ThreadedPackageTest(PackageInBrowserTest):
    """The package cross-origin isolated: its threaded build, at two threads."""

    isolated = True
    test_commands_errors_and_state = None  # the same code on either build: once is enough
    test_a_timed_move_keeps_its_time = None
    test_analysis_streams_until_stopped = None
    test_the_single_threaded_build_runs = None

    def test_the_threaded_build_at_two_threads(self):
        result = self.run_async("""
            const engine = await LifelineEngine.start({ args: ["--seed=8", "--base=5"],
                                                        threads: 2 });
            const threads = await engine.send("lifeline-set threads");
            const speed = await engine.send("lifeline-speed 5 1");
            await engine.quit();
            return { isolated: window.crossOriginIsolated, build: engine.build, threads, speed };
        """)
        self.assertTrue(result["isolated"])
        self.assertEqual((result["build"], result["threads"]), ("threads", "2"))
        self.assertIn("threads 2 ", result["speed"])

    def test_analyses_stopped_and_started_leave_no_worker(self):
        result = self.run_async("""
            const engine = await LifelineEngine.start({ args: ["--seed=9", "--base=5"],
                                                        threads: 2 });
            const cycle = async () => {
              const lines = [];
              const running = engine.send("lifeline-analyze 5", { onLine: (l) => lines.push(l) });
              await new Promise((resolve) => setTimeout(resolve, 60));
              const asked = performance.now();
              engine.stop();
              await running;
              return performance.now() - asked;
            };
            await cycle();
            const before = await engine.workers();
            let slowest = 0;
            for (let i = 0; i < 30; i++) slowest = Math.max(slowest, await cycle());
            const after = await engine.workers();
            const move = await engine.send("genmove b");
            await engine.quit();
            return { before, after, slowest, move };
        """)
        before, after = (sum(result[when].values()) for when in ("before", "after"))
        self.assertGreaterEqual(before, 3, result)  # the program's, the watcher's, a helper's
        self.assertEqual(after, before, result)
        self.assertLess(result["slowest"], 500, result)
        # Base 5's columns run from A to J without I; Black's first turn places two stones.
        self.assertRegex(result["move"], r"^[A-HJ]\d+(,[A-HJ]\d+)?$")


if __name__ == "__main__":
    unittest.main()
