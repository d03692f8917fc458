#include <cstdint>
#include <limits>

#include "absl/status/status.h"
#include "core/geometry.h"
#include "gtp/engine.h"

namespace lifeline {

void DeclareEngineOptions(OptionTable& table, Engine& engine) {
  table.Declare(OptionSpec::Int("seed", 0, 0, std::numeric_limits<int64_t>::max(),
                                "seed of the engine's random generator, restarted when set")
                    .WithHook([&engine](const OptionValue& value) {
                      engine.Reseed(static_cast<uint64_t>(std::get<int64_t>(value)));
                      return absl::OkStatus();
                    }));
  table.Declare(OptionSpec::Int("base", Geometry::kDefaultBase, Geometry::kMinBase,
                                Geometry::kMaxBase, "board base that clear_board sets up"));
  table.Declare(OptionSpec::Choice("rules", "strong-pie", {"strong-pie", "weak-pie", "komi-pie"},
                                   "balancing rules that clear_board sets up"));
  table.Declare(OptionSpec::Int("komi", 0, 0, 1000000,
                                "White's komi points under komi-pie that clear_board sets up"));
  table.Declare(OptionSpec::Bool("boardsize-diameter", false,
                                 "boardsize takes the diameter 2N-1 instead of the base N"));
  table.Declare(OptionSpec::Bool("gogui", false,
                                 "GoGui mode: boardsize takes the diameter, genmove answers one "
                                 "stone at a time, pass stands for the swap"));
}

}  // namespace lifeline
