#!/usr/bin/env python3
"""Checks that the pages name only things that exist: protocol commands, options, script
flags and repository files.

    scripts/check_docs.py [--engine build/lifeline] [--pages PAGE...]

The pages are docs/*.md, README.md, protocol/*.md and docs/lifeline.6 unless --pages names
others. Each finding is one line, "page:line: what", and the exit status is 1 when there is
any (0 when none, 2 when the engine cannot be asked). The facts come from where they live:
commands from the engine's `list_commands`, options from its `lifeline-set` listing, a
script's flags from `scripts/X.py --help` (a shell script's from its opening comment, which is
its usage, since running it may build or test), files from `git ls-files`.

What is code on a page: Markdown inline code (`...`, also across a line break), fenced code
blocks and indented ones (four spaces after a blank line); in the manual page the bold text of
.B, .BR and .BI lines and of \\fB...\\fR. Prose is never read, so a plain word such as "play" is
never taken for a command. The rules, chosen to give few false alarms:

(a) Commands. A code word that is a whole command-like token ([a-z][a-z0-9_-]*) starting with
    lifeline-, gogui- or kata- must be in `list_commands`; the names of installed programs
    (pyproject.toml's [project.scripts], the WebAssembly package's bin) and of GoGui's own
    programs (gogui-regress, gogui-twogtp, ...) are not commands. The engine lists every
    command in every build and dialect, the GoGui ones included. In a fenced block that is a
    protocol example (it holds answers, lines starting with "= " or "? ", or a lone "="),
    the first word of every line outside an answer (after an optional numeric id) must be a
    command too, whatever its prefix; a "#" line is a comment.
(b) Options. In `lifeline-set NAME ...` the NAME, and in an engine's command line (its first
    word `lifeline`, `lifeline-wasm` or a path ending in /lifeline, also inside a quoted
    --engine argument) every --NAME or --NAME=VALUE, must be an option of `lifeline-set`
    (dashes and underscores alike) or one of the engine's own flags (--help, --version,
    --bench, --bench-playouts). In the manual page every --NAME is the engine's. Placeholders
    in capitals (NAME, OPTION) are skipped.
(c) Script flags. After scripts/X.py or scripts/X.sh on a code line or in inline code, every
    --flag up to the end of the command (|, ;, &&, ||, > or <) must appear in the script's
    help; for a script with subcommands ({a,b,...} in its usage) in the help of the
    subcommand named, or of any subcommand when none is. Flags inside quotes belong to
    another program and are left alone.
(d) Files. A code word that starts with src/, scripts/, docs/, tests/, protocol/, results/,
    matches/, cmake/ or .ci/ must be a file or folder that git tracks (build/ and build-wasm/
    are build outputs, never checked). A trailing ":LINE" or "#anchor" is dropped; "*", "?"
    and "[...]" are globs; a placeholder, a part in capitals such as NAME, N, DIR or ROW
    (README excepted), matches any part when the path as written is not there. A word that
    names a script already checked by (c) is checked here once too.
(e) Python modules. A code word that names a module of the tools' packages, dotted
    (lifeline_tools.play.match, also after "from" or "import") or as a path inside scripts/
    (lifeline_tools/learning/network_model.py), must be a module or package that git tracks
    under scripts/: each lower-case part after the package must be a subpackage or a module
    of the one before it, and what follows a module is its attributes, left alone.
"""

import argparse
import fnmatch
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

COMMAND = re.compile(r"[a-z][a-z0-9_-]*")
COMMAND_PREFIXES = ("lifeline-", "gogui-", "kata-")
# GoGui's programs, which pages run beside the engine; they are not protocol commands.
GOGUI_PROGRAMS = {"gogui-adapter", "gogui-client", "gogui-convert", "gogui-display",
                  "gogui-dummy", "gogui-regress", "gogui-server", "gogui-statistics",
                  "gogui-terminal", "gogui-thumbnailer", "gogui-twogtp"}
