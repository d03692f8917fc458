// The text side of the page's own backend (local_server.js): reading the engine's answers
// (as lifeline_web/answers.py), writing and checking game records (as lifeline_tools/
// record.py), and checking the page's requests (as server.py). Pure functions of text.

export const LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
export const RULES = ["strong-pie", "weak-pie", "komi-pie"];
const RECORD_MAGIC = "# lifeline game record 1";
const HEADER_ORDER = ["event", "black", "white", "result", "winner", "reason"];
const RECORD_LIMIT = 1 << 20;
// A cell, a double turn's pair, the swap or the komi spending, and nothing else.
const MOVE_TOKEN = /^(?:[A-Za-z][0-9]{1,2}(?:,[A-Za-z][0-9]{1,2})?|swap|pass)$/i;

export class ApiError extends Error {
  constructor(status, message, details = {}) {
    super(message);
    this.status = status;
    this.details = details;
  }
}

// --- reading the engine's answers (as lifeline_web/answers.py) ----------------------------

export function normalMove(token) {
  if (typeof token !== "string" || !MOVE_TOKEN.test(token.trim())) return null;
  const move = token.trim();
  return ["swap", "pass"].includes(move.toLowerCase()) ? move.toLowerCase() : move.toUpperCase();
}

export function moveCells(move) {
  return ["swap", "pass", "resign"].includes(move.toLowerCase()) ? [] : move.toUpperCase().split(",");
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
      if (!(cell in stones)) throw new Error(`a ${color} stone on ${cell}, off the board`);
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
      if (value === undefined) throw new Error(`info field '${key}' has no value`);
      candidate[key] = INFO_NUMBERS[key] ? INFO_NUMBERS[key](value) : value;
    }
    if (!candidate.move) throw new Error("info group without a move");
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
    throw new Error(`unreadable solver answer '${text}'`);
  }
  return [words[0], words.slice(1)];
}

export function illegalReason(message) {
  if (!message.startsWith("illegal move")) return null;
  return message.slice("illegal move".length).replace(/^[:\s]+/, "").trim() || null;
}

// --- game records (as lifeline_tools/record.py) -------------------------------------------

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
    throw new ApiError(413, "the game record is larger than 1 MiB");
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
      throw new ApiError(400, `not a game record: command ${number} is '${line.slice(0, 60)}' ` +
        "(a record holds boardsize, lifeline-rules, komi and play lines)");
    }
    commands.push(`play ${color[0]} ${move}`);
    actions.push({ color: color[0], move, by: "human", removed: 0 });
  }
  return { commands, actions };
}

// --- checking requests (as server.py) -----------------------------------------------------

export function field(payload, name, kind, fallback, { low, high, choices } = {}) {
  const value = name in payload ? payload[name] : fallback;
  const ok = kind === "int" ? Number.isInteger(value) : kind === "number"
    ? typeof value === "number" && Number.isFinite(value) : typeof value === "string";
  if (!ok) throw new ApiError(400, `${name}: expected ${kind === "string" ? "text" : kind}`);
  if (choices && !choices.includes(value)) throw new ApiError(400, `${name}: expected one of ${choices.join(", ")}`);
  if (low !== undefined && !(value >= low && value <= high)) {
    throw new ApiError(400, `${name}: expected ${low} to ${high}, not ${value}`);
  }
  return value;
}

export function onlyFields(payload, names) {
  const unknown = Object.keys(payload).filter((name) => !names.includes(name)).sort();
  if (unknown.length) throw new ApiError(400, `unknown field ${unknown[0]} (expected ${names.join(", ")})`);
}

export const FULL_STRENGTH = 8; // the engine option level: 1 a beginner, 8 full strength
export const levelOf = (payload) => field(payload, "level", "int", FULL_STRENGTH, { low: 1, high: FULL_STRENGTH });

export function newGameRequest(payload) {
  if ("record" in payload) {
    onlyFields(payload, ["record", "human", "time", "level"]);
    return { human: field(payload, "human", "string", "to-move", { choices: ["black", "white", "both", "to-move"] }),
             time: field(payload, "time", "number", 1, { low: 0.1, high: 300 }), level: levelOf(payload),
             record: field(payload, "record", "string", null) };
  }
  onlyFields(payload, ["base", "rules", "komi", "human", "time", "level"]);
  return { human: field(payload, "human", "string", "black", { choices: ["black", "white", "both"] }),
           time: field(payload, "time", "number", 1, { low: 0.1, high: 300 }), level: levelOf(payload),
           base: field(payload, "base", "int", 7, { low: 2, high: 13 }),
           rules: field(payload, "rules", "string", "strong-pie", { choices: RULES }),
           komi: field(payload, "komi", "int", 0, { low: 0, high: 1000 }),
           record: null };
}
