#include "search/bench.h"

#include <utility>

#include "core/move.h"
#include "core/position.h"
#include "core/rules.h"
#include "search/mcts_player.h"

namespace lifeline {
namespace {

struct BenchPosition {
  int base;
  Rules rules;
  int actions;  // random actions from the start
};

// From the opening (a double turn, the swap decision, setup stones) to the middle game.
constexpr BenchPosition kPositions[] = {
    {5, Rules{Balancing::kStrongPie, 0}, 0}, {5, Rules{Balancing::kStrongPie, 0}, 1},
    {5, Rules{Balancing::kWeakPie, 0}, 10},  {5, Rules{Balancing::kKomiPie, 2}, 20},
    {7, Rules{Balancing::kStrongPie, 0}, 1}, {7, Rules{Balancing::kStrongPie, 0}, 12},
    {7, Rules{Balancing::kWeakPie, 0}, 30},  {7, Rules{Balancing::kKomiPie, 4}, 50},
};

constexpr uint64_t kSeed = 20240601;

}  // namespace

BenchResult RunBench(int64_t visits, const SteadyClock& clock, const MoveModel& move_model) {
  BenchResult result;
  MctsOptions options;
  options.threads = 1;
  options.reuse_tree = false;
  options.memory_bytes = int64_t{64} << 20;
  MctsPlayer player(options, clock, move_model);
  Rng rng(kSeed);
  SearchLimits limits;
  limits.max_visits = visits;
  for (const BenchPosition& bench : kPositions) {
    Position position(Geometry::ForBase(bench.base), bench.rules);
    for (int i = 0; i < bench.actions; ++i) {
      const std::optional<Move> move = position.RandomMove(rng);
      if (!move) break;
      position.Play(*move);
    }
    if (position.IsOver()) continue;
    player.NewGame();
    const double start = clock.Now();
    const SearchResult searched = player.Search(position, limits, rng, nullptr);
    result.seconds += clock.Now() - start;
    result.nodes += player.tree().pool().size();
    result.playouts += searched.info.playouts;
    result.moves += MoveToString(position.geometry(), searched.move) + " ";
    ++result.positions;
  }
  if (result.seconds > 0) {
    result.playouts_per_second = static_cast<double>(result.playouts) / result.seconds;
    result.nodes_per_second = static_cast<double>(result.nodes) / result.seconds;
  }
  return result;
}

SpeedResult MeasureSearchSpeed(int base, double seconds, const MctsOptions& options,
                               const SteadyClock& clock, const MoveModel& move_model,
                               std::shared_ptr<const Network> network) {
  Position position(Geometry::ForBase(base), Rules{});
  Rng rng(kSeed);
  for (int i = 0; i < position.geometry().num_cells() / 4; ++i) {
    const std::optional<Move> move = position.RandomMove(rng);
    if (!move) break;
    position.Play(*move);
  }
  SpeedResult result;
  if (position.IsOver()) return result;
  MctsPlayer player(options, clock, move_model, std::move(network));
  SearchLimits limits;
  limits.max_seconds = seconds;
  const SearchResult searched = player.Search(position, limits, rng, nullptr);
  result.playouts = searched.info.playouts;
  result.nodes = player.tree().pool().size();
  result.seconds = searched.info.seconds;
  return result;
}

}  // namespace lifeline