# Commands of other engines that the pages compare with.
FOREIGN_COMMANDS = {"kata-analyze"}
ENGINE_FLAGS = {"help", "version", "bench", "bench-playouts"}
PATH_PREFIXES = ("src/", "scripts/", "docs/", "tests/", "protocol/", "results/", "matches/",
                 "cmake/", ".ci/")
SCRIPT = re.compile(r"^scripts/[A-Za-z0-9_]+\.(?:py|sh)$")
# The Python packages under scripts/ whose modules the pages name.
TOOL_PACKAGES = ("lifeline_tools", "lifeline_web", "lifeline_abstractplay")
MODULE = re.compile(rf"^(?:{'|'.join(TOOL_PACKAGES)})(?:\.[A-Za-z_][A-Za-z0-9_]*)+$")
FLAG = re.compile(r"--([A-Za-z0-9][A-Za-z0-9_-]*)")
PLACEHOLDER = re.compile(r"^[A-Z][A-Z_]*$")
# A placeholder inside a path: capitals on their own or after lower case (baseN-RULES.map).
PATH_PLACEHOLDER = re.compile(r"(?<![A-Z])[A-Z]+(?![A-Za-z])")
# A repository of another project named in inline code (AbstractPlay/gameslib).
OTHER_REPOSITORY = re.compile(r"^[A-Z][a-z][A-Za-z0-9-]*/[A-Za-z0-9._-]+$")
# Programs that run the command that follows them, and their options that take a value.
WRAPPERS = {"nice": {"-n"}, "time": set(), "exec": set(), "env": set(), "sudo": set(),
            "timeout": set(), "taskset": set(), "/usr/bin/time": set(), "valgrind": set()}
COMMAND_END = {"|", "||", "&&", ";", "&", ">", ">>", "<", "2>", "2>&1"}


