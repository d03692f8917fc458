// The server's JSON API (docs/user-guide.md), answered inside the page by the WebAssembly
// engine in a Web Worker: the backend of the page that `scripts/web.py --static DIR` writes,
// which needs no server but a static one. It follows scripts/lifeline_web/session.py, the
// server's game session, so that the page (app.js) cannot tell the two apart: the engine is
// the authority on the game (one lifeline-state after every action), and this keeps only who
// made each action, the colour the person plays after a swap, a resignation and the latest
// analysis. One game at a time; every engine exchange waits for the one before it.

import { LifelineEngine } from "./engine/engine.mjs";
import {
  ApiError, FULL_STRENGTH, LETTERS, RULES, boardOf, cells, field, formatRecord, illegalReason, levelOf,
  newGameRequest, normalMove, onlyFields, parseInfo, parseSolve, recordCommands, removedStones, splitTerritory,
} from "./local_answers.js";

export { ApiError };

const OTHER = { black: "white", white: "black" };
const COLOR_WORDS = { b: "black", w: "white" };
const VOCABULARY = { rules: RULES, default_rules: "strong-pie", min_base: 2, max_base: 13,
                     default_base: 7, letters: LETTERS };
const ANALYSIS_INTERVAL_CS = 50;
const SOLVE_SECONDS = 1;
const LOG_LIMIT = 400;
const LOG_LINE_LIMIT = 240;

// --- one game ---------------------------------------------------------------------------

class LocalGame {
  constructor(id, request) {
    this.id = id;
    this.human = request.human;
    this.time = request.time;
    this.level = request.level;
    this.base = request.base;
    this.rules = request.rules;
    this.komi = request.komi;
    this.actions = [];
    this.state = null;
    this.live = null; // the state of the game's latest position (state unless viewing)
    this.viewing = null; // actions shown while studying a past position; null: the latest
    this.board = {};
    this.resigned = null;
    this.crash = null;
    this.thinking = false;
    this.version = 0;
    this.analysisOn = false;
    this.analysis = emptyAnalysis();
    this.solved = null;
    this.engine = null;
    this.engineName = "engine";
    this.solveCommand = null;
    this.streaming = null; // the running analysis: its answer's promise
    this.queue = Promise.resolve(); // engine exchanges, one after the other
    this.busy = 0;
    this.log = [];
    this.logCount = 0;
    this.started = new Date().toISOString().slice(0, 16).replace("T", " ");
  }

