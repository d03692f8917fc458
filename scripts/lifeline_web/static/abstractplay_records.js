// Abstract Play's records exports in the page: the Lifeline games of an export, and one of
// them as the engine's game record, which the page then loads as it loads any record.
//
// An export is a list of game records (records.abstractplay.com's ALL.json, meta/lifeline.json,
// player/ID.json, event/ID.json) or a single record, each in recranks' APGameRecord format as
// gameslib's genRecord writes it; docs/records.md ("Abstract Play's exports") says what is read
// and what is refused. The tools' lifeline_abstractplay/records.py is the same behaviour in
// Python: tests run both over the same files and compare every listing, record and reason.
// Pure functions of text, as game_text.js: no browser API, no engine. Whether the moves are
// legal is the engine's to say when the page replays the record; endingProblem() then checks
// that its last position ends the game as the export says.

import { LETTERS, formatRecord } from "./game_text.js";

const GAME_NAME = "Lifeline";
const RULES = "strong-pie";
// The names genRecord gives the board variants (gameslib's English locale) and each one's base;
// "Size 8 board" is the default board, which Abstract Play's code plays on base 7.
const VARIANT_BASES = { "Size 6 board": 6, "Size 7 board": 7, "Size 8 board": 7, "Size 10 board": 10,
                        "Size 12 board": 12 };
const DEFAULT_VARIANT = "Size 8 board";
// The moves that end a game other than by a placement, and the record's reason for each.
const ENDINGS = { resign: "resign", timeout: "time", draw: "draw", abandoned: "aborted" };
const OUTCOME_WORDS = { resign: "by resignation", timeout: "on time" };
const DATE = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/;
const AP_CELL = /^([a-z])([1-9][0-9]?)$/;

export class ExportError extends Error {
  constructor(message) {
    super(message);
    this.name = "ExportError";
  }
}

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
const oneLine = (text) => text.split(/\s+/).filter(Boolean).join(" ");

function get(item, ...keys) {
  for (const key of keys) {
    if (!isObject(item)) return undefined;
    item = has(item, key) ? item[key] : undefined;
  }
  return item;
}

// One line of the engine's record: its colour and move, and the Abstract Play move it stands
// for (its number from 1 and its text; none for the pie's swap).
class Turn {
  constructor(color, move, number = 0, text = "") {
    Object.assign(this, { color, move, number, text });
  }

  label() {
    return this.number ? `move ${this.number} ('${this.text}')` : "the pie";
  }
}

// One Lifeline game of an export, checked and converted: `names` are the seats' players at
// the end of the game, as the export lists them; `winner` is the winning seat (1, 2 or null);
// `ending` is "placement" or one of ENDINGS.
export class Game {
  constructor(fields) {
    Object.assign(this, fields);
  }

  // The player who moved first, who started with Black.
  get black() {
    return this.pied ? this.names[1] : this.names[0];
  }

  get white() {
    return this.pied ? this.names[0] : this.names[1];
  }

  get result() {
    return { 1: "B+", 2: "W+" }[this.winner] || "none";
  }

  get reason() {
    return ENDINGS[this.ending] || "no legal move";
  }

  outcome() {
    if (this.ending === "draw") return "drawn by agreement";
    if (this.ending === "abandoned") return "abandoned";
    const words = OUTCOME_WORDS[this.ending];
    return `${this.names[this.winner - 1]} won${words ? ` ${words}` : ""}`;
  }

  summary() {
    return { number: this.number, id: this.gameid, date: this.date.slice(0, 10), black: this.black,
             white: this.white, base: this.base, variant: this.variant, pie: this.pied,
             moves: this.placements, result: this.result, outcome: this.outcome() };
  }

  describe() {
    const pie = this.pied ? ", pie taken" : "";
    return `${this.number}. ${this.date.slice(0, 10)} ${this.black} (Black) v ${this.white} (White), ` +
      `base ${this.base}${pie}, ${this.placements} moves: ${this.outcome()}`;
  }

  recordText() {
    let event = "Abstract Play";
    if (this.event) event += `, ${this.event}${this.round ? `, round ${this.round}` : ""}`;
    const headers = { event, black: this.black, white: this.white, result: this.result };
    if (this.winner) headers.winner = this.names[this.winner - 1];
    Object.assign(headers, { reason: this.reason, date: this.date, ended: this.ended, site: "Abstract Play",
                             gameid: this.gameid, variant: this.variant });
    const setup = [`boardsize ${this.base}`, `lifeline-rules ${RULES}`, "komi 0"];
    return formatRecord(headers, setup, this.turns.map((turn) => [turn.color, turn.move]));
  }
}

// A Lifeline record of an export that does not convert, and why.
export class Refused {
  constructor(number, gameid, reason) {
    Object.assign(this, { number, gameid, reason });
  }

