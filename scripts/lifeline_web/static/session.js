// The page's game: one game against (or beside) the engine, driven through a transport that
// starts an engine and passes it command lines. Two transports exist: the WebAssembly engine
// in a Web Worker (engine/engine.mjs, the page without a server) and the relay to a native
// engine process on the server (relay_engine.js). Both answer as LifelineEngine does:
// send(command, {onLine}) resolves with the answer's text or rejects with a GtpError (a
// refusal, the engine unchanged) or another error (the engine failed); stop() ends a
// streaming answer; terminate() ends the engine.
//
// The engine is the authority on the game (one lifeline-state after every action); the
// session keeps who made each action, the colour the person plays after a swap, a
// resignation, the latest analysis and what the opening map says of the first turn. Every
// engine exchange waits for the one before it.

import {
  LETTERS, TextError, boardOf, cells, checkState, formatRecord, illegalReason, normalMove, parseBook, parseBookCells,
  moveCells, parseInfo, parseNetworkTerritory, parseSolve, readOptions, recordCommands, removedStones, splitTerritory,
} from "./game_text.js";

// A request the session refuses, or an engine that failed; `details` say which for the page:
// {reason, move} an illegal move, {crashed, gone, stderr} a failed engine, {viewing} a past
// position shown, {refused, answer} a loaded record's action that the engine refused.
export class SessionError extends Error {
  constructor(message, details = {}) {
    super(message);
    this.name = "SessionError";
    this.details = details;
  }
}

const OTHER = { black: "white", white: "black" };
const COLOR_WORDS = { b: "black", w: "white" };
const ANALYSIS_INTERVAL_CS = 50;
const SOLVE_SECONDS = 1;
const LOG_LIMIT = 400;
const LOG_LINE_LIMIT = 240;
const MAX_SECONDS = 300; // the most seconds per move a page may ask (a relay may allow less)

// --- one game ---------------------------------------------------------------------------------

