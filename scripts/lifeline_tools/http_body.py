"""An HTTP request's body, read the one way that both of the tools' servers read it (the page's,
lifeline_web/server.py, and the Abstract Play bot's, lifeline_abstractplay/server.py): only with
a Content-Length of digits, only up to a size limit, and whole within a time limit, so that a
client that sends less than it announced, or sends it a byte at a time, cannot hold a
connection. The socket's own timeout, which each server sets, bounds each read; a read that
runs out of it raises TimeoutError to the server, which ends the connection.
"""

import re
import time

_LENGTH = re.compile(r"[0-9]{1,10}")
_CHUNK = 65536


class BodyError(Exception):
    """A request whose body is not taken: `status` is the HTTP status of the answer, and the
    connection must end, since what is left of the body has not been read."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


def read_body(headers, stream, limit, seconds, required=True):
    """The body's bytes, from `stream` (a handler's rfile) after `headers`: at most `limit`
    bytes, all of them within `seconds`. Without a Content-Length, b"" unless `required`.
    Raises BodyError."""
    if headers.get("Transfer-Encoding"):
        raise BodyError(411, "send the body with a Content-Length")
    length = (headers.get("Content-Length") or "").strip()
    if not length and not required:
        return b""
    if not _LENGTH.fullmatch(length):
        raise BodyError(411, "a Content-Length of decimal digits is required")
    length = int(length)
    if length > limit:
        raise BodyError(413, f"the request body is larger than {limit} bytes")
    deadline = time.monotonic() + seconds
    chunks, missing = [], length
    while missing > 0:
        if time.monotonic() > deadline:
            raise BodyError(400, f"the body took over {seconds:g} s")
        chunk = stream.read1(min(missing, _CHUNK))
        if not chunk:
            raise BodyError(400, "the body is shorter than its Content-Length")
        chunks.append(chunk)
        missing -= len(chunk)
    return b"".join(chunks)