  describe() {
    return `${this.number}. refused: ${this.reason}`;
  }
}

// The Lifeline games of an export's text: {entries, others}, entries a Game or a Refused per
// Lifeline record in the file's order, numbered from 1, and others the number of records of
// other games left out. Throws an ExportError when the text is not an export at all, or is a
// single record of another game.
export function readExport(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ExportError(`not JSON: ${error.message}`);
  }
  const single = isObject(data);
  if (!single && !Array.isArray(data)) {
    throw new ExportError("not an Abstract Play records export: expected a game record (a JSON object) " +
      "or a list of them");
  }
  const entries = [];
  let others = 0;
  for (const [index, item] of (single ? [data] : data).entries()) {
    if (!isObject(item)) {
      throw new ExportError(`not an Abstract Play records export: item ${index + 1} of the list is not a game record`);
    }
    const name = get(item, "header", "game", "name");
    if (name !== GAME_NAME) {
      if (single) {
        throw new ExportError(typeof name === "string" ? `not a Lifeline game: the record is a game of ${name}`
          : "not an Abstract Play game record: it has no header.game.name");
      }
      others += 1;
      continue;
    }
    entries.push(entry(entries.length + 1, item));
  }
  if (!entries.length) throw new ExportError(`no Lifeline game in the export (${others} records of other games)`);
  return { entries, others };
}

// Why the position after the game's last move (the number of stones of each colour) does not
// end the game as the export says, or null. A game that ended by a placement ended where
// Abstract Play's rule ends it: after the first turns, as soon as a player has no stone, the
// player to move first losing when both have none (gameslib's checkEOG).
export function endingProblem(game, blackStones, whiteStones) {
  if (game.ending !== "placement") return null;
  const claim = "the export says the game ended with its last move, but";
  if (game.placements < 3) return `${claim} no game ends in its first turns`;
  const mover = 2 - (game.placements % 2);
  const other = 3 - mover;
  const stones = { 1: blackStones, 2: whiteStones };
  const ender = stones[other] === 0 ? mover : stones[mover] === 0 ? other : null;
  if (ender === null) return `${claim} after it both players have stones`;
  if (ender !== game.winner) {
    return `the export names ${game.names[game.winner - 1]} the winner, ` +
      `but after the last move ${game.names[ender - 1]} wins`;
  }
  return null;
}

// The reason for the engine's refusing the game's turn `index` (from 0) with `answer`.
export function refusal(game, index, answer) {
  const turn = game.turns[index];
  return `${turn.label()}: the engine refuses ${turn.move}: ${answer}`;
}

// --- one record ---------------------------------------------------------------------------------

function entry(number, item) {
  let gameid = get(item, "header", "site", "gameid");
  gameid = typeof gameid === "string" || Number.isInteger(gameid) ? String(gameid) : "";
  try {
    return readGame(number, gameid, item);
  } catch (error) {
    if (error instanceof ExportError) return new Refused(number, gameid, error.message);
    throw error;
  }
}

function readGame(number, gameid, item) {
  const header = item.header;
  const [variant, base] = board(has(header.game, "variants") ? header.game.variants : []);
  const [names, results] = players(get(item, "header", "players"));
  const [date, ended] = [dateOf(header, "date-start"), dateOf(header, "date-end")];
  const event = textOf(header, "event");
  const round = event ? textOf(header, "round") : "";
  const pied = flag(header, "pied") || flag(header, "pie-invoked");
  const moves = flatMoves(get(item, "moves"));
  let ending = "placement";
  const turns = [];
  for (const [index, text] of moves.entries()) {
    const word = text.trim().toLowerCase();
    if (has(ENDINGS, word)) {
      if (index !== moves.length - 1) {
        throw new ExportError(`move ${index + 1} is '${word}' before the end of the game`);
      }
      ending = word;
      continue;
    }
    const token = placement(base, index + 1, text, turns.length);
    turns.push(new Turn(turns.length % 2 ? "w" : "b", token, index + 1, text));
  }
  const placements = turns.length;
  if (pied) {
    if (!placements) throw new ExportError("the pie was taken before the first move");
    turns.splice(1, 0, new Turn("w", "swap"));
  }
  return new Game({ number, gameid, date, ended, event, round, variant, base, pied, names,
                    winner: winnerOf(results, ending), ending, turns, placements });
}

function board(variants) {
  if (!Array.isArray(variants) || !variants.every((name) => typeof name === "string")) {
    throw new ExportError("header.game.variants is not a list of names");
  }
  for (const name of variants) {
    if (!has(VARIANT_BASES, name)) {
      throw new ExportError(`unknown board variant '${name}' (Abstract Play's Lifeline boards: ` +
        `${Object.keys(VARIANT_BASES).join(", ")})`);
    }
  }
  if (variants.length > 1) throw new ExportError("more than one board size");
  const variant = variants.length ? variants[0] : DEFAULT_VARIANT;
  return [variant, VARIANT_BASES[variant]];
}