  // Runs `work` once every exchange before it is done, with the analysis paused meanwhile.
  withEngine(work) {
    const run = async () => {
      this.busy += 1;
      try {
        if (!this.engine) throw new ApiError(409, "the engine of this game has stopped: resume the game", { crashed: true });
        await this.stopAnalysis();
        try {
          return await work();
        } finally {
          if (this.engine) this.startAnalysis();
        }
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw this.crashed(error);
      } finally {
        this.busy -= 1;
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => {});
    return result;
  }

  async launch(record) {
    this.engine = await LifelineEngine.start({
      args: [`--time=${this.time}`, `--level=${this.level}`],
      onLog: (line) => this.note(`stderr: ${line}`),
    });
    this.engineName = (await this.ask("name")) || "engine";
    if (record === null) {
      for (const command of [`boardsize ${this.base}`, "clear_board", `lifeline-rules ${this.rules}`, `komi ${this.komi}`]) {
        await this.ask(command);
      }
    } else {
      const { commands, actions } = recordCommands(record);
      for (const command of commands) {
        const answer = await this.send(command);
        if (!answer.ok) throw new ApiError(400, `the engine refused the record: ${answer.text}`);
      }
      this.actions = actions;
    }
    this.solveCommand = null;
    for (const command of ["lifeline-solve_all", "lifeline-solve"]) {
      if ((await this.ask(`known_command ${command}`)) === "true") {
        this.solveCommand = command;
        break;
      }
    }
    await this.readState();
    if (record !== null) this.attribute();
    this.changedHere();
    this.startAnalysis();
  }

  // Who made each action of a loaded record, going back from the colour the person plays now.
  attribute() {
    if (this.human === "to-move") this.human = this.state.to_move;
    let human = this.human;
    for (const action of [...this.actions].reverse()) {
      if (action.move === "swap" && human !== "both") human = OTHER[human];
      action.by = human === "both" || human === COLOR_WORDS[action.color] ? "human" : "engine";
    }
  }

  async send(command) {
    this.note(`> ${command}`);
    try {
      const text = await this.engine.send(command);
      this.note(`< = ${text}`);
      return { ok: true, text };
    } catch (error) {
      if (error.name !== "GtpError") throw error;
      this.note(`< ? ${error.message}`);
      return { ok: false, text: error.message };
    }
  }

  async ask(command) {
    const answer = await this.send(command);
    if (!answer.ok) throw new Error(`'${command}' refused: ${answer.text}`);
    return answer.text;
  }

  note(line) {
    this.log.push(line.length > LOG_LINE_LIMIT ? `${line.slice(0, LOG_LINE_LIMIT)} ...` : line);
    if (this.log.length > LOG_LIMIT) this.log.shift();
    this.logCount += 1;
  }

  crashed(error) {
    const message = String(error && error.message || error);
    if (this.engine) this.engine.terminate();
    this.engine = null;
    this.streaming = null;
    this.thinking = false;
    this.crash = { message, stderr: [] };
    this.note(`engine failed: ${message}`);
    return new ApiError(502, `the engine stopped: ${message}`, { crashed: true, stderr: [] });
  }

  // --- the actions ---

  play(move) {
    const token = normalMove(move);
    if (token === null) {
      throw new ApiError(400, `not a move: '${String(move).slice(0, 40)}' (a cell such as D4, a pair such as C3,E5, swap or pass)`);
    }
    return this.withEngine(async () => {
      this.requireTurnOf("human");
      const color = this.state.to_move[0];
      const answer = await this.send(`play ${color} ${token}`);
      if (!answer.ok) {
        const reason = illegalReason(answer.text);
        throw new ApiError(reason ? 409 : 400, answer.text, { reason, move: token });
      }
      await this.addAction(color, token, "human");
    });
  }

  engineMove() {
    return this.withEngine(async () => {
      this.requireTurnOf("engine");
      const color = this.state.to_move[0];
      this.thinking = true;
      let answer;
      try {
        answer = await this.send(`genmove ${color}`);
      } finally {
        this.thinking = false;
      }
      const token = answer.ok ? normalMove(answer.text) : null;
      if (answer.ok && answer.text.toLowerCase() === "resign") {
        this.resigned = COLOR_WORDS[color];
        this.changedHere();
      } else if (token === null) {
        throw new Error(`genmove answered '${answer.text}'`);
      } else {
        await this.addAction(color, token, "engine");
      }
    });
  }

  undo() {
    return this.withEngine(async () => {
      this.requireLatest();
      if (this.resigned) {
        this.resigned = null;
        this.changedHere();
        return;
      }
      const count = this.actionsToUndo();
      for (let index = 0; index < count; ++index) {
        await this.ask("undo");
        const action = this.actions.pop();
        if (action.move === "swap") this.flipHuman();
      }
      await this.changed();
    });
  }

  // Shows the position after the game's first `at` actions (the latest when `at` is null or
  // their number), to study it: the engine goes there, and the analysis with it.
  view(at) {
    return this.withEngine(async () => {
      const count = this.actions.length;
      if (at !== null && !(at >= 0 && at <= count)) throw new ApiError(400, `at: expected 0 to ${count}, not ${at}`);
      const target = at === null || at === count ? null : at;
      await this.moveEngine(this.shown(), target === null ? count : target);
      this.viewing = target;
      await this.changed();
    });
  }

  resign() {
    return this.withEngine(async () => {
      this.requireLatest();
      if (this.over()) throw new ApiError(409, "the game is over");
      this.resigned = this.human === "both" ? this.state.to_move : this.human;
      this.changedHere();
    });
  }

  setTime(seconds) {
    return this.withEngine(async () => {
      await this.ask(`lifeline-set time ${seconds}`);
      this.time = seconds;
    });
  }

  setLevel(level) {
    return this.withEngine(async () => {
      await this.ask(`lifeline-set level ${level}`);
      this.level = level;
    });
  }

  setAnalysis(on) {
    return this.withEngine(async () => {
      this.analysisOn = on;
    }).then(() => this.analysisView());
  }

  // The latest analysis; runs the solver once per position, between two stretches of analysis.
  async readAnalysis() {
    if (this.busy === 0 && this.solverDue()) {
      await this.withEngine(() => this.solve());
    }
    return this.analysisView();
  }

  async resume() {
    if (this.engine) throw new ApiError(409, "the engine of this game is running");
    const actions = this.actions;
    const record = this.recordText();
    this.actions = [];
    try {
      await this.launch(record);
    } catch (error) {
      this.actions = actions;
      throw error instanceof ApiError ? error : this.crashed(error);
    }
    // The engine replayed exactly these actions; keep what each one removed.
    this.actions = actions;
    this.crash = null;
    this.viewing = null;
  }

  close() {
    if (this.engine) this.engine.terminate();
    this.engine = null;
  }

  // --- the game ---

  async addAction(color, move, by) {
    if (move === "swap") this.flipHuman();
    this.actions.push({ color, move, by, removed: 0 });
    await this.changed();
  }

  flipHuman() {
    if (this.human !== "both") this.human = OTHER[this.human];
  }

  actionsToUndo() {
    if (this.human === "both") {
      if (!this.actions.length) throw new ApiError(409, "nothing to take back");
      return 1;
    }
    for (let index = this.actions.length - 1; index >= 0; --index) {
      if (this.actions[index].by === "human") return this.actions.length - index;
    }
    throw new ApiError(409, "nothing to take back: you have not moved yet");
  }

  async changed() {
    await this.readState();
    this.changedHere();
  }

  shown() {
    return this.viewing === null ? this.actions.length : this.viewing;
  }

  // Takes the engine from the position after `now` actions to the one after `target`.
  async moveEngine(now, target) {
    for (let index = target; index < now; ++index) await this.ask("undo");
    for (const action of this.actions.slice(now, target)) await this.ask(`play ${action.color} ${action.move}`);
  }

  requireLatest() {
    if (this.viewing !== null) {
      throw new ApiError(409, `the board shows move ${this.viewing} of ${this.actions.length}: ` +
        "go to the latest position to play", { viewing: this.viewing });
    }
  }

  async readState() {
    const state = JSON.parse(await this.ask("lifeline-state"));
    const shown = this.shown();
    if (state.actions !== shown) throw new Error(`the engine counts ${state.actions} actions, the page ${shown}`);
    if (state.last_move) this.actions[shown - 1].removed = removedStones(state.last_move.removed).length;
    this.state = state;
    if (this.viewing === null) this.live = state;
    this.board = boardOf(state);
    this.base = state.base;
    this.rules = state.rules;
    this.komi = state.komi;
  }

  changedHere() {
    this.version += 1;
    this.analysis = emptyAnalysis();
  }

  over() {
    return this.resigned !== null || this.live.over;
  }

  turnOf() {
    if (this.over() || this.viewing !== null) return null;
    return this.human === "both" || this.human === this.state.to_move ? "human" : "engine";
  }

  requireTurnOf(who) {
    this.requireLatest();
    if (this.over()) throw new ApiError(409, "the game is over");
    if (who === "engine" && this.human === "both") return;
    const turn = this.turnOf();
    if (turn !== who) {
      throw new ApiError(409, turn === "engine" ? "it is the engine's turn" : "it is your turn, not the engine's");
    }
  }

  lastTurn() {
    const turn = this.state.last_turn;
    if (!turn) return null;
    const by = this.actions[this.shown() - (this.state.pending ? 2 : 1)].by;
    return { number: turn.number, color: turn.color, by, move: turn.move, cells: turn.cells,
             removed: removedStones(turn.removed) };
  }

  legal() {
    if (this.over() || this.viewing !== null) return [];
    return [...this.state.legal, ...(this.state.can_swap ? ["swap"] : []),
            ...(this.state.can_spend_komi ? ["pass"] : [])];
  }

  result() {
    if (this.resigned) return [OTHER[this.resigned], "resign"];
    if (this.live.over) return [this.live.winner, "no legal move"];
    return [null, null];
  }

  snapshot() {
    const state = this.state;
    const [winner, reason] = this.result();
    const over = this.over();
    const studying = this.viewing !== null;
    const ended = over && !studying;
    return {
      id: this.id, version: this.version, engine: this.engineName, base: state.base, rules: state.rules,
      komi: state.komi, komi_left: state.komi_left, time: this.time, level: this.level, human: this.human,
      to_move: state.to_move, stones: ended ? 0 : state.stones_to_place, phase: ended ? "over" : state.phase,
      move_number: state.move_number, turn_of: this.turnOf(), board: this.board, pending: state.pending,
      legal: this.legal(), can_swap: state.can_swap && !over && !studying,
      can_pass: state.can_spend_komi && !over && !studying, captured: state.removed,
      moves: this.actions.map((action) => ({ color: COLOR_WORDS[action.color], move: action.move, by: action.by,
                                             removed: action.removed })),
      last: this.lastTurn(), viewing: this.viewing, over, winner, reason, solver: this.solveCommand !== null, crashed: this.crash,
      record: this.recordText(), thinking: this.thinking, analysis: this.analysisOn,
    };
  }

  recordText() {
    let start = this.human;
    for (const action of this.actions) {
      if (action.move === "swap" && start !== "both") start = OTHER[start];
    }
    const names = { human: "human", engine: this.engineName };
    const headers = { event: "game in the browser",
                      black: names[["both", "black"].includes(start) ? "human" : "engine"],
                      white: names[["both", "white"].includes(start) ? "human" : "engine"] };
    if (this.state && this.over()) {
      const [winner, reason] = this.result();
      const holder = ["both", winner].includes(this.human) ? "human" : "engine";
      Object.assign(headers, { result: winner === "black" ? "B+" : "W+", winner: names[holder], reason });
    }
    const strength = this.level === FULL_STRENGTH ? "" : `, level ${this.level}`;
    Object.assign(headers, { date: this.started, time: `${this.engineName} ${this.time} s per move${strength}` });
    const setup = [`boardsize ${this.base}`, `lifeline-rules ${this.rules}`, `komi ${this.komi}`];
    return formatRecord(headers, setup, this.actions.map((action) => [action.color, action.move]));
  }

  // --- analysis ---

  // While the person thinks, or studies a past position that is not over.
  analysisWanted() {
    if (!this.analysisOn || this.engine === null) return false;
    if (this.viewing !== null) return !this.state.over;
    return !this.over() && this.turnOf() === "human";
  }

  startAnalysis() {
    if (!this.analysisWanted() || this.streaming) return;
    const command = `lifeline-analyze ${ANALYSIS_INTERVAL_CS} territory`;
    this.note(`> ${command}`);
    const version = this.version;
    this.streaming = this.engine.send(command, { onLine: (line) => this.takeInfo(line, version) })
      .catch((error) => {
        if (error.name === "GtpError") this.analysis.error = error.message;
      });
  }

  async stopAnalysis() {
    if (!this.streaming) return;
    const running = this.streaming;
    this.note("> (empty line: ends the analysis)");
    this.engine.stop();
    await running;
    this.streaming = null;
  }

  takeInfo(line, version) {
    if (version !== this.version || !line.startsWith("info ")) return;
    const candidates = parseInfo(line);
    const values = splitTerritory(line)[1];
    const names = cells(this.base);
    this.analysis = { ...this.analysis, candidates: candidates.slice(0, 10),
                      visits: candidates.reduce((sum, candidate) => sum + (candidate.visits || 0), 0),
                      territory: values && values.length === names.length
                        ? Object.fromEntries(names.map((cell, index) => [cell, values[index]])) : null };
  }

  solverDue() {
    return this.solveCommand !== null && this.analysisWanted() &&
      (this.solved === null || this.solved.version !== this.version);
  }

  async solve() {
    const answer = await this.send(`${this.solveCommand} ${SOLVE_SECONDS}`);
    this.solved = { version: this.version, to_move: this.state.to_move, seconds: SOLVE_SECONDS,
                    command: this.solveCommand };
    try {
      if (!answer.ok) throw new Error(answer.text);
      const [verdict, moves] = parseSolve(answer.text);
      Object.assign(this.solved, { verdict, moves });
    } catch (error) {
      Object.assign(this.solved, { verdict: "error", moves: [], error: error.message });
    }
  }

  analysisView() {
    const candidates = this.analysis.candidates;
    let solver = null;
    if (this.solveCommand !== null) {
      solver = this.solved !== null && this.solved.version === this.version
        ? { ...this.solved, available: true, state: "done" } : { available: true, state: "pending" };
    }
    return { on: this.analysisOn, running: this.streaming !== null, version: this.version, at: this.shown(),
             to_move: this.state ? this.state.to_move : null,
             winrate: candidates.length ? candidates[0].winrate : null, visits: this.analysis.visits,
             candidates, territory: this.analysis.territory, solver, error: this.analysis.error || null };
  }
}

function emptyAnalysis() {
  return { candidates: [], visits: 0, territory: null };
}

// --- the routes ---------------------------------------------------------------------------

const GAME = /^\/api\/games\/([A-Za-z0-9_-]{1,64})(\/[a-z]+)?$/;

export class LocalServer {
  constructor() {
    this.games = new Map();
    this.next = 1;
  }

