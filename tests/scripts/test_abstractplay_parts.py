"""The Abstract Play bot's parts on their own: the notation's round trip on every board size,
the requests' checks, the time per move, the public key forms Abstract Play's verifier reads
and the signature checks. The notation against Abstract Play's own games is in
test_abstractplay_games.py, the whole bot in test_abstractplay_bot.py.
"""

import base64
import unittest

from lifeline_abstractplay import notation, oauth, payloads, time_budget
from lifeline_tools import vocabulary

try:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from lifeline_abstractplay import signature
except ImportError:
    signature = None


def ap_neighbours(base, cell):
    """Abstract Play's neighbours of a cell, as hextri.ts builds its graph: the cells beside it
    in its row, and in the rows above and below the ones that share an edge with it."""
    row, place = ord(cell[0]) - ord("a"), int(cell[1:]) - 1
    length = lambda r: 2 * base - 1 - abs(r - (base - 1))  # noqa: E731
    found = {(row, place - 1), (row, place + 1)}
    for other in (row - 1, row + 1):
        # A longer row (toward the middle) touches the cell with its cells place and place+1
        # (hextri.ts links a cell below the middle to col and col+1 of the row above it); a
        # shorter one with place-1 and place.
        shift = 0 if length(other) > length(row) else -1
        found |= {(other, place + shift), (other, place + shift + 1)}
    return {f"{chr(ord('a') + r)}{p + 1}" for r, p in found
            if 0 <= r < 2 * base - 1 and 0 <= p < length(r)}


class NotationTest(unittest.TestCase):
    def test_every_cell_round_trips_and_keeps_its_neighbours(self):
        for base in sorted(set(notation.SIZE_VARIANTS.values())):
            with self.subTest(base=base):
                cells = vocabulary.cells(base)
                names = {notation.ap_cell(base, cell) for cell in cells}
                self.assertEqual(len(names), len(cells))
                for cell in cells:
                    name = notation.ap_cell(base, cell)
                    self.assertEqual(notation.engine_cell(base, name), cell)
                    self.assertEqual({notation.ap_cell(base, n) for n in vocabulary.neighbours(base, cell)},
                                     ap_neighbours(base, name))

    def test_rows_and_corners(self):
        # Base 7: "a" is the bottom row, seven cells; "g" the middle, thirteen.
        self.assertEqual(notation.ap_cell(7, "A1"), "a1")
        self.assertEqual(notation.ap_cell(7, "D1"), "a4")
        self.assertEqual(notation.ap_cell(7, "A7"), "g1")
        self.assertEqual(notation.ap_cell(7, "N7"), "g13")
        self.assertEqual(notation.ap_cell(7, "B8"), "h1")
        self.assertEqual(notation.ap_cell(7, "N13"), "m7")
        self.assertEqual(notation.engine_cell(12, "w12"), "X23")

    def test_pairs_are_written_in_string_order(self):
        self.assertEqual(notation.ap_move(10, "A10,A2"), "b1,j1")
        self.assertEqual(notation.ap_move(10, "A2,A10"), "b1,j1")
        self.assertEqual(notation.ap_move(12, "E1,A10"), "a5,j1")
        self.assertEqual(notation.ap_move(12, "A1,B1"), "a1,a2")
        self.assertEqual(notation.ap_move(12, "B11,A1"), "a1,k2")  # "a1" < "k2"

    def test_moves_from_abstract_play_are_read_leniently(self):
        self.assertEqual(notation.engine_move(7, "A1, C3"), "A1,C3")
        self.assertEqual(notation.engine_move(7, "g13"), "N7")

    def test_bad_cells_and_moves(self):
        for move in ("", "a0", "a8", "n1", "aa1", "a1,b1,c1", "1a", "a1;", "swap", "pass"):
            with self.subTest(move=move):
                with self.assertRaises(notation.NotationError):
                    notation.engine_move(7, move)
        with self.assertRaises(notation.NotationError):
            notation.ap_cell(7, "A8")

    def test_variants(self):
        self.assertEqual(notation.base_of_variants([]), 7)
        self.assertEqual(notation.base_of_variants(["#board"]), 7)
        self.assertEqual(notation.base_of_variants(["size-12"]), 12)
        for variants in (["size-8"], ["size-6", "size-7"], ["#board", "size-6"], "size-6",
                         [6], ["strong-pie"]):
            with self.subTest(variants=variants):
                with self.assertRaises(notation.NotationError):
                    notation.base_of_variants(variants)

    def test_rounds(self):
        self.assertEqual(notation.flat_moves([["a1,c3", "e5,g7"], ["d4"]]),
                         ["a1,c3", "e5,g7", "d4"])
        for rounds in ([["a1,c3"], ["d4"]], [["a", "b", "c"]], "a1", [[1, 2]]):
            with self.subTest(rounds=rounds):
                with self.assertRaises(notation.NotationError):
                    notation.flat_moves(rounds)