function players(list) {
  if (!Array.isArray(list) || list.length !== 2) {
    throw new ExportError(`the game has ${Array.isArray(list) ? list.length : "no"} players, not two`);
  }
  const names = [];
  const results = [];
  for (const [index, player] of list.entries()) {
    const seat = index + 1;
    const name = isObject(player) && typeof player.name === "string" ? oneLine(player.name) : "";
    if (!name) throw new ExportError(`player ${seat} has no name`);
    const result = isObject(player) && has(player, "result") ? player.result : null;
    if (result === null) {
      throw new ExportError(`the export marks the game as unfinished (player ${seat} has no result)`);
    }
    if (!Number.isInteger(result)) throw new ExportError(`player ${seat}'s result is not a whole number`);
    names.push(name);
    results.push(result);
  }
  return [names, results];
}

// The game's moves in order, as text, after the checks of the rounds' shape (one move per
// seat a round; only the last round may be short). A move may also be written as
// {"move": text, ...}, which the format allows.
function flatMoves(rounds) {
  if (Array.isArray(rounds)) {
    for (const [index, seats] of rounds.entries()) {
      if (Array.isArray(seats) && seats.includes(null)) throw new ExportError(`round ${index + 1} has an empty seat`);
    }
    const text = (seat) => (isObject(seat) ? seat.move : seat);
    rounds = rounds.map((seats) => (Array.isArray(seats) ? seats.map(text) : seats));
  } else {
    throw new ExportError("moves must be a list of rounds");
  }
  const moves = [];
  for (const [index, seats] of rounds.entries()) {
    if (!Array.isArray(seats) || !seats.every((move) => typeof move === "string")) {
      throw new ExportError("each round must be a list of move strings");
    }
    if (seats.length > 2 || (seats.length < 2 && index !== rounds.length - 1)) {
      throw new ExportError(`round ${index + 1} has ${seats.length} moves`);
    }
    moves.push(...seats);
  }
  return moves;
}

// The engine's name of an Abstract Play cell: its row letter counts rows from the bottom, its
// number cells from the left of the row; the engine's rows above the middle start further
// right (docs/abstractplay.md, "Cells").
function engineCell(base, name) {
  const found = AP_CELL.exec(name.trim().toLowerCase());
  if (!found) throw new ExportError(`not a cell: '${name}'`);
  const row = found[1].charCodeAt(0) - "a".charCodeAt(0);
  const place = Number(found[2]) - 1;
  const width = 2 * base - 1;
  if (row >= width || place >= width - Math.abs(row - (base - 1))) {
    throw new ExportError(`no cell '${name}' on a board of base ${base}`);
  }
  return `${LETTERS[place + Math.max(0, row - (base - 1))]}${row + 1}`;
}

// The engine's token for a placement; the first two turns place two stones, the others one.
function placement(base, number, text, placed) {
  let token;
  try {
    const parts = text.replace(/\s+/g, "").split(",");
    if (parts.length > 2) throw new ExportError(`more than two cells in '${text}'`);
    token = parts.map((part) => engineCell(base, part)).join(",");
  } catch (error) {
    throw new ExportError(`move ${number} ('${text}'): ${error.message}`);
  }
  const where = `move ${number} ('${text}')`;
  if (placed < 2 && !token.includes(",")) throw new ExportError(`${where}: a first turn places two stones`);
  if (placed >= 2 && token.includes(",")) throw new ExportError(`${where}: only a first turn places two stones`);
  return token;
}

function winnerOf([first, second], ending) {
  const winner = first > second ? 1 : second > first ? 2 : null;
  if (ending === "draw" || ending === "abandoned") {
    if (winner !== null) throw new ExportError(`the results name a winner of a game that ended by '${ending}'`);
  } else if (winner === null) {
    throw new ExportError("the results name no winner, which only a drawn or an abandoned game has");
  }
  return winner;
}

function flag(header, key) {
  const value = has(header, key) ? header[key] : false;
  if (typeof value !== "boolean") throw new ExportError(`header.${key} is not true or false`);
  return value;
}

function textOf(header, key) {
  const value = has(header, key) ? header[key] : "";
  if (typeof value !== "string") throw new ExportError(`header.${key} is not text`);
  return oneLine(value);
}

// "2025-01-10 18:00" of an ISO date and time ("2025-01-10T18:00:00.000Z").
function dateOf(header, key) {
  const found = typeof header[key] === "string" && has(header, key) ? DATE.exec(header[key]) : null;
  if (!found) throw new ExportError(`header.${key} is not a date`);
  return `${found[1]} ${found[2]}`;
}