class Facts:
    """What exists: the engine's commands and options, the scripts' flags, git's files.
    Each is read once, when first needed."""

    def __init__(self, repository, engine):
        self.repository = repository
        self.engine = engine
        self._commands = None
        self._options = None
        self._files = None
        self._folders = None
        self._flags = {}

    def _ask_engine(self):
        try:
            done = subprocess.run([self.engine], input="list_commands\nlifeline-set\nquit\n",
                                  capture_output=True, text=True, timeout=60,
                                  cwd=self.repository)
        except OSError as error:
            raise SystemExit(f"check_docs.py: cannot run the engine {self.engine}: {error}")
        answers = done.stdout.split("\n\n")
        if done.returncode != 0 or len(answers) < 2 or not answers[0].startswith("="):
            raise SystemExit(f"check_docs.py: the engine {self.engine} did not answer "
                             f"list_commands and lifeline-set: {done.stderr.strip()}")
        self._commands = set(answers[0].lstrip("= ").split())
        self._options = set()
        for line in answers[1].splitlines():
            words = line.lstrip("= ").split()
            if words:
                self._options.add(words[0].replace("_", "-"))

    @property
    def commands(self):
        if self._commands is None:
            self._ask_engine()
        return self._commands

    @property
    def options(self):
        if self._options is None:
            self._ask_engine()
        return self._options

    def programs(self):
        """Installed programs whose names look like commands."""
        names = set(GOGUI_PROGRAMS)
        pyproject = os.path.join(self.repository, "pyproject.toml")
        if os.path.exists(pyproject):
            with open(pyproject, encoding="utf-8") as stream:
                section = None
                for line in stream:
                    heading = re.match(r"\s*\[(.+)\]\s*$", line)
                    if heading:
                        section = heading.group(1)
                    elif section == "project.scripts":
                        match = re.match(r"\s*([A-Za-z0-9_-]+)\s*=", line)
                        if match:
                            names.add(match.group(1))
        package = os.path.join(self.repository, "src", "wasm", "package", "package.json.in")
        if os.path.exists(package):
            with open(package, encoding="utf-8") as stream:
                text = stream.read()
            bin_part = re.search(r'"bin"\s*:\s*(\{[^}]*\}|"[^"]*")', text)
            if bin_part:
                names.update(re.findall(r'"([a-z][a-z0-9_-]*)"\s*:', bin_part.group(1)))
                name = re.search(r'"name"\s*:\s*"(?:@[^/]+/)?([^"]+)"', text)
                if bin_part.group(1).startswith('"') and name:
                    names.add(name.group(1))
        return names

    def _read_files(self):
        listed = subprocess.run(["git", "-C", self.repository, "ls-files"], check=True,
                                capture_output=True, text=True).stdout.splitlines()
        self._files = set(listed)
        self._folders = set()
        for path in listed:
            parts = path.split("/")
            for end in range(1, len(parts)):
                self._folders.add("/".join(parts[:end]))

    def path_exists(self, path):
        if self._files is None:
            self._read_files()
        path = path.rstrip("/")
        if path in self._files or path in self._folders:
            return True
        if self._ignored(path):
            return True
        pattern = path if re.search(r"[*?\[]", path) else None
        if pattern is None:
            pattern = PATH_PLACEHOLDER.sub(
                lambda match: match.group(0) if match.group(0) == "README" else "*", path)
            if pattern == path:
                return False
        names = self._files | self._folders
        return any(fnmatch.fnmatchcase(name, pattern) for name in names)

    def _ignored(self, path):
        """Whether .gitignore's patterns take the path: an output the page describes."""
        done = subprocess.run(["git", "-C", self.repository, "check-ignore", "--no-index",
                               path, path + "/"], capture_output=True)
        return done.returncode == 0

    def script_flags(self, script, subcommand):
        """The flags of scripts/X (with subcommand, or any of them when None), or None where
        the script is missing."""
        key = (script, subcommand)
        if key in self._flags:
            return self._flags[key]
        path = os.path.join(self.repository, script)
        if not os.path.exists(path):
            self._flags[key] = None
            return None
        if script.endswith(".sh"):
            flags = set(FLAG.findall(_opening_comment(path)))
        else:
            main_help = self._help(path)
            flags = set(FLAG.findall(main_help))
            subcommands = _subcommands(main_help)
            if subcommands:
                chosen = [subcommand] if subcommand in subcommands else sorted(subcommands)
                for name in chosen:
                    flags |= set(FLAG.findall(self._help(path, name)))
        self._flags[key] = flags
        return flags

    def subcommands(self, script):
        path = os.path.join(self.repository, script)
        if not script.endswith(".py") or not os.path.exists(path):
            return set()
        return _subcommands(self._help(path))

    def _help(self, path, subcommand=None):
        key = ("help", path, subcommand)
        if key not in self._flags:
            arguments = [sys.executable, path] + ([subcommand] if subcommand else []) + ["--help"]
            environment = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
            try:
                done = subprocess.run(arguments, capture_output=True, text=True, timeout=60,
                                      stdin=subprocess.DEVNULL, env=environment,
                                      cwd=self.repository)
                self._flags[key] = done.stdout + done.stderr
            except subprocess.TimeoutExpired:
                self._flags[key] = ""
        return self._flags[key]


def _opening_comment(path):
    lines = []
    with open(path, encoding="utf-8") as stream:
        for number, line in enumerate(stream):
            if number == 0 and line.startswith("#!"):
                continue
            if not line.startswith("#"):
                break
            lines.append(line)
    return "".join(lines)


def _subcommands(help_text):
    usage = help_text.split("\n\n")[0]
    match = re.search(r"\{([A-Za-z0-9_,-]+)\}", usage)
    return set(match.group(1).split(",")) if match else set()


class Code:
    """A piece of code on a page: its text, its line, and whether it is a line of a code
    block (`block` is then the block's kind: 'protocol' or 'other') or inline code."""

    def __init__(self, text, line, block=None, foreign=False):
        self.text = text
        self.line = line
        self.block = block
        self.foreign = foreign  # after another project's repository in the same paragraph


