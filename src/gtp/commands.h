#ifndef LIFELINE_GTP_COMMANDS_H_
#define LIFELINE_GTP_COMMANDS_H_

#include <string>

#include "absl/status/statusor.h"
#include "gtp/arguments.h"
#include "gtp/engine.h"
#include "gtp/registry.h"

namespace lifeline {

// A command that acts on the engine: one short function per protocol command.
using EngineCommand = absl::StatusOr<std::string> (*)(Engine& engine, const Arguments& args);

inline CommandHandler Bind(Engine& engine, EngineCommand command) {
  return [&engine, command](const Arguments& args) { return command(engine, args); };
}

// The command groups, each in its own file.
// boardsize, clear_board, komi, lifeline-rules, showboard, lifeline-loadgame.
void AddBoardCommands(CommandRegistry& registry, Engine& engine);
// play, swap, undo, genmove, reg_genmove, final_score.
void AddMoveCommands(CommandRegistry& registry, Engine& engine);
// time_settings, time_left, kgs-time_settings.
void AddTimeCommands(CommandRegistry& registry, Engine& engine);
// lifeline-is_legal, lifeline-turn, lifeline-perft, lifeline-set.
void AddLifelineCommands(CommandRegistry& registry, Engine& engine);
// gogui-version and the gogui-rules_* commands.
void AddGoGuiCommands(CommandRegistry& registry, Engine& engine);

}  // namespace lifeline

#endif  // LIFELINE_GTP_COMMANDS_H_
