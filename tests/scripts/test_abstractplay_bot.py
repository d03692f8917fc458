"""scripts/abstractplay_bot.py against a stand-in for Abstract Play (abstractplay_standin.py):
the bot runs as its own process, configured through the environment like a real deployment,
and everything crosses real HTTP on 127.0.0.1 with real Ed25519 signatures.

Whole games on two board sizes are played through the bot to the end (it plays both seats);
a forged signature, a replayed request, an expired signature, an expired token and a crashed
engine are each handled as Abstract Play's protocol says, and the server keeps serving.
Needs the engine (LIFELINE_ENGINE) and Debian's python3-cryptography.
"""

import os
import select
import signal
import subprocess
import sys
import tempfile
import time
import unittest
import uuid

import helpers
from helpers import ROOT

try:
    import abstractplay_standin as standin
except ImportError as error:  # cryptography is missing from this Python
    standin = None
    MISSING = str(error)

ENGINE = helpers.engine_path()
BOT = os.path.join(ROOT, "scripts", "abstractplay_bot.py")
GAME_SECONDS = 240


class Bot:
    """The bot as a process, with its log in a file."""

    def __init__(self, environment, engine=ENGINE, cap="0.05", floor="0.02"):
        self.log = tempfile.NamedTemporaryFile("w+", suffix=".log")
        env = dict(os.environ, **environment)
        env["PYTHONPATH"] = os.path.join(ROOT, "scripts")
        self.process = subprocess.Popen(
            [sys.executable, BOT, "--port", "0", "--engine", engine, "--move-cap", cap,
             "--move-floor", floor],
            stdout=subprocess.PIPE, stderr=self.log, env=env, text=True)
        ready, _, _ = select.select([self.process.stdout], [], [], 30)
        line = self.process.stdout.readline() if ready else ""
        if "listening on" not in line:
            self.process.kill()
            raise RuntimeError(f"the bot did not start: {line!r} {self.log_text()}")
        self.url = line.rsplit(" ", 1)[1].strip()

    def log_text(self):
        self.log.seek(0)
        return self.log.read()

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.process.stdout.close()


