#ifndef LIFELINE_ENGINE_ENGINE_OPTIONS_H_
#define LIFELINE_ENGINE_ENGINE_OPTIONS_H_

#include <cstdint>
#include <string>

#include "engine/options.h"

namespace lifeline {

class Engine;

// The keys of the game's settings; their specs are in engine_options.cc.
namespace option {
inline constexpr OptionKey<int64_t> kSeed{"seed"};
inline constexpr OptionKey<int64_t> kBase{"base"};
inline constexpr OptionKey<std::string> kRules{"rules"};
inline constexpr OptionKey<int64_t> kKomi{"komi"};
}  // namespace option

// Declares the game's settings in `table`, with hooks that act on `engine`.
void DeclareEngineOptions(OptionTable& table, Engine& engine);

}  // namespace lifeline

#endif  // LIFELINE_ENGINE_ENGINE_OPTIONS_H_
