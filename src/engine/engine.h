#ifndef LIFELINE_ENGINE_ENGINE_H_
#define LIFELINE_ENGINE_ENGINE_H_

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include "book/opening_book.h"
#include "core/game.h"
#include "core/move.h"
#include "core/move_error.h"
#include "core/random.h"
#include "core/rules.h"
#include "engine/book_shelf.h"
#include "engine/engine_environment.h"
#include "engine/options.h"
#include "network/network.h"
#include "search/player.h"
#include "search/time_control.h"
#include "solver/dfpn.h"

namespace lifeline {

// What every front end drives (the protocol session, or any other): the game in progress, the
// options (among them the base, rules and komi that the next clear_board uses), the player
// that the options describe, which chooses moves with the engine's own seeded generator, and
// the time control. It deals in moves and positions: reading tokens, dialects and every
// answer's text belong to the front end. Every method that can be refused leaves the engine
// unchanged when it is. Option hooks hold its address, so it can be neither copied nor moved.
class Engine {
 public:
  explicit Engine(const EngineEnvironment& environment);
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  OptionTable& options() { return options_; }
  const OptionTable& options() const { return options_; }
  const Game& game() const { return game_; }
  const Position& position() const { return game_.position(); }
  TimeControl& time_control() { return time_control_; }
  // The player the options describe (made at its first use).
  Player& player() { return CurrentPlayer(); }
  const EngineEnvironment& environment() const { return environment_; }
  // True once a move has been played in the current game: its rules are then fixed.
  bool game_started() const { return !game_.moves().empty(); }

  // Base and rules (komi included) that clear_board uses.
  int next_base() const;
  Rules next_rules() const;

  // Starts a new game with next_base() and next_rules().
  void ClearBoard();
  // Replaces the game by `game` (a loaded record), whose base and rules become the options'.
  void LoadGame(Game game);
  // Plays `move` for `color` with one legality check, or answers why it is illegal.
  std::optional<MoveError> Play(Color color, const Move& move);
  // Lets the player choose a move for the side to move (the game must not be over) within the
  // options' visits and time and the time control's plan for this move. The search reports
  // progress every `report_interval` seconds (if positive) and once at the end, and ends
  // early when `stop` is set. In the first turns the opening book may choose instead (with
  // the player mcts, a book for the game and a proof in it: OpeningBook::Choose): its move
  // then comes at once, reported once. Plays nothing.
  SearchResult Think(const ProgressCallback& progress = nullptr, double report_interval = 0,
                     const StopSignal* stop = nullptr);
  // Plays a move that Think chose (it must be legal) and, with the `ponder` option on and the
  // opponent to move, asks to ponder once the answer is out.
  void Commit(const Move& move);
  // Searches the current position (which must not be over) without playing, within `limits`.
  SearchResult Analyze(const SearchLimits& limits, const ProgressCallback& progress);
  // Whether the last command committed a move that asked to ponder; asking clears it, so each
  // such move ponders once.
  bool TakePonderRequest() { return std::exchange(ponder_requested_, false); }
  // Searches the current position until `stop` is set (or the search has nothing left to
  // do), for the tree that the next move keeps when tree reuse is on. Plays nothing.
  void Ponder(const StopSignal& stop);
  // Takes back the last move (one stone of a double turn entered stone by stone).
  bool Undo();

  // The exact solver, kept with its table of proofs between commands and shared with the
  // player; its table takes the memory the options give it at its first use.
  Solver& solver() { return *solver_; }
  const std::shared_ptr<Solver>& shared_solver() const { return solver_; }
  // A new solver with the current options (its proofs forgotten), and a player that uses it.
  void ResetSolver();
  // A new player as the options now describe it (its tree forgotten), made when next used.
  void RebuildPlayer();

  void Reseed(uint64_t seed) { rng_ = Rng(seed); }

  // The network that the option `network` names: a file loaded at the first use (`auto`:
  // the first of the environment's default_networks that exists), or why there is none.
  // Thread-safe; the network stays valid for its holders when the option changes.
  absl::StatusOr<std::shared_ptr<const Network>> network();
  // Applies the option `network`: a file name is loaded at once (a file that cannot be read
  // as a network refuses the value and keeps the network loaded before); `auto` and `none`
  // drop the loaded network.
  absl::Status SelectNetwork();

  // The opening book of the current game's base and rules, from the folder that the option
  // `book` names (`auto`: the first of the environment's default_book_folders that exists),
  // or why there is none: the book is off, no folder, no map for this board, a damaged map.
  absl::StatusOr<std::shared_ptr<const OpeningBook>> book();
  // Applies the option `book`: a named folder must exist; the maps are read at their first
  // use.
  absl::Status SelectBook();

 private:
  void StartGame(Game game);
  Player& CurrentPlayer();

  EngineEnvironment environment_;
  OptionTable options_;
  Game game_;
  std::unique_ptr<Player> player_;
  Rng rng_;
  TimeControl time_control_;
  std::shared_ptr<Solver> solver_;
  bool ponder_requested_ = false;
  std::mutex network_mutex_;
  std::shared_ptr<const Network> network_;  // guarded by network_mutex_
  std::optional<BookShelf> book_shelf_;     // the folder of `book`, once found
};

}  // namespace lifeline

#endif  // LIFELINE_ENGINE_ENGINE_H_
