#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/check.h"
#include "core/notation.h"
#include "gtp/commands.h"

namespace lifeline {
namespace {

using Answer = absl::StatusOr<std::string>;

// Each cell of the board, in board order, with its territory from Black's view: +1 Black
// will hold it once the board settles, -1 White.
std::vector<std::pair<Cell, float>> BlackTerritory(const Position& position,
                                                   const NetworkOutput& out) {
  const float sign = position.to_move() == Color::kBlack ? 1.0f : -1.0f;
  std::vector<std::pair<Cell, float>> cells;
  position.geometry().cells().ForEach(
      [&](int c) { cells.emplace_back(c, sign * out.territory[c]); });
  return cells;
}

// lifeline-network: the network's judgement of the position.
Answer NetworkJudgement(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  LL_ASSIGN_OR_RETURN(const std::shared_ptr<const Network> network, context.engine.network());
  const Position& position = context.engine.position();
  const Geometry& geometry = position.geometry();
  const NetworkOutput out = network->Evaluate(position);
  std::vector<std::pair<float, Cell>> moves;
  if (!position.IsOver()) {
    position.PlacementCells().ForEach([&](int c) { moves.emplace_back(out.policy[c], c); });
  }
  std::stable_sort(moves.begin(), moves.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::string answer = absl::StrFormat("value %.4f swap %.4f\npolicy", out.value, out.swap);
  for (const auto& [share, cell] : moves) {
    absl::StrAppendFormat(&answer, " %s %.4f", CellName(geometry, cell), share);
  }
  absl::StrAppend(&answer, "\nterritory");
  for (const auto& [cell, owner] : BlackTerritory(position, out)) {
    absl::StrAppendFormat(&answer, " %s %.2f", CellName(geometry, cell), owner);
  }
  return answer;
}

// lifeline-gfx_territory: GoGui's drawing of the network's territory (INFLUENCE, positive for
// Black) and its win rate for the side to move.
Answer GfxTerritory(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  LL_ASSIGN_OR_RETURN(const std::shared_ptr<const Network> network, context.engine.network());
  const Position& position = context.engine.position();
  const NetworkOutput out = network->Evaluate(position);
  std::string gfx = "INFLUENCE";
  for (const auto& [cell, owner] : BlackTerritory(position, out)) {
    absl::StrAppendFormat(&gfx, " %s %.2f", CellName(position.geometry(), cell), owner);
  }
  absl::StrAppendFormat(&gfx, "\nTEXT %s to move: network win rate %.0f%%",
                        position.to_move() == Color::kBlack ? "Black" : "White", 100.0 * out.value);
  return gfx;
}

}  // namespace

void AddNetworkCommands(CommandRegistry& registry, CommandContext& context) {
  registry.Add("lifeline-network", Bind(context, NetworkJudgement));
  registry.Add("lifeline-gfx_territory", Bind(context, GfxTerritory));
}

}  // namespace lifeline