  // Answers one API request as the server would: resolves with the JSON body of a success,
  // rejects with an ApiError (its status and details) otherwise.
  async handle(method, path, body = {}) {
    const [route, query] = path.split("?");
    if (method === "GET" && route === "/api/vocabulary") return VOCABULARY;
    if (method === "GET" && route === "/api/info") {
      return { games: this.games.size, max_games: 1, engine: "WebAssembly engine in this page" };
    }
    if (method === "POST" && route === "/api/games") return this.create(body || {});
    const match = GAME.exec(route);
    if (!match) throw new ApiError(404, `no such page: ${route}`);
    const game = this.games.get(match[1]);
    if (!game) throw new ApiError(404, "no such game (closed, or never made)", { gone: true });
    const action = `${method} ${match[2] || ""}`;
    const payload = body || {};
    switch (action) {
      case "GET ": return game.snapshot();
      case "DELETE ":
      case "POST /close":
        game.close();
        this.games.delete(game.id);
        return { closed: game.id };
      case "POST /play":
        onlyFields(payload, ["move"]);
        await game.play(field(payload, "move", "string", null));
        return game.snapshot();
      case "POST /genmove": onlyFields(payload, []); await game.engineMove(); return game.snapshot();
      case "POST /undo": onlyFields(payload, []); await game.undo(); return game.snapshot();
      case "POST /resign": onlyFields(payload, []); await game.resign(); return game.snapshot();
      case "POST /resume": onlyFields(payload, []); await game.resume(); return game.snapshot();
      case "POST /view": {
        onlyFields(payload, ["at"]);
        const at = "at" in payload ? payload.at : null;
        if (at !== null && !Number.isInteger(at)) throw new ApiError(400, "at: expected a number of actions, or null for the latest");
        await game.view(at);
        return game.snapshot();
      }
      case "POST /settings":
        onlyFields(payload, ["time", "level"]);
        if (!("time" in payload) && !("level" in payload)) throw new ApiError(400, "expected time or level");
        if ("time" in payload) await game.setTime(field(payload, "time", "number", null, { low: 0.1, high: 300 }));
        if ("level" in payload) await game.setLevel(levelOf(payload));
        return game.snapshot();
      case "GET /analysis": return game.readAnalysis();
      case "POST /analysis":
        onlyFields(payload, ["on"]);
        if (typeof payload.on !== "boolean") throw new ApiError(400, "on: expected true or false");
        return game.setAnalysis(payload.on);
      case "GET /record": return game.snapshot().record;
      case "GET /log": {
        const after = new URLSearchParams(query || "").get("after") || "0";
        if (!/^\d+$/.test(after)) throw new ApiError(400, "after: expected a line number");
        const first = game.logCount - game.log.length + 1;
        return { lines: game.log.map((line, index) => [first + index, line]).filter(([number]) => number > Number(after)) };
      }
      default:
        throw new ApiError(405, `${method} is not allowed here`);
    }
  }

  async create(payload) {
    const request = newGameRequest(payload);
    // One engine at a time in a page: a new game ends the one before.
    for (const game of this.games.values()) game.close();
    this.games.clear();
    const game = new LocalGame(`local-${this.next++}`, request);
    try {
      await game.launch(request.record);
    } catch (error) {
      game.close();
      if (error instanceof ApiError) throw error;
      throw new ApiError(502, `the engine failed to start the game: ${error.message || error}`);
    }
    this.games.set(game.id, game);
    return game.snapshot();
  }
}
