#include "engine/engine_options.h"

#include <cstdint>
#include <limits>

#include "absl/status/status.h"
#include "core/geometry.h"
#include "core/rules.h"
#include "engine/engine.h"

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
  table.Declare(OptionSpec::Choice(option::kRules, BalancingName(Rules().balancing),
                                   BalancingNames(), "balancing rules that clear_board sets up"));
  table.Declare(OptionSpec::Int(option::kKomi, 0, 0, 1000000,
                                "White's komi points under komi-pie that clear_board sets up"));
}

}  // namespace lifeline
