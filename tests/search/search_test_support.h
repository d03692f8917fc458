#ifndef LIFELINE_TESTS_SEARCH_SEARCH_TEST_SUPPORT_H_
#define LIFELINE_TESTS_SEARCH_SEARCH_TEST_SUPPORT_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/color.h"
#include "core/position.h"
#include "search/clock.h"
#include "search/mcts_options.h"
#include "search/player.h"

namespace lifeline::test {

// A clock that moves only when told to, and by `step` seconds at each reading, so that time
// limits are exercised without waiting and without depending on the machine.
class FakeClock : public SteadyClock {
 public:
  explicit FakeClock(double step = 0) : step_(step) {}
  double Now() const override {
    const double now = now_;
    now_ += step_;
    return now;
  }
  void Advance(double seconds) { now_ += seconds; }

 private:
  double step_;
  mutable double now_ = 0;
};

// Base 4. White's two stones on the bottom row live only through B1 and C1 (a black stone on
// either splits their region and kills both); Black's wall and its stone on C4 are Black's
// only two groups, and C3 (or B3) joins them into one group alone in its region, which dies.
inline constexpr const char* kWallDiagram = R"(
   . . . .
  . . . . .
 . . . . . .
. . X . . . .
 . . . . . .
  X X X X X
   O . . O
)";

// A cell of the base-4 board by name.
Cell Base4Cell(absl::string_view name);

// A komi-pie position whose board is the diagram and where `to_move` moves, with no komi
// left. It is reached by legal moves: the setup stones, then the diagram's stones in reading
// order, White spending komi when it runs out of stones. Needs at least two stones of each
// colour, the first two of each colour not adjacent, and as many black stones as white ones
// (one more when White is to move); fails when the diagram cannot be reached that way.
absl::StatusOr<Position> PositionFromDiagram(int base, absl::string_view diagram, Color to_move);

// Whether the side to move wins with best play, by exhaustive search (small positions only).
bool SideToMoveWins(const Position& position);

// A position of `base` after `actions` uniformly random actions from the start under
// `rules`, drawn with `seed`; it may be over.
Position RandomPosition(int base, const Rules& rules, int actions, uint64_t seed);

// The default search settings with a 16 MiB tree: enough for the searches of a test, and
// quick to allocate for each of them.
inline MctsOptions SmallOptions() {
  MctsOptions options;
  options.memory_bytes = int64_t{16} << 20;
  return options;
}

// Limits of a fixed number of visits and nothing else.
inline SearchLimits Visits(int64_t visits) {
  SearchLimits limits;
  limits.max_visits = visits;
  return limits;
}

}  // namespace lifeline::test

#endif  // LIFELINE_TESTS_SEARCH_SEARCH_TEST_SUPPORT_H_
