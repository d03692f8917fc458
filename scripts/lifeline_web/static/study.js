// Studying a game: Black's chance to win at each position the engine has analysed, and the
// graph of it over the game's moves, whose points take the board to their position.

import { knowledgeText, percentText } from "./opening_map.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 300;
const HEIGHT = 90;
// Room around the plot: the percentages and the axis's name on the left, the turns below.
const LEFT = 33;
const RIGHT = 6;
const TOP = 6;
const BOTTOM = 15;
const TURN_TICKS = 6; // at most this many turn numbers under the plot

// Black's chance to win in an analysis, which gives it for the side to move.
export function blackWinrate(analysis) {
  if (!analysis || analysis.winrate === null || analysis.winrate === undefined) return null;
  return analysis.to_move === "black" ? analysis.winrate : 1 - analysis.winrate;
}

// The graph's point for an analysed position (session.js analysisView): {rate, source, note,
// decision}, or null while there is nothing to show. In the first turn under the pie rule the
// search proves only that the second player can take the winning side, a loss for the first
// player whatever it plays: there the point is the opening map's (`source` "map": the best
// chance the first player can keep, then at the swap decision the first turn's chance for its
// holder, who plays Black from then on, and the map's `decision`), or, without a map, a point
// with no rate, "decided by the pie rule" (`source` "pie"). Elsewhere it is the search's
// (`source` "search"), or the map's under komi pie where the map knows the game's komi.
export function graphPoint(analysis) {
  const opening = analysis.opening;
  if (opening && opening.black !== null && opening.black !== undefined) {
    const book = opening.book;
    const swapDecision = book.stage === "swap-decision";
    const what = swapDecision ? `the first turn is worth ${percentText(opening.black)} to its holder`
      : book.komi.length ? `Black's chance at this komi is ${percentText(opening.black)}`
      : `the first player keeps at best ${percentText(opening.black)}`;
    const decision = swapDecision ? book.decision : null;
    const advice = decision ? `; the map says: ${decision === "swap" ? "swap" : "play on"}` : "";
    return { rate: opening.black, source: "map", decision,
             note: `the opening map: ${what} (${knowledgeText(opening)})${advice}` };
  }
  if (analysis.pie_turn) {
    return opening ? { rate: null, source: "pie", note: "decided by the pie rule (no opening map for this board)" } : null;
  }
  const rate = blackWinrate(analysis);
  return rate === null ? null : { rate, source: "search", note: `Black ${percentText(rate)}` };
}

// Black's points by position (the number of the game's actions played before it), for one
// game: a new game starts afresh, and a position taken back is forgotten.
export class WinrateRecord {
  constructor() {
    this.gameId = null;
    this.rates = new Map();
  }

  // Forgets what no longer belongs to `game`.
  follow(game) {
    if (!game || game.id !== this.gameId) {
      this.gameId = game ? game.id : null;
      this.rates.clear();
      return;
    }
    for (const at of [...this.rates.keys()]) {
      if (at > game.moves.length) this.rates.delete(at);
    }
  }

  // `point`: {rate, source, note, decision} (graphPoint); null leaves the position as it was.
  set(at, point) {
    if (point !== null && Number.isInteger(at)) this.rates.set(at, point);
  }

  // [at, point] pairs in the order of the game.
  points() {
    return [...this.rates.entries()].sort((a, b) => a[0] - b[0]);
  }
}

function element(name, attributes) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

// The graph: positions from left (the empty board) to right (the latest), numbered by turn
// below, Black's chance from 0 at the bottom to 1 at the top, labelled in percent on the left;
// a line marks the position shown. A click anywhere picks the
// position nearest to it; each point also says its move and what it shows on hover. The opening
// map's points are drawn in their own colour, the swap decision's with the map's advice beside
// it; a point decided by the pie rule is a hollow ring on the even line, off the curve.
export class WinrateGraph {
  constructor(svg, onPick) {
    this.svg = svg;
    this.count = 0;
    svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
    svg.addEventListener("click", (event) => {
      const point = event.target.closest("[data-at]");
      if (point) return onPick(Number(point.dataset.at));
      const box = svg.getBoundingClientRect();
      if (box.width > 0) onPick(Math.round(((event.clientX - box.left) / box.width * WIDTH - LEFT) / this.step()));
    });
  }

