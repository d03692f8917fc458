#ifndef LIFELINE_GTP_GOGUI_GFX_H_
#define LIFELINE_GTP_GOGUI_GFX_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "core/position.h"
#include "gtp/color_view.h"
#include "search/player.h"
#include "solver/dfpn.h"

namespace lifeline {

// Search results drawn in GoGui's gfx format (its analyze type "gfx", also sent live on
// standard error after "gogui-gfx:"), one drawing command per line. Cells are written as GoGui
// reads points, which are our cell names; moves without a cell (swap, komi) appear in the text
// only. The functions take the position that was searched and the view whose colours they
// name (GoGui's exchanges them after a swap).

// What every drawing answers once the game is over: nothing is left to search or hold.
inline constexpr absl::string_view kGameOverGfx = "TEXT the game is over";

// The candidates: each cell of the most visited moves labelled with its win rate in percent
// (a cell of several pairs shows the best; a proven win W, a proven loss L), the best move's
// cells marked with a square, and a TEXT line for the status bar: side to move, win rate,
// visits, the best three moves.
std::string CandidatesGfx(const Position& position, const SearchInfo& info, const ColorView& view);

// What the exact solver found: its verdict in a TEXT line and, when the side to move wins,
// every winning move's cells labelled W with a green background (for solve_all results, where
// each move has its verdict).
std::string SolveGfx(const Position& position, const SolveResult& result, const ColorView& view);

// The best candidate's principal variation as numbered stones (VAR with each stone's colour,
// so double turns and the swap draw right), and a TEXT line with the line in move tokens.
std::string VariationGfx(const Position& position, const SearchInfo& info, const ColorView& view);

// A territory value (one cell's, from Black's view) as the protocol writes it: two decimals,
// never "-0.00".
std::string TerritoryText(float black_territory);

// A territory (each cell's from the rules' Black's side, indexed by cell) as INFLUENCE values,
// positive for the colour `view` shows as Black, with `text` as the status line.
std::string TerritoryGfx(const Position& position, const std::vector<float>& black_territory,
                         const ColorView& view, absl::string_view text);

// The territory the search's playouts foresee (SearchInfo::territory) and the best
// candidate's win rate for the side to move.
std::string SearchTerritoryGfx(const Position& position, const SearchInfo& info,
                               const ColorView& view);

}  // namespace lifeline

#endif  // LIFELINE_GTP_GOGUI_GFX_H_
