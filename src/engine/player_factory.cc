#include "engine/player_factory.h"

#include <utility>

#include "engine/search_options.h"
#include "search/mcts_player.h"
#include "search/random_player.h"
#include "solver/solving_player.h"

namespace lifeline {

std::unique_ptr<Player> MakePlayer(const OptionTable& table, std::shared_ptr<Solver> solver,
                                   std::shared_ptr<const Network> network,
                                   const EngineEnvironment& environment) {
  if (table.Get(option::kPlayer) == "random") return std::make_unique<RandomPlayer>();
  auto search = std::make_unique<MctsPlayer>(SearchSettings(table), environment.clock,
                                             environment.move_model, std::move(network));
  if (!table.Get(option::kSolve)) return search;
  SolvingOptions options;
  options.max_empty_cells = static_cast<int>(table.Get(option::kSolveEmpty));
  options.time_share = table.Get(option::kSolveShare);
  options.resign_proven_loss = table.Get(option::kResign) > 0;
  return std::make_unique<SolvingPlayer>(std::move(search), std::move(solver), options,
                                         environment.clock);
}

}  // namespace lifeline
