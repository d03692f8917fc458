// The page's game session (scripts/lifeline_web/static/session.js) under `node --test`, driven
// through a transport to a real engine: the native program (LIFELINE_ENGINE) and, where
// LIFELINE_WASM_PACKAGE names the built package, the WebAssembly engine's cli.mjs. One suite
// runs against each; a parity test plays the same games on both and compares every state;
// faults are injected by a transport that wraps the native one.

import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";

import { Games, SessionError } from "../../scripts/lifeline_web/static/session.js";
import { graphPoint } from "../../scripts/lifeline_web/static/study.js";
import { GtpError, ProcessEngine } from "./process_engine.mjs";

const NATIVE = process.env.LIFELINE_ENGINE;
const PACKAGE = process.env.LIFELINE_WASM_PACKAGE;
const ENGINES = {
  native: NATIVE && [NATIVE, "--seed", "7"],
  wasm: PACKAGE && [process.execPath, join(PACKAGE, "cli.mjs"), "--seed", "7"],
};
const TIMEOUT = 120000;

const starter = (argv) => (options) => ProcessEngine.start(argv, options);
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A small deterministic generator, so that both engines see the same "random" games.
function generator(seed) {
  let state = seed >>> 0;
  return (count) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % count;
  };
}

async function withGame(games, request, body) {
  const game = await games.create(request);
  try {
    return await body(game);
  } finally {
    games.close();
  }
}

// Plays one random action (a cell, the swap or the komi point) for whoever is to move.
async function randomAction(game, pick) {
  const state = game.snapshot();
  const choices = [...state.legal.filter((move) => move !== "swap" && move !== "pass"),
                   ...(state.can_swap ? ["swap"] : []), ...(state.can_pass ? ["pass"] : [])];
  await game.play(choices[pick(choices.length)]);
}

