"""Shared helpers of the tests of the Python tools (tests/scripts) and of the page (tests/web):
the engine's path, fake engines, processes, and running scripts/*.py."""

import json
import os
import subprocess
import sys
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCRIPTS = os.path.join(ROOT, "scripts")
FAKE = os.path.join(HERE, "fake_engine.py")
ENGINE_VARIABLE = "LIFELINE_ENGINE"


def engine_path():
    """The engine the tests run: LIFELINE_ENGINE (ctest sets it to the build's), else the
    build's binary build/lifeline where there is one, else None (a test that needs the engine
    then skips)."""
    named = os.environ.get(ENGINE_VARIABLE)
    if named:
        return named
    built = os.path.join(ROOT, "build", "lifeline")
    return built if os.path.exists(built) else None


def fake(mode="good", **options):
    """The command line of a fake engine; options become --key value flags."""
    flags = "".join(f" --{key.replace('_', '-')} {value}" for key, value in options.items())
    return f"{sys.executable} {FAKE} --mode {mode}{flags}"


def unique_tag():
    """A word to put in engine command lines, so the test can find their processes."""
    return "t" + uuid.uuid4().hex[:12]


def processes_with(word):
    """Process ids (not zombies) whose command line or environment contains `word`."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as stream:
                text = stream.read()
            with open(f"/proc/{entry}/environ", "rb") as stream:
                text += stream.read()
        except OSError:
            continue
        if word.encode() in text and alive(int(entry)):
            found.append(int(entry))
    return found


def alive(pid):
    """True while a process exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as stream:
            return stream.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_until_gone(pids, seconds=5.0):
    """Killed processes need a moment to be reaped; returns the ones still alive."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        pids = [pid for pid in pids if alive(pid)]
        if not pids:
            break
        time.sleep(0.05)
    return pids


def run_script(name, args, timeout=120):
    """Runs scripts/<name> and returns the CompletedProcess (text output)."""
    return subprocess.run([sys.executable, os.path.join(SCRIPTS, name)] + args,
                          capture_output=True, text=True, timeout=timeout)


def run_referee(out_dir, engine1, engine2, *extra, timeout=120):
    """Runs a match; returns (CompletedProcess, results.json contents or None)."""
    process = run_script("referee.py", ["--engine1", engine1, "--engine2", engine2,
                                        "--out", out_dir] + list(extra), timeout)
    path = os.path.join(out_dir, "results.json")
    results = None
    if os.path.exists(path):
        with open(path, encoding="utf-8") as stream:
            results = json.load(stream)
    return process, results
