// The page: turns clicks and keys into actions of the game's session (session.js), and
// draws the state it answers. The session drives the engine through one of two transports:
// the WebAssembly engine in a Web Worker, in the page that `scripts/web.py --static` writes
// (<html data-backend="wasm">), or else the relay to a native engine on the server. The page
// keeps a copy of the game record so that a reload or a stopped engine can resume. It stays
// one file (some 1,150 lines) because its parts share the page's state; the board's drawing
// (board.js), the study graph (study.js), the words of the opening map (opening_map.js), the
// refused cells' reasons (refusals.js) and the reading of Abstract Play's exports
// (abstractplay_records.js) live apart.

import { ExportError, Refused, endingProblem, readExport, refusal } from "./abstractplay_records.js";
import { Board } from "./board.js";
import { fairKomiText, fillLegend, openingNote } from "./opening_map.js";
import { refusals } from "./refusals.js";
import { Games } from "./session.js";
import { WinrateGraph, WinrateRecord, graphPoint } from "./study.js";

const WASM = document.documentElement.dataset.backend === "wasm";

// The most search threads this page gives its WebAssembly engine, whatever the device offers
// (a phone's every core would be too many); the player may choose fewer.
const MAX_THREADS = 4;
const THREADS = "lifeline-threads"; // localStorage: the player's choice of threads

// The transport: each module is loaded only where it is used. The WebAssembly engine runs its
// threaded build where this page is cross-origin isolated, else one thread (engine.mjs).
async function startEngine(options) {
  if (WASM) {
    const { LifelineEngine, deviceThreads } = await import("./engine/engine.mjs");
    app.deviceThreads = deviceThreads();
    const engine = await LifelineEngine.start({ ...options, maxThreads: MAX_THREADS,
                                                threads: chosenThreads() ?? "auto" });
    app.build = engine.build;
    return engine;
  }
  const { RelayEngine } = await import("./relay_engine.js");
  return RelayEngine.start(options);
}

const $ = (id) => document.getElementById(id);
const SAVED_GAME = "lifeline-game"; // sessionStorage: this tab's game, restored after a reload
const PREFERENCES = "lifeline-new-game"; // localStorage: the last new-game choices
const VIEW = "lifeline-view"; // localStorage: the board's marks and the territory's source
const ANALYSIS_POLL_MS = 600;
const LOG_POLL_MS = 1500;
const TIMES = [0.2, 0.5, 1, 2, 5, 10, 30, 60]; // the engine's seconds per move on offer
// The engine option level: fewer simulations and more chance below full strength
// (docs/search.md); the names of some levels, the range is the engine's.
const LEVEL_NAMES = { 1: "beginner", 3: "casual", 5: "club", 7: "strong" };
// A review analyses each position at least this long, and at most the second figure when no
// win rate has come by then.
const REVIEW_MS = 800;
const REVIEW_LIMIT_MS = 8000;

// The protocol's reasons for an illegal move, explained; the reason itself is shown too.
const REASONS = {
  "occupied": "a stone already stands there",
  "no effect": "the stone would be removed at once and leave the board as it was",
  "adjacent": "your second setup stone may not touch your first",
  "wrong color": "it is not this colour's turn",
  "game over": "the game is over",
  "swap not allowed": "only White's first turn may swap",
  "pass not allowed": "these rules have no komi to spend",
  "no komi": "White has no komi left, or the setup is not over",
  "not a double turn": "this turn places one stone",
  "double turn already started": "place the second stone of the double turn",
  "off board": "there is no such cell on this board",
  "same cell twice": "a double turn needs two different cells",
};

// What the page says about each rule set the engine offers (its lifeline-set listing);
// `komi` marks the rules under which White has komi to spend.
const RULE_TEXTS = {
  "strong-pie": { label: "Strong pie: two double turns, swap", short: "strong pie",
                  advice: "Strong pie suits the small boards." },
  "weak-pie": { label: "Weak pie: four setup stones, swap", short: "weak pie",
                advice: "Weak pie is recommended from base 6." },
  "komi-pie": { label: "Komi pie: four setup stones, komi for White", short: "komi pie",
                advice: "Komi pie is recommended from base 7.", komi: true },
};

const app = {
  games: null, // the page's games (session.js), one at a time
  session: null, // the game's session
  vocabulary: null, // the engine's rule names, bases, levels and column letters
  game: null, // the game's state as last drawn
  busy: false, // a request that changes the game is on its way
  logAfter: 0,
  timers: {},
  analysis: null, // the last analysis shown, redrawn when the territory is switched
  opening: null, // what the opening map says of the position shown, while the swap map is on
  fairKomi: null, // the base whose fair komi the new-game dialog shows
  winrates: new WinrateRecord(), // Black's chances at the positions analysed
  review: null, // the review of the whole game under way: {stop}
  imported: null, // the game of an Abstract Play export loaded: {id (the session's), played}
  wanted: {}, // engine settings chosen in the Game card that the engine has not taken yet
};
let board = null; // made once the column letters have come
let graph = null;

// --- small helpers -----------------------------------------------------------------------

const colorName = (color) => (color === "black" ? "Black" : "White");
const other = (color) => (color === "black" ? "white" : "black");
const ruleText = (name) => RULE_TEXTS[name] || { label: name, short: name, advice: "" };
const cellCount = (base) => 3 * base * (base - 1) + 1;
// Whether the board shows a past position of the game (to study it) rather than the latest.
const studying = (game) => Boolean(game) && game.viewing !== null && game.viewing !== undefined;
const shownCount = (game) => (studying(game) ? game.viewing : game.moves.length);

function defaultGame() {
  const { default_base: base, default_rules: rules } = app.vocabulary;
  return { base, rules, komi: 3, human: "black", time: 1, level: app.vocabulary.full_strength };
}

