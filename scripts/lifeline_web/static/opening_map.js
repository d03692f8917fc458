// The page's words and colours for the engine's opening map (protocol/lifeline-gtp.md, 4.9),
// read by the session (session.js): the swap map's colour scale and the line under it, the
// study graph's notes on the first turn's points, and the fair komi of the new-game dialog.
// Pure functions of what the session read, but for the legend, which they fill.

// A diverging scale centred on an even chance: blue where the first turn's holder loses (the
// second player leaves it to the first), pale where it is balanced, red where the holder wins
// (the second player swaps).
export const MAP_COLOURS = { low: [33, 102, 172], even: [247, 247, 247], high: [178, 24, 43] };

const rgb = (colour) => `rgb(${colour.join(", ")})`;

// The colour of a chance from 0 to 1 on the scale. The colour grows with the square root of
// the distance from an even chance, so that the first turns players weigh, a few per cent from
// even, differ at a glance.
export function mapShade(value) {
  const share = Math.sqrt(Math.min(1, Math.abs(2 * value - 1)));
  const end = value < 0.5 ? MAP_COLOURS.low : MAP_COLOURS.high;
  return rgb(MAP_COLOURS.even.map((channel, index) => Math.round(channel + (end[index] - channel) * share)));
}

export const percentText = (chance) => `${(100 * chance).toFixed(1)}%`;

// What a figure of the map rests on: proved by the solver, or the engine's estimate.
export function knowledgeText(entry) {
  return entry.exact ? "exact" : `estimated${entry.visits ? ` from ${entry.visits.toLocaleString("en")} visits` : ""}`;
}

function noMap(reason, board) {
  return /^no opening map/.test(reason || "") ? `No opening map for ${board}.` : `No opening map: ${reason}.`;
}

// The line under the swap map for the position shown. `game` is the page's state (its base,
// rules, pending stone and komi), `rules` the rules' short name.
export function openingNote(opening, game, rules) {
  if (!opening) return "Reading the opening map…";
  if (!opening.available) return noMap(opening.reason, `this board (base ${game.base}, ${rules})`);
  const book = opening.book;
  if (opening.figure === "first-player") {
    return "Each cell: the best chance a first pair through it leaves the first player; 50% is even.";
  }
  if (opening.figure === "holder") {
    const turn = game.pending ? `the pair it makes with ${game.pending}` : "a first stone there";
    return `Each cell: ${turn}, its holder's chance; above 50% the second player should swap.`;
  }
  if (book && book.stage === "swap-decision") {
    const turn = book.first_turn;
    if (!turn || turn.holder === null) return "The opening map does not know this first turn.";
    const advice = book.decision === "swap" ? "the second player should swap" : "the second player should play on";
    return `The opening map: the first turn ${turn.stones} is worth ${percentText(turn.holder)} to its holder ` +
      `(${knowledgeText(turn)}): ${advice}.`;
  }
  if (book && book.komi.length) {
    const line = book.komi.find((entry) => entry.komi === game.komi);
    const fair = book.fair_komi === null ? "no fair komi known" : `fair komi ${book.fair_komi}`;
    return line ? `The opening map: Black's chance at komi ${game.komi} is ${percentText(line.black)} ` +
      `(${knowledgeText(line)}); ${fair}.` : `The opening map has no komi ${game.komi}; ${fair}.`;
  }
  return "The swap map speaks of the first turn only.";
}

// The legend of the swap map's colours for a figure: the holder's chance from 0 to 100%, or the
// first player's best, which is at most an even chance.
export function fillLegend(node, figure) {
  node.hidden = !figure;
  if (!figure) return;
  const steps = figure === "holder" ? 20 : 10;
  const stops = Array.from({ length: steps + 1 }, (_, step) => mapShade(step / 20));
  node.querySelector(".map-scale").style.background = `linear-gradient(to right, ${stops.join(", ")})`;
  const ticks = figure === "holder" ? ["0%: play on", "50%", "100%: swap"] : ["0%", "50%: even"];
  node.querySelector(".map-ticks").replaceChildren(...ticks.map((text) => {
    const span = document.createElement("span");
    span.textContent = text;
    return span;
  }));
}

// The new-game dialog's line on the fair komi of a base under komi pie (Games.komiMap's answer).
export function fairKomiText(answer, base) {
  if (answer.failed) return `The fair komi could not be asked: ${answer.reason}.`;
  if (!answer.available) return noMap(answer.reason, `base ${base}: the fair komi is not known`);
  if (answer.fair_komi === null) {
    const highest = Math.max(-1, ...answer.komi.map((line) => line.komi));
    return `The opening map of base ${base} knows no fair komi` + (highest < 0 ? "." : ": Black keeps an even " +
      `chance or better at every komi it holds (up to ${highest}).`);
  }
  const fair = answer.fair_komi;
  const played = answer.by_play;
  if (played) {
    const range = played.low === played.high ? "" : `, within ${played.low} to ${played.high}`;
    return `Fair komi ${fair} (measured by play: ${played.games} games of the engine against itself ` +
      `at ${played.visits} visits a move${range}).`;
  }
  const chances = answer.komi.filter((line) => line.komi === fair - 1 || line.komi === fair)
    .map((line) => `${percentText(line.black)} at komi ${line.komi}`);
  return `Fair komi ${fair} (from the opening map, ${answer.exact ? "exact" : "estimated"})` +
    `${chances.length ? `: Black's chance ${chances.join(", ")}` : ""}.`;
}
