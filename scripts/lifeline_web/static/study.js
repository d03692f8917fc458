// Studying a game: Black's chance to win at each position the engine has analysed, and the
// graph of it over the game's moves, whose points take the board to their position.

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 300;
const HEIGHT = 90;
const PAD = 6;

// Black's chance to win in an analysis, which gives it for the side to move.
export function blackWinrate(analysis) {
  if (!analysis || analysis.winrate === null || analysis.winrate === undefined) return null;
  return analysis.to_move === "black" ? analysis.winrate : 1 - analysis.winrate;
}

// Black's win rate by position (the number of the game's actions played before it), for one
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

  set(at, rate) {
    if (rate !== null && Number.isInteger(at)) this.rates.set(at, rate);
  }

  // [at, rate] pairs in the order of the game.
  points() {
    return [...this.rates.entries()].sort((a, b) => a[0] - b[0]);
  }
}

function element(name, attributes) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

// The graph: positions from left (the empty board) to right (the latest), Black's chance from
// 0 at the bottom to 1 at the top; a line marks the position shown. A click anywhere picks the
// position nearest to it; each point also says its move and rate on hover.
export class WinrateGraph {
  constructor(svg, onPick) {
    this.svg = svg;
    this.count = 0;
    svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
    svg.addEventListener("click", (event) => {
      const point = event.target.closest("[data-at]");
      if (point) return onPick(Number(point.dataset.at));
      const box = svg.getBoundingClientRect();
      if (box.width > 0) onPick(Math.round(((event.clientX - box.left) / box.width * WIDTH - PAD) / this.step()));
    });
  }

  step() {
    return (WIDTH - 2 * PAD) / Math.max(1, this.count);
  }

  x(at) {
    return PAD + at * this.step();
  }

  static y(rate) {
    return PAD + (1 - rate) * (HEIGHT - 2 * PAD);
  }

  draw(points, count, shown) {
    this.count = count;
    const nodes = [
      element("line", { x1: PAD, x2: WIDTH - PAD, y1: WinrateGraph.y(0.5), y2: WinrateGraph.y(0.5), class: "graph-even" }),
      element("line", { x1: this.x(shown), x2: this.x(shown), y1: 0, y2: HEIGHT, class: "graph-shown" }),
    ];
    if (points.length > 1) {
      const line = points.map(([at, rate]) => `${this.x(at).toFixed(1)},${WinrateGraph.y(rate).toFixed(1)}`);
      nodes.push(element("polyline", { points: line.join(" "), class: "graph-line" }));
    }
    for (const [at, rate] of points) {
      const dot = element("circle", { cx: this.x(at), cy: WinrateGraph.y(rate), r: at === shown ? 3.5 : 2.5,
                                      class: at === shown ? "graph-point shown" : "graph-point",
                                      "data-at": at, "data-rate": rate.toFixed(4) });
      const title = element("title", {});
      title.textContent = `after ${at} move${at === 1 ? "" : "s"}: Black ${(100 * rate).toFixed(1)}%`;
      dot.append(title);
      nodes.push(dot);
    }
    this.svg.replaceChildren(...nodes);
  }
}