export class GameSession {
  // `request`: a checked new game (Games.create); `startEngine({onLog})` starts an engine
  // (the transport); `vocabulary`: what the engine offers (Games.vocabulary()).
  constructor(id, request, startEngine, vocabulary) {
    this.id = id;
    this.startEngine = startEngine;
    this.vocabulary = vocabulary;
    this.human = request.human;
    this.time = request.time;
    this.level = request.level;
    this.base = request.base;
    this.rules = request.rules;
    this.komi = request.komi;
    this.replayedSettings = request.settings || []; // the engine's settings at a record's actions
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
    this.networkWanted = false; // whether the analysis reads the network's territory too
    this.network = null; // the network's territory of a position: {version, territory, error}
    this.opening = null; // what the opening map says of a position of the first turn
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
        if (!this.engine) throw new SessionError("the engine of this game has stopped: resume the game", { crashed: true });
        await this.stopAnalysis();
        try {
          return await work();
        } finally {
          if (this.engine) this.startAnalysis();
        }
      } catch (error) {
        if (error instanceof SessionError) throw error;
        throw this.crashed(error);
      } finally {
        this.busy -= 1;
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => {});
    return result;
  }

  // Starts the game's engine (or takes `engine`, one started already) and sets up the new game,
  // or replays the record `record`.
  async launch(record, engine = null) {
    this.engine = engine || await this.startEngine({ onLog: (line) => this.note(`stderr: ${line}`) });
    this.engineName = (await this.ask("name")) || "engine";
    if (record === null) {
      for (const command of [`boardsize ${this.base}`, "clear_board", `lifeline-rules ${this.rules}`, `komi ${this.komi}`]) {
        await this.ask(command);
      }
    } else {
      let replay;
      try {
        replay = recordCommands(record);
      } catch (error) {
        throw error instanceof TextError ? new SessionError(error.message) : error;
      }
      // Action by action, reading what each one removed, as the game itself would have.
      this.actions = [];
      for (const command of replay.commands) {
        const answer = await this.send(command);
        if (!answer.ok) {
          // `refused`: the number of the record's actions before the refused one.
          const details = command.startsWith("play ") ? { refused: this.actions.length, answer: answer.text } : {};
          throw new SessionError(`the engine refused the record: ${answer.text}`, details);
        }
        if (command.startsWith("play ")) {
          this.actions.push(replay.actions[this.actions.length]);
          await this.readState();
        }
      }
    }
    await this.ask(`lifeline-set time ${this.time}`);
    await this.ask(`lifeline-set level ${this.level}`);
    this.solveCommand = null;
    for (const command of ["lifeline-solve_all", "lifeline-solve"]) {
      if ((await this.ask(`known_command ${command}`)) === "true") {
        this.solveCommand = command;
        break;
      }
    }
    await this.readState();
    if (record !== null) this.attribute();
    this.replayedSettings.forEach((settings, index) => {
      const action = this.actions[index];
      if (settings && action && action.by === "engine") Object.assign(action, settings);
    });
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

  // The engine failed (it stopped, answered nonsense, or the server closed it: `gone`): the
  // game keeps its actions and waits for resume().
  crashed(error) {
    const message = String(error && error.message || error);
    const stderr = (error && error.stderr) || [];
    if (this.engine) this.engine.terminate();
    this.engine = null;
    this.streaming = null;
    this.thinking = false;
    this.crash = { message, stderr, gone: Boolean(error && error.gone) };
    this.note(`engine failed: ${message}`);
    return new SessionError(`the engine stopped: ${message}`, { crashed: true, gone: this.crash.gone, stderr });
  }

  // The log's lines numbered above `after`, as [number, line] pairs.
  logAfter(after) {
    const first = this.logCount - this.log.length + 1;
    return this.log.map((line, index) => [first + index, line]).filter(([number]) => number > after);
  }

  // --- the actions ---

  play(move) {
    const token = normalMove(move);
    if (token === null) {
      throw new SessionError(`not a move: '${String(move).slice(0, 40)}' (a cell such as D4, a pair such as C3,E5, swap or pass)`);
    }
    return this.withEngine(async () => {
      this.requireTurnOf("human");
      const color = this.state.to_move[0];
      const answer = await this.send(`play ${color} ${token}`);
      if (!answer.ok) {
        const reason = illegalReason(answer.text);
        throw new SessionError(answer.text, { reason, move: token });
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
        await this.addAction(color, token, "engine", { time: this.time, level: this.level });
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
      if (at !== null && !(at >= 0 && at <= count)) throw new SessionError(`at: expected 0 to ${count}, not ${at}`);
      const target = at === null || at === count ? null : at;
      await this.moveEngine(this.shown(), target === null ? count : target);
      this.viewing = target;
      await this.changed();
    });
  }

  resign() {
    return this.withEngine(async () => {
      this.requireLatest();
      if (this.over()) throw new SessionError("the game is over");
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

  // The search's threads (the page's threaded WebAssembly engine; docs/wasm.md).
  setThreads(count) {
    return this.withEngine(() => this.ask(`lifeline-set threads ${count}`));
  }

  // Whether the analysis also reads the network's territory, once per position.
  setNetworkTerritory(on) {
    this.networkWanted = on;
  }

  setAnalysis(on) {
    return this.withEngine(async () => {
      this.analysisOn = on;
    }).then(() => this.analysisView());
  }

  // The latest analysis; runs the solver once per position, between two stretches of analysis,
  // reads the network's territory where it is wanted, and in the first turn reads the opening
  // map, which the study graph shows there.
  async readAnalysis() {
    const mapDue = () => this.analysisWanted() && this.openingDue();
    if (this.busy === 0 && (this.solverDue() || mapDue() || this.networkDue())) {
      await this.withEngine(async () => {
        if (this.networkDue()) await this.readNetwork();
        if (mapDue()) await this.readOpening();
        if (this.solverDue()) await this.solve();
      });
    }
    return this.analysisView();
  }

  // What the opening map says of the position shown (openingView), asked once per position.
  async openingMap() {
    if (this.openingDue()) {
      await this.withEngine(async () => {
        if (this.openingDue()) await this.readOpening();
      });
    }
    return this.openingView();
  }

  async resume() {
    if (this.engine) throw new SessionError("the engine of this game is running");
    const actions = this.actions;
    const record = this.recordText();
    this.actions = [];
    try {
      await this.launch(record);
    } catch (error) {
      this.actions = actions;
      throw error instanceof SessionError ? error : this.crashed(error);
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

  // `settings`: the engine's {time, level} for its own actions.
  async addAction(color, move, by, settings = {}) {
    if (move === "swap") this.flipHuman();
    this.actions.push({ color, move, by, removed: 0, ...settings });
    await this.changed();
  }

  flipHuman() {
    if (this.human !== "both") this.human = OTHER[this.human];
  }

  actionsToUndo() {
    if (this.human === "both") {
      if (!this.actions.length) throw new SessionError("nothing to take back");
      return 1;
    }
    for (let index = this.actions.length - 1; index >= 0; --index) {
      if (this.actions[index].by === "human") return this.actions.length - index;
    }
    throw new SessionError("nothing to take back: you have not moved yet");
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
      throw new SessionError(`the board shows move ${this.viewing} of ${this.actions.length}: ` +
        "go to the latest position to play", { viewing: this.viewing });
    }
  }

  async readState() {
    const state = checkState(await this.ask("lifeline-state"), this.vocabulary.rules);
    const shown = this.shown();
    if (state.actions !== shown) throw new TextError(`the engine counts ${state.actions} actions, the page ${shown}`);
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
    if (this.over()) throw new SessionError("the game is over");
    if (who === "engine" && this.human === "both") return;
    const turn = this.turnOf();
    if (turn !== who) {
      throw new SessionError(turn === "engine" ? "it is the engine's turn" : "it is your turn, not the engine's");
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
    const moves = this.actions.map((action) => ({ color: COLOR_WORDS[action.color], move: action.move, by: action.by,
                                                  removed: action.removed, time: action.time, level: action.level }));
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
      moves, turns: turnsOf(moves),
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
    const strength = this.level === this.vocabulary.full_strength ? "" : `, level ${this.level}`;
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

  // One line of the running analysis; an unreadable one is shown as the analysis's error.
  takeInfo(line, version) {
    if (version !== this.version || !line.startsWith("info ")) return;
    try {
      const candidates = parseInfo(line);
      const values = splitTerritory(line)[1];
      const names = cells(this.base);
      if (values && values.length !== names.length) {
        throw new TextError(`territory of ${values.length} cells on a board of ${names.length}`);
      }
      this.analysis = { candidates: candidates.slice(0, 10),
                        visits: candidates.reduce((sum, candidate) => sum + (candidate.visits || 0), 0),
                        territory: values ? Object.fromEntries(names.map((cell, index) => [cell, values[index]])) : null };
    } catch (error) {
      if (!(error instanceof TextError)) throw error;
      this.analysis = { ...emptyAnalysis(), error: `unreadable analysis line: ${error.message}` };
    }
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

  networkDue() {
    return this.networkWanted && this.analysisWanted() && (this.network === null || this.network.version !== this.version);
  }

  // lifeline-network's territory; an engine without a network refuses it, with its reason.
  async readNetwork() {
    const answer = await this.send("lifeline-network");
    this.network = { version: this.version, territory: null, error: null };
    try {
      if (!answer.ok) throw new TextError(answer.text);
      this.network.territory = parseNetworkTerritory(answer.text, this.base);
    } catch (error) {
      if (!(error instanceof TextError)) throw error;
      this.network.error = error.message;
    }
  }

  // --- the opening map ---

  // Whether the position shown comes before White's first action: Black's first turn or the
  // swap decision after it, of which the opening map speaks.
  inFirstTurn() {
    return !this.actions.slice(0, this.shown()).some((action) => action.color === "w");
  }

  openingDue() {
    return this.engine !== null && this.state !== null && this.inFirstTurn() &&
      (this.opening === null || this.opening.version !== this.version);
  }

  // lifeline-book and lifeline-book_cells for the position shown. An engine without a map for
  // the game (or without the commands) refuses them: the map is then not `available`, with the
  // engine's reason.
  async readOpening() {
    const opening = { version: this.version, at: this.shown(), available: false, reason: null, stage: "none",
                      figure: "none", cells: {}, book: null, black: null, exact: false, visits: null };
    const book = await this.send("lifeline-book");
    const figures = book.ok ? await this.send("lifeline-book_cells") : book;
    try {
      if (!figures.ok) throw new TextError(figures.text);
      Object.assign(opening, parseBookCells(figures.text, this.base), { book: parseBook(book.text), available: true });
      opening.stage = opening.book.stage;
      Object.assign(opening, blackByMap(opening.book, this.komi));
    } catch (error) {
      if (!(error instanceof TextError)) throw error;
      Object.assign(opening, { available: false, reason: error.message, figure: "none", cells: {} });
    }
    this.opening = opening;
  }

  // The map's view of the position shown: outside the first turn the map says nothing; null
  // while it has not been read for this position.
  openingView() {
    if (!this.state) return null;
    if (!this.inFirstTurn()) {
      return { version: this.version, at: this.shown(), available: true, reason: null, stage: "none", figure: "none",
               cells: {}, book: null, black: null, exact: false, visits: null };
    }
    return this.opening !== null && this.opening.version === this.version ? this.opening : null;
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
             candidates, territory: this.analysis.territory, solver, error: this.analysis.error || null,
             network: this.network !== null && this.network.version === this.version ? this.network : null,
             // In the pie rule's first turn the search proves only that the second player can
             // take the winning side; the graph shows the opening map there instead.
             pie_turn: this.state !== null && this.rules !== "komi-pie" && this.inFirstTurn(),
             opening: this.openingView() };
  }
}

// The game's turns: a double turn given as two single stones is one turn. Each turn knows the
// actions it covers (`first` to `last`, counted from 1), so that the list and the study card
// count alike.
function turnsOf(moves) {
  const turns = [];
  moves.forEach((move, index) => {
    const previous = turns[turns.length - 1];
    if (previous && previous.color === move.color && previous.cells === 1 && moveCells(move.move).length === 1) {
      previous.move += `,${move.move}`;
      previous.removed += move.removed;
      previous.cells = 2;
      previous.last = index + 1;
    } else {
      turns.push({ ...move, cells: moveCells(move.move).length, first: index + 1, last: index + 1 });
    }
  });
  return turns;
}

function emptyAnalysis() {
  return { candidates: [], visits: 0, territory: null };
}

// Black's chance by the opening map, and whether the map proved it: at the first turn the best
// the first player (Black) can keep; at the swap decision the first turn's chance for its
// holder, who plays Black from then on whether the second player swaps or not; under komi pie
// Black's chance at the game's komi.
function blackByMap(book, komi) {
  if (book.stage === "swap-decision") {
    const turn = book.first_turn;
    return turn && turn.holder !== null ? { black: turn.holder, exact: turn.exact, visits: turn.visits } : {};
  }
  if (book.stage !== "first-turn") return {};
  if (book.komi.length) {
    const line = book.komi.find((entry) => entry.komi === komi);
    return line ? { black: line.black, exact: line.exact, visits: line.visits } : {};
  }
  if (!book.choices.length) return {};
  const best = book.choices.reduce((a, b) => (b.first_player > a.first_player ? b : a));
  return { black: best.first_player, exact: best.exact, visits: best.visits };
}

// --- the page's games: one at a time ------------------------------------------------------------

export class Games {
  // Starts a first engine to learn what it offers (lifeline-set's listing); the first game
  // takes it over.
  static async open(startEngine) {
    const spare = await startSpare(startEngine);
    let options;
    try {
      options = readOptions(await spare.engine.send("lifeline-set"));
    } catch (error) {
      spare.engine.terminate();
      throw error;
    }
    return new Games(startEngine, options, spare);
  }

  // `spare`: an engine started before its game ({engine, forward}: where its log goes), which
  // the next game takes over.
  constructor(startEngine, options, spare = null) {
    this.startEngine = startEngine;
    this.options = options;
    this.spare = spare;
    this.spareWork = Promise.resolve(); // questions to the spare engine, one after the other
    this.komiMaps = new Map(); // base -> what the opening map says under komi pie (a promise)
    this.current = null;
    this.next = 1;
  }

  vocabulary() {
    const { base, rules, level } = this.options;
    return { rules: rules.choices, default_rules: rules.default, min_base: base.low, max_base: base.high,
             default_base: base.default, min_level: level.low, full_strength: level.high, letters: LETTERS };
  }

  // A new game from the page's choices {base, rules, komi, human, time, level}, or a record's
  // {record, human, time, level}: it ends the one before.
  async create(payload) {
    const request = this.check(payload);
    this.close();
    const game = new GameSession(`game-${this.next++}`, request, this.startEngine, this.vocabulary());
    await this.spareWork;
    let engine = null;
    if (this.spare) {
      engine = this.spare.engine;
      this.spare.forward.note = (line) => game.note(line);
      this.spare = null;
    }
    try {
      await game.launch(request.record, engine);
    } catch (error) {
      game.close();
      if (error instanceof SessionError) throw error;
      throw new SessionError(`the engine failed to start the game: ${error.message || error}`);
    }
    this.current = game;
    return game;
  }

  close() {
    if (this.current) this.current.close();
    this.current = null;
  }

  // Closes the game and the spare engine: the page goes away.
  end() {
    this.close();
    if (this.spare) this.spare.engine.terminate();
    this.spare = null;
  }

  // What the opening map says of the empty board of a komi-pie game on `base`, for the new-game
  // dialog: {available, reason, fair_komi (null: unknown), by_play (the games that measured it,
  // or null: the map's), exact, komi: Black's chance at each komi}. The spare engine answers
  // (started for it if need be; the next game takes it over).
  komiMap(base) {
    const { low, high } = this.options.base;
    field({ base }, "base", "int", null, { low, high });
    if (!this.komiMaps.has(base)) {
      const asked = this.withSpare((engine) => askKomiMap(engine, base, this.options));
      this.komiMaps.set(base, asked);
      asked.catch(() => this.komiMaps.delete(base));
    }
    return this.komiMaps.get(base);
  }

  // Runs work(engine) on the spare engine after the work before it. An engine that fails is
  // dropped, so that the next game starts a new one.
  withSpare(work) {
    const run = async () => {
      if (!this.spare) this.spare = await startSpare(this.startEngine);
      const spare = this.spare;
      try {
        return await work(spare.engine);
      } catch (error) {
        if (error.name !== "GtpError" && this.spare === spare) {
          spare.engine.terminate();
          this.spare = null;
        }
        throw error;
      }
    };
    const result = this.spareWork.then(run, run);
    this.spareWork = result.catch(() => {});
    return result;
  }

  // The search's threads of the spare engine too, so that the next game has them.
  setThreads(count) {
    if (!this.spare) return Promise.resolve();
    return this.withSpare((engine) => engine.send(`lifeline-set threads ${count}`));
  }

  check(payload) {
    const { base, rules, level } = this.options;
    const human = ["black", "white", "both"];
    const request = {
      human: field(payload, "human", "string", "record" in payload ? "to-move" : "black",
                   { choices: "record" in payload ? [...human, "to-move"] : human }),
      time: field(payload, "time", "number", 1, { low: 0.1, high: MAX_SECONDS }),
      level: field(payload, "level", "int", level.high, { low: level.low, high: level.high }),
      record: null,
    };
    if ("record" in payload) {
      onlyFields(payload, ["record", "human", "time", "level", "settings"]);
      return { ...request, record: field(payload, "record", "string", null),
               settings: settingsField(payload, level) };
    }
    onlyFields(payload, ["base", "rules", "komi", "human", "time", "level"]);
    return { ...request, base: field(payload, "base", "int", base.default, { low: base.low, high: base.high }),
             rules: field(payload, "rules", "string", rules.default, { choices: rules.choices }),
             komi: field(payload, "komi", "int", 0, { low: 0, high: 1000 }) };
  }
}

async function startSpare(startEngine) {
  const forward = { note: null };
  const engine = await startEngine({ onLog: (line) => forward.note && forward.note(`stderr: ${line}`) });
  return { engine, forward };
}

// lifeline-book on the empty board of a komi-pie game on `base`; the engine then returns to its
// default board and rules, as a record that names neither expects of a new engine.
async function askKomiMap(engine, base, options) {
  const answer = { base, available: false, reason: null, fair_komi: null, by_play: null, exact: false,
                   komi: [] };
  await engine.send(`boardsize ${base}`);
  await engine.send("clear_board");
  await engine.send("lifeline-rules komi-pie");
  try {
    const book = parseBook(await engine.send("lifeline-book"));
    const fair = book.fair_komi;
    Object.assign(answer, { available: true, fair_komi: fair, by_play: book.fair_komi_by_play, komi: book.komi,
                            exact: fair !== null && book.komi.every((line) => line.komi > fair || line.exact) });
  } catch (error) {
    if (error.name !== "GtpError" && !(error instanceof TextError)) throw error;
    answer.reason = error.message;
  } finally {
    for (const command of [`boardsize ${options.base.default}`, `lifeline-rules ${options.rules.default}`, "clear_board"]) {
      await engine.send(command);
    }
  }
  return answer;
}

function field(payload, name, kind, fallback, { low, high, choices } = {}) {
  const value = name in payload ? payload[name] : fallback;
  const ok = kind === "int" ? Number.isInteger(value) : kind === "number"
    ? typeof value === "number" && Number.isFinite(value) : typeof value === "string";
  if (!ok) throw new SessionError(`${name}: expected ${kind === "string" ? "text" : kind}`);
  if (choices && !choices.includes(value)) throw new SessionError(`${name}: expected one of ${choices.join(", ")}`);
  if (low !== undefined && !(value >= low && value <= high)) {
    throw new SessionError(`${name}: expected ${low} to ${high}, not ${value}`);
  }
  return value;
}

// A record's `settings`: for each action, null or the engine's {time, level} when it played it.
function settingsField(payload, level) {
  const list = payload.settings === undefined ? [] : payload.settings;
  if (!Array.isArray(list)) throw new SessionError("settings: expected a list");
  return list.map((entry) => {
    if (entry === null) return null;
    if (typeof entry !== "object") throw new SessionError("settings: expected null or {time, level} for each action");
    onlyFields(entry, ["time", "level"]);
    return { time: field(entry, "time", "number", null, { low: 0.1, high: MAX_SECONDS }),
             level: field(entry, "level", "int", null, { low: level.low, high: level.high }) };
  });
}

function onlyFields(payload, names) {
  const unknown = Object.keys(payload).filter((name) => !names.includes(name)).sort();
  if (unknown.length) throw new SessionError(`unknown field ${unknown[0]} (expected ${names.join(", ")})`);
}
