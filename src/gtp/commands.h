#ifndef LIFELINE_GTP_COMMANDS_H_
#define LIFELINE_GTP_COMMANDS_H_

#include <cstddef>
#include <ostream>
#include <string>

#include "absl/status/statusor.h"
#include "core/check.h"
#include "core/color.h"
#include "engine/engine.h"
#include "gtp/answer_stream.h"
#include "gtp/arguments.h"
#include "gtp/gogui_dialect.h"
#include "gtp/registry.h"

namespace lifeline {

// What a protocol command may act on: the engine, GoGui's dialect, the streaming answer and
// the log (standard error unless a test redirects it). The session owns them all.
struct CommandContext {
  Engine& engine;
  GoGuiDialect& dialect;
  AnswerStream& stream;
  std::ostream* log;
};

// One short function per protocol command.
using Command = absl::StatusOr<std::string> (*)(CommandContext& context, const Arguments& args);

// The colour argument at `i` as the rules name it: a controller names colours as its view shows
// them (GoGui's, exchanged after a swap).
inline absl::StatusOr<Color> PlayerColorAt(const CommandContext& context, const Arguments& args,
                                           size_t i) {
  LL_ASSIGN_OR_RETURN(const Color shown, args.ColorAt(i));
  return context.dialect.View(context.engine.position()).Rules(shown);
}

inline CommandHandler Bind(CommandContext& context, Command command) {
  return [&context, command](const Arguments& args) { return command(context, args); };
}

// The command groups, each in its own file.
// boardsize, clear_board, komi, lifeline-rules, showboard, lifeline-loadgame.
void AddBoardCommands(CommandRegistry& registry, CommandContext& context);
// play, swap, undo, genmove, reg_genmove, final_score.
void AddMoveCommands(CommandRegistry& registry, CommandContext& context);
// time_settings, time_left, kgs-time_settings.
void AddTimeCommands(CommandRegistry& registry, CommandContext& context);
// lifeline-is_legal, lifeline-turn, lifeline-state, lifeline-count, lifeline-perft, lifeline-set.
void AddLifelineCommands(CommandRegistry& registry, CommandContext& context);
// gogui-version, gogui-interrupt and the gogui-rules_* commands.
void AddGoGuiCommands(CommandRegistry& registry, CommandContext& context);
// lifeline-bench, lifeline-speed, lifeline-analyze, lifeline-genmove_analyze.
void AddSearchCommands(CommandRegistry& registry, CommandContext& context);
// lifeline-solve, lifeline-solve_all.
void AddSolverCommands(CommandRegistry& registry, CommandContext& context);
// lifeline-move_features.
void AddMoveFeatureCommands(CommandRegistry& registry, CommandContext& context);
// lifeline-network, lifeline-gfx_territory.
void AddNetworkCommands(CommandRegistry& registry, CommandContext& context);
// lifeline-book, lifeline-book_cells, lifeline-gfx_book.
void AddBookCommands(CommandRegistry& registry, CommandContext& context);
// gogui-analyze_commands and the analysis commands it lists.
void AddGoGuiAnalyzeCommands(CommandRegistry& registry, CommandContext& context);

}  // namespace lifeline

#endif  // LIFELINE_GTP_COMMANDS_H_