for (const [name, argv] of Object.entries(ENGINES)) {
  describe(`the session on the ${name} engine`, { skip: !argv && `no ${name} engine named` }, () => {
    it("reads what the engine offers from its own listing", { timeout: TIMEOUT }, async () => {
      const games = await Games.open(starter(argv));
      const vocabulary = games.vocabulary();
      assert.deepEqual(vocabulary.rules, ["strong-pie", "weak-pie", "komi-pie"]);
      assert.equal(vocabulary.min_base, 2);
      assert.equal(vocabulary.max_base, 13);
      assert.equal(vocabulary.full_strength, 8);
      games.close();
      if (games.spare) games.spare.engine.terminate();
    });

    it("plays a whole game against the engine and reloads its record", { timeout: TIMEOUT }, async () => {
      const games = await Games.open(starter(argv));
      const pick = generator(3);
      const finished = await withGame(games, { base: 3, rules: "strong-pie", human: "black", time: 0.1 }, async (game) => {
        for (let turn = 0; turn < 200 && !game.snapshot().over; ++turn) {
          const state = game.snapshot();
          if (state.turn_of === "engine") await game.engineMove();
          else await randomAction(game, pick);
        }
        return game.snapshot();
      });
      assert.equal(finished.over, true);
      assert.ok(["black", "white"].includes(finished.winner));
      assert.ok(finished.moves.some((move) => move.by === "engine"));
      const human = finished.human;
      // The page keeps the engine's settings at each of its moves beside the record (a reload).
      const settings = finished.moves.map((move) => (move.time === undefined ? null : { time: move.time, level: move.level }));
      const reloaded = await withGame(games, { record: finished.record, human, time: 0.1, settings }, async (game) => game.snapshot());
      assert.deepEqual(reloaded.board, finished.board);
      assert.deepEqual(reloaded.moves, finished.moves);
      assert.equal(reloaded.winner, finished.winner);
      // A record alone (a file) does not say them.
      const bare = await withGame(games, { record: finished.record, human, time: 0.1 }, async (game) => game.snapshot());
      const withoutSettings = (moves) => moves.map(({ time, level, ...rest }) => rest);
      assert.deepEqual(withoutSettings(bare.moves), withoutSettings(finished.moves));
      assert.ok(bare.moves.every((move) => move.time === undefined && move.level === undefined));
      await assert.rejects(games.create({ record: finished.record, settings: [{ time: 0.1, level: 99 }] }),
                           (error) => error instanceof SessionError && /level/.test(error.message));
    });

    it("plays the engine's next move at a level and time changed mid-game", { timeout: TIMEOUT }, async () => {
      const games = await Games.open(starter(argv));
      await withGame(games, { base: 3, rules: "strong-pie", human: "both", time: 0.1, level: 3 }, async (game) => {
        await game.engineMove();
        const [thinking, level, time] = [game.engineMove(), game.setLevel(5), game.setTime(0.2)];
        await Promise.all([thinking, level, time]); // the change waits for the move under way
        await game.engineMove();
        const moves = game.snapshot().moves;
        assert.deepEqual(moves.map((move) => [move.time, move.level]), [[0.1, 3], [0.1, 3], [0.2, 5]]);
        assert.deepEqual([game.snapshot().time, game.snapshot().level], [0.2, 5]);
        assert.ok(game.log.includes("> lifeline-set level 5"));
      });
    });

    it("reads the network's territory once a position while analysis runs", { timeout: TIMEOUT }, async () => {
      const games = await Games.open(starter(argv));
      await withGame(games, { base: 3, rules: "strong-pie", human: "both", time: 0.1 }, async (game) => {
        await game.engineMove();
        game.setNetworkTerritory(true);
        await game.setAnalysis(true);
        let analysis = null;
        for (let poll = 0; poll < 100 && !(analysis && analysis.network); ++poll) {
          analysis = await game.readAnalysis();
          await wait(50);
        }
        assert.equal(analysis.network.error, null);
        assert.equal(Object.keys(analysis.network.territory).length, 19);
        assert.ok(Object.values(analysis.network.territory).every((value) => value >= -1 && value <= 1));
        assert.equal(game.log.filter((line) => line === "> lifeline-network").length, 1);
        await game.setAnalysis(false);
      });
    });

    it("takes back, studies past positions and refuses an illegal move", { timeout: TIMEOUT }, async () => {
      const games = await Games.open(starter(argv));
      await withGame(games, { base: 4, rules: "weak-pie", human: "both" }, async (game) => {
        const pick = generator(11);
        const boards = [game.snapshot().board];
        for (let step = 0; step < 8; ++step) {
          await randomAction(game, pick);
          boards.push(game.snapshot().board);
        }
        await game.view(3);
        assert.equal(game.snapshot().viewing, 3);
        assert.deepEqual(game.snapshot().board, boards[3]);
        await assert.rejects(game.play("A1"), (error) => error instanceof SessionError && "viewing" in error.details);
        await game.view(null);
        assert.deepEqual(game.snapshot().board, boards[8]);
        await game.undo();
        assert.deepEqual(game.snapshot().board, boards[7]);
        const occupied = Object.entries(game.snapshot().board).find(([, stone]) => stone !== "empty")[0];
        const before = game.snapshot();
        await assert.rejects(game.play(occupied), (error) => error.details.reason === "occupied");
        assert.deepEqual(game.snapshot().board, before.board);
        assert.equal(game.snapshot().version, before.version);
      });
    });

    it("analyses while the person thinks, territory on every cell", { timeout: TIMEOUT }, async () => {
      const games = await Games.open(starter(argv));
      await withGame(games, { base: 4, rules: "strong-pie", human: "black" }, async (game) => {
        await game.setAnalysis(true);
        let analysis = null;
        for (let tries = 0; tries < 100; ++tries) {
          await wait(100);
          analysis = await game.readAnalysis();
          if (analysis.candidates.length && analysis.territory) break;
        }
        assert.ok(analysis.candidates.length > 0, JSON.stringify(analysis));
        assert.equal(Object.keys(analysis.territory).length, 37);
        assert.equal(analysis.error, null);
        await game.setAnalysis(false);
        await game.play("A1");
        assert.equal(game.snapshot().pending, "A1");
      });
    });

    // Base 3's maps are exact (docs/solutions.md): every first turn loses for the first player.
    it("reads the opening map of each position of the first turn, once", { timeout: TIMEOUT }, async () => {
      const games = await Games.open(starter(argv));
      await withGame(games, { base: 3, rules: "strong-pie", human: "both" }, async (game) => {
        const asked = () => game.log.filter((line) => line === "> lifeline-book").length;
        let opening = await game.openingMap();
        assert.equal(opening.available, true, opening.reason);
        assert.equal(opening.stage, "first-turn");
        assert.equal(opening.figure, "first-player");
        assert.equal(Object.keys(opening.cells).length, 19);
        assert.ok(Object.values(opening.cells).every((value) => value >= 0 && value <= 0.5));
        const best = Math.max(...opening.book.choices.map((choice) => choice.first_player));
        assert.equal(opening.black, best);
        assert.deepEqual(graphPoint(game.analysisView()), {
          rate: best, source: "map", decision: null,
          note: `the opening map: the first player keeps at best ${(100 * best).toFixed(1)}% (exact)` });
        await game.openingMap();
        assert.equal(asked(), 1);

        // The first stone pending: each legal second stone carries its pair's chance for its holder.
        await game.play("A1");
        opening = await game.openingMap();
        assert.equal(opening.figure, "holder");
        assert.deepEqual(Object.keys(opening.cells).sort(), [...game.snapshot().legal].sort());
        assert.ok(Object.values(opening.cells).every((value) => value === 0 || value === 1));

        // The swap decision: no cells, the first turn's chance for its holder and the decision.
        await game.play("B3");
        opening = await game.openingMap();
        assert.equal(opening.stage, "swap-decision");
        assert.equal(opening.figure, "none");
        assert.deepEqual(opening.book.first_turn, { stones: "A1,B3", holder: 0, exact: true, visits: null });
        assert.equal(opening.book.decision, "play-on");
        const point = graphPoint(game.analysisView());
        assert.deepEqual([point.rate, point.source, point.decision], [0, "map", "play-on"]);
        assert.match(point.note, /worth 0\.0% to its holder \(exact\); the map says: play on$/);

        // After White's first action the map says nothing, and the engine is not asked.
        await game.play("swap");
        opening = await game.openingMap();
        assert.deepEqual([opening.stage, opening.figure, opening.black], ["none", "none", null]);
        assert.equal(asked(), 3);
        assert.equal(game.analysisView().pie_turn, false);

        // A past position of the first turn, studied.
        await game.view(1);
        assert.equal((await game.openingMap()).figure, "holder");
        assert.equal(asked(), 4);
      });
    });

    it("asks the fair komi of a base of a spare engine, which the next game takes", { timeout: TIMEOUT }, async () => {
      let started = 0;
      const games = await Games.open((options) => {
        started += 1;
        return ProcessEngine.start(argv, options);
      });
      games.close();
      const answer = await games.komiMap(3);
      assert.deepEqual([answer.available, answer.fair_komi, answer.by_play, answer.exact], [true, 1, null, true]);
      assert.deepEqual(answer.komi.slice(0, 2).map((line) => [line.komi, line.black]), [[0, 1], [1, 0]]);
      assert.equal(await games.komiMap(3), answer);
      assert.equal(started, 1);
      // The spare engine went back to the default board: a record without settings keeps it.
      const game = await games.create({ record: "play b D4,D10\n", human: "both" });
      assert.deepEqual([game.snapshot().base, game.snapshot().rules, started], [7, "strong-pie", 1]);
      assert.throws(() => games.komiMap(99), SessionError);
      games.end();
    });
  });
}

