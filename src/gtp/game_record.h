#ifndef LIFELINE_GTP_GAME_RECORD_H_
#define LIFELINE_GTP_GAME_RECORD_H_

#include <cstddef>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/color.h"
#include "core/game.h"
#include "core/rules.h"

namespace lifeline {

// The largest game record lifeline-loadgame reads; a real record is a few kilobytes.
inline constexpr size_t kMaxRecordBytes = 1 << 20;

// A game record as the referee writes it: a text file of protocol commands in which lines
// starting with '#' are headers or comments and only `boardsize N` (the base), `lifeline-rules
// NAME`, `komi K` and `play COLOR MOVE` appear, the settings before the first move.
struct GameRecord {
  struct Action {
    Color color;
    std::string token;
    int line;  // 1-based, for error messages
  };
  int base = 0;
  Rules rules;
  std::vector<Action> actions;
};

// Reads a record; settings it does not mention keep the given defaults. Errors name the line.
absl::StatusOr<GameRecord> ParseGameRecord(absl::string_view text, int default_base,
                                           const Rules& default_rules);

// Plays the first `turns` actions of `record` (all of them when it has fewer) in a new game.
// An illegal action is an error naming its line.
absl::StatusOr<Game> ReplayGameRecord(const GameRecord& record, size_t turns);

// The content of a regular file of at most `max_bytes`; anything else (a directory, a device,
// a pipe that could block, a larger file) is refused.
absl::StatusOr<std::string> ReadSmallFile(const std::string& path, size_t max_bytes);

}  // namespace lifeline

#endif  // LIFELINE_GTP_GAME_RECORD_H_
