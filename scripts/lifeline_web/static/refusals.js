// Where a stone of the side to move would be refused, and why, in words a beginner reads: the
// page marks these cells on the board (without hover, so that a phone shows them too) and says
// the reason where the player looks. At the end of a game that the loser lost by having no legal
// move, the same marks show the empty cells that were left, with the reason none could take a
// stone. The engine stays the authority: these cells are the empty cells that its `legal` list
// (lifeline-state) leaves out, and only the words are the page's. The rules' names are those of
// docs/rules.md.

const RULES_PAGE = "docs/rules.md";
const NO_EFFECT = `the no-effect rule (${RULES_PAGE}, "A turn", step 4)`;
const LAST_PLAYER = `the last-player rule (${RULES_PAGE}, "End of the game")`;
const SETUP_APART = `the setup-apart rule (${RULES_PAGE}, "Balancing the first move")`;

const colorName = (color) => (color === "black" ? "Black" : "White");
const plural = (count, noun) => `${count} ${noun}${count === 1 ? "" : "s"}`;

const emptyCells = (game) => Object.keys(game.board).filter((name) => game.board[name] === "empty");
const stonesOf = (game, color) => Object.keys(game.board).filter((name) => game.board[name] === color);

// What the page marks for `game` (app.js's snapshot): {cells: a Set of cell names, shown:
// whether they are marked now, note: the reason for the player's turn, ending: the reason a game
// ended with empty cells}; null when nothing is refused. `always`: the player asked to see the
// marks on every turn; without it they show where they surprise (a pair or the setup half
// placed) and at the end.
export function refusals(game, always = false) {
  if (!game || game.crashed || (game.viewing !== null && game.viewing !== undefined)) return null;
  if (game.over) return game.reason === "no legal move" ? ending(game) : null;
  if (game.turn_of !== "human") return null;
  const legal = new Set(game.legal);
  const cells = new Set(emptyCells(game).filter((name) => !legal.has(name)));
  if (!cells.size) return null;
  const side = colorName(game.to_move);
  const setup = game.phase === "opening" && game.rules !== "strong-pie";
  const count = plural(cells.size, "cell");
  let note;
  let surprising = false;
  if (!legal.size && game.can_pass) {
    note = "White has no cell where a stone would stay: spend a point of komi.";
  } else if (game.pending) {
    surprising = true;
    note = `The ${count} marked × cannot take your second stone: with your first at ${game.pending}, ` +
      `this turn's stones would have no path of empty cells to another ${side.toLowerCase()} group, so they ` +
      `would be removed at once, leaving the board as it was, which ${NO_EFFECT} forbids.`;
  } else if (setup) {
    surprising = true;
    const first = stonesOf(game, game.to_move)[0];
    note = `The ${count} marked × touch your first setup stone${first ? ` at ${first}` : ""}: your second ` +
      `setup stone must stand apart from it: ${SETUP_APART}.`;
  } else if (game.stones === 2) {
    note = `The ${count} marked × start no pair that would change the board: with any second stone, ` +
      `this turn's stones would be removed at once, which ${NO_EFFECT} forbids.`;
  } else {
    note = `The ${count} marked × have no path of empty cells to a ${side.toLowerCase()} stone: a stone ` +
      `there would be removed at once and leave the board as it was, which ${NO_EFFECT} forbids.`;
  }
  return { cells, shown: always || surprising, note, ending: null };
}

// Why the loser of a game that ended with "no legal move" could not place a stone.
function ending(game) {
  const loser = game.winner === "black" ? "white" : "black";
  const side = colorName(loser);
  const empty = emptyCells(game);
  const komi = loser === "white" && game.rules === "komi-pie" ? " and no komi left to spend" : "";
  const loses = `${side} had no legal move${komi}, and a player with no legal move loses: ${LAST_PLAYER}.`;
  if (!empty.length) {
    return { cells: new Set(), shown: true, note: null, ending: `Why: the board is full. ${loses}` };
  }
  const count = plural(empty.length, "empty cell");
  const why = stonesOf(game, loser).length === 0
    ? `${side} has no stone left, so a ${side.toLowerCase()} stone on any of the ${count} (marked ×) ` +
      "would stand alone"
    : `none of the ${count} (marked ×) has a path of empty cells to a ${side.toLowerCase()} stone: ` +
      `${colorName(game.winner).toLowerCase()} stones wall each of them off`;
  return {
    cells: new Set(empty), shown: true, note: null,
    ending: `Why: ${why}. A stone there would be removed at once, leaving the board as it was, ` +
      `which ${NO_EFFECT} forbids. ${loses}`,
  };
}
