#!/usr/bin/env python3
"""A fake Lifeline GTP engine for testing the referee and the regression runner.

It keeps the Lifeline turn structure (double turns under strong pie, the swap, komi spending,
the four setup stones of weak and komi pie) on a hexhex board of named cells, but it is a toy
ruler: nothing is ever captured, any empty cell is legal, and the game is over after
`--length` turns (the side to move then loses). That is enough to act as the referee engine
and to exercise every path of the referee; `--think S` makes every genmove take S seconds, for
games that last. `--mode` chooses how it misbehaves as a player, on its `--fail-at`-th
genmove of a game:

  good        always answers a legal move
  illegal     answers an occupied cell
  crash       exits without answering
  hang        never answers (it also starts a child process, to test group killing)
  garbage     answers a line that is not GTP
  swap        swaps whenever the swap is legal, otherwise plays like good
  resign      resigns
  refuse      refuses the next move relayed to it with `play`
"""

import argparse
import os
import subprocess
import sys
import time

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def cells_of(base):
    return [f"{LETTERS[x]}{y + 1}" for y in range(2 * base - 1) for x in range(2 * base - 1)
            if abs(x - y) <= base - 1]


class ToyGame:
    def __init__(self, base, rules, komi, length):
        self.cells = cells_of(base)
        self.rules = rules
        self.komi = komi
        self.length = length
        self.stones = {}
        self.to_move = "b"
        self.turns = 0  # completed turns, the swap and komi spending included
        self.placements = 0
        self.left = self.stones_this_turn()
        self.swapped = False

    def stones_this_turn(self):
        return 2 if self.rules == "strong-pie" and self.turns < 2 else 1

    def over(self):
        return self.turns >= self.length

    def swap_legal(self):
        return (self.rules != "komi-pie" and not self.swapped and self.to_move == "w"
                and self.turns == 1 and self.left == self.stones_this_turn())

    def pass_legal(self):
        return (self.rules == "komi-pie" and self.to_move == "w" and self.komi > 0
                and self.placements >= 4)

    def play(self, color, move):
        """Returns None when the move is played, else the error text."""
        if self.over():
            return "illegal move: game over"
        if color != self.to_move:
            return "illegal move: wrong color"
        move = move.upper()
        if move == "SWAP":
            if not self.swap_legal():
                return "illegal move: swap not allowed"
            self.swapped = True
            self.turns += 1
            return None
        if move == "PASS":
            if not self.pass_legal():
                return "illegal move: pass not allowed"
            self.komi -= 1
            self.end_turn()
            return None
        cells = move.split(",")
        if len(cells) > self.left or len(set(cells)) != len(cells):
            return "syntax error: wrong number of stones"
        for cell in cells:
            if cell not in self.cells:
                return "illegal move: off board"
            if cell in self.stones:
                return "illegal move: occupied"
        for cell in cells:
            self.stones[cell] = color
        self.placements += len(cells)
        self.left -= len(cells)
        if self.left == 0:
            self.end_turn()
        return None

    def end_turn(self):
        self.turns += 1
        self.to_move = "w" if self.to_move == "b" else "b"
        self.left = self.stones_this_turn()

    def legal_move(self):
        empty = [cell for cell in self.cells if cell not in self.stones]
        return ",".join(empty[:self.left])

    def turn_text(self):
        color = "black" if self.to_move == "b" else "white"
        if self.over():
            return f"{color} 0 over"
        phase = "opening" if self.placements < 4 else "play"
        return f"{color} {self.left} {phase}"


