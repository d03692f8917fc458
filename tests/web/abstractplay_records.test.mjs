// The page's reader of Abstract Play's records exports
// (scripts/lifeline_web/static/abstractplay_records.js) under `node --test`, over the exports
// that Abstract Play's own code wrote (tests/scripts/data, docs/abstractplay.md "Tests"): each
// game's record, loaded by the page's session into the native engine (LIFELINE_ENGINE), reaches
// the position Abstract Play's code recorded after the game's last move, with the same winner;
// and every malformed export of abstractplay_malformed.json gets the answer written there,
// the engine's refusals named as the page names them. tests/scripts/test_abstractplay_records.py
// runs the tools' converter over the same files and compares the two.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";

import {
  ExportError, Game, Refused, endingProblem, readExport, refusal,
} from "../../scripts/lifeline_web/static/abstractplay_records.js";
import { Games, SessionError } from "../../scripts/lifeline_web/static/session.js";
import { ProcessEngine } from "./process_engine.mjs";

const ENGINE = process.env.LIFELINE_ENGINE;
const DATA = join(import.meta.dirname || new URL(".", import.meta.url).pathname, "..", "scripts", "data");
const TIMEOUT = 120000;
const read = (name) => readFileSync(join(DATA, name), "utf8");
const load = (name) => JSON.parse(read(name));

const POSITIONS = load("abstractplay_records_positions.json").games;
const MALFORMED = load("abstractplay_malformed.json");
const BASES = {
  record: load("abstractplay_record.json"),
  draw: load("abstractplay_records.json").find((item) => item.moves.at(-1).at(-1) === "draw"),
  other: MALFORMED.other,
};

// Abstract Play's name of an engine cell: the row's letter, then the place in the row.
function apCell(base, name) {
  const column = "ABCDEFGHJKLMNOPQRSTUVWXYZ".indexOf(name[0]);
  const row = Number(name.slice(1)) - 1;
  return `${String.fromCharCode(97 + row)}${column - Math.max(0, row - (base - 1)) + 1}`;
}

// A malformed export of abstractplay_malformed.json: its text, or its records changed as it says.
function exportText(exported) {
  if ("text" in exported) return exported.text;
  const items = exported.records.map((item) => {
    if (typeof item === "string") return BASES[item];
    const changed = structuredClone(BASES[item.from]);
    for (const [pointer, value] of Object.entries(item.set || {})) {
      const [parent, key] = walk(changed, pointer);
      parent[key] = value;
    }
    for (const pointer of item.delete || []) {
      const [parent, key] = walk(changed, pointer);
      if (Array.isArray(parent)) parent.splice(key, 1);
      else delete parent[key];
    }
    return changed;
  });
  return JSON.stringify(exported.single ? items[0] : items);
}

function walk(item, pointer) {
  const keys = pointer.replace(/^\//, "").split("/");
  for (const key of keys.slice(0, -1)) item = item[Array.isArray(item) ? Number(key) : key];
  const last = keys.at(-1);
  return [item, Array.isArray(item) ? Number(last) : last];
}

// Loads a game's record into the page's session: the engine's last position, or the reason the
// page gives for refusing it.
async function loadGame(games, game) {
  let session;
  try {
    session = await games.create({ record: game.recordText(), human: "both", time: 0.1 });
  } catch (error) {
    if (error instanceof SessionError && error.details.refused !== undefined) {
      return { refused: refusal(game, error.details.refused, error.details.answer) };
    }
    throw error;
  }
  const state = session.live;
  games.close();
  return { state, problem: endingProblem(game, state.black.length, state.white.length) };
}

describe("Abstract Play's exports in the page", { skip: !ENGINE && "no engine named (LIFELINE_ENGINE)" }, () => {
  const starter = (options) => ProcessEngine.start([ENGINE], options);

  it("replays every game to Abstract Play's position and winner", { timeout: TIMEOUT }, async () => {
    const games = await Games.open(starter);
    for (const name of ["abstractplay_records.json", "abstractplay_record.json"]) {
      const { entries, others } = readExport(read(name));
      assert.equal(others, 0);
      for (const game of entries) {
        assert.ok(game instanceof Game, game.reason);
        const { state, problem } = await loadGame(games, game);
        assert.equal(problem, null, game.gameid);
        const position = POSITIONS[game.gameid];
        assert.deepEqual(state.black.map((cell) => apCell(game.base, cell)).sort(), position.stones["1"]);
        assert.deepEqual(state.white.map((cell) => apCell(game.base, cell)).sort(), position.stones["2"]);
        assert.equal(game.winner, position.winner.length === 1 ? position.winner[0] : null);
        if (state.over) assert.equal(state.winner, game.winner === 1 ? "black" : "white");
      }
    }
    if (games.spare) games.spare.engine.terminate();
  });

  it("gives every malformed export its reason", { timeout: TIMEOUT }, async () => {
    const games = await Games.open(starter);
    const expected = readExport(JSON.stringify(BASES.record)).entries[0].recordText();
    for (const exported of MALFORMED.cases) {
      const text = exportText(exported);
      const where = exported.name;
      if ("error" in exported) {
        // "not JSON:" begins the reason, which goes on in the parser's words.
        const fits = (message) => (exported.error.endsWith(":") ? message.startsWith(exported.error)
          : message === exported.error);
        assert.throws(() => readExport(text), (error) => error instanceof ExportError && fits(error.message), where);
        continue;
      }
      const { entries, others } = readExport(text);
      if ("listing" in exported) {
        assert.deepEqual([...entries.map((entry) => entry.describe()), `${others} other`], exported.listing, where);
        continue;
      }
      assert.equal(entries.length, 1, where);
      const [entry] = entries;
      if ("refused" in exported) {
        assert.ok(entry instanceof Refused, where);
        assert.equal(entry.reason, exported.refused, where);
      } else if ("engine" in exported) {
        const loaded = await loadGame(games, entry);
        assert.equal(loaded.refused || loaded.problem, exported.engine, where);
      } else {
        assert.equal(entry.recordText(), expected, where);
      }
    }
    if (games.spare) games.spare.engine.terminate();
  });
});