def markdown_code(text):
    """The inline code and the code lines of a Markdown page."""
    pieces = []
    lines = text.split("\n")
    prose = []  # (line number, text) of the current run of prose lines

    def flush_prose():
        if not prose:
            return
        joined = "\n".join(line for _, line in prose)
        starts = [0]
        for _, line in prose:
            starts.append(starts[-1] + len(line) + 1)
        foreign = False
        for match in re.finditer(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)", joined, re.S):
            offset = match.start(2)
            index = max(i for i, start in enumerate(starts) if start <= offset)
            code = " ".join(match.group(2).split())
            pieces.append(Code(code, prose[index][0], foreign=foreign))
            foreign = foreign or bool(OTHER_REPOSITORY.match(code))
        prose.clear()

    index = 0
    previous_blank = True
    while index < len(lines):
        line = lines[index]
        fence = re.match(r"^\s*(```+|~~~+)", line)
        if fence:
            flush_prose()
            marker = fence.group(1)
            block = []
            index += 1
            while index < len(lines) and not lines[index].strip().startswith(marker):
                block.append((index + 1, lines[index]))
                index += 1
            pieces.extend(code_block(block))
            index += 1
            previous_blank = False
            continue
        if previous_blank and re.match(r"^( {4,}|\t)\S", line) and not prose:
            block = []
            while index < len(lines) and (not lines[index].strip()
                                          or re.match(r"^( {4,}|\t)", lines[index])):
                block.append((index + 1, lines[index]))
                index += 1
            pieces.extend(code_block(block))
            previous_blank = True
            continue
        if not line.strip():
            flush_prose()
            previous_blank = True
        else:
            prose.append((index + 1, line))
            previous_blank = False
        index += 1
    flush_prose()
    return pieces


def code_block(numbered_lines):
    """A code block's lines, joined where a line ends with a backslash; a block with answers
    ("= ...", "? ...") is a protocol example."""
    protocol = any(re.match(r"^\s*[=?](\d*)(\s|$)", line) for _, line in numbered_lines)
    pieces = []
    pending = None
    in_answer = False
    for number, line in numbered_lines:
        if protocol:
            if not line.strip():
                in_answer = False
                continue
            if re.match(r"^\s*[=?]\d*(\s|$)", line):
                in_answer = True
                continue
            if in_answer or line.lstrip().startswith("#"):
                continue
            pieces.append(Code(line.strip(), number, "protocol"))
            continue
        if pending is not None:
            pending.text += " " + line.strip()
        else:
            pending = Code(line.strip(), number, "other")
        if pending.text.endswith("\\"):
            pending.text = pending.text[:-1].rstrip()
        else:
            pieces.append(pending)
            pending = None
    if pending is not None:
        pieces.append(pending)
    return pieces


def roff_code(text):
    """The bold text of a manual page: .B, .BR, .BI lines (their arguments joined as roff
    joins them) and \\fB...\\fR."""
    pieces = []
    for number, line in enumerate(text.split("\n"), 1):
        plain = line.replace("\\-", "-").replace("\\(em", "-")
        request = re.match(r"^\.(B|BR|BI|RB|IB)\s+(.*)$", plain)
        if request:
            try:
                arguments = shlex.split(request.group(2))
            except ValueError:
                arguments = request.group(2).split()
            joiner = " " if request.group(1) == "B" else ""
            pieces.append(Code(joiner.join(arguments), number, "man"))
        for match in re.finditer(r"\\fB(.+?)\\f[RPI]", plain):
            pieces.append(Code(match.group(1), number, "man"))
    return pieces


def words_of(text):
    try:
        return shlex.split(text, comments=False)
    except ValueError:
        return text.split()


def is_engine(word):
    return word in ("lifeline", "lifeline-wasm") or bool(
        re.fullmatch(r"[A-Za-z0-9_./-]*/lifeline", word))