describe("the two engines through the session", { skip: !(NATIVE && PACKAGE) && "needs both engines" }, () => {
  it("reach the same state after every action of the same games", { timeout: 4 * TIMEOUT }, async () => {
    const native = await Games.open(starter(ENGINES.native));
    const wasm = await Games.open(starter(ENGINES.wasm));
    for (const [base, rules, seed] of [[3, "strong-pie", 1], [4, "weak-pie", 2], [4, "komi-pie", 3], [5, "strong-pie", 4]]) {
      const request = { base, rules, komi: rules === "komi-pie" ? 2 : 0, human: "both" };
      const one = await native.create(request);
      const two = await wasm.create(request);
      const pick = generator(seed);
      for (let step = 0; step < 300 && !one.snapshot().over; ++step) {
        const state = one.snapshot();
        const choices = [...state.legal.filter((move) => move !== "swap" && move !== "pass"),
                         ...(state.can_swap ? ["swap"] : []), ...(state.can_pass ? ["pass"] : [])];
        const move = choices[pick(choices.length)];
        await one.play(move);
        await two.play(move);
        const [a, b] = [one.snapshot(), two.snapshot()];
        for (const key of ["board", "legal", "to_move", "pending", "moves", "captured", "over", "winner", "komi_left"]) {
          assert.deepEqual(b[key], a[key], `base ${base} ${rules}, after ${move} (action ${step + 1}): ${key}`);
        }
      }
      assert.equal(one.snapshot().over, true, `base ${base} ${rules}: the game ends`);
    }
    native.close();
    wasm.close();
  });
});

// A transport around the native one that changes what chosen commands answer.
function faulty(argv, fault) {
  return async (options) => {
    const engine = await ProcessEngine.start(argv, options);
    const send = engine.send.bind(engine);
    engine.send = (command, settings = {}) => fault(command, settings, send, engine);
    return engine;
  };
}