function icon(color, hollow = false) {
  const span = document.createElement("span");
  span.className = `stone-icon ${color}${hollow ? " hollow" : ""}`;
  span.setAttribute("aria-hidden", "true");
  return span;
}

function fill(node, ...parts) {
  node.replaceChildren(...parts.map((part) => (typeof part === "string" ? document.createTextNode(part) : part)));
}

// A message as a sentence: a capital first, and a full stop unless it ends with its own mark.
function sentence(text) {
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.?!]$/.test(capital) ? capital : `${capital}.`;
}

const plural = (count, noun) => `${count} ${noun}${count === 1 ? "" : "s"}`;

function setMessage(text, kind = "error") {
  const node = $("message");
  node.textContent = text;
  node.className = `message ${kind}`;
}

function playerOf(color) {
  const game = app.game;
  if (game.human === "both" || color === game.human) return "you";
  return game.engine;
}

function readJson(storage, key) {
  try {
    return JSON.parse(storage.getItem(key));
  } catch (error) {
    return null;
  }
}

// --- the game's life -------------------------------------------------------------------

function setState(state) {
  const changed = !app.game || app.game.version !== state.version || app.game.id !== state.id;
  app.game = state;
  app.winrates.follow(state);
  // The last position of a finished game needs no analysis: its winner is known.
  if (state.over && state.reason === "no legal move") {
    const black = state.winner === "black";
    app.winrates.set(state.moves.length, { rate: black ? 1 : 0, source: "result", note: `Black ${black ? "won" : "lost"}` });
  }
  sessionStorage.setItem(SAVED_GAME, JSON.stringify({
    record: state.record, human: state.human, time: state.time, level: state.level, analysis: state.analysis,
    settings: state.moves.map((move) => (move.time === undefined ? null : { time: move.time, level: move.level })),
  }));
  if (changed) showAnalysis(null);
  render();
  showOpening();
}

// Does an action of the game's session (`work(session)`), then draws the new state and does
// what comes next (the engine's move, analysis). One at a time: the board refuses clicks
// meanwhile. `engineMove` marks the engine's move, which is announced.
async function act(work, engineMove = false) {
  if (!app.session || app.busy) return false;
  const session = app.session;
  app.busy = true;
  if (!engineMove) setMessage("");
  render();
  try {
    await work(session);
    if (session !== app.session) return false;
    setState(session.snapshot());
    if (engineMove) announceEngineMove(app.game);
    return true;
  } catch (failure) {
    await handleFailure(failure);
    return false;
  } finally {
    app.busy = false;
    render();
    scheduleWork();
  }
}

function announceEngineMove(game) {
  const last = game.moves[game.moves.length - 1];
  if (!last || last.by !== "engine") return;
  const who = game.human === "both" ? `${game.engine} (${colorName(last.color)})` : game.engine;
  if (last.move === "swap") {
    setMessage(game.human === "both" ? `${who} swapped.`
      : `${who} swapped: you now play ${colorName(game.human)}.`, "info");
  } else if (last.move === "pass") {
    setMessage(`${who} spent a point of komi.`, "info");
  } else {
    const removed = last.removed ? `, removing ${last.removed} stone${last.removed > 1 ? "s" : ""}` : "";
    setMessage(`${who} played ${last.move}${removed}.`, "info");
  }
}

// A new game's request: komi counts only under rules with komi, so no other record carries one.
function gameRequest(choices) {
  return { ...choices, komi: ruleText(choices.rules).komi ? choices.komi : 0 };
}

async function handleFailure(failure) {
  const details = failure.details || {};
  if (details.reason) {
    setMessage(`Illegal move ${details.move}: ${details.reason} (${REASONS[details.reason] || failure.message}).`);
  } else if (details.gone && app.session) {
    // The server ended an engine left idle (a page asleep): a new one replays the moves.
    setTimeout(async () => {
      if (await act((session) => session.resume())) {
        setMessage("The server had ended this game's engine; the game continues from its moves.", "info");
      }
    }, 0);
  } else {
    setMessage(sentence(failure.message));
    if (details.crashed && app.session) setState(app.session.snapshot());
  }
}

// Starts a new game, or loads a record. `imported`, a game of an Abstract Play export whose
// record `body` holds, must end in the engine as the export says, or it is refused.
async function startGame(body, note = "", imported = null) {
  closeGame();
  setMessage("");
  app.busy = true;
  render();
  try {
    app.session = await app.games.create(body);
    if (imported) checkImported(imported, app.session.live);
    app.imported = imported && { id: app.session.id, played: playedText(imported.summary()) };
    app.busy = false;
    setState(app.session.snapshot());
    if (note) setMessage(note, "info");
    if ($("analysis-toggle").checked) await setAnalysis(true);
    if ($("log-panel").open) pollLog();
  } catch (failure) {
    if (imported) closeGame();
    setMessage(sentence(`No game: ${imported ? importFailure(imported, failure) : failure.message}`));
  } finally {
    app.busy = false;
    render();
  }
  scheduleWork();
}

// --- Abstract Play's exports -------------------------------------------------------------

