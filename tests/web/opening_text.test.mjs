// The page's reading of lifeline-book under komi pie (game_text.js) and its line on the fair
// komi in the new-game dialog (opening_map.js): pure functions, no engine.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { parseBook, TextError } from "../../scripts/lifeline_web/static/game_text.js";
import { fairKomiText } from "../../scripts/lifeline_web/static/opening_map.js";

const MAP_ONLY = "stage first-turn\nkomi 0 black 0.6000 visits 9\nkomi 1 black 0.4500 visits 9\n" +
  "fair-komi 1 map\nsecond-player-takes black";
const BY_PLAY = "stage first-turn\nkomi 0 black 0.5300 visits 64000\n" +
  "fair-komi 4 play range 3 5 crossing 3.62 games 3000 visits 300\nsecond-player-takes black";

const answer = (book) => ({ available: true, fair_komi: book.fair_komi, by_play: book.fair_komi_by_play,
                            komi: book.komi, exact: false });

describe("the fair komi the page reads", () => {
  it("reads the map's fair komi, and the same line of an older engine", () => {
    const book = parseBook(MAP_ONLY);
    assert.deepEqual([book.fair_komi, book.fair_komi_by_play, book.second_player_takes], [1, null, "black"]);
    assert.equal(parseBook(MAP_ONLY.replace(" map\n", "\n")).fair_komi, 1);
    assert.equal(fairKomiText(answer(book), 4),
                 "Fair komi 1 (from the opening map, estimated): Black's chance 60.0% at komi 0, 45.0% at komi 1.");
  });

  it("reads a fair komi measured by play and says how it was measured", () => {
    const book = parseBook(BY_PLAY);
    assert.equal(book.fair_komi, 4);
    assert.deepEqual(book.fair_komi_by_play, { low: 3, high: 5, crossing: 3.62, games: 3000, visits: 300 });
    assert.equal(fairKomiText(answer(book), 7), "Fair komi 4 (measured by play: 3000 games of the engine " +
                 "against itself at 300 visits a move, within 3 to 5).");
    const exact = parseBook(BY_PLAY.replace("range 3 5", "range 4 4"));
    assert.equal(fairKomiText(answer(exact), 7), "Fair komi 4 (measured by play: 3000 games of the engine " +
                 "against itself at 300 visits a move).");
  });

  it("refuses a damaged measurement", () => {
    for (const damage of ["range 3 5 crossing 3.62 games 3000", "span 3 5 crossing 3.62 games 3000 visits 300",
                          "range 3 5 crossing x games 3000 visits 300"]) {
      assert.throws(() => parseBook(`stage first-turn\nfair-komi 4 play ${damage}`), TextError, damage);
    }
  });
});
