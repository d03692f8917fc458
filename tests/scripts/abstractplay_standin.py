"""A stand-in for Abstract Play's side of the bot protocol, written from its documentation
(AbstractPlay/node-backend, docs/bots/): real HTTP on 127.0.0.1, an OAuth token endpoint for
the client-credentials grant, a botQuery endpoint that takes moves, and signed webhooks
(Ed25519 over "<timestamp>.<nonce>.<raw body>") sent to the bot.

botQuery answers as Abstract Play's does behind API Gateway's Lambda integration: HTTP 401
when the token is refused (the authorizer), otherwise HTTP 200 with the function's own answer,
{"statusCode": ..., "body": ...}, as the body, a refused move having an inner 500.

It keeps its games as Abstract Play does, as lists of move strings, and referees them with a
real engine through the bot's notation module: a move must be legal and written exactly as
Abstract Play lists it (a pair in string order), and the game ends as in Abstract Play's
lifeline.ts, as soon as a player has no stone left after the first turns. After each move it
takes, it asks the bot for the next one, so the bot plays both seats.
"""

import base64
import http.server
import json
import secrets
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from lifeline_abstractplay import notation
from lifeline_tools.engine import gtp

CLIENT_ID = "standin-client-id"
CLIENT_SECRET = "standin-secret-" + "x7Qp2"  # searched for in the bot's logs
SCOPE = "default-m2m-resource-server-test/communicate"


def new_key():
    return Ed25519PrivateKey.generate()


def public_key_line(private_key):
    return private_key.public_key().public_bytes(
        serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH).decode()


def signed_headers(private_key, raw_body, timestamp=None, nonce=None):
    timestamp = str(int(time.time()) if timestamp is None else timestamp)
    nonce = secrets.token_hex(16) if nonce is None else nonce
    signature = private_key.sign(f"{timestamp}.{nonce}.".encode() + raw_body)
    return {"X-Signature-Timestamp": timestamp, "X-Signature-Nonce": nonce,
            "X-Signature": base64.b64encode(signature).decode(),
            "Content-Type": "application/json"}


def http_request(url, raw_body=None, headers=None, method=None, timeout=30):
    """(status, parsed JSON answer or text)."""
    request = urllib.request.Request(url, data=raw_body, headers=headers or {},
                                     method=method or ("POST" if raw_body is not None else "GET"))
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            status, text = answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read().decode()
        error.close()
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


def _lambda_answer(status, body):
    """What botQuery's function returns, which API Gateway sends as the body of an HTTP 200."""
    return {"statusCode": status, "body": json.dumps(body),
            "headers": {"content-type": "application/json"}}


class Game:
    """One game as Abstract Play keeps it, refereed by its own engine process."""

    def __init__(self, engine_command, gameid, variants, stop_after=None):
        self.gameid = gameid
        self.stop_after = stop_after  # moves after which the stand-in asks for no more
        self.variants = list(variants)
        self.base = notation.base_of_variants(self.variants)
        self.moves = []
        self.over = False
        self.winner = None  # 1 or 2, Abstract Play's player numbers
        self.refused = []  # (move, reason) of moves the stand-in would not take
        self.refuse_next = False  # answer the next move as Abstract Play answers a refusal
        self.done = threading.Event()
        self._engine = gtp.GtpEngine(engine_command)
        self._engine.start_game(self.base, "strong-pie", timeout=10)

    def payload(self, clock_hours=48):
        rounds = [self.moves[i:i + 2] for i in range(0, len(self.moves), 2)]
        return {"verb": "move", "metaGame": notation.GAME_ID, "variants": self.variants,
                "gameid": self.gameid, "clockCurr": clock_hours, "numPlayers": 2,
                "moves": rounds, "context": []}

    def apply(self, move):
        """Takes a move as Abstract Play's botQuery would; returns an error text or None."""
        if self.over:
            return "the game is over"
        try:
            token = notation.engine_move(self.base, move)
        except notation.NotationError as error:
            return str(error)
        if move != notation.ap_move(self.base, token):
            return f"{move!r} is not in Abstract Play's list of moves (written differently)"
        color = "b" if len(self.moves) % 2 == 0 else "w"
        try:
            self._engine.play(color, token, timeout=10)
        except gtp.CommandRefused as error:
            return error.answer
        self.moves.append(move)
        state = self._engine.state(timeout=10)
        # lifeline.ts checkEOG: from the third turn on, a player without stones has lost,
        # the player to move first.
        if len(self.moves) > 2:
            mover = 1 if color == "b" else 2
            stones = {1: state["black"], 2: state["white"]}
            if not stones[3 - mover]:
                self.over, self.winner = True, mover
            elif not stones[mover]:
                self.over, self.winner = True, 3 - mover
        if state["over"] and not self.over:
            self.refused.append((move, "the engine ended a game that Abstract Play goes on"))
        return None

    def close(self):
        self._engine.close()