// Whether a file's text is JSON, which only an export is (a record is lines of commands).
const looksLikeJson = (text) => /^\s*[[{]/.test(text);

// Who played an imported game, when, and how it ended, for the Game card.
function playedText(summary) {
  return `on Abstract Play, ${summary.date}: ${summary.black} (Black) v ${summary.white} (White); ${summary.outcome}`;
}

function checkImported(game, state) {
  const problem = endingProblem(game, state.black.length, state.white.length);
  if (problem) throw new ExportError(problem);
}

// The reason an imported game did not load: a move the engine refused is named as Abstract
// Play wrote it.
function importFailure(game, failure) {
  const details = failure.details || {};
  return details.refused === undefined ? failure.message : refusal(game, details.refused, details.answer);
}

// Lists the Lifeline games of the export chosen in the load dialog, to pick one of them.
async function showExport(file) {
  const select = $("export-game");
  const note = $("export-note");
  const text = file ? await file.text() : "";
  select.replaceChildren();
  $("export-label").hidden = true;
  note.hidden = !looksLikeJson(text);
  if (note.hidden) return;
  try {
    const { entries, others } = readExport(text);
    select.append(...entries.map((entry) => {
      const option = new Option(entry.describe(), String(entry.number));
      option.disabled = entry instanceof Refused;
      return option;
    }));
    const first = entries.find((entry) => !(entry instanceof Refused));
    if (first) select.value = String(first.number);
    $("export-label").hidden = false;
    const count = `${entries.length} Lifeline game${entries.length === 1 ? "" : "s"}`;
    note.textContent = `An Abstract Play export: ${count}${others ? ` (and ${others} of other games, left out)` : ""}.`;
    $("load-form").elements.human.value = "both";
  } catch (failure) {
    note.textContent = `Not an export this page reads: ${failure.message}.`;
  }
}

// Loads the game numbered `number` of an export's text.
async function loadExport(text, number, request, name) {
  let game;
  try {
    const { entries } = readExport(text);
    game = entries.find((entry) => entry.number === number) || entries[0];
    if (game instanceof Refused) throw new ExportError(`game ${game.number}: ${game.reason}`);
  } catch (failure) {
    closeGame();
    setMessage(sentence(`No game: ${name}: ${failure.message}`));
    render();
    return;
  }
  await startGame({ ...request, record: game.recordText() }, `Loaded from Abstract Play: ${game.describe()}.`, game);
}

async function restore(saved, note) {
  if (!saved || !saved.record) {
    const preferences = readJson(localStorage, PREFERENCES);
    if (preferences) return startGame(gameRequest(preferences));
    // A first visit: a newcomer meets an engine that a beginner can beat, and is told so.
    const level = app.vocabulary.min_level;
    remember({ level });
    return startGame(gameRequest({ ...defaultGame(), level }),
                     `Welcome! In this first game the engine plays at level ${level} (${LEVEL_NAMES[level] || "its weakest"}). ` +
                     "Choose its strength and time in the Game card at any moment; the page remembers your choices.");
  }
  $("analysis-toggle").checked = Boolean(saved.analysis);
  const settings = Array.isArray(saved.settings) ? saved.settings : [];
  await startGame({ record: saved.record, human: saved.human, time: saved.time, level: saved.level || 8, settings }, note);
}

function closeGame() {
  if (app.games) app.games.close();
  app.session = null;
  app.game = null;
  for (const name of ["work", "analysis", "log"]) clearTimeout(app.timers[name]);
  app.logAfter = 0;
  app.wanted = {};
  $("log").textContent = "";
  $("review-progress").hidden = true;
}

// What happens next without a click: the engine's move, or analysis while the person thinks.
function scheduleWork() {
  const game = app.game;
  clearTimeout(app.timers.work);
  clearTimeout(app.timers.analysis);
  if (!game || app.busy || game.crashed) return;
  if (game.turn_of === "engine") {
    app.timers.work = setTimeout(() => act((session) => session.engineMove(), true), 0);
  } else if (game.analysis && (game.turn_of === "human" || studying(game))) {
    app.timers.analysis = setTimeout(pollAnalysis, ANALYSIS_POLL_MS);
  }
}

// --- analysis ----------------------------------------------------------------------------

async function setAnalysis(on) {
  if (!app.session) return;
  try {
    const analysis = await app.session.setAnalysis(on);
    setState(app.session.snapshot());
    showAnalysis(on ? analysis : null);
  } catch (failure) {
    await handleFailure(failure);
  }
  scheduleWork();
}

async function pollAnalysis() {
  const version = app.game && app.game.version;
  try {
    const analysis = await app.session.readAnalysis();
    if (app.game && analysis.version === version && app.game.version === version) showAnalysis(analysis);
  } catch (failure) {
    const details = failure.details || {};
    if (details.crashed || details.gone) await handleFailure(failure);
  }
  if (app.game && app.game.version === version && !app.busy) scheduleWork();
}

function percent(rate) {
  return `${(100 * rate).toFixed(1)}%`;
}

function describeMove(move) {
  if (move === "swap") return "swap";
  if (move === "pass") return "spend komi";
  return move;
}

function toggleTerritory() {
  $("territory-toggle").checked = !$("territory-toggle").checked;
  showAnalysis(app.analysis);
}

function showAnalysis(analysis) {
  app.analysis = analysis;
  const game = app.game;
  const on = Boolean(game && game.analysis);
  $("analysis-toggle").checked = on;
  $("analysis-body").hidden = !on;
  const territoryOn = $("territory-toggle").checked;
  if (app.session) app.session.setNetworkTerritory(territoryOn && $("territory-source").value === "network");
  $("territory-source").closest("label").hidden = !territoryOn;
  $("territory-note").hidden = true;
  if (analysis && game && analysis.version === game.version) {
    app.winrates.set(analysis.at, graphPoint(analysis));
    renderGraph(game);
  }
  const shown = studying(game) ? game.phase !== "over" : game && game.turn_of === "human";
  if (!analysis || !on || !game || !shown) {
    board.clearAnalysis();
    const idle = studying(game) ? (game.phase === "over" ? "No analysis: this position is over." : "Thinking…")
      : game && game.over ? "No analysis: the game is over."
      : game && game.turn_of === "engine" ? "The engine is choosing its move." : "Thinking…";
    showWinrate(idle);
    $("candidates").replaceChildren();
    $("solver").hidden = true;
    return;
  }
  const side = colorName(analysis.to_move);
  if (analysis.error) {
    showWinrate(`No analysis: ${analysis.error}.`);
  } else if (analysis.winrate === null) {
    showWinrate("Thinking…");
  } else {
    showWinrate(`${side} to move wins ${percent(analysis.winrate)} ` +
                `(${analysis.visits.toLocaleString()} visits)`, analysis.winrate);
  }
  const items = analysis.candidates.slice(0, 5).map((candidate) => {
    const item = document.createElement("li");
    const pv = document.createElement("div");
    pv.className = "pv";
    pv.textContent = candidate.pv.join(" ");
    item.append(`${describeMove(candidate.move)}: ${percent(candidate.winrate)}, ` +
                `${candidate.visits.toLocaleString()} visits`, pv);
    return item;
  });
  $("candidates").replaceChildren(...items);
  showSolver(analysis.solver, side);
  const winning = analysis.solver && analysis.solver.verdict === "win" ? analysis.solver.moves : [];
  // The swap map's figures take the cells' centres: the candidates stay in the list.
  board.showAnalysis(mapShaded() ? [] : analysis.candidates, winning);
  showTerritory(analysis);
}

// The territory shaded on the board, by the source chosen: the network's, read once per
// position, or the playouts', which grows with the search. Each says what it is.
function showTerritory(analysis) {
  const on = $("territory-toggle").checked;
  const source = $("territory-source").value;
  let territory = null;
  let note = "";
  if (on && source === "network") {
    const network = analysis.network;
    if (network && network.territory) {
      territory = network.territory;
      note = "Shaded by the network's judgement of this position, darker where it is surer; " +
        "on held-out games it is as close as the playouts (docs/results.md, T12).";
    } else if (network) {
      territory = analysis.territory;
      note = `No network territory (${network.error}): shaded by the playouts instead.`;
    } else {
      note = "Asking the network…";
    }
  } else if (on) {
    territory = analysis.territory;
    note = `Shaded by where the search's playouts ended (${analysis.visits.toLocaleString()} visits so far): ` +
      "darker where more of them agree.";
  }
  $("territory-note").hidden = !on;
  fill($("territory-note"), note);
  board.showTerritory(territory);
}

// --- the opening map ----------------------------------------------------------------------

const mapShaded = () => Boolean(app.opening && Object.keys(app.opening.cells).length);

// Draws what the opening map says of the position shown while the swap map is switched on.
async function showOpening() {
  const game = app.game;
  const on = $("map-toggle").checked;
  $("map-body").hidden = !on;
  if (!on || !game || game.crashed || !app.session) return drawOpening(null);
  const version = game.version;
  if (!app.opening || app.opening.version !== version) {
    drawOpening(null); // another position's figures go at once
    fill($("map-note"), "Reading the opening map…");
  }
  try {
    const opening = await app.session.openingMap();
    if (app.game && app.game.version === version && $("map-toggle").checked) drawOpening(opening);
  } catch (failure) {
    const details = failure.details || {};
    if (details.crashed || details.gone) await handleFailure(failure);
  }
}

function drawOpening(opening) {
  app.opening = opening;
  const shaded = mapShaded();
  board.showBook(shaded ? opening.cells : null);
  fillLegend($("map-legend"), shaded ? opening.figure : null);
  fill($("map-note"), opening ? openingNote(opening, app.game, ruleText(app.game.rules).short) : "");
  showAnalysis(app.analysis);
}

function toggleMap() {
  $("map-toggle").checked = !$("map-toggle").checked;
  showOpening();
}

// Under komi pie the new-game dialog shows the board's fair komi from the engine's opening map,
// with a button that sets it.
async function showFairKomi() {
  const form = $("new-game-form").elements;
  const base = Number(form.base.value);
  const wanted = Boolean(ruleText(form.rules.value).komi);
  $("fair-komi").hidden = !wanted;
  if (!wanted || app.fairKomi === base) return;
  app.fairKomi = base;
  const button = $("fair-komi-button");
  button.hidden = true;
  fill($("fair-komi-text"), "Asking the opening map for the fair komi…");
  let answer;
  try {
    answer = await app.games.komiMap(base);
  } catch (failure) {
    answer = { failed: true, reason: failure.message };
  }
  if (app.fairKomi !== base) return; // another base was chosen meanwhile
  fill($("fair-komi-text"), fairKomiText(answer, base));
  if (answer.fair_komi === null || answer.fair_komi === undefined) return;
  button.hidden = false;
  button.textContent = `Use komi ${answer.fair_komi}`;
  button.dataset.komi = String(answer.fair_komi);
}

// The bar stands only beside a winrate: without one it would look like progress.
function showWinrate(text, winrate = null) {
  fill($("winrate-text"), text);
  $("winrate-bar").classList.toggle("empty", winrate === null);
  if (winrate !== null) $("winrate-fill").style.width = percent(winrate);
}

// The solver's line appears only when it has something to say: a proof or a failure.
function showSolver(solver, side) {
  const node = $("solver");
  node.hidden = !solver || solver.state !== "done" || solver.verdict === "unknown";
  if (node.hidden) return;
  node.className = solver.state === "done" ? solver.verdict : "";
  if (solver.state !== "done") {
    node.textContent = "Solver: working…";
  } else if (solver.verdict === "win") {
    const moves = solver.moves.map(describeMove).join(", ");
    node.textContent = `Solver: ${side} to move wins${moves ? ` with ${moves}` : ""}.`;
  } else if (solver.verdict === "loss") {
    node.textContent = `Solver: ${side} to move loses against any defence.`;
  } else if (solver.verdict === "unknown") {
    node.textContent = `Solver: not solved in ${solver.seconds} s.`;
  } else {
    node.textContent = `Solver failed: ${solver.error}.`;
  }
}

// --- drawing the state -----------------------------------------------------------------

function render() {
  const game = app.game;
  const ready = Boolean(game) && !app.busy;
  $("save-button").disabled = !game;
  for (const id of ["swap-button", "pass-button", "engine-button", "undo-button", "resign-button"]) {
    $(id).disabled = !ready || Boolean(game.crashed);
  }
  if (!game) {
    fill($("status"), app.busy ? "Starting…" : "No game: start one with New game.");
    return;
  }
  const refused = refusals(game, $("refused-toggle").checked);
  board.render(game, refused && refused.shown ? refused.cells : new Set());
  const note = refused && refused.shown ? refused.note : null;
  $("refused-note").hidden = !note;
  fill($("refused-note"), note || "");
  fill($("ending"), refused && refused.ending ? refused.ending : "");
  const yours = game.turn_of === "human";
  $("swap-button").hidden = !(yours && game.can_swap);
  $("pass-button").hidden = !(yours && game.can_pass);
  $("engine-button").hidden = !(game.human === "both" && !game.over && !studying(game));
  const undoable = game.human === "both" ? game.moves.length > 0 : game.moves.some((move) => move.by === "human");
  $("undo-button").disabled ||= studying(game) || !(undoable || game.reason === "resign");
  $("resign-button").disabled ||= game.over || studying(game);
  showTime($("time-select"), app.wanted.time ?? game.time);
  $("level-select").value = String(app.wanted.level ?? game.level);
  renderStatus(game);
  renderResult(game);
  renderCrash(game);
  renderFacts(game);
  renderThreads();
  renderMoves(game);
  renderStudy(game);
  document.title = `${game.over ? "Game over" : yours ? "Your turn" : "Lifeline thinking"} – Lifeline`;
}

function renderStatus(game) {
  const node = $("status");
  if (game.crashed) return fill(node, "The engine has stopped.");
  if (studying(game)) {
    return fill(node, `Studying ${positionText(game)} ` +
                `(${colorName(game.to_move)} to move): » or End returns to the game.`);
  }
  if (game.over) return fill(node, "Game over.");
  const side = colorName(game.to_move);
  if (game.turn_of === "engine") {
    return fill(node, icon(game.to_move), ` ${game.engine} is thinking (${side}, ${game.time} s per move)…`);
  }
  const who = game.human === "both" ? `${side} to move` : `Your turn (${side})`;
  const icons = [];
  if (game.pending) icons.push(icon(game.to_move, true));
  for (let stone = 0; stone < game.stones; stone++) icons.push(icon(game.to_move));
  if (game.pending) {
    return fill(node, ...icons, ` ${who}: place the second stone (the first is at ${game.pending}; click it to take it back).`);
  }
  const options = [game.stones === 2 ? "place 2 stones (double turn)" : "place a stone"];
  if (game.can_swap) options.push("swap");
  if (game.can_pass) options.push("spend a point of komi");
  return fill(node, ...icons, ` ${who}: ${options.join(" or ")}.`);
}

function renderResult(game) {
  const node = $("result");
  node.hidden = !game.over;
  if (!game.over) return;
  const loser = other(game.winner);
  const how = game.reason === "resign" ? `${colorName(loser)} resigned`
    : `${colorName(loser)} has no legal move`;
  let whom = "";
  if (game.human !== "both") whom = playerOf(game.winner) === "you" ? " You win!" : ` ${game.engine} wins.`;
  fill($("result-text"), `${colorName(game.winner)} wins: ${how}.${whom}`);
}

function renderCrash(game) {
  $("crash").hidden = !game.crashed;
  if (!game.crashed) return;
  $("crash-text").textContent = `The engine stopped: ${game.crashed.message}. The moves are kept: ` +
    "resume the game with a new engine, or save the record.";
  $("crash-stderr").hidden = game.crashed.stderr.length === 0;
  $("crash-stderr").textContent = game.crashed.stderr.join("\n");
}

function renderFacts(game) {
  const swapped = game.moves.some((move) => move.move === "swap");
  if (game.human === "both") {
    fill($("you-fact"), "both sides");
    fill($("engine-fact"), `${game.engine}, analysis only`);
  } else {
    fill($("you-fact"), icon(game.human), ` ${colorName(game.human)}${swapped ? " (after the swap)" : ""}`);
    fill($("engine-fact"), icon(other(game.human)), ` ${game.engine}, ${game.time} s per move${levelText(game.level)}`);
  }
  const imported = app.imported && app.imported.id === game.id;
  $("played-term").hidden = !imported;
  $("played-fact").hidden = !imported;
  if (imported) fill($("played-fact"), app.imported.played);
  fill($("board-fact"), `base ${game.base}, ${ruleText(game.rules).short}`);
  fill($("removed-fact"), icon("black"), ` ${game.captured.black}  `, icon("white"), ` ${game.captured.white}`);
  const komi = Boolean(ruleText(game.rules).komi);
  $("komi-term").hidden = !komi;
  $("komi-fact").hidden = !komi;
  fill($("komi-fact"), `${game.komi_left} of ${game.komi}`);
}

// Who played an engine's turn, and at which settings where the page knows them (a record loaded
// from a file does not say): "lifeline, 1 s, level 3".
function engineLabel(game, turn) {
  if (turn.time === undefined) return game.engine;
  return `${game.engine}, ${turn.time} s${levelText(turn.level)}`;
}

// ", level N" below full strength, nothing at full strength.
function levelText(level) {
  return level < app.vocabulary.full_strength ? `, level ${level}` : "";
}

// Where the board stands in the game's turns: "turn 5 of 8", or inside a double turn.
function positionText(game) {
  const turns = game.turns;
  const shown = shownCount(game);
  const done = turns.filter((turn) => turn.last <= shown).length;
  const inside = turns.find((turn) => turn.first <= shown && shown < turn.last);
  if (inside) return `turn ${done + 1} of ${turns.length}, its first stone`;
  return `turn ${done} of ${turns.length}`;
}

function renderMoves(game) {
  const shown = studying(game) ? shownCount(game) : null;
  const items = game.turns.map((turn) => {
    const item = document.createElement("li");
    item.className = turn.by;
    // The turn the studied position comes after (or inside) is marked.
    if (shown !== null && turn.first <= shown && shown <= turn.last) {
      item.classList.add("studied");
      item.setAttribute("aria-current", "step");
    }
    item.append(icon(turn.color), ` ${describeMove(turn.move)}`, turn.by === "engine" ? ` (${engineLabel(game, turn)})` : "");
    if (turn.removed) {
      const removed = document.createElement("span");
      removed.className = "removed-count";
      removed.textContent = `−${turn.removed}`;
      removed.title = `${turn.removed} stones removed`;
      item.append(removed);
    }
    return item;
  });
  const list = $("moves");
  list.replaceChildren(...items);
  const studied = list.querySelector(".studied");
  if (studied) studied.scrollIntoView({ block: "nearest" });
  else list.scrollTop = list.scrollHeight;
}

// --- studying the game ---------------------------------------------------------------------

// Shows the position after `at` of the game's actions (the latest: the game itself).
async function study(at) {
  const game = app.game;
  if (!game || app.busy) return false;
  const target = Math.max(0, Math.min(game.moves.length, at));
  if (target === shownCount(game)) return true;
  return act((session) => session.view(target === game.moves.length ? null : target));
}

function renderStudy(game) {
  const count = game.moves.length;
  const shown = shownCount(game);
  const idle = !app.busy && !game.crashed;
  $("first-button").disabled = !idle || shown === 0;
  $("back-button").disabled = !idle || shown === 0;
  $("forward-button").disabled = !idle || shown === count;
  $("latest-button").disabled = !idle || shown === count;
  const turns = game.turns.length;
  $("study-position").textContent = studying(game) ? positionText(game) : `latest (${plural(turns, "turn")})`;
  $("review-button").textContent = app.review ? "Stop the review" : "Review the game";
  $("review-button").disabled = !app.review && (!idle || count === 0);
  renderGraph(game);
}

function renderGraph(game) {
  if (graph && game) graph.draw(app.winrates.points(), game.moves.length, shownCount(game), game.turns.map((turn) => turn.last));
}

// Analyses every position of the game in turn, from the first, for Black's chances at each;
// the board then returns to the position it showed. A second click stops it. The card shows
// how far it has come.
async function review() {
  if (app.review) {
    app.review.stop = true;
    return;
  }
  const game = app.game;
  if (!game) return;
  // The last position of a finished game has its result, known without analysis.
  const total = game.moves.length + (app.winrates.rates.has(game.moves.length) ? 0 : 1);
  const run = { stop: false, done: 0, total };
  app.review = run;
  showReview(run);
  const analysisWas = game.analysis;
  const returnTo = shownCount(game);
  const sameGame = () => app.game && app.game.id === game.id && !run.stop;
  try {
    if (!analysisWas) await setAnalysis(true);
    for (let at = 0; at < total && sameGame(); ++at) {
      showReview(run, at + 1);
      if (!(await study(at))) break;
      const began = performance.now();
      let seen = false;
      while (sameGame()) {
        await waitFor(200);
        const analysis = await app.session.readAnalysis();
        if (analysis.version !== app.game.version) continue;
        showAnalysis(analysis);
        seen ||= analysis.winrate !== null;
        const elapsed = performance.now() - began;
        if ((seen && elapsed >= REVIEW_MS) || elapsed >= REVIEW_LIMIT_MS) break;
      }
      if (sameGame()) run.done = at + 1;
    }
  } catch (failure) {
    await handleFailure(failure);
  } finally {
    // The review ends once the board and the analysis are back as they were, so that a click
    // after it (the analysis switch) is not undone by it.
    if (app.game && app.game.id === game.id) {
      await study(returnTo);
      if (!analysisWas) await setAnalysis(false);
    }
    app.review = null;
    showReview(run);
    if (app.game) render();
  }
}

// The review's progress: "position N of M" and a bar while it runs, then what it did.
function showReview(run, at = null) {
  $("review-progress").hidden = false;
  const bar = $("review-bar");
  bar.max = run.total;
  bar.value = app.review ? Math.max(0, (at || 1) - 1) : run.done;
  let text;
  if (app.review) text = `Reviewing position ${at || 1} of ${run.total}…`;
  else if (run.done === run.total) text = `Reviewed all ${plural(run.total, "position")}.`;
  else text = `Review stopped after ${run.done} of ${plural(run.total, "position")}.`;
  fill($("review-text"), text);
  $("review-button").textContent = app.review ? "Stop the review" : "Review the game";
}

const waitFor = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// --- what the person does ----------------------------------------------------------------

function onCell(name) {
  const game = app.game;
  if (!game) return;
  if (app.busy) return setMessage("Wait: the last request is still on its way.", "info");
  if (game.crashed) return setMessage("The engine has stopped: resume the game first.");
  if (studying(game)) return setMessage("This is a past position: » or End returns to the game to play.", "info");
  if (game.over) return setMessage("The game is over: undo, or start a new game.", "info");
  if (game.turn_of !== "human") return setMessage(`Wait for ${game.engine}'s move.`, "info");
  setMessage("");
  if (name === game.pending) return act((session) => session.undo());
  return play(name);
}

const play = (move) => act((session) => session.play(move));

// The player's choice of threads, where it is one this page offers; else null.
function chosenThreads() {
  const count = Number(localStorage.getItem(THREADS));
  return Number.isInteger(count) && count >= 1 && count <= threadLimit() ? count : null;
}

function threadLimit() {
  return Math.min(app.deviceThreads || 1, MAX_THREADS);
}

// The Game card's threads: how many the engine searches with, and the choice where the
// threaded build runs; where it cannot (no isolation headers), why there is one.
function renderThreads() {
  if (!WASM || !app.build) return;
  $("threads-term").hidden = false;
  $("threads-fact").hidden = false;
  const threaded = app.build === "threads";
  $("threads-choice").hidden = !threaded;
  if (!threaded) {
    fill($("threads-fact"), "1: this site is not cross-origin isolated, so the engine runs on one thread");
    return;
  }
  // What startEngine asked for, or the player's later choice.
  const count = chosenThreads() ?? threadLimit();
  fill($("threads-fact"), `${count} of the device's ${app.deviceThreads} (threaded engine)`);
  const select = $("threads-select");
  if (select.options.length !== threadLimit()) {
    select.replaceChildren(...Array.from({ length: threadLimit() }, (_, index) => {
      const option = document.createElement("option");
      option.value = String(index + 1);
      option.textContent = String(index + 1);
      return option;
    }));
  }
  select.value = String(count);
}

// A number of threads from the Game card: the game's engine and the spare one take it after
// the exchange under way, and the engines started later start with it (kept for the next
// visit too).
async function changeThreads(count) {
  localStorage.setItem(THREADS, String(count));
  try {
    await Promise.all([app.session && app.session.setThreads(count), app.games.setThreads(count)]);
  } catch (failure) {
    await handleFailure(failure);
  }
  renderThreads();
}

// A new time per move or strength from the Game card. It waits for no other request: the
// session sends it after the exchange under way, so that the engine's next move (not one it is
// already choosing) uses it. The card shows the choice meanwhile, and the next new game and
// the next visit start from it.
async function changeSetting(name, value) {
  const session = app.session;
  if (!session) return;
  app.wanted[name] = value;
  remember({ [name]: value });
  try {
    await (name === "time" ? session.setTime(value) : session.setLevel(value));
  } catch (failure) {
    await handleFailure(failure);
  }
  if (app.wanted[name] === value) delete app.wanted[name];
  if (session === app.session) setState(session.snapshot());
}

// The board's refusal marks and the territory's source, as the player left them.
function rememberView() {
  localStorage.setItem(VIEW, JSON.stringify({ refused: $("refused-toggle").checked,
                                              territory: $("territory-source").value }));
}

function restoreView() {
  const view = readJson(localStorage, VIEW) || {};
  $("refused-toggle").checked = Boolean(view.refused);
  if (["network", "playouts"].includes(view.territory)) $("territory-source").value = view.territory;
}

// Keeps choices for the next new game and the next visit.
function remember(choices) {
  const saved = readJson(localStorage, PREFERENCES) || defaultGame();
  localStorage.setItem(PREFERENCES, JSON.stringify({ ...saved, ...choices }));
}
const undo = () => act((session) => session.undo());
const engineMove = () => act((session) => session.engineMove(), true);

const shortcuts = {
  u: undo,
  w: () => app.game && app.game.can_swap && play("swap"),
  k: () => app.game && app.game.can_pass && play("pass"),
  e: () => app.game && app.game.human === "both" && engineMove(),
  a: () => app.game && setAnalysis(!app.game.analysis),
  t: () => toggleTerritory(),
  x: () => {
    $("refused-toggle").checked = !$("refused-toggle").checked;
    rememberView();
    render();
  },
  o: () => toggleMap(),
  m: () => $("move-input").focus(),
  n: () => openNewGame(),
  l: () => $("load-dialog").showModal(),
  s: () => save(),
  r: () => app.game && !app.game.over && $("resign-dialog").showModal(),
  "?": () => $("help-dialog").showModal(),
};

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || document.querySelector("dialog[open]")) return;
  if (event.target.closest("input, select, textarea")) return;
  const svg = $("board");
  const steps = { ArrowLeft: -1, ArrowRight: 1 };
  if (event.shiftKey && event.key in steps) {
    event.preventDefault();
    if (app.game) study(shownCount(app.game) + steps[event.key]);
  } else if (event.key === "Home" || event.key === "End") {
    event.preventDefault();
    if (app.game) study(event.key === "Home" ? 0 : app.game.moves.length);
  } else if (event.key.startsWith("Arrow")) {
    event.preventDefault();
    if (document.activeElement !== svg) svg.focus();
    const name = board.moveCursor(event.key);
    const stone = app.game ? app.game.board[name] : "empty";
    $("cursor-text").textContent = `${name}, ${stone}`;
  } else if ((event.key === "Enter" || event.key === " ") && event.target === svg) {
    event.preventDefault();
    onCell(board.cursor);
  } else if (shortcuts[event.key.toLowerCase()]) {
    event.preventDefault();
    shortcuts[event.key.toLowerCase()]();
  }
}

