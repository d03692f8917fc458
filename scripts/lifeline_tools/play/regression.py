"""Regression files (.tst) read and judged the way gogui-regress does.

The format, as gogui-regress 1.x reads it:
  * each line is trimmed at both ends (every character up to the space counts as blank)
    and tabs become spaces; empty lines and '#' lines are not sent;
  * every other line is a GTP command, sent as written; when its first word is a number
    followed by a space, that number is the GTP id and the command is a numbered test;
  * a '#?' line right after a command holds the expected answer: '#? [regex]' passes when
    the regex matches the whole answer text (the answer after its first space, trimmed;
    '.' matches newlines, '^'/'$' match at lines); '[!regex]' passes when it does not match;
    a '*' after the closing bracket marks an expected failure; '#?' alone only asks for
    success;
  * an error answer ('?') fails the test whatever the pattern;
  * a numbered command without '#?' passes when it succeeds; an unnumbered one is not a
    test: an error answer is counted and shown as an error but fails nothing.
One extension pins error answers: '#? [(?#error)regex]*' expects an error whose message
matches the regex, and fails on a success or another message. '(?#error)' is a regex comment
(valid in Java and Python, matching nothing), and the '*' is required: gogui-regress reads
the line as an ordinary expected failure, so it counts an error answer as expected and never
fails the run, while this runner checks the message. No other pattern changes meaning.

run_file runs one file against a fresh engine, as gogui-regress does.
"""

import os
import re
from dataclasses import dataclass, field

from ..engine import gtp
from ..paths import expand_paths

# Java's String.trim(), which gogui-regress applies to each line: it strips every
# character up to and including the space, control characters too.
_BLANK = "".join(chr(code) for code in range(33))
_NUMBERED = re.compile(r"(\d+) ")
# The mark that makes an expected failure an expected error answer.
ERROR_MARK = "(?#error)"


class FormatError(Exception):
    """A malformed regression file (reported with its line number)."""


@dataclass(frozen=True)
class Expectation:
    written: str  # the pattern as written after '#?', for reports
    regex: str = None  # None: the command only has to succeed
    negated: bool = False
    error: bool = False  # the '(?#error)' extension: an error answer is expected
    expected_fail: bool = False


@dataclass
class Step:
    line_number: int
    command: str  # the line sent to the engine, id included
    test_id: int = None  # the id of a numbered command
    expectation: Expectation = None  # from the '#?' line after the command

    @property
    def is_test(self):
        return self.test_id is not None or self.expectation is not None


def trim(line):
    return line.strip(_BLANK)


def parse_expectation(text):
    """Parses what follows '#?' on an expectation line."""
    text = trim(text)
    if not text:
        return Expectation(written="")
    expected_fail = text.endswith("*")
    pattern = text[:-1] if expected_fail else text
    if not (pattern.startswith("[") and pattern.endswith("]")):
        raise FormatError(f"pattern must be written [regex]: {text}")
    regex = trim(pattern[1:-1])
    error = regex.startswith(ERROR_MARK)
    if error:
        regex = regex[len(ERROR_MARK):]
        if not expected_fail:
            raise FormatError(f"an expected error needs '*' after its pattern, so that "
                              f"gogui-regress counts it as an expected failure: {text}")
    negated = regex.startswith("!")
    if negated:
        regex = regex[1:]
    try:
        re.compile(regex)
    except re.error as problem:
        raise FormatError(f"bad regex {regex!r}: {problem}") from problem
    return Expectation(written=text, regex=regex, negated=negated, error=error,
                       expected_fail=expected_fail)


def parse_file(text):
    """Returns the Steps of a regression file; raises FormatError naming the line."""
    steps = []
    awaiting_pattern = False
    for number, raw in enumerate(text.split("\n"), start=1):
        line = trim(raw.replace("\t", " "))
        if line.startswith("#?"):
            if not awaiting_pattern:
                raise FormatError(f"line {number}: '#?' without a command before it")
            try:
                steps[-1].expectation = parse_expectation(line[2:])
            except FormatError as error:
                raise FormatError(f"line {number}: {error}") from error
            awaiting_pattern = False
        elif line and not line.startswith("#"):
            match = _NUMBERED.match(line)
            steps.append(Step(number, line, int(match.group(1)) if match else None))
            awaiting_pattern = True
        else:
            # A blank or comment line ends the command's test, as in gogui-regress.
            awaiting_pattern = False
    return steps


def answer_text(raw):
    """The answer as gogui-regress compares it: everything after the first space, trimmed."""
    space = raw.find(" ")
    return trim(raw[space:]) if space >= 0 else ""


