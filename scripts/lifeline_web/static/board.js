// The hexhex board drawn in SVG. Cells carry their protocol names (data-cell) and what
// stands on them (data-stone); the board knows the geometry and how to draw a game state,
// analysis and the keyboard cursor, but nothing about the engine or rules. The column letters
// of the cell names are the protocol's (game_text.js LETTERS, through the session's vocabulary).

import { moveCells } from "./game_text.js";
import { mapShade } from "./opening_map.js";

const SVG = "http://www.w3.org/2000/svg";
const RADIUS = 10; // a cell's circumradius in SVG units
const WIDTH = Math.sqrt(3) * RADIUS; // the distance between neighbouring centres
const STONE = 0.78 * (WIDTH / 2);
const SHOWN_CANDIDATES = 5;
const TERRITORY_FLOOR = 0.1; // cells held less surely than this are not shaded
// Below this scale (screen pixels per SVG unit) a figure of the opening map does not fit in its
// cell: the cells are shaded without it.
const FIGURE_SCALE = 1;

// Where a cell's centre is drawn: rows go up the screen, each row half a cell to the left of
// the one below, so that (x, y) touches (x±1, y), (x, y±1), (x+1, y+1) and (x-1, y-1).
function centre(x, y) {
  return [WIDTH * (x - y / 2), -1.5 * RADIUS * y];
}

function hexagonPoints(scale = 1) {
  const points = [];
  for (let corner = 0; corner < 6; corner++) {
    const angle = Math.PI / 180 * (60 * corner - 90);
    points.push(`${(scale * RADIUS * Math.cos(angle)).toFixed(3)},` +
                `${(scale * RADIUS * Math.sin(angle)).toFixed(3)}`);
  }
  return points.join(" ");
}