function save() {
  if (!app.game) return;
  const blob = new Blob([app.game.record], { type: "text/plain" });
  const link = document.createElement("a");
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, "").replace("T", "-");
  link.href = URL.createObjectURL(blob);
  link.download = `lifeline-${stamp}.txt`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

function openNewGame() {
  const form = $("new-game-form");
  const choices = readJson(localStorage, PREFERENCES) || defaultGame();
  for (const [name, value] of Object.entries(choices)) {
    if (form.elements[name]) form.elements[name].value = String(value);
  }
  updateRulesHint();
  $("new-game-dialog").showModal();
}

function updateRulesHint() {
  const form = $("new-game-form");
  const rules = form.elements.rules.value;
  const base = Number(form.elements.base.value);
  $("komi-label").hidden = !ruleText(rules).komi;
  showFairKomi();
  const advice = ruleText(rules).advice;
  fill($("rules-hint"), `${advice ? `${advice} ` : ""}Base ${base} has ${cellCount(base)} cells.`);
}

// Selects a time per move, adding it to the list when it is not there (the API allows any
// time, and a loaded game keeps the time of the game it replaced).
function showTime(select, seconds) {
  if (![...select.options].some((option) => Number(option.value) === seconds)) {
    select.append(new Option(`${seconds} s`, String(seconds)));
  }
  select.value = [...select.options].find((option) => Number(option.value) === seconds).value;
}