class FakeEngine:
    def __init__(self, options):
        self.options = options
        self.base = 7
        self.rules = "strong-pie"
        self.komi = 0
        self.game = self.new_game()
        self.genmoves = 0
        self.refuse_next_play = False

    def new_game(self):
        return ToyGame(self.base, self.rules, self.komi, self.options.length)

    def handle(self, name, args):
        """Returns (ok, text), or None to send no answer at all."""
        handler = getattr(self, "cmd_" + name.replace("-", "_"), None)
        if handler is None:
            return False, "unknown command"
        return handler(args)

    def cmd_protocol_version(self, _args):
        return True, "2"

    def cmd_name(self, _args):
        return True, self.options.name or f"fake-{self.options.mode}"

    def cmd_version(self, _args):
        return True, "1"

    def cmd_quit(self, _args):
        return True, ""

    def cmd_boardsize(self, args):
        if len(args) != 1 or not args[0].isdigit() or not 2 <= int(args[0]) <= 13:
            return False, "unacceptable size"
        self.base = int(args[0])
        self.game = self.new_game()
        return True, ""

    def cmd_clear_board(self, _args):
        self.game = self.new_game()
        self.genmoves = 0  # --fail-at counts in each game
        return True, ""

    def cmd_lifeline_rules(self, args):
        if not args:
            return True, self.rules
        if args[0] not in ("strong-pie", "weak-pie", "komi-pie"):
            return False, "syntax error: unknown rules"
        self.rules = args[0]
        self.game = self.new_game()
        return True, ""

    def cmd_komi(self, args):
        try:
            self.komi = max(0, int(float(args[0])))
        except (IndexError, ValueError):
            return False, "syntax error: komi"
        self.game.komi = self.komi
        return True, ""

    def cmd_time_settings(self, _args):
        return True, ""

    def cmd_kgs_time_settings(self, _args):
        return True, ""

    def cmd_time_left(self, _args):
        return True, ""

    def cmd_lifeline_turn(self, _args):
        return True, self.game.turn_text()

    def cmd_final_score(self, _args):
        if not self.game.over():
            return False, "cannot score"
        return True, "W+" if self.game.to_move == "b" else "B+"

    def cmd_play(self, args):
        if len(args) != 2:
            return False, "syntax error: play needs a color and a move"
        if self.refuse_next_play:
            self.refuse_next_play = False
            return False, "illegal move: I do not believe you"
        error = self.game.play(args[0].lower()[0], args[1])
        return (False, error) if error else (True, "")

    def cmd_genmove(self, args):
        self.genmoves += 1
        time.sleep(self.options.think)
        mode = self.options.mode
        color = args[0].lower()[0] if args else self.game.to_move
        if mode == "swap" and self.game.swap_legal():
            self.game.play(color, "swap")
            return True, "swap"
        if self.genmoves == self.options.fail_at and mode not in ("good", "swap"):
            return self.misbehave(mode)
        if self.game.over():
            return True, "resign"
        move = self.game.legal_move()
        self.game.play(color, move)
        return True, move

    def misbehave(self, mode):
        if mode == "illegal":
            return True, next(iter(self.game.stones), "Z99")
        if mode == "crash":
            print("fake: crashing on purpose", file=sys.stderr, flush=True)
            os._exit(3)
        if mode == "hang":
            time.sleep(3600)
        if mode == "garbage":
            return None
        if mode == "resign":
            return True, "resign"
        if mode == "refuse":
            self.refuse_next_play = True
            move = self.game.legal_move()
            self.game.play(self.game.to_move, move)
            return True, move
        raise SystemExit(f"fake: unknown mode {mode}")


def answer(ok, ident, text):
    return f"{'=' if ok else '?'}{ident} {text}".rstrip() + "\n\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", default="good")
    parser.add_argument("--fail-at", type=int, default=2)
    parser.add_argument("--length", type=int, default=12)
    parser.add_argument("--name")
    parser.add_argument("--think", type=float, default=0.0, help="seconds before each genmove")
    parser.add_argument("--tag", help="ignored; lets a test find the process")
    parser.add_argument("--log", help="append every command received to this file")
    parser.add_argument("--pidfile", help="hang mode: write the child's process id here")
    options = parser.parse_args()
    if options.mode == "hang" and options.pidfile:
        child = subprocess.Popen(["sleep", "3600"])
        with open(options.pidfile, "a", encoding="utf-8") as stream:
            stream.write(f"{child.pid}\n")
    engine = FakeEngine(options)
    for line in sys.stdin:
        line = line.split("#")[0].strip()
        if not line:
            continue
        if options.log:
            with open(options.log, "a", encoding="utf-8") as stream:
                stream.write(line + "\n")
        words = line.split()
        ident = words.pop(0) if words[0].isdigit() else ""
        if not words:
            continue
        reply = engine.handle(words[0], words[1:])
        if reply is None:
            sys.stdout.write("hello, I am not speaking GTP\n\n")
        else:
            sys.stdout.write(answer(reply[0], ident, reply[1]))
        sys.stdout.flush()
        if words[0] == "quit":
            break


if __name__ == "__main__":
    main()
