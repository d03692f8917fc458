// The text side of the page's game (session.js): reading the engine's answers
// (protocol/lifeline-gtp.md) and writing and checking game records (the format of
// lifeline_tools/play/record.py). Pure functions of text; a text that is not what it should be
// throws a TextError.

// The columns' letters of the protocol's cell names (no I).
export const LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
const RECORD_MAGIC = "# lifeline game record 1";
const HEADER_ORDER = ["event", "black", "white", "result", "winner", "reason"];
const RECORD_LIMIT = 1 << 20;
// A cell, a double turn's pair, the swap or the komi spending, and nothing else.
const MOVE_TOKEN = /^(?:[A-Za-z][0-9]{1,2}(?:,[A-Za-z][0-9]{1,2})?|swap|pass)$/i;

export class TextError extends Error {
  constructor(message, details = {}) {
    super(message);
    this.name = "TextError";
    this.details = details;
  }
}

// --- reading the engine's answers ------------------------------------------------------------

export function normalMove(token) {
  if (typeof token !== "string" || !MOVE_TOKEN.test(token.trim())) return null;
  const move = token.trim();
  return ["swap", "pass"].includes(move.toLowerCase()) ? move.toLowerCase() : move.toUpperCase();
}

// The cells a move places ("c3,e4" or "C3"), upper case; none for swap, pass, resign or no move.
export function moveCells(move) {
  return move && /^[A-Z]\d/i.test(move) ? move.toUpperCase().split(",") : [];
}

export function cells(base) {
  const width = 2 * base - 1;
  const names = [];
  for (let y = 0; y < width; ++y) {
    for (let x = 0; x < width; ++x) {
      if (Math.abs(x - y) <= base - 1) names.push(`${LETTERS[x]}${y + 1}`);
    }
  }
  return names;
}

export function boardOf(state) {
  const stones = Object.fromEntries(cells(state.base).map((cell) => [cell, "empty"]));
  for (const color of ["black", "white"]) {
    for (const cell of state[color]) {
      if (!(cell in stones)) throw new TextError(`a ${color} stone on ${cell}, off the board`);
      stones[cell] = color;
    }
  }
  return stones;
}

export function removedStones(removed) {
  return ["black", "white"].flatMap((color) => (removed[color] || []).map((cell) => ({ cell, stone: color })));
}

export function splitTerritory(line) {
  const at = line.indexOf(" territory ");
  if (at < 0) return [line, null];
  return [line.slice(0, at), line.slice(at + " territory ".length).trim().split(/\s+/).map(Number)];
}

// The territory line of lifeline-network's answer ("territory A1 -1.00 B1 0.35 ..."): each
// cell of the board with its owner from -1 (White) to 1 (Black).
export function parseNetworkTerritory(text, base) {
  const line = text.split("\n").find((entry) => entry.startsWith("territory "));
  if (!line) throw new TextError("lifeline-network gave no territory");
  const words = line.split(/\s+/).slice(1);
  const names = cells(base);
  if (words.length !== 2 * names.length) {
    throw new TextError(`network territory of ${words.length / 2} cells on a board of ${names.length}`);
  }
  const territory = {};
  for (let index = 0; index < words.length; index += 2) {
    const value = Number(words[index + 1]);
    if (!names.includes(words[index]) || !(value >= -1 && value <= 1)) {
      throw new TextError(`bad network territory entry '${words[index]} ${words[index + 1]}'`);
    }
    territory[words[index]] = value;
  }
  return territory;
}

const INFO_NUMBERS = { visits: parseInt, winrate: parseFloat, prior: parseFloat, order: parseInt };

export function parseInfo(line) {
  const candidates = [];
  const seen = new Set();
  for (const group of splitTerritory(line)[0].split("info ").slice(1)) {
    const words = group.trim().split(/\s+/);
    const candidate = { pv: [] };
    for (let index = 0; index < words.length; index += 2) {
      const key = words[index];
      if (key === "pv") {
        candidate.pv = words.slice(index + 1);
        break;
      }
      const value = words[index + 1];
      if (value === undefined) throw new TextError(`info field '${key}' has no value`);
      candidate[key] = INFO_NUMBERS[key] ? INFO_NUMBERS[key](value) : value;
    }
    if (!candidate.move) throw new TextError("info group without a move");
    // A double turn's pair is reached in either order: keep its first (most visited) entry.
    const key = moveCells(candidate.move).sort().join(",") || candidate.move;
    if (!seen.has(key)) {
      seen.add(key);
      candidates.push(candidate);
    }
  }
  return candidates;
}

export function parseSolve(text) {
  const words = text.split(/\s+/).filter(Boolean);
  if (!words.length || !["win", "loss", "unknown"].includes(words[0]) ||
      (words[0] !== "win" && words.length > 1)) {
    throw new TextError(`unreadable solver answer '${text}'`);
  }
  return [words[0], words.slice(1)];
}