// The new game's choices: the bases and rules the server offers, the times the page does.
function fillChoices() {
  const { min_base: low, max_base: high, rules } = app.vocabulary;
  const form = $("new-game-form").elements;
  for (let base = low; base <= high; base++) {
    form.base.append(new Option(`${base} (${cellCount(base)} cells)`, String(base)));
  }
  form.rules.append(...rules.map((name) => new Option(ruleText(name).label, name)));
  for (const select of document.querySelectorAll(".time-choice")) {
    select.append(...TIMES.map((seconds) => new Option(`${seconds} s`, String(seconds))));
  }
  const { min_level: lowest, full_strength: highest } = app.vocabulary;
  for (const select of document.querySelectorAll(".level-choice")) {
    for (let level = lowest; level <= highest; level++) {
      const name = level === highest ? "full strength" : LEVEL_NAMES[level];
      select.append(new Option(name ? `${level}: ${name}` : String(level), String(level)));
    }
  }
}

function wire() {
  document.addEventListener("keydown", onKey);
  $("new-game-button").addEventListener("click", openNewGame);
  $("load-button").addEventListener("click", () => $("load-dialog").showModal());
  $("save-button").addEventListener("click", save);
  $("help-button").addEventListener("click", () => $("help-dialog").showModal());
  $("swap-button").addEventListener("click", () => play("swap"));
  $("pass-button").addEventListener("click", () => play("pass"));
  $("engine-button").addEventListener("click", engineMove);
  $("undo-button").addEventListener("click", undo);
  $("resign-button").addEventListener("click", () => $("resign-dialog").showModal());
  $("resume-button").addEventListener("click", () => act((session) => session.resume()));
  $("analysis-toggle").addEventListener("change", (event) => setAnalysis(event.target.checked));
  $("first-button").addEventListener("click", () => study(0));
  $("back-button").addEventListener("click", () => app.game && study(shownCount(app.game) - 1));
  $("forward-button").addEventListener("click", () => app.game && study(shownCount(app.game) + 1));
  $("latest-button").addEventListener("click", () => app.game && study(app.game.moves.length));
  $("review-button").addEventListener("click", review);
  $("territory-toggle").addEventListener("change", () => showAnalysis(app.analysis));
  $("territory-source").addEventListener("change", () => {
    rememberView();
    showAnalysis(app.analysis);
    if (app.game && app.game.analysis) pollAnalysis();
  });
  $("refused-toggle").addEventListener("change", () => {
    rememberView();
    render();
  });
  $("map-toggle").addEventListener("change", showOpening);
  $("fair-komi-button").addEventListener("click", (event) => {
    $("new-game-form").elements.komi.value = event.target.dataset.komi;
  });
  $("time-select").addEventListener("change", (event) => changeSetting("time", Number(event.target.value)));
  $("level-select").addEventListener("change", (event) => changeSetting("level", Number(event.target.value)));
  $("threads-select").addEventListener("change", (event) => changeThreads(Number(event.target.value)));
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = $("move-input").value.trim();
    if (move) play(move).then((played) => { if (played) $("move-input").value = ""; });
  });
  $("new-game-form").addEventListener("change", updateRulesHint);
  $("new-game-dialog").addEventListener("close", () => {
    if ($("new-game-dialog").returnValue !== "start") return;
    const form = $("new-game-form").elements;
    const choices = { base: Number(form.base.value), rules: form.rules.value, komi: Number(form.komi.value),
                      human: form.human.value, time: Number(form.time.value), level: Number(form.level.value) };
    localStorage.setItem(PREFERENCES, JSON.stringify(choices));
    startGame(gameRequest(choices));
  });
  $("load-form").elements.file.addEventListener("change", (event) => showExport(event.target.files[0]));
  $("load-dialog").addEventListener("close", async () => {
    const form = $("load-form").elements;
    const file = form.file.files[0];
    if ($("load-dialog").returnValue !== "load" || !file) return;
    const { time, level } = app.game || defaultGame();
    const request = { human: form.human.value, time, level };
    const text = await file.text();
    if (looksLikeJson(text)) await loadExport(text, Number(form.game.value), request, file.name);
    else await startGame({ ...request, record: text }, `Loaded ${file.name}.`);
    form.file.value = "";
    await showExport(null);
  });
  $("resign-dialog").addEventListener("close", () => {
    if ($("resign-dialog").returnValue === "resign") act((session) => session.resign());
  });
  $("log-panel").addEventListener("toggle", pollLog);
  window.addEventListener("pagehide", () => {
    closeGame();
    if (app.games) app.games.end();
  });
  window.addEventListener("pageshow", (event) => { if (event.persisted) window.location.reload(); });
}

