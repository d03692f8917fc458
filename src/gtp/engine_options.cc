#include "gtp/engine_options.h"

#include <cstdint>
#include <limits>

#include "absl/status/status.h"
#include "core/geometry.h"
#include "gtp/engine.h"

namespace lifeline {

void DeclareEngineOptions(OptionTable& table, Engine& engine) {
  table.Declare(OptionSpec::Int(option::kSeed, 0, 0, std::numeric_limits<int64_t>::max(),
                                "seed of the engine's random generator, restarted when set")
                    .WithHook([&table, &engine] {
                      engine.Reseed(static_cast<uint64_t>(table.Get(option::kSeed)));
                      return absl::OkStatus();
                    }));
  table.Declare(OptionSpec::Int(option::kBase, Geometry::kDefaultBase, Geometry::kMinBase,
                                Geometry::kMaxBase, "board base that clear_board sets up"));
  table.Declare(OptionSpec::Choice(option::kRules, "strong-pie",
                                   {"strong-pie", "weak-pie", "komi-pie"},
                                   "balancing rules that clear_board sets up"));
  table.Declare(OptionSpec::Int(option::kKomi, 0, 0, 1000000,
                                "White's komi points under komi-pie that clear_board sets up"));
  table.Declare(OptionSpec::Bool(option::kBoardsizeDiameter, false,
                                 "boardsize takes the width 2N-1 instead of the base N"));
  table.Declare(OptionSpec::Choice(option::kGoGui, "auto", {"auto", "true", "false"},
                                   "GoGui's dialect: boardsize takes the width, genmove answers "
                                   "one stone at a time, pass stands for the swap; auto turns "
                                   "it on at GoGui's first query (gogui-rules_game_id)"));
}

}  // namespace lifeline
