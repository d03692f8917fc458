#include "gtp/game_record.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <system_error>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/check.h"
#include "core/geometry.h"
#include "engine/quoted_text.h"
#include "gtp/arguments.h"
#include "gtp/command_line.h"
#include "gtp/move_token.h"

namespace lifeline {
namespace {

absl::Status AtLine(int line, const absl::Status& status) {
  return absl::InvalidArgumentError(absl::StrCat("line ", line, ": ", status.message()));
}

// Applies one settings command of a record to `record`.
absl::Status ApplySetting(const CommandLine& command, GameRecord& record, bool& fractional_komi) {
  const Arguments args(command.args);
  LL_RETURN_IF_ERROR(args.ExpectCount(1));
  if (command.name == "boardsize") {
    LL_ASSIGN_OR_RETURN(int64_t base, args.IntAt(0, Geometry::kMinBase, Geometry::kMaxBase));
    record.base = static_cast<int>(base);
    return absl::OkStatus();
  }
  if (command.name == "lifeline-rules") {
    absl::StatusOr<Balancing> balancing = ParseBalancing(args[0]);
    if (!balancing.ok()) {
      return SyntaxError(absl::StrCat("unknown rules ", QuoteForMessage(args[0])));
    }
    record.rules.balancing = *balancing;
    return absl::OkStatus();
  }
  LL_ASSIGN_OR_RETURN(double komi, args.NumberAt(0));
  fractional_komi = komi < 0 || komi != std::floor(komi) || komi > 1e6;
  if (!fractional_komi) record.rules.komi = static_cast<int>(komi);
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<GameRecord> ParseGameRecord(absl::string_view text, int default_base,
                                           const Rules& default_rules) {
  GameRecord record;
  record.base = default_base;
  record.rules = default_rules;
  bool fractional_komi = false;
  int line_number = 0;
  for (absl::string_view raw : absl::StrSplit(text, '\n')) {
    ++line_number;
    const std::optional<CommandLine> command = SplitCommandLine(Preprocess(raw));
    if (!command.has_value()) continue;
    const bool setting = command->name == "boardsize" || command->name == "lifeline-rules" ||
                         command->name == "komi";
    if (setting && !record.actions.empty()) {
      return AtLine(line_number, SyntaxError("settings after the first move"));
    }
    if (setting) {
      const absl::Status status = ApplySetting(*command, record, fractional_komi);
      if (!status.ok()) return AtLine(line_number, status);
      continue;
    }
    if (command->name != "play") {
      return AtLine(line_number, SyntaxError(absl::StrCat("unexpected command ",
                                                          QuoteForMessage(command->name))));
    }
    const Arguments args(command->args);
    if (absl::Status status = args.ExpectCount(2); !status.ok()) {
      return AtLine(line_number, status);
    }
    absl::StatusOr<Color> color = args.ColorAt(0);
    if (!color.ok()) return AtLine(line_number, color.status());
    record.actions.push_back({*color, std::string(args[1]), line_number});
  }
  if (fractional_komi && record.rules.balancing == Balancing::kKomiPie) {
    return absl::InvalidArgumentError("unacceptable komi");
  }
  return record;
}

absl::StatusOr<Game> ReplayGameRecord(const GameRecord& record, size_t turns) {
  Game game(Geometry::ForBase(record.base), record.rules);
  for (size_t i = 0; i < turns && i < record.actions.size(); ++i) {
    const GameRecord::Action& action = record.actions[i];
    const absl::StatusOr<Move> move = ReadMoveToken(game.position(), action.token, false);
    if (!move.ok()) return AtLine(action.line, move.status());
    if (const std::optional<MoveError> problem = game.Play(action.color, *move)) {
      return AtLine(action.line, IllegalMoveError(*problem));
    }
  }
  return game;
}

absl::StatusOr<std::string> ReadSmallFile(const std::string& path, size_t max_bytes) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) {
    return absl::NotFoundError(absl::StrCat("cannot read ", QuoteForMessage(path)));
  }
  const uintmax_t size = std::filesystem::file_size(path, error);
  if (error || size > max_bytes) {
    return absl::InvalidArgumentError(absl::StrCat("file too large ", QuoteForMessage(path)));
  }
  std::ifstream in(path, std::ios::binary);
  std::string content;
  content.resize(static_cast<size_t>(size));
  if (!in.read(content.data(), static_cast<std::streamsize>(size))) {
    return absl::NotFoundError(absl::StrCat("cannot read ", QuoteForMessage(path)));
  }
  return content;
}

}  // namespace lifeline