// What follows `fair-komi K play`: `range LOW HIGH crossing X games N visits V`, the games that
// measured the fair komi (protocol 4.9).
function fairKomiByPlay(words, line) {
  const number = (at, label) => {
    if (words[at] !== label) throw new TextError(`unreadable fair komi '${line.slice(0, 80)}'`);
    return Number(words[at + 1]);
  };
  const played = { low: number(0, "range"), high: Number(words[2]), crossing: number(3, "crossing"),
                   games: number(5, "games"), visits: number(7, "visits") };
  if (Object.values(played).some((value) => !Number.isFinite(value))) {
    throw new TextError(`unreadable fair komi '${line.slice(0, 80)}'`);
  }
  return played;
}

// The answer of `lifeline-book` (protocol 4.9): the stage, then one fact a line. Choices and
// the first turn carry their chances and what they rest on (`exact`, or the visits of an
// estimate); under komi pie, Black's chance at each komi of the map and the fair komi, with
// the games that measured it where it was measured by play.
export function parseBook(text) {
  const book = { stage: null, choices: [], first_turn: null, decision: null, replies: [], komi: [],
                 fair_komi: null, fair_komi_by_play: null, second_player_takes: null };
  for (const line of text.split("\n")) {
    const [key, ...words] = line.trim().split(/\s+/);
    if (key === "stage") {
      book.stage = word(words[0], ["first-turn", "swap-decision", "none"], line);
    } else if (key === "choice") {
      book.choices.push({ move: words[0], first_player: labelled(words, 1, "first-player", line),
                          holder: labelled(words, 3, "holder", line), ...knowledge(words.slice(5), line) });
    } else if (key === "first-turn") {
      book.first_turn = words[1] === "unknown" ? { stones: words[0], holder: null, exact: false, visits: null }
        : { stones: words[0], holder: labelled(words, 1, "holder", line), ...knowledge(words.slice(3), line) };
    } else if (key === "decision") {
      book.decision = word(words[0], ["swap", "play-on"], line);
    } else if (key === "replies") {
      book.replies = words;
    } else if (key === "komi") {
      book.komi.push({ komi: wholeNumber(words[0], line), black: labelled(words, 1, "black", line),
                       ...knowledge(words.slice(3), line) });
    } else if (key === "fair-komi") {
      book.fair_komi = words[0] === "unknown" ? null : wholeNumber(words[0], line);
      if (words[1] === "play") book.fair_komi_by_play = fairKomiByPlay(words.slice(2), line);
    } else if (key === "second-player-takes") {
      book.second_player_takes = word(words[0], ["black", "white"], line);
    }
  }
  if (book.stage === null) throw new TextError(`lifeline-book has no stage: '${text.slice(0, 60)}'`);
  return book;
}

// The answer of `lifeline-book_cells`: which figure the cells carry and each cell's figure.
export function parseBookCells(text, base) {
  const [head, body = ""] = text.split("\n");
  const figure = word(head.replace(/^figure\s+/, ""), ["first-player", "holder", "none"], head);
  const words = body.trim().split(/\s+/).filter(Boolean);
  if (figure !== "none" && words[0] !== "cells") throw new TextError(`lifeline-book_cells has no cells: '${body.slice(0, 60)}'`);
  const names = new Set(cells(base));
  const figures = {};
  for (let index = 1; index < words.length; index += 2) {
    if (!names.has(words[index])) throw new TextError(`lifeline-book_cells names ${words[index]}, not a cell of base ${base}`);
    figures[words[index]] = chance(words[index + 1], body);
  }
  return { figure, cells: figures };
}

function word(value, choices, line) {
  if (!choices.includes(value)) throw new TextError(`unreadable opening map line '${line.slice(0, 60)}'`);
  return value;
}

function chance(value, line) {
  const number = Number(value);
  if (value === undefined || !(number >= 0 && number <= 1)) throw new TextError(`not a chance in '${line.slice(0, 60)}'`);
  return number;
}

function wholeNumber(value, line) {
  if (!/^\d+$/.test(value || "")) throw new TextError(`not a whole number in '${line.slice(0, 60)}'`);
  return Number(value);
}

// words[at] must be `name`, and the chance follows it.
function labelled(words, at, name, line) {
  word(words[at], [name], line);
  return chance(words[at + 1], line);
}

// "exact" or "visits N".
function knowledge(words, line) {
  if (words[0] === "exact") return { exact: true, visits: null };
  word(words[0], ["visits"], line);
  return { exact: false, visits: wholeNumber(words[1], line) };
}

