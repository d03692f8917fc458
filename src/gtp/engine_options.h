#ifndef LIFELINE_GTP_ENGINE_OPTIONS_H_
#define LIFELINE_GTP_ENGINE_OPTIONS_H_

#include <cstdint>
#include <string>

#include "gtp/options.h"

namespace lifeline {

class Engine;

// The keys of the game and protocol settings; their specs are in engine_options.cc.
namespace option {
inline constexpr OptionKey<int64_t> kSeed{"seed"};
inline constexpr OptionKey<int64_t> kBase{"base"};
inline constexpr OptionKey<std::string> kRules{"rules"};
inline constexpr OptionKey<int64_t> kKomi{"komi"};
inline constexpr OptionKey<bool> kBoardsizeDiameter{"boardsize-diameter"};
// GoGui's dialect: "true", "false", or "auto" (off until GoGui's first query turns it on).
inline constexpr OptionKey<std::string> kGoGui{"gogui"};
}  // namespace option

// Declares the game and protocol settings in `table`, with hooks that act on `engine`.
void DeclareEngineOptions(OptionTable& table, Engine& engine);

}  // namespace lifeline

#endif  // LIFELINE_GTP_ENGINE_OPTIONS_H_
