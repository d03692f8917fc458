#ifndef LIFELINE_GTP_GENMOVE_H_
#define LIFELINE_GTP_GENMOVE_H_

#include <string>

#include "absl/status/statusor.h"
#include "core/color.h"
#include "gtp/commands.h"
#include "search/player.h"

namespace lifeline {

// The work of genmove, shared by genmove, reg_genmove and lifeline-genmove_analyze: the token
// of the move chosen for `color` (which must be to move), or "resign" when the game is over
// or the search gives it up; with `commit` the move is played. In GoGui's dialect a double
// turn is answered one stone per call, and the search ends early at the next input line
// (GoGui's interrupt; GoGui never sends a command before the answer). The search reports
// progress as Engine::Think does. With the option `verbose` one line about the search goes to
// the log.
absl::StatusOr<std::string> GenerateMove(CommandContext& context, Color color, bool commit,
                                         const ProgressCallback& progress = nullptr,
                                         double report_interval = 0);

}  // namespace lifeline

#endif  // LIFELINE_GTP_GENMOVE_H_
