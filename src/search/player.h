#ifndef LIFELINE_SEARCH_PLAYER_H_
#define LIFELINE_SEARCH_PLAYER_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/move.h"
#include "core/position.h"
#include "core/random.h"
#include "search/recent_stones.h"
#include "search/stop_signal.h"

namespace lifeline {

// How long one search may run. Every limit that is set applies; the search stops at the first
// one reached. With none set a player picks its own default.
struct SearchLimits {
  int64_t max_visits = 0;  // 0: no visit limit
  double max_seconds = 0;  // 0: no time limit
  // When above max_seconds, the search may run on up to this many seconds while the best
  // move is still unclear (a critical move); it never runs past it.
  double extended_seconds = 0;
  // No default limit: the search runs until `stop` is set or the root is proven (analysis).
  bool until_stopped = false;
  // Ends the search early (the protocol's next input line).
  const StopSignal* stop = nullptr;
  // Seconds between progress reports; 0 reports only once, at the end.
  double report_interval = 0;
};

// What is proven of a move for the side that plays it.
enum class MoveProof : uint8_t { kUnknown, kWin, kLoss };

// One candidate move as the search sees it, best first in SearchInfo.
struct CandidateInfo {
  Move move;
  int64_t visits = 0;
  double win_rate = 0.5;  // for the side to move
  double prior = 0.0;
  std::vector<Move> principal_variation;  // starts with `move`
  MoveProof proof = MoveProof::kUnknown;  // a proof by the search or by the exact solver
};

// A progress report: what the search thinks so far. Searches never print; the protocol layer
// formats these.
struct SearchInfo {
  int64_t visits = 0;       // at the root, those kept from earlier searches included
  int64_t playouts = 0;     // simulations of this search
  int64_t kept_visits = 0;  // root visits kept from earlier searches (tree reuse)
  double seconds = 0;
  std::vector<CandidateInfo> candidates;
  // Each cell's territory from Black's view, in [-1, 1], indexed by cell (TerritoryTally);
  // empty when the player foresees none.
  std::vector<float> territory;
};

using ProgressCallback = std::function<void(const SearchInfo&)>;

struct SearchResult {
  Move move;
  // True when the side to move has no legal action, or when the player gives the game up
  // (MctsOptions::resign_below); `move` is then meaningless.
  bool resign = false;
  // Set by the engine when its opening book chose the move: nothing was searched, and `info`
  // holds the book's one candidate.
  bool from_book = false;
  SearchInfo info;
};

// What a search starts from: the position and the stone each colour played last before it,
// which the position does not keep (the learned move model measures distances from them).
// A position alone is an input with no known history, as at the start of a game. It refers
// to the position, which must outlive it: build it where the search is called.
struct SearchInput {
  SearchInput(const Position& position_in, const RecentStones& recent_in = {})  // NOLINT
      : position(position_in), recent(recent_in) {}

  const Position& position;
  RecentStones recent;
};

// The search input of a game's current position, with the game's last stones.
inline SearchInput SearchInputOf(const Game& game) {
  return SearchInput(game.position(), RecentStonesOf(game.moves(), game.movers()));
}

// A move chooser behind one interface, so the protocol layer drives a random player and Monte
// Carlo search alike. Search must only be called on a position that is not over, and it must
// return a legal move for it.
class Player {
 public:
  virtual ~Player() = default;
  virtual std::string Name() const = 0;
  // Forgets anything kept from earlier moves (for instance a reusable tree).
  virtual void NewGame() {}
  virtual SearchResult Search(const SearchInput& input, const SearchLimits& limits, Rng& rng,
                              const ProgressCallback& progress) = 0;
};

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_PLAYER_H_