class PayloadTest(unittest.TestCase):
    MOVE = {"verb": "move", "metaGame": "lifeline", "variants": ["size-6"], "gameid": "g1",
            "clockCurr": 48, "numPlayers": 2, "moves": [["a1,c3", "e5,e1"], ["b2"]],
            "context": []}

    def test_move_request(self):
        request = payloads.move_request(self.MOVE)
        self.assertEqual((request.base, request.gameid, request.clock_hours),
                         (6, "g1", 48.0))
        self.assertEqual(request.moves, ("a1,c3", "e5,e1", "b2"))

    def test_bad_move_requests(self):
        self.assertEqual(payloads.move_request(dict(self.MOVE, clockCurr=-1)).clock_hours, 0)
        for change in ({"gameid": ""}, {"gameid": 5}, {"clockCurr": "1"}, {"clockCurr": True},
                       {"clockCurr": float("nan")}, {"moves": [["a1,c3"], ["b2"]]},
                       {"moves": [["q9"]]}, {"numPlayers": 3}, {"metaGame": "hex"},
                       {"variants": ["size-9"]}):
            with self.subTest(change=change):
                with self.assertRaises(payloads.PayloadError):
                    payloads.move_request(dict(self.MOVE, **change))

    def test_json(self):
        self.assertEqual(payloads.parse_json(b'{"verb": "move"}'), {"verb": "move"})
        for raw in (b"[1]", b"{", b"\xff\xfe"):
            with self.assertRaises(payloads.PayloadError):
                payloads.parse_json(raw)


class TimePolicyTest(unittest.TestCase):
    def test_share_of_the_clock_within_floor_and_cap(self):
        policy = time_budget.TimePolicy(cap_seconds=100, floor_seconds=2)
        self.assertEqual(policy.seconds_for_move(0, 100), 2)  # under half an hour left
        self.assertEqual(policy.seconds_for_move(-50, 100), 2)  # spent waiting in the queue
        self.assertEqual(policy.seconds_for_move(3600, 100), 60)  # 3600 s over 60 own moves
        self.assertEqual(policy.seconds_for_move(3600, 5), 100)  # as if ten moves remained
        self.assertEqual(policy.seconds_for_move(72 * 3600, 300), 100)
        with self.assertRaises(ValueError):
            time_budget.TimePolicy(cap_seconds=1, floor_seconds=2)


class BotQueryAnswerTest(unittest.TestCase):
    def test_inner_status_of_the_lambda_integration(self):
        self.assertEqual(oauth.inner_status('{"statusCode":200,"body":"{}"}'), 200)
        self.assertEqual(oauth.inner_status(' { "statusCode" : 500, "body": "x"}'), 500)
        self.assertEqual(oauth.inner_status('{"errorMessage": "Task timed out"}'), 500)
        self.assertIsNone(oauth.inner_status('{"id": "g1"}'))
        # A long game record is read in part: the status comes first.
        self.assertEqual(oauth.inner_status('{"statusCode":200,"body":"' + "x" * 100), 200)

    def test_urls(self):
        for url in ("https://botauth.abstractplay.com/oauth2/token", "http://127.0.0.1:8/t",
                    "http://localhost/t", "http://[::1]:80/t"):
            oauth.check_url(url)
        for url in ("http://botauth.abstractplay.com/oauth2/token", "ftp://x/y", "", "https://",
                    "http://10.0.0.1/t"):
            with self.subTest(url=url):
                with self.assertRaises(ValueError):
                    oauth.check_url(url)