describe("the session when the engine misbehaves", { skip: !NATIVE && "no native engine named" }, () => {
  it("refuses a game whose state is not what the protocol says", { timeout: TIMEOUT }, async () => {
    const games = await Games.open(faulty(ENGINES.native, (command, settings, send) =>
      (command === "lifeline-state" ? send(command, settings).then((text) => text.replace('"to_move":', '"mover":')) : send(command, settings))));
    await assert.rejects(games.create({ base: 3 }), /lifeline-state has no field to_move/);
  });

  it("shows an unreadable analysis line as the analysis's error", { timeout: TIMEOUT }, async () => {
    const games = await Games.open(faulty(ENGINES.native, (command, settings, send) => {
      if (!settings.onLine) return send(command, settings);
      return send(command, { onLine: (line) => settings.onLine(line.replace(/ visits \d+/, " visits")) });
    }));
    await withGame(games, { base: 4, human: "black" }, async (game) => {
      await game.setAnalysis(true);
      let analysis = null;
      for (let tries = 0; tries < 100 && !(analysis && analysis.error); ++tries) {
        await wait(100);
        analysis = await game.readAnalysis();
      }
      assert.match(analysis.error, /unreadable analysis line/);
      await game.play("B2");
      assert.equal(game.snapshot().pending, "B2");
    });
  });

  it("shows no map where the engine has none, and the pie rule's points without a rate", { timeout: TIMEOUT }, async () => {
    const refusal = "no opening map for base 3 under strong-pie (maps)";
    const games = await Games.open(faulty(ENGINES.native, (command, settings, send) =>
      (command.startsWith("lifeline-book") ? Promise.reject(new GtpError(refusal, command)) : send(command, settings))));
    await withGame(games, { base: 3, human: "both" }, async (game) => {
      const before = game.analysisView();
      assert.deepEqual([before.pie_turn, before.opening, graphPoint(before)], [true, null, null]);
      const opening = await game.openingMap();
      assert.deepEqual([opening.available, opening.reason, opening.figure, opening.cells], [false, refusal, "none", {}]);
      assert.deepEqual(graphPoint(game.analysisView()), {
        rate: null, source: "pie", note: "decided by the pie rule (no opening map for this board)" });
      assert.deepEqual(await games.komiMap(5), { base: 5, available: false, reason: refusal, fair_komi: null,
                                                 by_play: null, exact: false, komi: [] });
    });
    games.end();
  });

  it("keeps the moves of an engine that dies, and resumes with a new one", { timeout: TIMEOUT }, async () => {
    let kill = false;
    const games = await Games.open(faulty(ENGINES.native, (command, settings, send, engine) => {
      if (kill && command.startsWith("play")) {
        kill = false;
        engine.terminate();
      }
      return send(command, settings);
    }));
    await withGame(games, { base: 3, human: "both" }, async (game) => {
      await game.play("A1");
      await game.play("C3");
      const before = game.snapshot();
      kill = true;
      await assert.rejects(game.play("B1"), (error) => error instanceof SessionError && error.details.crashed);
      assert.ok(game.snapshot().crashed);
      await game.resume();
      const after = game.snapshot();
      assert.equal(after.crashed, null);
      assert.deepEqual(after.board, before.board);
      assert.deepEqual(after.moves, before.moves);
      await game.play("B1");
    });
  });

  it("sends the protocol's commands for each action, as the user guide lists them", { timeout: TIMEOUT }, async () => {
    const sent = [];
    const games = await Games.open(faulty(ENGINES.native, (command, settings, send) => {
      sent.push(command);
      return send(command, settings);
    }));
    assert.deepEqual(sent, ["lifeline-set"]);
    const game = await games.create({ base: 4, rules: "komi-pie", komi: 2, human: "both", time: 0.5, level: 3 });
    assert.deepEqual(sent.splice(0), ["lifeline-set", "name", "boardsize 4", "clear_board", "lifeline-rules komi-pie",
                                      "komi 2", "lifeline-set time 0.5", "lifeline-set level 3",
                                      "known_command lifeline-solve_all", "lifeline-state"]);
    await game.play("b2");
    await game.play("D4");
    assert.deepEqual(sent.splice(0), ["play b B2", "lifeline-state", "play w D4", "lifeline-state"]);
    await game.undo();
    assert.deepEqual(sent.splice(0), ["undo", "lifeline-state"]);
    await game.view(0);
    await game.view(null);
    assert.deepEqual(sent.splice(0), ["undo", "lifeline-state", "play b B2", "lifeline-state"]);
    games.close();
  });

  it("passes on the engine's refusals as refusals", { timeout: TIMEOUT }, async () => {
    const engine = await ProcessEngine.start(ENGINES.native);
    await assert.rejects(engine.send("boardsize 99"), (error) => error instanceof GtpError);
    engine.terminate();
  });
});
