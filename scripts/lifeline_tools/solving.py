"""Runs the engine's exact solver and reads what its verbose line says of the effort."""


def solve(engine, command, seconds):
    """Sends `command SECONDS` (lifeline-solve or lifeline-solve_all) to an engine started
    with --verbose; returns (answer text, positions searched, seconds taken) as the engine
    counted them. Raises RuntimeError when the command is refused."""
    before = engine.stderr_count()
    answer = engine.send(f"{command} {seconds}", timeout=seconds + 120)
    if not answer.ok:
        raise RuntimeError(f"{command} refused: {answer.text}")
    # "lifeline-solve: win D4, 1234 nodes in 0.010 s (123400 nodes/s), table ..."
    words = engine.next_stderr_line(command + ":", before).split()
    at = words.index("nodes")
    return answer.text, int(words[at - 1]), float(words[at + 2])