@unittest.skipIf(signature is None, "no cryptography")
class SignatureTest(unittest.TestCase):
    def setUp(self):
        self.private = Ed25519PrivateKey.generate()
        self.public = self.private.public_key()
        self.now = 1_800_000_000.0
        self.verifier = signature.RequestVerifier(self.public, wall_clock=lambda: self.now,
                                                  monotonic=lambda: self.now)

    def headers(self, body, timestamp=None, nonce="n1"):
        timestamp = str(int(self.now if timestamp is None else timestamp)) if timestamp != "-5" else timestamp
        signed = self.private.sign(f"{timestamp}.{nonce}.".encode() + body)
        return {signature.HEADER_TIMESTAMP: timestamp, signature.HEADER_NONCE: nonce,
                signature.HEADER_SIGNATURE: base64.b64encode(signed).decode()}

    def raw(self, kind, form):
        return self.public.public_bytes(kind, form).decode()

    def test_key_forms(self):
        line = self.raw(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH)
        pem = self.raw(serialization.Encoding.PEM,
                       serialization.PublicFormat.SubjectPublicKeyInfo)
        blob = line.split()[1]
        ssh2 = ("---- BEGIN SSH2 PUBLIC KEY ----\nComment: \"ed25519 key\"\n"
                + "\n".join(blob[i:i + 70] for i in range(0, len(blob), 70))
                + "\n---- END SSH2 PUBLIC KEY ----\n")
        for text in (line, line + " comment", f'"{line}"', base64.b64encode(line.encode()).decode(),
                     blob, pem, base64.b64encode(pem.encode()).decode(), ssh2):
            with self.subTest(text=text[:30]):
                loaded = signature.load_public_key(text)
                self.assertEqual(loaded.public_bytes(serialization.Encoding.Raw,
                                                     serialization.PublicFormat.Raw),
                                 self.public.public_bytes(serialization.Encoding.Raw,
                                                          serialization.PublicFormat.Raw))
        signature.load_public_key(signature.ABSTRACT_PLAY_PUBLIC_KEY)

    def test_other_keys_are_refused(self):
        other = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()
        for text in ("", "ssh-ed25519 AAAA", "not a key", other):
            with self.subTest(text=text[:30]):
                with self.assertRaises(ValueError):
                    signature.load_public_key(text)

    def test_verify(self):
        body = b'{"verb":"challenge"}'
        self.verifier.verify(self.headers(body), body)
        cases = {"replayed request (nonce already used)": (self.headers(body), body),
                 "invalid signature": (self.headers(body, nonce="n2"), body + b" "),
                 "signature timestamp expired": (self.headers(body, self.now - 301, "n3"), body),
                 "missing signature headers": ({}, body),
                 "invalid signature timestamp": (self.headers(body, "-5", "n4"), body)}
        for reason, (headers, raw) in cases.items():
            with self.subTest(reason=reason):
                with self.assertRaisesRegex(signature.VerificationError, reason.split(" (")[0]):
                    self.verifier.verify(headers, raw)
        headers = self.headers(body, nonce="n5")
        headers[signature.HEADER_SIGNATURE] = "***"
        with self.assertRaisesRegex(signature.VerificationError, "not base64"):
            self.verifier.verify(headers, body)

    def test_a_forged_request_does_not_spend_the_nonce(self):
        body = b"{}"
        forged = self.headers(body, nonce="shared")
        forged[signature.HEADER_SIGNATURE] = base64.b64encode(b"\0" * 64).decode()
        with self.assertRaises(signature.VerificationError):
            self.verifier.verify(forged, body)
        self.verifier.verify(self.headers(body, nonce="shared"), body)


if __name__ == "__main__":
    unittest.main()