@unittest.skipIf(standin is None, "no cryptography")
class BotTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.ap = standin.AbstractPlay(ENGINE)
        cls.bot = Bot(cls.ap.environment)
        cls.ap.bot_url = cls.bot.url

    @classmethod
    def tearDownClass(cls):
        cls.bot.stop()
        cls.ap.close()
        log = cls.bot.log_text()
        assert standin.CLIENT_SECRET not in log, "the client secret reached the log"

    def challenge(self, meta_game="lifeline", variants=(), **extra):
        payload = {"verb": "challenge", "metaGame": meta_game, "variants": list(variants),
                   "clockStart": 72, "clockInc": 24, "clockMax": 168,
                   "challengers": ["human-id"], **extra}
        return self.ap.post(payload)

    def play_to_the_end(self, variants):
        game = self.ap.new_game(str(uuid.uuid4()), variants)
        self.assertEqual(self.ap.ask_for_move(game), 202)
        self.assertTrue(game.done.wait(GAME_SECONDS), f"game stuck after {len(game.moves)} moves")
        self.assertEqual(game.refused, [])
        self.assertTrue(game.over)
        self.assertIn(game.winner, (1, 2))
        return game

    def test_ping(self):
        status, body = standin.http_request(self.bot.url)
        self.assertEqual((status, body), (200, {"operational": True}))

    def test_challenges_of_lifeline_are_accepted(self):
        for variants in ([], ["size-6"], ["size-7"], ["size-10"], ["size-12"], ["#board"]):
            with self.subTest(variants=variants):
                self.assertEqual(self.challenge(variants=variants)[0], 200)

    def test_other_challenges_are_refused(self):
        for meta_game, variants in (("abande", []), ("lifeline", ["size-8"]),
                                    ("lifeline", ["size-6", "size-12"]),
                                    ("lifeline", ["strong-pie"])):
            with self.subTest(meta_game=meta_game, variants=variants):
                status, body = self.challenge(meta_game, variants)
                self.assertEqual(status, 400)
                self.assertIn("message", body)
        self.assertEqual(self.challenge(challengers=["a", "b"])[0], 400)

    def test_whole_games_on_two_sizes(self):
        for variants in (["size-6"], []):
            with self.subTest(variants=variants):
                game = self.play_to_the_end(variants)
                self.assertGreater(len(game.moves), 10)
                self.assertIn(",", game.moves[0])
                self.assertIn(",", game.moves[1])
                self.assertNotIn(",", game.moves[2])

    def test_an_expired_token_is_fetched_anew_once(self):
        game = self.ap.new_game(str(uuid.uuid4()), ["size-6"])
        self.assertEqual(self.ap.ask_for_move(game), 202)
        self.assertTrue(self._wait(lambda: len(game.moves) >= 6))
        requests, refusals = self.ap.token_requests, self.ap.bad_token_answers
        self.ap.expire_tokens()
        self.assertTrue(game.done.wait(GAME_SECONDS))
        self.assertEqual(game.refused, [])
        self.assertTrue(game.over)
        # A 401 (one per move in flight), one new token, and that token for every move after.
        self.assertGreater(self.ap.bad_token_answers, refusals)
        self.assertEqual(self.ap.token_requests, requests + 1)

    def test_forged_signature_is_refused(self):
        payload = {"verb": "challenge", "metaGame": "lifeline", "variants": []}
        status, body = self.ap.post(payload, key=standin.new_key())
        self.assertEqual(status, 401)
        self.assertEqual(body["message"], "invalid signature")
        # A body changed after signing.
        raw = b'{"verb": "challenge", "metaGame": "lifeline", "variants": []}'
        headers = standin.signed_headers(self.ap.key, raw)
        status, _ = standin.http_request(self.bot.url, raw.replace(b"[]", b'["size-6"]'),
                                         headers)
        self.assertEqual(status, 401)

    def test_replayed_request_is_refused(self):
        raw = b'{"verb": "challenge", "metaGame": "lifeline", "variants": []}'
        headers = standin.signed_headers(self.ap.key, raw)
        self.assertEqual(standin.http_request(self.bot.url, raw, headers)[0], 200)
        status, body = standin.http_request(self.bot.url, raw, headers)
        self.assertEqual(status, 401)
        self.assertIn("replayed", body["message"])

    def test_old_or_future_signatures_are_refused(self):
        payload = {"verb": "challenge", "metaGame": "lifeline", "variants": []}
        # Five minutes is the limit; the margins keep a loaded machine's delays out of it.
        for shift in (-330, 330):
            with self.subTest(shift=shift):
                status, body = self.ap.post(payload, timestamp=int(time.time()) + shift)
                self.assertEqual(status, 401)
                self.assertEqual(body["message"], "signature timestamp expired")
        self.assertEqual(self.ap.post(payload, timestamp=int(time.time()) - 200)[0], 200)

    def test_bad_requests_get_clear_errors(self):
        url = self.bot.url
        raw = b'{"verb": "challenge"'
        self.assertEqual(standin.http_request(url, raw, {"Content-Type": "application/json"})[0],
                         401)  # no signature headers
        self.assertEqual(standin.http_request(url, raw, standin.signed_headers(self.ap.key, raw))
                         [0], 400)  # signed, not JSON
        for payload in ({"verb": "dance"}, {"verb": "move", "metaGame": "lifeline"},
                        {"verb": "move", "metaGame": "lifeline", "gameid": "g",
                         "moves": [["a1,c3", "b7,f2"], ["zz9"]]},
                        {"verb": "move", "metaGame": "lifeline", "gameid": "g",
                         "moves": "a1"}):
            with self.subTest(payload=payload):
                status, body = self.ap.post(payload)
                self.assertEqual(status, 400, body)
        headers = dict(standin.signed_headers(self.ap.key, raw), **{"Content-Length": "\u00b2"})
        request = standin.urllib.request.Request(url, data=raw, headers=headers, method="POST")
        self.assertEqual(self._status_of(request), 411)
        big = b"x" * (300 * 1024)
        self.assertEqual(standin.http_request(url, big, standin.signed_headers(self.ap.key, big))
                         [0], 413)
        self.assertEqual(standin.http_request(url, b"", {}, method="PUT")[0], 405)
        self.assertEqual(standin.http_request(url)[0], 200)  # still serving

    def test_the_same_turn_asked_twice_gets_one_move(self):
        game = self.ap.new_game(str(uuid.uuid4()), ["size-6"], stop_after=1)
        payload = game.payload()
        self.assertEqual(self.ap.post(payload), (202, {"queued": True, "duplicate": False}))
        self.assertEqual(self.ap.post(payload), (202, {"queued": True, "duplicate": True}))
        self.assertTrue(game.done.wait(60))
        time.sleep(0.5)  # a second move would have come by now
        self.assertEqual((len(game.moves), game.refused), (1, []))

    def test_an_illegal_history_posts_nothing(self):
        game = self.ap.new_game(str(uuid.uuid4()), ["size-6"])
        payload = dict(game.payload(), moves=[["a1,a2"]])  # an adjacent pair
        self.assertEqual(self.ap.post(payload)[0], 202)
        self.assertTrue(self._wait(lambda: "is not legal here" in self.bot.log_text()))
        self.assertEqual(game.moves, [])

    def test_a_refused_move_leaves_the_turn_open(self):
        game = self.ap.new_game(str(uuid.uuid4()), ["size-6"], stop_after=1)
        game.refuse_next = True  # Abstract Play answers HTTP 200 with an inner 500
        payload = game.payload()
        self.assertEqual(self.ap.post(payload)[0], 202)
        self.assertTrue(self._wait(lambda: "(500)" in self.bot.log_text()))
        self.assertEqual(game.moves, [])
        self.assertTrue(_ask_again_until_queued(self.ap, payload))
        self.assertTrue(game.done.wait(60))
        self.assertEqual((len(game.moves), game.refused), (1, []))

    @staticmethod
    def _status_of(request):
        try:
            with standin.urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status
        except standin.urllib.error.HTTPError as error:
            error.close()
            return error.code

    @staticmethod
    def _wait(condition, seconds=60):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if condition():
                return True
            time.sleep(0.05)
        return False