  step() {
    return (WIDTH - LEFT - RIGHT) / Math.max(1, this.count);
  }

  x(at) {
    return LEFT + at * this.step();
  }

  static y(rate) {
    return TOP + (1 - rate) * (HEIGHT - TOP - BOTTOM);
  }

  // `turnEnds`: for each turn of the game, the number of actions played when it ends.
  draw(points, count, shown, turnEnds = []) {
    this.count = count;
    const nodes = [
      ...this.axes(turnEnds),
      element("line", { x1: LEFT, x2: WIDTH - RIGHT, y1: WinrateGraph.y(0.5), y2: WinrateGraph.y(0.5), class: "graph-even" }),
      element("line", { x1: this.x(shown), x2: this.x(shown), y1: TOP, y2: HEIGHT - BOTTOM, class: "graph-shown" }),
    ];
    const rated = points.filter(([, point]) => point.rate !== null);
    if (rated.length > 1) {
      const line = rated.map(([at, point]) => `${this.x(at).toFixed(1)},${WinrateGraph.y(point.rate).toFixed(1)}`);
      nodes.push(element("polyline", { points: line.join(" "), class: "graph-line" }));
    }
    for (const [at, point] of points) {
      const y = WinrateGraph.y(point.rate === null ? 0.5 : point.rate);
      const dot = element("circle", { cx: this.x(at), cy: y, r: at === shown ? 3.5 : 2.5,
                                      class: `graph-point ${point.source}${at === shown ? " shown" : ""}`,
                                      "data-at": at, "data-source": point.source });
      if (point.rate !== null) dot.setAttribute("data-rate", point.rate.toFixed(4));
      const title = element("title", {});
      title.textContent = `after ${at} move${at === 1 ? "" : "s"}: ${point.note}`;
      dot.append(title);
      nodes.push(dot);
      if (point.decision) {
        // Above the point, or below it near the top.
        const label = element("text", { x: this.x(at) + 4, y: y < 20 ? y + 10 : y - 5, class: "graph-decision",
                                        "data-decision": point.decision });
        label.textContent = point.decision === "swap" ? "swap" : "play on";
        nodes.push(label);
      }
    }
    this.svg.replaceChildren(...nodes);
  }

  // The axes' words: Black's chance in percent on the left, the turn numbers below.
  axes(turnEnds) {
    const label = (text, attributes) => {
      const node = element("text", { class: "graph-axis", ...attributes });
      node.textContent = text;
      return node;
    };
    const nodes = [
      element("line", { x1: LEFT, x2: LEFT, y1: TOP, y2: HEIGHT - BOTTOM, class: "graph-frame" }),
      element("line", { x1: LEFT, x2: WIDTH - RIGHT, y1: HEIGHT - BOTTOM, y2: HEIGHT - BOTTOM, class: "graph-frame" }),
      label("Black wins", { x: 0, y: 0, "text-anchor": "middle", "data-axis": "rate",
                            transform: `translate(7 ${WinrateGraph.y(0.5)}) rotate(-90)` }),
      label("turn", { x: LEFT - 3, y: HEIGHT - 3, "text-anchor": "end", "data-axis": "turn" }),
    ];
    for (const rate of [0, 0.5, 1]) {
      nodes.push(label(`${100 * rate}%`, { x: LEFT - 3, y: WinrateGraph.y(rate) + 2.3, "text-anchor": "end" }));
    }
    const every = Math.max(1, Math.ceil(turnEnds.length / TURN_TICKS));
    const ticks = [[0, 0]];
    for (let turn = every; turn <= turnEnds.length; turn += every) ticks.push([turn, turnEnds[turn - 1]]);
    for (const [turn, at] of ticks) {
      nodes.push(label(String(turn), { x: this.x(at), y: HEIGHT - 4, "text-anchor": "middle", "data-turn": turn }));
    }
    return nodes;
  }
}