export function illegalReason(message) {
  if (!message.startsWith("illegal move")) return null;
  return message.slice("illegal move".length).replace(/^[:\s]+/, "").trim() || null;
}

// --- game records ----------------------------------------------------------------------------

export function formatRecord(headers, setup, moves) {
  const keys = [...HEADER_ORDER.filter((key) => key in headers),
                ...Object.keys(headers).filter((key) => !HEADER_ORDER.includes(key))];
  const lines = [RECORD_MAGIC, ...keys.map((key) => `# ${key}: ${String(headers[key]).split(/\s+/).join(" ")}`),
                 ...setup, ...moves.map(([color, move]) => `play ${color} ${move}`)];
  return lines.join("\n") + "\n";
}

// The commands of a record, after checking that it holds only what a record may; the engine
// checks the rules when it replays them.
export function recordCommands(record) {
  if (new TextEncoder().encode(record).length > RECORD_LIMIT) {
    throw new TextError("the game record is larger than 1 MiB");
  }
  const commands = [];
  const actions = [];
  let number = 0;
  for (const raw of record.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    number += 1;
    const words = line.split("#")[0].trim().split(/\s+/);
    if (["boardsize", "lifeline-rules", "komi"].includes(words[0]) && words.length === 2) {
      commands.push(words.join(" "));
      continue;
    }
    const color = words.length === 3 && words[0] === "play" ? words[1].toLowerCase() : "";
    const move = color ? normalMove(words[2]) : null;
    if (!["b", "w", "black", "white"].includes(color) || move === null) {
      throw new TextError(`not a game record: command ${number} is '${line.slice(0, 60)}' ` +
        "(a record holds boardsize, lifeline-rules, komi and play lines)");
    }
    commands.push(`play ${color[0]} ${move}`);
    actions.push({ color: color[0], move, by: "human", removed: 0 });
  }
  return { commands, actions };
}

// --- the engine's state and options -------------------------------------------------------------

// What `lifeline-state` must answer: each field and its JSON types ("null" where it may be null).
const STATE_FIELDS = {
  base: ["number"], rules: ["string"], komi: ["number"], to_move: ["string"], stones_to_place: ["number"],
  phase: ["string"], pending: ["string", "null"], can_swap: ["boolean"], can_spend_komi: ["boolean"],
  swapped: ["boolean"], komi_left: ["number"], legal: ["array"], black: ["array"], white: ["array"],
  removed: ["object"], actions: ["number"], move_number: ["number"], last_move: ["object", "null"],
  last_turn: ["object", "null"], over: ["boolean"], winner: ["string", "null"], result: ["string", "null"],
};
const STATE_WORDS = { to_move: ["black", "white"], phase: ["opening", "play", "over"],
                      winner: ["black", "white", null], result: ["B+", "W+", null] };

const jsonType = (value) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

// The one-line JSON answer of `lifeline-state`, after checking that it has every field the
// page reads, of the right type; `rules` lists the rule names the engine offers.
export function checkState(text, rules) {
  let state;
  try {
    state = JSON.parse(text);
  } catch (error) {
    throw new TextError(`lifeline-state is not JSON: ${error.message}`);
  }
  if (jsonType(state) !== "object") throw new TextError("lifeline-state is not a JSON object");
  for (const [name, types] of Object.entries(STATE_FIELDS)) {
    if (!(name in state)) throw new TextError(`lifeline-state has no field ${name}`);
    if (!types.includes(jsonType(state[name]))) {
      throw new TextError(`lifeline-state's ${name} is ${JSON.stringify(state[name])}`);
    }
  }
  for (const [name, words] of Object.entries({ ...STATE_WORDS, rules })) {
    if (!words.includes(state[name])) throw new TextError(`lifeline-state's ${name} is ${JSON.stringify(state[name])}`);
  }
  return state;
}

// The options of `lifeline-set`'s listing that the page offers, read from the engine itself:
// one line each, "NAME VALUE (KIND RANGE, default DEFAULT): what it does".
const OPTION_LINE = /^(\S+) \S* ?\((int|number|choice|bool|text) ([^,]*), default ([^)]*)\):/;

export function readOptions(listing) {
  const options = {};
  for (const line of listing.split("\n")) {
    const found = OPTION_LINE.exec(line.trim());
    if (!found) continue;
    const [, name, kind, range, fallback] = found;
    if (kind === "choice") {
      options[name] = { kind, choices: range.split("|"), default: fallback };
    } else if (kind === "int" || kind === "number") {
      const [low, high] = range.split("..").map(Number);
      options[name] = { kind, low, high, default: Number(fallback) };
    }
  }
  for (const name of ["base", "rules", "komi", "time", "level"]) {
    if (!options[name]) throw new TextError(`the engine's lifeline-set listing has no option ${name}`);
  }
  return options;
}