class Checker:
    def __init__(self, facts):
        self.facts = facts
        self.findings = []
        self._programs = None

    def find(self, page, line, what):
        self.findings.append((page, line, what))

    @property
    def programs(self):
        if self._programs is None:
            self._programs = self.facts.programs()
        return self._programs

    def check_page(self, page, shown):
        with open(page, encoding="utf-8") as stream:
            text = stream.read()
        pieces = roff_code(text) if page.endswith(".6") else markdown_code(text)
        for piece in pieces:
            self.check_piece(shown, piece)

    def check_piece(self, page, piece):
        words = words_of(piece.text)
        if not words:
            return
        raw_words = piece.text.split()
        # (a) commands
        first = words[0]
        if piece.block == "protocol":
            command = raw_words[1] if re.fullmatch(r"\d+", raw_words[0]) and len(raw_words) > 1 \
                else raw_words[0]
            if COMMAND.fullmatch(command) and command not in self.facts.commands:
                self.find(page, piece.line, f"command `{command}` is not in list_commands")
            words = raw_words[raw_words.index(command):]
            first = command
        elif (COMMAND.fullmatch(first) and first.startswith(COMMAND_PREFIXES)
              and first not in self.programs and first not in FOREIGN_COMMANDS
              and first not in COMMAND_PREFIXES and first not in self.facts.commands):
            self.find(page, piece.line, f"command `{first}` is not in list_commands")
        # (b) options
        if first == "lifeline-set" and len(words) > 1:
            self.check_option(page, piece.line, words[1], "lifeline-set option")
        if piece.block == "man":
            for name in FLAG.findall(piece.text):
                self.check_option(page, piece.line, name, "engine flag --")
        for group in self.engine_invocations(words):
            for word in group[1:]:
                flag = FLAG.fullmatch(word.split("=", 1)[0])
                if flag:
                    self.check_option(page, piece.line, flag.group(1), "engine flag --")
        # (c) script flags, (d) files
        for position, word in enumerate(words):
            if SCRIPT.match(word):
                self.check_script(page, piece.line, word, words[position + 1:])
            elif piece.block != "protocol" and not piece.foreign:
                self.check_path(page, piece.line, word)
                self.check_module(page, piece.line, word)

    def engine_invocations(self, words):
        """The word lists that run the engine: each command (words up to |, ;, && ...) whose
        program, after environment assignments and wrappers such as nice, is the engine, and
        every quoted argument that is such a command. An engine's path given as another
        program's argument (--engine build/lifeline) runs nothing here."""
        groups = []
        command = []
        for word in words + [";"]:
            if word not in COMMAND_END:
                command.append(word)
                continue
            start = 0
            while start < len(command):
                word = command[start]
                if re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", word):
                    start += 1
                elif word in WRAPPERS:
                    start += 1
                    while start < len(command) and command[start].startswith("-"):
                        takes_value = command[start] in WRAPPERS[word]
                        start += 2 if takes_value else 1
                    while start < len(command) and re.fullmatch(r"[0-9.]+[smh]?", command[start]):
                        start += 1
                else:
                    break
            if start < len(command) and is_engine(command[start]):
                groups.append(command[start:])
            for word in command:
                if " " in word:
                    groups.extend(self.engine_invocations(words_of(word)))
            command = []
        return groups

    def check_option(self, page, line, name, kind):
        if PLACEHOLDER.match(name) or not COMMAND.fullmatch(name.lower()):
            return
        if not re.fullmatch(r"[a-z][a-z0-9_-]*", name):
            return
        normal = name.replace("_", "-")
        if normal in self.facts.options or (kind.startswith("engine") and normal in ENGINE_FLAGS):
            return
        shown = f"--{name}" if kind.endswith("--") else name
        label = "engine flag" if kind.endswith("--") else kind
        self.find(page, line, f"{label} `{shown}` is not an option of lifeline-set")

    def check_script(self, page, line, script, rest):
        arguments = []
        for word in rest:
            if word in COMMAND_END:
                break
            arguments.append(word)
        subcommands = self.facts.subcommands(script)
        positional = [word for word in arguments if not word.startswith("-")]
        subcommand = positional[0] if positional and positional[0] in subcommands else None
        flags = self.facts.script_flags(script, subcommand)
        if flags is None:
            self.find(page, line, f"`{script}` is not a file of the repository")
            return
        for word in arguments:
            flag = FLAG.fullmatch(word.split("=", 1)[0])
            if flag and flag.group(1) not in flags:
                where = f"{script} {subcommand}" if subcommand else script
                self.find(page, line, f"`{where}` has no flag `--{flag.group(1)}` in its help")

    def check_module(self, page, line, word):
        name = word.strip(".,;:()'\"")
        if not MODULE.match(name):
            return
        parts = name.split(".")
        folder = f"scripts/{parts[0]}"
        for part in parts[1:]:
            if not part.islower():
                return
            if self.facts.path_exists(f"{folder}/{part}/__init__.py"):
                folder = f"{folder}/{part}"
            elif self.facts.path_exists(f"{folder}/{part}.py"):
                return
            else:
                self.find(page, line, f"`{name}`: {folder.replace('scripts/', '').replace('/', '.')} "
                          f"has no module or package `{part}`")
                return

    def check_path(self, page, line, word):
        path = word.strip(".,;:()'\"")
        if path.startswith(tuple(f"{package}/" for package in TOOL_PACKAGES)):
            path = f"scripts/{path}"
        path = re.sub(r"#.*$", "", path)
        path = re.sub(r":\d+(-\d+)?$", "", path)
        if not path.startswith(PATH_PREFIXES) or "://" in path:
            return
        if not re.fullmatch(r"[A-Za-z0-9_./*?\[\]{}+-]+", path):
            return
        if not self.facts.path_exists(path):
            self.find(page, line, f"`{path}` is not a file or folder that git tracks")


