#ifndef LIFELINE_GTP_ENGINE_H_
#define LIFELINE_GTP_ENGINE_H_

#include <atomic>
#include <cstddef>
#include <memory>
#include <ostream>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/game.h"
#include "core/random.h"
#include "core/rules.h"
#include "gtp/options.h"
#include "search/player.h"
#include "search/time_control.h"

namespace lifeline {

// The largest game record lifeline-loadgame reads; a real record is a few kilobytes.
inline constexpr size_t kMaxRecordBytes = 1 << 20;

// What the protocol drives: the game in progress, the options (among them the base, rules and
// komi that the next clear_board uses), the player that chooses moves with the engine's own
// seeded generator, and the clocks. Every method that can be refused leaves the engine
// unchanged when it is. It parses move tokens but formats no answers beyond them.
class Engine {
 public:
  explicit Engine(std::unique_ptr<Player> player);

  OptionTable& options() { return options_; }
  const OptionTable& options() const { return options_; }
  const Game& game() const { return game_; }
  const Position& position() const { return game_.position(); }
  TimeControl& time_control() { return time_control_; }
  bool gogui_mode() const { return options_.GetBool("gogui"); }
  // True once a move has been played in the current game: its rules are then fixed.
  bool game_started() const { return !game_.moves().empty(); }

  // Base and rules (komi included) that clear_board uses.
  int next_base() const;
  Rules next_rules() const;

  // Starts a new game with next_base() and next_rules().
  void ClearBoard();
  // Plays a move token for `color`, or refuses it with an "illegal move" or "syntax error".
  absl::Status Play(Color color, absl::string_view token);
  // Lets the player choose a move for `color` (which must be to move) and returns its token,
  // or "resign" when `color` has no legal action. With `commit` the move is played. In GoGui
  // mode a double turn is answered one stone per call, the partner kept for the next call.
  // The search reports progress to `progress` every `report_interval` seconds (if positive)
  // and once at the end.
  absl::StatusOr<std::string> GenMove(Color color, bool commit,
                                      const ProgressCallback& progress = nullptr,
                                      double report_interval = 0);
  // Searches the current position (which must not be over) without playing, within `limits`.
  SearchResult Analyze(const SearchLimits& limits, const ProgressCallback& progress);
  // Whether the last command was a genmove that played a move and left the opponent to move
  // with the `ponder` option on; asking clears it, so each such genmove ponders once.
  bool TakePonderRequest();
  // Searches the current position until `stop` is set (or the search has nothing left to
  // do), for the tree that the next genmove keeps when tree reuse is on. Plays nothing.
  void Ponder(const std::atomic<bool>& stop);
  // Takes back the last move (one stone of a double turn entered stone by stone).
  bool Undo();
  // Replaces the game and the settings by those of a game record, replaying its first
  // `turns` actions.
  absl::Status LoadGame(const std::string& path, size_t turns);

  void Reseed(uint64_t seed) { rng_ = Rng(seed); }
  // Where the `verbose` option writes its lines (standard error unless set).
  void SetLog(std::ostream* log) { log_ = log; }
  void SetPlayer(std::unique_ptr<Player> player) { player_ = std::move(player); }

 private:
  void StartGame(Game game);
  // One line about a genmove's search, for the `verbose` option.
  void LogSearch(Color color, const SearchResult& result) const;

  OptionTable options_;
  Game game_;
  std::unique_ptr<Player> player_;
  Rng rng_;
  TimeControl time_control_;
  // GoGui mode: the second stone of the pair whose first stone the last genmove answered.
  Cell planned_partner_ = kNoCell;
  bool ponder_requested_ = false;
  std::ostream* log_;
};

// Declares the engine's options in `table`, with hooks that act on `engine`. Adding an option
// is one declaration here.
void DeclareEngineOptions(OptionTable& table, Engine& engine);

}  // namespace lifeline

#endif  // LIFELINE_GTP_ENGINE_H_
