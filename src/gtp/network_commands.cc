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
#include "gtp/gogui_gfx.h"

namespace lifeline {
namespace {

using Answer = absl::StatusOr<std::string>;

// The word that asks lifeline-network what the network is rather than what it judges.
constexpr absl::string_view kInfoWord = "info";

// Each cell's territory from Black's view, indexed by cell: +1 Black will hold it once the
// board settles, -1 White. The network gives it for the side to move.
std::vector<float> BlackTerritory(const Position& position, const NetworkOutput& out) {
  const float sign = position.to_move() == Color::kBlack ? 1.0f : -1.0f;
  std::vector<float> territory(out.territory.size());
  for (size_t c = 0; c < territory.size(); ++c) territory[c] = sign * out.territory[c];
  return territory;
}

// lifeline-network info: what the network is and which inputs it reads.
std::string NetworkInfo(const Network& network) {
  return absl::StrFormat("file %s\ninputs %s\nplanes %d blocks %d channels %d pool-every %d",
                         network.source().empty() ? "-" : network.source(),
                         network.rules_inputs() ? "stones-turn-rules-komi" : "stones-turn",
                         network.planes(), network.blocks(), network.channels(),
                         network.pool_every());
}

// lifeline-network [info]: the network's judgement of the position, or what it is.
Answer NetworkJudgement(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCountBetween(0, 1));
  if (args.size() == 1 && args[0] != kInfoWord) {
    return SyntaxError(absl::StrCat("expected '", kInfoWord, "' or nothing"));
  }
  LL_ASSIGN_OR_RETURN(const std::shared_ptr<const Network> network, context.engine.network());
  if (args.size() == 1) return NetworkInfo(*network);
  const Position& position = context.engine.position();
  const Geometry& geometry = position.geometry();
  const NetworkOutput out = network->Evaluate(position);
  std::vector<std::pair<float, Cell>> moves;
  if (!position.IsOver()) {
    position.PlacementCells().ForEach([&](int c) { moves.emplace_back(out.policy[c], c); });
  }
  std::stable_sort(moves.begin(), moves.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::string answer =
      absl::StrFormat("value %.4f swap %.4f spend %.4f\npolicy", out.value, out.swap, out.spend);
  for (const auto& [share, cell] : moves) {
    absl::StrAppendFormat(&answer, " %s %.4f", CellName(geometry, cell), share);
  }
  absl::StrAppend(&answer, "\nterritory");
  const std::vector<float> territory = BlackTerritory(position, out);
  geometry.cells().ForEach([&](Cell c) {
    absl::StrAppend(&answer, " ", CellName(geometry, c), " ", TerritoryText(territory[c]));
  });
  return answer;
}

// lifeline-gfx_territory: GoGui's drawing of the network's territory (INFLUENCE, positive for
// Black) and its win rate for the side to move.
Answer GfxTerritory(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  const Position& position = context.engine.position();
  if (position.IsOver()) return std::string(kGameOverGfx);
  LL_ASSIGN_OR_RETURN(const std::shared_ptr<const Network> network, context.engine.network());
  const NetworkOutput out = network->Evaluate(position);
  const ColorView view = context.dialect.View(position);
  return TerritoryGfx(position, BlackTerritory(position, out), view,
                      absl::StrFormat("%s to move: network win rate %.0f%%",
                                      view.ShownTitle(position.to_move()), 100.0 * out.value));
}

}  // namespace

void AddNetworkCommands(CommandRegistry& registry, CommandContext& context) {
  registry.Add("lifeline-network", Bind(context, NetworkJudgement));
  registry.Add("lifeline-gfx_territory", Bind(context, GfxTerritory));
}

}  // namespace lifeline