def passes(expectation, ok, raw):
    """Whether an answer (ok: '=' rather than '?'; raw: the answer lines) meets the
    expectation, before the expected-failure mark is taken into account."""
    if expectation is None or expectation.regex is None:
        return ok
    if ok == expectation.error:
        return False
    matched = re.fullmatch(expectation.regex, answer_text(raw), re.MULTILINE | re.DOTALL)
    return (matched is None) == expectation.negated


@dataclass
class RegressionCounts:
    """What a run of regression files gave: the tests by outcome, the errors answered to
    commands that are not tests, and a report for each answer a reader must look at."""

    passed: int = 0
    failed: int = 0
    expected_failures: int = 0
    unexpected_passes: int = 0
    errors: int = 0  # error answers to commands that are not tests
    expected_errors: int = 0  # passed tests whose error answer matched a '(?#error)' pattern
    reports: list = field(default_factory=list)

    def add(self, other):
        self.passed += other.passed
        self.failed += other.failed
        self.expected_failures += other.expected_failures
        self.unexpected_passes += other.unexpected_passes
        self.errors += other.errors
        self.expected_errors += other.expected_errors

    def summary(self):
        extra = [f"{what} {count}" for what, count in (
            ("expected errors checked", self.expected_errors),
            ("expected failures", self.expected_failures),
            ("unexpected passes", self.unexpected_passes),
            ("errors", self.errors))
            if count]
        line = f"{self.passed} passed, {self.failed} failed"
        return line + (f" ({', '.join(extra)})" if extra else "")


def judge(step, ok, raw, counts, where):
    """Counts one answer; appends a report for anything a reader must look at."""
    if not step.is_test:
        if not ok:
            counts.errors += 1
            counts.reports.append(_report(where, "error (not a test)", step, raw))
        return
    good = passes(step.expectation, ok, raw)
    if step.expectation is not None and step.expectation.error:
        # Its '*' is for gogui-regress; here the error must be the one expected.
        if good:
            counts.passed += 1
            counts.expected_errors += 1
        else:
            counts.failed += 1
            counts.reports.append(_report(where, "FAIL", step, raw))
        return
    expected_fail = step.expectation is not None and step.expectation.expected_fail
    if good and not expected_fail:
        counts.passed += 1
    elif good:
        counts.unexpected_passes += 1
        counts.reports.append(_report(where, "UNEXPECTED PASS", step, raw))
    elif expected_fail:
        counts.expected_failures += 1
    else:
        counts.failed += 1
        counts.reports.append(_report(where, "FAIL", step, raw))


def _report(where, kind, step, raw):
    lines = [f"{where}:{step.line_number}: {kind}: {step.command}"]
    if step.expectation is not None and step.expectation.written:
        lines.append(f"    expected: {step.expectation.written}")
    lines += ["    answer:   " + line for line in raw.split("\n")]
    return "\n".join(lines)


def regression_files(paths):
    """Files as given; a directory stands for the .tst files in it, in name order."""
    return expand_paths(paths, lambda name: name.endswith(".tst"))


def read_steps(path):
    """The Steps of a file; raises OSError, or FormatError naming the line."""
    # Bytes that are not UTF-8 are hostile input on purpose: keep them byte for byte.
    with open(path, encoding="utf-8", errors="surrogateescape", newline="") as stream:
        return parse_file(stream.read())


def run_file(path, command, timeout, echo=None):
    """Runs one file with its own engine, started in the file's directory; returns its
    RegressionCounts. echo: a text stream that receives every exchange, or None. Raises OSError
    or FormatError for a file that cannot be read, gtp.EngineError for an engine that does not
    start."""
    counts = RegressionCounts()
    steps = read_steps(path)
    engine = gtp.GtpEngine(command, cwd=os.path.dirname(os.path.abspath(path)))
    try:
        for step in steps:
            try:
                # A refusal is an answer like another here: the file says which it expects.
                answer = engine.send(step.command, timeout)
            except gtp.EngineError as error:
                counts.failed += 1
                counts.reports.append("\n".join(
                    [f"{path}:{step.line_number}: engine failed: {error}"]
                    + ["    " + line for line in error.exchange]))
                break  # the engine's state is unknown: the rest of the file means nothing
            if echo is not None:
                print(f"{path}:{step.line_number}: {step.command}\n{answer.raw}\n", file=echo)
            judge(step, answer.ok, answer.raw, counts, path)
    finally:
        engine.close()
    return counts