def default_pages(repository):
    pages = []
    for folder, pattern in (("docs", "*.md"), ("", "README.md"), ("protocol", "*.md"),
                            ("docs", "lifeline.6")):
        directory = os.path.join(repository, folder)
        if os.path.isdir(directory):
            pages.extend(os.path.join(directory, name) for name in sorted(os.listdir(directory))
                         if fnmatch.fnmatch(name, pattern))
    return pages


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="scripts/check_docs.py",
        description="Checks that the pages name only protocol commands, lifeline-set options, "
                    "script flags and repository files that exist; one line per finding "
                    "(page:line: what), exit status 1 when there is any.",
        epilog="The rules are in the module's docstring (scripts/check_docs.py).")
    parser.add_argument("--engine", default="build/lifeline",
                        help="the engine to ask for its commands and options, relative to "
                             "the repository unless absolute (default build/lifeline)")
    parser.add_argument("--repository", default=ROOT,
                        help="the checkout whose scripts and git files count (default this "
                             "script's)")
    parser.add_argument("--pages", nargs="+", metavar="PAGE",
                        help="the pages to check (default docs/*.md, README.md, "
                             "protocol/*.md and docs/lifeline.6)")
    arguments = parser.parse_args(argv)
    repository = os.path.abspath(arguments.repository)
    engine = os.path.join(repository, arguments.engine)
    facts = Facts(repository, engine)
    checker = Checker(facts)
    pages = arguments.pages or default_pages(repository)
    try:
        for page in pages:
            absolute = os.path.abspath(page)
            shown = os.path.relpath(absolute, repository)
            if shown.startswith(".."):
                shown = page
            checker.check_page(absolute, shown)
    except SystemExit as error:
        print(error, file=sys.stderr)
        return 2
    for page, line, what in sorted(set(checker.findings)):
        print(f"{page}:{line}: {what}")
    return 1 if checker.findings else 0


if __name__ == "__main__":
    sys.exit(main())
