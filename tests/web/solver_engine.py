#!/usr/bin/env python3
"""The real engine with a pretend solver in front, until the engine has its own.

Every line goes to the engine (given after `--`) except the solver's: `known_command
lifeline-solve` and `lifeline-solve_all` answer true (for the commands named by --commands),
and the solver commands answer --verdict. The engine writes its answers straight to this
program's standard output; the pretend answers go there too, which keeps the order because a
controller sends its next command only after the last answer (and ends an analysis before).

    solver_engine.py --verdict "win C3" --log FILE -- build/lifeline --seed 1
"""

import argparse
import subprocess
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--verdict", default="unknown", help="the solver's answer")
    parser.add_argument("--commands", default="lifeline-solve,lifeline-solve_all",
                        help="the solver commands it claims to know")
    parser.add_argument("--log", help="append every solver command received to this file")
    parser.add_argument("engine", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    known = options.commands.split(",")
    engine = subprocess.Popen(options.engine[1:] if options.engine[:1] == ["--"] else
                              options.engine, stdin=subprocess.PIPE, text=True)
    for line in sys.stdin:
        words = line.split("#")[0].split()
        ident = words.pop(0) if words and words[0].isdigit() else ""
        answer = None
        if words[:1] == ["known_command"] and words[1:] and words[1].startswith("lifeline-solve"):
            answer = "true" if words[1] in known else "false"
        elif words[:1] and words[0] in known:
            answer = options.verdict
            if options.log:
                with open(options.log, "a", encoding="utf-8") as stream:
                    stream.write(" ".join(words) + "\n")
        if answer is None:
            engine.stdin.write(line)
            engine.stdin.flush()
        else:
            sys.stdout.write(f"={ident} {answer}\n\n")
            sys.stdout.flush()
    engine.stdin.close()
    engine.wait()


if __name__ == "__main__":
    main()