class AbstractPlay:
    """The stand-in: start(), then new_game() and the webhook helpers; close() at the end."""

    def __init__(self, engine_command, bot_url=None):
        self.engine_command = engine_command
        self.bot_url = bot_url
        self.key = new_key()
        self.token_lifetime = 3600
        self.tokens = {}  # valid access tokens
        self.token_requests = 0
        self.bad_token_answers = 0
        self.games = {}
        self.webhook_answers = []  # (gameid, status) of every move webhook sent
        self.lock = threading.Lock()
        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    @property
    def environment(self):
        """What the bot's operator sets for this stage."""
        return {"BOT_TOKEN_URL": self.url + "/oauth2/token", "BOT_OAUTH_SCOPE": SCOPE,
                "BOT_QUERY_URL": self.url + "/dev/botQuery", "BOT_CLIENT_ID": CLIENT_ID,
                "BOT_CLIENT_SECRET": CLIENT_SECRET, "AP_BOT_PUBLIC_KEY": public_key_line(self.key)}

    def expire_tokens(self):
        with self.lock:
            self.tokens.clear()

    def close(self):
        self._server.shutdown()
        self._server.server_close()
        for game in self.games.values():
            game.close()

    # --- webhooks to the bot -------------------------------------------------------------

    def post(self, payload, key=None, **signing):
        raw = json.dumps(payload).encode()
        return http_request(self.bot_url, raw, signed_headers(key or self.key, raw, **signing))

    def new_game(self, gameid, variants, stop_after=None):
        game = Game(self.engine_command, gameid, variants, stop_after)
        self.games[gameid] = game
        return game

    def ask_for_move(self, game):
        status, _ = self.post(game.payload())
        with self.lock:
            self.webhook_answers.append((game.gameid, status))
        return status

    # --- Abstract Play's endpoints ---------------------------------------------------------

    def _token(self, form):
        self.token_requests += 1
        if (form.get("grant_type") != ["client_credentials"] or form.get("client_id") != [CLIENT_ID]
                or form.get("client_secret") != [CLIENT_SECRET] or form.get("scope") != [SCOPE]):
            return 400, {"error": "invalid_client"}
        token = secrets.token_urlsafe(24)
        with self.lock:
            self.tokens[token] = time.monotonic() + self.token_lifetime
        return 200, {"access_token": token, "expires_in": self.token_lifetime,
                     "token_type": "Bearer"}

    def _bot_query(self, authorization, body):
        token = authorization[len("Bearer "):] if authorization.startswith("Bearer ") else ""
        with self.lock:
            valid = self.tokens.get(token, 0) > time.monotonic()
        if not valid:
            self.bad_token_answers += 1
            return 401, {"message": "Unauthorized"}  # API Gateway's answer
        if body.get("verb") != "move":
            return 200, _lambda_answer(400, {"message": f"Unknown bot verb '{body.get('verb')}'"})
        game = self.games.get(body.get("gameid"))
        if game is None or body.get("metaGame") != notation.GAME_ID:
            return 200, _lambda_answer(500, {"message": "Unable to load game"})
        if game.refuse_next:
            game.refuse_next = False
            return 200, _lambda_answer(500, {"message": "It is not your turn!"})
        error = game.apply(body.get("move", ""))
        if error is not None:
            game.refused.append((body.get("move"), error))
            game.done.set()
            return 200, _lambda_answer(500, {"message": f"Unable to apply move: {error}"})
        if game.over or len(game.moves) == game.stop_after:
            game.done.set()
        else:  # Abstract Play tells the player to move, through a queue: not in this answer
            threading.Thread(target=self.ask_for_move, args=(game,), daemon=True).start()
        return 200, _lambda_answer(200, {"id": game.gameid, "numMoves": len(game.moves)})

    def _handler_class(self):
        standin = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *_args):
                pass

            def do_POST(self):
                raw = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                if self.path == "/oauth2/token":
                    status, body = standin._token(urllib.parse.parse_qs(raw.decode()))
                elif self.path == "/dev/botQuery":
                    status, body = standin._bot_query(self.headers.get("Authorization", ""),
                                                      json.loads(raw))
                else:
                    status, body = 404, {"message": "Not Found"}
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        return Handler
