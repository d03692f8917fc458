#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/check.h"
#include "gtp/commands.h"
#include "search/move_features.h"
#include "search/move_model.h"
#include "search/tactics.h"

namespace lifeline {
namespace {

using Answer = absl::StatusOr<std::string>;

// lifeline-move_features: one line per legal placement of the side to move, "CELL PROBABILITY
// FEATURE...", with the compiled-in model's probability and the features it is learned from
// (docs/search.md). Empty outside the play phase, where moves have no features.
Answer MoveFeatureList(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  const Game& game = context.engine.game();
  const Position& position = game.position();
  if (position.IsOver() || !SinglePlacementsAreFast(position)) return std::string();
  const RecentStones recent = RecentStonesOf(game.moves(), game.movers());
  std::vector<Move> moves;
  position.board().LegalPlacements(position.to_move()).ForEach([&](Cell c) {
    moves.push_back(Move::Place(c));
  });
  std::vector<float> probabilities(moves.size());
  ComputeMovePolicy(context.engine.environment().move_model, position, recent, moves,
                    probabilities);
  const FeatureContext features(position.board(), position.to_move(), recent);
  std::string answer;
  for (size_t i = 0; i < moves.size(); ++i) {
    if (!answer.empty()) answer += '\n';
    absl::StrAppendFormat(&answer, "%s %.6f", MoveToString(position.geometry(), moves[i]),
                          probabilities[i]);
    for (const std::string& name : FeatureNames(ComputeMoveFeatures(features, moves[i].first))) {
      absl::StrAppend(&answer, " ", name);
    }
  }
  return answer;
}

}  // namespace

void AddMoveFeatureCommands(CommandRegistry& registry, CommandContext& context) {
  registry.Add("lifeline-move_features", Bind(context, MoveFeatureList));
}

}  // namespace lifeline