@unittest.skipIf(standin is None, "no cryptography")
class OpeningBookTest(unittest.TestCase):
    """The bot's engine plays its first turn from the opening book where the book holds a proof:
    here a map made for the test on Abstract Play's default board (base 7), whose shipped map
    holds estimates alone, which the engine does not play (docs/openings.md)."""

    def test_the_first_turn_comes_from_the_opening_book(self):
        folder = tempfile.mkdtemp(prefix="lifeline-bot-book-")
        with open(os.path.join(folder, "base7-strong-pie.map"), "w", encoding="utf-8") as stream:
            stream.write("lifeline-openings 1\nbase 7\nrules strong-pie\nturn A1,C3 0 exact\n")
        engine_command = f"{ENGINE} --book={folder}"
        ap = standin.AbstractPlay(ENGINE)
        bot = Bot(ap.environment, engine=engine_command)
        ap.bot_url = bot.url
        try:
            game = ap.new_game(str(uuid.uuid4()), [], stop_after=1)
            self.assertEqual(ap.ask_for_move(game), 202)
            self.assertTrue(game.done.wait(60))
        finally:
            bot.stop()
            ap.close()
        engine = standin.gtp.GtpEngine(engine_command)
        try:
            engine.start_game(game.base, "strong-pie", timeout=10)
            book = engine.ask("lifeline-book", timeout=10)
        finally:
            engine.close()
        choices = {standin.notation.ap_move(game.base, line.split()[1])
                   for line in book.splitlines() if line.startswith("choice ")}
        self.assertEqual(len(choices), 6)  # A1,C3's images (a mirror keeps the pair)
        self.assertIn(game.moves[0], choices)


@unittest.skipIf(standin is None, "no cryptography")
class CrashedEngineTest(unittest.TestCase):
    """An engine that dies: the bot tries once more with a new engine; if that dies too, it
    posts nothing, logs why, and serves on."""

    def setUp(self):
        self.ap = standin.AbstractPlay(ENGINE)
        self.folder = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.ap.close()
        self.folder.cleanup()

    def start_bot(self, engine):
        bot = Bot(self.ap.environment, engine)
        self.ap.bot_url = bot.url
        self.addCleanup(bot.stop)
        return bot

    def test_one_crash_is_retried(self):
        marker = os.path.join(self.folder.name, "crashed")
        # Dies at once the first time, runs the engine after.
        engine = f"sh -c 'if [ -e {marker} ]; then exec {ENGINE}; fi; touch {marker}; exit 3'"
        bot = self.start_bot(engine)
        game = self.ap.new_game(str(uuid.uuid4()), ["size-6"], stop_after=1)
        self.assertEqual(self.ap.ask_for_move(game), 202)
        self.assertTrue(game.done.wait(60))
        self.assertEqual(game.refused, [])
        self.assertTrue(os.path.exists(marker))
        self.assertIn("retrying with a new engine", bot.log_text())

    def test_an_engine_that_always_crashes_posts_nothing(self):
        bot = self.start_bot("sh -c 'exit 3'")
        game = self.ap.new_game(str(uuid.uuid4()), ["size-6"])
        self.assertEqual(self.ap.ask_for_move(game), 202)
        self.assertTrue(BotTest._wait(lambda: "no move" in bot.log_text()))
        self.assertEqual(game.moves, [])
        self.assertEqual(standin.http_request(bot.url)[0], 200)
        self.assertTrue(_ask_again_until_queued(self.ap, game.payload()))


class StopTest(unittest.TestCase):
    """SIGTERM (systemd's stop): the server stops taking requests, posts the moves it was
    asked for, then exits."""

    def test_a_move_in_progress_is_posted_before_exiting(self):
        ap = standin.AbstractPlay(ENGINE)
        self.addCleanup(ap.close)
        bot = Bot(ap.environment, cap="1", floor="1")
        ap.bot_url = bot.url
        game = ap.new_game(str(uuid.uuid4()), ["size-6"], stop_after=1)
        self.assertEqual(ap.ask_for_move(game), 202)
        time.sleep(0.3)
        bot.process.send_signal(signal.SIGTERM)
        self.assertEqual(bot.process.wait(timeout=60), 0)
        bot.process.stdout.close()
        self.assertEqual(len(game.moves), 1)
        self.assertIn("stopping", bot.log_text())


def _ask_again_until_queued(ap, payload, seconds=10):
    """A turn whose move failed may be asked for again once its worker let it go: True when
    a request for it was queued anew rather than taken as a duplicate."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status, body = ap.post(payload)
        if status == 202 and not body["duplicate"]:
            return True
        time.sleep(0.1)
    return False


if __name__ == "__main__":
    unittest.main()
