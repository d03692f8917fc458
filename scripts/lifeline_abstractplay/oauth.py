"""The bot's side of talking to Abstract Play: an OAuth client-credentials token, cached and
renewed early, and the botQuery call that submits a move with it (docs/bots/authentication.md
and protocol.md of AbstractPlay/node-backend).

botQuery runs behind API Gateway's Lambda (non-proxy) integration: the HTTP status is 200
whenever its function ran, and the function's own answer, {"statusCode": ..., "body": ...},
is the body. So a move counts as taken only when that inner status is 200 as well; a refusal
(not the bot's turn, an illegal move) arrives as HTTP 200 with an inner 500.

The client secret and the tokens never reach a log line or an exception message: failures
name the URL's host, the status and at most the start of the answer's body. Redirects are not
followed, so the token cannot be carried to another host.
"""

import http.client
import ipaddress
import json
import math
import re
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass

# Abstract Play's reference client renews a token this long before it expires.
RENEW_EARLY_SECONDS = 60
TOKEN_TIMEOUT_SECONDS = 15
QUERY_TIMEOUT_SECONDS = 30
MAX_ANSWER_BYTES = 1 << 20
# Bounds on a token's lifetime as the token endpoint states it.
MIN_LIFETIME_SECONDS, MAX_LIFETIME_SECONDS = 60.0, 86400.0
_INNER_STATUS = re.compile(r'\s*\{\s*"statusCode"\s*:\s*(\d+)')


class AbstractPlayError(Exception):
    """A call to Abstract Play that failed; `status` is the HTTP status (or botQuery's inner
    one), 0 when no answer came. `sent` is False only when the request cannot have reached
    Abstract Play (no connection was made), the one case where sending it again is safe."""

    def __init__(self, message, status=0, sent=True):
        super().__init__(message)
        self.status = status
        self.sent = sent


@dataclass(frozen=True)
class Credentials:
    token_url: str
    scope: str
    client_id: str
    client_secret: str
    query_url: str

    def __repr__(self):  # the secret stays out of any accidental print
        return (f"Credentials(token_url={self.token_url!r}, scope={self.scope!r}, "
                f"client_id={self.client_id!r}, query_url={self.query_url!r})")


def _host(url):
    return urllib.parse.urlsplit(url).netloc or url


def check_url(url):
    """Raises ValueError unless the URL is https, or http to this machine (tests)."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme == "https" and parts.hostname:
        return
    if parts.scheme == "http" and parts.hostname:
        try:
            if parts.hostname == "localhost" or ipaddress.ip_address(parts.hostname).is_loopback:
                return
        except ValueError:
            pass
    raise ValueError(f"{url!r} is not an https URL")


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *_args, **_kwargs):
        return None  # the 3xx answer is returned as it is


_opener = urllib.request.build_opener(_NoRedirects)

# Failures that happen before any byte of the request is sent.
_NOT_SENT = (ConnectionRefusedError, socket.gaierror)


def _post(url, body, headers, timeout):
    """POSTs bytes; returns (status, answer text). Raises AbstractPlayError when no answer
    came."""
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with _opener.open(request, timeout=timeout) as answer:
            return answer.status, answer.read(MAX_ANSWER_BYTES).decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        text = error.read(MAX_ANSWER_BYTES).decode("utf-8", "replace")
        error.close()
        return error.code, text
    except (urllib.error.URLError, OSError, ValueError, http.client.HTTPException) as error:
        reason = getattr(error, "reason", error)
        raise AbstractPlayError(f"no answer from {_host(url)}: {reason}",
                                sent=not isinstance(reason, _NOT_SENT)) from None


def inner_status(text):
    """botQuery's own status inside an HTTP 200 answer: its "statusCode", 500 for a function
    that failed ("errorMessage"), None when the answer has neither."""
    match = _INNER_STATUS.match(text)
    if match:
        return int(match.group(1))
    if '"errorMessage"' in text[:200]:
        return 500
    return None


class TokenSource:
    """One cached access token from the client-credentials grant. Thread-safe."""

    def __init__(self, credentials, clock=time.monotonic):
        self._credentials = credentials
        self._clock = clock
        self._token = None
        self._renew_at = 0.0
        self._lock = threading.Lock()
        self.fetches = 0  # how many tokens were requested, for the log and the tests

    def token(self):
        with self._lock:
            if self._token is None or self._clock() >= self._renew_at:
                self._fetch()
            return self._token

    def discard(self, token):
        """Forgets a token Abstract Play refused, unless another thread renewed it already."""
        with self._lock:
            if self._token == token:
                self._token = None

    def _fetch(self):
        c = self._credentials
        form = urllib.parse.urlencode({"grant_type": "client_credentials",
                                       "client_id": c.client_id,
                                       "client_secret": c.client_secret, "scope": c.scope})
        started = self._clock()
        status, text = _post(c.token_url, form.encode(),
                             {"Content-Type": "application/x-www-form-urlencoded"},
                             TOKEN_TIMEOUT_SECONDS)
        self.fetches += 1
        if status != 200:
            raise AbstractPlayError(
                f"token request to {_host(c.token_url)} failed ({status}): {text[:200]}", status)
        try:
            answer = json.loads(text)
            token = answer["access_token"]
            lifetime = float(answer.get("expires_in", 3600))
            if not math.isfinite(lifetime):
                raise ValueError("lifetime")
            lifetime = min(max(lifetime, MIN_LIFETIME_SECONDS), MAX_LIFETIME_SECONDS)
        except (ValueError, KeyError, TypeError):
            raise AbstractPlayError(f"token answer from {_host(c.token_url)} has no token",
                                    status) from None
        if not isinstance(token, str) or not token:
            raise AbstractPlayError(f"token answer from {_host(c.token_url)} has no token", status)
        self._token = token
        self._renew_at = started + max(lifetime - RENEW_EARLY_SECONDS, 0.0)


class MoveSubmitter:
    """Posts a move to botQuery with the cached token; on a 401 it fetches a new token and
    tries once more, as Abstract Play's guide asks."""

    def __init__(self, credentials, tokens=None):
        self._credentials = credentials
        self.tokens = tokens or TokenSource(credentials)

    def submit(self, gameid, meta_game, move):
        """Returns the answer's text once botQuery took the move; raises AbstractPlayError
        otherwise."""
        body = json.dumps({"verb": "move", "gameid": gameid, "metaGame": meta_game,
                           "move": move}).encode()
        token = self.tokens.token()
        status, text = self._post_move(body, token)
        if status == 401:  # the token expired or was revoked: one new token, one more try
            self.tokens.discard(token)
            status, text = self._post_move(body, self.tokens.token())
        if status != 200:
            raise AbstractPlayError(f"botQuery refused move {move} ({status}): {text[:200]}",
                                    status)
        return text

    def _post_move(self, body, token):
        status, text = _post(self._credentials.query_url, body,
                             {"Authorization": f"Bearer {token}",
                              "Content-Type": "application/json"}, QUERY_TIMEOUT_SECONDS)
        if status == 200:
            status = inner_status(text) or 200
        return status, text
