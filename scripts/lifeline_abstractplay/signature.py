"""Abstract Play's request signatures: every POST it sends a bot carries an Ed25519 signature
of "<timestamp>.<nonce>.<raw body>" in three headers (docs/bots/authentication.md of
AbstractPlay/node-backend).

RequestVerifier checks the signature against Abstract Play's public key before anything reads
the body, refuses requests signed more than five minutes away from this machine's clock, and
remembers the nonces of accepted requests for as long as a replay of them could pass the
time test, so each signed request is accepted once. It does not parse the body.
"""

import base64
import binascii
import re
import threading
import time

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

# The key Abstract Play publishes at https://play.abstractplay.com/ap-public-key.txt, which its
# reference verifier (lib/botVerify.ts) also carries as its default.
ABSTRACT_PLAY_PUBLIC_KEY = (
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINBTbzcpb7MaQM3TIFzsS8YmPqqT2y+/fJgevp20lzLm")

MAX_AGE_SECONDS = 5 * 60
HEADER_TIMESTAMP = "X-Signature-Timestamp"
HEADER_NONCE = "X-Signature-Nonce"
HEADER_SIGNATURE = "X-Signature"
# Nonces are random strings (32 hex digits from Abstract Play); anything longer is no nonce.
MAX_NONCE_LENGTH = 256
_TIMESTAMP = re.compile(r"[0-9]{1,12}")


class VerificationError(Exception):
    """A request that must be refused; the message says why, for the log and the answer."""


def _ssh2_file_to_line(text):
    """The body of an RFC 4716 ("---- BEGIN SSH2 PUBLIC KEY ----") file as an OpenSSH line."""
    body = []
    continued = False
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("----"):
            continue
        if continued or ":" in line:  # a header, possibly continued with a backslash
            continued = line.endswith("\\")
            continue
        body.append(line)
    return "ssh-ed25519 " + "".join(body)


def load_public_key(text):
    """An Ed25519 public key from the forms Abstract Play's verifier reads: an OpenSSH line
    ("ssh-ed25519 AAAA..."), an SSH2 public key file, PEM, or any of them base64-encoded."""
    key = text.strip().strip("'\"").strip()
    if "ssh-" not in key and "BEGIN" not in key:
        try:
            decoded = base64.b64decode("".join(key.split()), validate=True).decode().strip()
        except (binascii.Error, UnicodeDecodeError):
            decoded = ""
        if "ssh-" in decoded or "BEGIN" in decoded:
            key = decoded
        else:  # the bare base64 wire format of an OpenSSH key
            key = "ssh-ed25519 " + key
    if "BEGIN SSH2 PUBLIC KEY" in key:
        key = _ssh2_file_to_line(key)
    try:
        if "BEGIN PUBLIC KEY" in key:
            loaded = serialization.load_pem_public_key(key.encode())
        else:
            loaded = serialization.load_ssh_public_key(" ".join(key.split()[:2]).encode())
    except (ValueError, TypeError, IndexError) as error:
        raise ValueError(f"not an Ed25519 public key: {error}") from error
    if not isinstance(loaded, Ed25519PublicKey):
        raise ValueError("the public key is not an Ed25519 key")
    return loaded


def _header(headers, name):
    value = headers.get(name)
    return value.strip() if isinstance(value, str) else None


class NonceMemory:
    """The nonces of accepted requests, each kept until its request could no longer pass the
    time test. Thread-safe."""

    def __init__(self, keep_seconds=2 * MAX_AGE_SECONDS + 60):
        self._keep = keep_seconds
        self._seen = {}  # nonce -> monotonic time it may be forgotten
        self._lock = threading.Lock()

    def claim(self, nonce, now):
        """True the first time a nonce is seen within its keeping time, False after."""
        with self._lock:
            if len(self._seen) > 1024:
                self._seen = {n: until for n, until in self._seen.items() if until > now}
            until = self._seen.get(nonce)
            if until is not None and until > now:
                return False
            self._seen[nonce] = now + self._keep
            return True

    def __len__(self):
        with self._lock:
            return len(self._seen)


class RequestVerifier:
    """Checks one signed request: signature headers present and well formed, timestamp within
    five minutes of this clock (either way), signature valid over the raw body, nonce new."""

    def __init__(self, public_key, wall_clock=time.time, monotonic=time.monotonic):
        self._key = public_key
        self._wall_clock = wall_clock
        self._monotonic = monotonic
        self._nonces = NonceMemory()

    def verify(self, headers, raw_body):
        """Returns None for a request to serve; raises VerificationError otherwise.
        headers: a mapping with case-insensitive get (http.client.HTTPMessage)."""
        timestamp = _header(headers, HEADER_TIMESTAMP)
        nonce = _header(headers, HEADER_NONCE)
        signature = _header(headers, HEADER_SIGNATURE)
        if not timestamp or not nonce or not signature:
            raise VerificationError("missing signature headers")
        if not _TIMESTAMP.fullmatch(timestamp):
            raise VerificationError("invalid signature timestamp")
        if len(nonce) > MAX_NONCE_LENGTH or not nonce.isprintable() or not nonce.isascii():
            raise VerificationError("invalid signature nonce")
        # Whole seconds on both sides, as Abstract Play's verifier counts.
        if abs(int(self._wall_clock()) - int(timestamp)) > MAX_AGE_SECONDS:
            raise VerificationError("signature timestamp expired")
        try:
            signature_bytes = base64.b64decode(signature, validate=True)
        except binascii.Error as error:
            raise VerificationError("signature is not base64") from error
        signed = f"{timestamp}.{nonce}.".encode() + raw_body
        try:
            self._key.verify(signature_bytes, signed)
        except InvalidSignature as error:
            raise VerificationError("invalid signature") from error
        # Only a valid signature records its nonce, so forged requests cannot fill the memory.
        if not self._nonces.claim(nonce, self._monotonic()):
            raise VerificationError("replayed request (nonce already used)")