function element(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

function at(x, y, scale = 1) {
  const [px, py] = centre(x, y);
  return `translate(${(scale * px).toFixed(3)} ${(scale * py).toFixed(3)})`;
}

export class Board {
  constructor(svg, letters, onCell) {
    this.svg = svg;
    this.letters = letters;
    this.onCell = onCell;
    this.base = 0;
    this.cells = new Map(); // name -> <g>
    this.cursor = null;
    this.cursorColumn = 0; // the screen column the cursor aims at when it moves up or down
    this.shownRemoval = null;
    // Text keeps a readable size on screen however small the board is drawn (a phone): the
    // screen pixels of one SVG unit, for the style sheet's minimum sizes.
    new ResizeObserver(() => this.fitText()).observe(svg);
    svg.addEventListener("click", (event) => {
      const cell = event.target.closest("[data-cell]");
      if (cell) {
        this.setCursor(cell.dataset.cell);
        this.onCell(cell.dataset.cell);
      }
    });
  }

  fitText() {
    const box = this.svg.viewBox.baseVal;
    if (!box || !box.width) return;
    const pixels = Math.min(this.svg.clientWidth / box.width, this.svg.clientHeight / box.height);
    if (!(pixels > 0)) return;
    this.svg.style.setProperty("--unit-px", pixels.toFixed(3));
    // Below this scale a candidate's rank and win rate do not both fit in its cell: the
    // win rate alone stays.
    this.svg.classList.toggle("compact", pixels < 1.3);
    this.svg.classList.toggle("crowded", pixels < FIGURE_SCALE);
  }

  cellName(x, y) {
    return this.letters[x] + (y + 1);
  }

  cellXY(name) {
    return { x: this.letters.indexOf(name[0]), y: Number(name.slice(1)) - 1 };
  }

  inBoard(x, y) {
    const last = 2 * this.base - 2;
    return x >= 0 && y >= 0 && x <= last && y <= last && Math.abs(x - y) <= this.base - 1;
  }

  build(base) {
    if (base === this.base) return;
    this.base = base;
    this.cells.clear();
    this.svg.replaceChildren();
    const span = 2 * base - 1;
    const corners = [[0, 0], [base - 1, 0], [span - 1, base - 1], [span - 1, span - 1],
                     [base - 1, span - 1], [0, base - 1]].map(([x, y]) => centre(x, y));
    const xs = corners.map((point) => point[0]);
    const ys = corners.map((point) => point[1]);
    const margin = 2.2 * RADIUS;
    const left = Math.min(...xs) - margin;
    const top = Math.min(...ys) - margin;
    this.svg.setAttribute("viewBox", `${left.toFixed(2)} ${top.toFixed(2)} ` +
      `${(Math.max(...xs) - left + margin).toFixed(2)} ${(Math.max(...ys) - top + margin).toFixed(2)}`);
    this.fitText();
    this.defineGradients();
    // The board's outline: the hexagon of the corner cells' centres, grown outwards.
    const [cx, cy] = centre(base - 1, base - 1);
    const outline = corners.map(([px, py]) => {
      const grow = 1 + 1.3 * RADIUS / (Math.hypot(px - cx, py - cy) || 1);
      return `${(cx + (px - cx) * grow).toFixed(2)},${(cy + (py - cy) * grow).toFixed(2)}`;
    });
    element("polygon", { class: "board-outline", points: outline.join(" ") }, this.svg);
    this.drawLabels();
    const layer = element("g", { class: "cells" }, this.svg);
    const hexagon = hexagonPoints(0.97);
    for (let y = 0; y < span; y++) {
      for (let x = 0; x < span; x++) {
        if (!this.inBoard(x, y)) continue;
        const name = this.cellName(x, y);
        const cell = element("g", { class: "cell", "data-cell": name, "data-stone": "empty",
                                    transform: at(x, y) }, layer);
        element("title", {}, cell).textContent = name;
        element("polygon", { class: "hex", points: hexagon }, cell);
        element("circle", { class: "stone", r: STONE.toFixed(2) }, cell);
        element("circle", { class: "last-mark", r: (0.28 * STONE).toFixed(2) }, cell);
        const cross = 0.32 * STONE;
        element("path", { class: "refused-mark",
                          d: `M${-cross} ${-cross}L${cross} ${cross}M${cross} ${-cross}L${-cross} ${cross}` }, cell);
        this.cells.set(name, cell);
      }
    }
    this.book = element("g", { class: "book" }, this.svg);
    this.territory = element("g", { class: "territory" }, this.svg);
    this.overlay = element("g", { class: "overlay" }, this.svg);
    this.leaving = element("g", { class: "leaving-layer" }, this.svg);
    this.cursorMark = element("polygon", { class: "cursor", points: hexagonPoints(0.9) },
                              this.svg);
    this.shownRemoval = null;
    this.setCursor(this.cellName(base - 1, base - 1));
  }

  defineGradients() {
    const defs = element("defs", {}, this.svg);
    for (const [id, inner, outer] of [["black-stone", "#5a5a5e", "#0e0e10"],
                                      ["white-stone", "#ffffff", "#cfcac0"]]) {
      const gradient = element("radialGradient", { id, cx: "35%", cy: "32%", r: "70%" }, defs);
      element("stop", { offset: "0%", "stop-color": inner }, gradient);
      element("stop", { offset: "100%", "stop-color": outer }, gradient);
    }
  }

  // Every column reaches the bottom or the top edge and every row the lower left or the
  // upper right edge; the names stand there, read off as in the protocol. (The other two
  // edges end both columns and rows, whose names would crowd each other.)
  drawLabels() {
    const layer = element("g", { class: "labels", "aria-hidden": "true" }, this.svg);
    const last = 2 * this.base - 2;
    const middle = this.base - 1;
    const label = (text, x, y) => {
      const node = element("text", { transform: at(x, y), dy: "0.35em" }, layer);
      node.textContent = text;
    };
    for (let index = 0; index <= last; index++) {
      if (index <= middle) {
        label(this.letters[index], index - 0.42, -0.85); // below the bottom edge
        label(String(index + 1), -0.9, index); // left of the lower left edge
      }
      if (index >= middle) {
        label(this.letters[index], index + 0.42, last + 0.85); // above the top edge
        label(String(index + 1), last + 0.9, index); // right of the upper right edge
      }
    }
  }

  // Draws a game state: stones, the pending first stone of a double turn, the last turn,
  // the cells where a click can be legal, the empty cells of `refused` (where a stone would be
  // refused: marked with a cross) and the stones the last turn removed, leaving.
  render(state, refused = new Set()) {
    this.build(state.base);
    const last = new Set(state.last ? state.last.cells : []);
    const legal = new Set(state.turn_of === "human" ? state.legal : []);
    for (const [name, cell] of this.cells) {
      const stone = state.board[name] || "empty";
      cell.dataset.stone = stone;
      cell.classList.toggle("pending", name === state.pending);
      if (name === state.pending) cell.dataset.pending = "true";
      else delete cell.dataset.pending;
      cell.classList.toggle("last", last.has(name) && stone !== "empty");
      cell.classList.toggle("legal", legal.has(name));
      cell.classList.toggle("refused", refused.has(name));
      if (refused.has(name)) cell.dataset.refused = "true";
      else delete cell.dataset.refused;
    }
    this.svg.classList.toggle("your-turn", state.turn_of === "human");
    this.showRemoval(state.last, state.version);
  }

  showRemoval(last, version) {
    const key = last ? `${last.number}:${last.move}` : null;
    if (key === this.shownRemoval) return;
    this.shownRemoval = key;
    this.leaving.replaceChildren();
    if (!last) return;
    for (const { cell, stone } of last.removed) {
      const { x, y } = this.cellXY(cell);
      const group = element("g", { class: "removed", "data-removed": cell, transform: at(x, y) },
                            this.leaving);
      element("circle", { class: `ghost ${stone}`, r: STONE.toFixed(2) }, group);
      const cross = 0.3 * STONE;
      element("path", { class: "removed-mark",
                        d: `M${-cross} ${-cross}L${cross} ${cross}M${cross} ${-cross}L${-cross} ${cross}` },
              group);
    }
    this.leaving.dataset.version = String(version);
  }

  // The engine's candidates (best first) as numbered marks, the solver's winning moves as
  // rings. A double turn's pair marks both cells with one number.
  showAnalysis(candidates, winning) {
    this.overlay.replaceChildren();
    for (const move of winning) {
      for (const name of moveCells(move)) {
        if (!this.cells.has(name)) continue;
        const { x, y } = this.cellXY(name);
        element("circle", { class: "winning", r: (STONE * 1.08).toFixed(2), transform: at(x, y) },
                this.overlay);
      }
    }
    candidates.slice(0, SHOWN_CANDIDATES).forEach((candidate, rank) => {
      const names = moveCells(candidate.move).filter((name) => this.cells.has(name));
      if (names.length === 2) {
        const [a, b] = names.map((name) => this.cellXY(name)).map(({ x, y }) => centre(x, y));
        element("line", { class: `pair rank-${rank}`, x1: a[0], y1: a[1], x2: b[0], y2: b[1] },
                this.overlay);
      }
      for (const name of names) {
        const { x, y } = this.cellXY(name);
        const mark = element("g", { class: `candidate rank-${rank}`, "data-candidate": name,
                                    transform: at(x, y) }, this.overlay);
        element("circle", { r: (STONE * 0.92).toFixed(2) }, mark);
        const number = element("text", { class: "rank", dy: "-0.05em" }, mark);
        number.textContent = String(rank + 1);
        const compact = this.svg.classList.contains("compact");
        const percent = element("text", { class: "percent", dy: compact ? "0.35em" : "1.25em" }, mark);
        percent.textContent = `${Math.round(100 * candidate.winrate)}`;
      }
    });
  }

  // Each cell marked by who the search's playouts say holds it in the end: a small black or
  // white hexagon, the more opaque the surer (on a stone of the other colour: the stone is
  // expected to die); cells nearer an even split than TERRITORY_FLOOR stay clear, as in Go
  // programs' ownership maps. `territory` maps cell names to values from -1 (White's) to
  // 1 (Black's), or is null.
  showTerritory(territory) {
    this.territory.replaceChildren();
    if (!territory) return;
    const hexagon = hexagonPoints(0.5);
    for (const [name, value] of Object.entries(territory)) {
      if (!this.cells.has(name) || Math.abs(value) < TERRITORY_FLOOR) continue;
      const { x, y } = this.cellXY(name);
      element("polygon", { class: `held ${value > 0 ? "black" : "white"}`, points: hexagon,
                           "data-territory": name, transform: at(x, y),
                           "fill-opacity": (0.85 * Math.abs(value)).toFixed(2) }, this.territory);
    }
  }

  // The swap map: each cell of `figures` (cell name -> a chance from 0 to 1 of the opening map)
  // shaded on the map's scale and labelled with its figure in percent, or nothing when null.
  showBook(figures) {
    if (!this.book) return;
    this.book.replaceChildren();
    if (!figures) return;
    const hexagon = hexagonPoints(0.97);
    for (const [name, value] of Object.entries(figures)) {
      if (!this.cells.has(name)) continue;
      const { x, y } = this.cellXY(name);
      const mark = element("g", { class: "book-cell", "data-book": name, "data-figure": value.toFixed(4),
                                  transform: at(x, y) }, this.book);
      element("polygon", { points: hexagon, fill: mapShade(value) }, mark);
      // Light figures on the scale's deep ends.
      const figure = element("text", { class: `book-figure${Math.abs(value - 0.5) > 0.2 ? " deep" : ""}`,
                                       dy: "0.35em" }, mark);
      figure.textContent = String(Math.round(100 * value));
    }
  }

  clearAnalysis() {
    if (this.overlay) this.overlay.replaceChildren();
    if (this.territory) this.territory.replaceChildren();
  }

  setCursor(name) {
    if (!this.cells.has(name)) return;
    this.cursor = name;
    const { x, y } = this.cellXY(name);
    this.cursorColumn = x - y / 2;
    this.cursorMark.setAttribute("transform", at(x, y));
  }

  // Arrow keys: left and right along the row; up and down to the next row's cell nearest the
  // column the cursor aims at, so that repeated presses go straight up the screen.
  moveCursor(key) {
    let { x, y } = this.cellXY(this.cursor);
    const column = this.cursorColumn;
    if (key === "ArrowLeft" || key === "ArrowRight") {
      const step = key === "ArrowLeft" ? -1 : 1;
      if (this.inBoard(x + step, y)) this.setCursor(this.cellName(x + step, y));
      return this.cursor;
    }
    const row = y + (key === "ArrowUp" ? 1 : -1);
    let best = null;
    for (let candidate = 0; candidate < 2 * this.base - 1; candidate++) {
      if (!this.inBoard(candidate, row)) continue;
      const distance = Math.abs(candidate - row / 2 - column);
      if (best === null || distance < best.distance - 1e-9) best = { x: candidate, distance };
    }
    if (best) {
      this.setCursor(this.cellName(best.x, row));
      this.cursorColumn = column; // keep aiming where the presses started
    }
    return this.cursor;
  }
}