async function pollLog() {
  clearTimeout(app.timers.log);
  if (!$("log-panel").open || !app.session) return;
  const lines = app.session.logAfter(app.logAfter);
  if (lines.length) {
    const pre = $("log");
    pre.append(lines.map(([, line]) => line).join("\n") + "\n");
    app.logAfter = lines[lines.length - 1][0];
    pre.scrollTop = pre.scrollHeight;
  }
  app.timers.log = setTimeout(pollLog, LOG_POLL_MS);
}

async function start() {
  try {
    app.games = await Games.open(startEngine);
  } catch (failure) {
    fill($("status"), `No game: the engine does not start (${failure.message}).`);
    return;
  }
  app.vocabulary = app.games.vocabulary();
  if (WASM) fill($("log-speaker"), "What this page says to its engine, which runs in the page itself (WebAssembly)");
  board = new Board($("board"), app.vocabulary.letters, onCell);
  graph = new WinrateGraph($("winrate-graph"), (at) => study(at));
  fillChoices();
  restoreView();
  wire();
  await restore(readJson(sessionStorage, SAVED_GAME), "The game continues where it was.");
}

start();

// For tests and the curious: the game's state as last drawn, whether an action that changes
// the game is under way, the analysis shown, and the WebAssembly build that runs ("threads" or
// "single"; null with the server's native engine).
window.lifeline = { state: () => app.game, busy: () => app.busy, reviewing: () => Boolean(app.review),
                    analysis: () => app.analysis, build: () => app.build || null };
