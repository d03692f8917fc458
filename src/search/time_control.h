#ifndef LIFELINE_SEARCH_TIME_CONTROL_H_
#define LIFELINE_SEARCH_TIME_CONTROL_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/color.h"

namespace lifeline {

enum class TimeSystem {
  kNone,      // no time limit
  kAbsolute,  // main time only
  kByoyomi,   // main time, then `periods` periods of `period_time`, each renewed by a move
  kCanadian,  // main time, then `period_stones` moves within every `period_time`
  kFischer,   // main time, plus `period_time` (the increment) after every move
};

// One player's clock as the controller last reported it (time_left), or as the settings
// started it.
struct ClockState {
  double main_left = 0;  // seconds of main time left
  bool in_overtime = false;
  double period_left = 0;  // seconds left in the current overtime period
  int stones_left = 0;     // Canadian: moves still due in the current period
  int periods_left = 0;    // byo-yomi: periods left, the current one included
};

// A time control and both clocks: a plain value validated on construction. It measures no
// time itself: the controller reports the clocks, and the search decides how to use them. It
// speaks no protocol: a front end reads its own time commands into it.
struct TimeControl {
  TimeSystem system = TimeSystem::kNone;
  double main_time = 0;
  double period_time = 0;  // byo-yomi or Canadian period, or Fischer increment
  int period_stones = 0;   // Canadian
  int periods = 0;         // byo-yomi
  ClockState clocks[2];

  static TimeControl None() { return TimeControl(); }
  static absl::StatusOr<TimeControl> Absolute(double main_time);
  static absl::StatusOr<TimeControl> Byoyomi(double main_time, double period_time, int64_t periods);
  static absl::StatusOr<TimeControl> Canadian(double main_time, double period_time, int64_t stones);
  static absl::StatusOr<TimeControl> Fischer(double main_time, double increment);

  // Whether the system has overtime periods (byo-yomi or Canadian).
  bool HasPeriods() const {
    return system == TimeSystem::kByoyomi || system == TimeSystem::kCanadian;
  }
  // Sets `color`'s clock as its controller reports it: `seconds` of main time left.
  absl::Status SetMainTimeLeft(Color color, double seconds);
  // Sets `color`'s clock in overtime (HasPeriods() must hold): `seconds` left in the current
  // period and `count` moves (Canadian) or periods (byo-yomi) still to go, at least 1.
  absl::Status SetOvertimeLeft(Color color, double seconds, int64_t count);

  const ClockState& clock(Color color) const { return clocks[Index(color)]; }

  // "absolute 300", "byoyomi 300 30x5", "canadian 300 60/10", "fischer 300+5" or "none".
  std::string ToString() const;
};

// How long to think about one move: aim for `target` seconds, and never pass `most`, which
// the search may use on a critical move. Both are 0 when there is no limit.
struct MoveTime {
  double target = 0;
  double most = 0;
};

// The moves `color` is still expected to make when the board has `empty_cells` empty cells:
// Lifeline games last about one placement per cell, half of them each side's, so small and
// crowded boards plan for fewer moves and think longer on each.
double ExpectedMovesLeft(int empty_cells);

// The time plan of `color`'s next move. The target is a share of the main time (spread over
// at most 30 of the `moves_to_go` moves) plus most of what overtime guarantees; `most`
// allows a few times the target. Neither ever reaches what the clock holds for this move: a
// margin (a quarter of a short period, or 0.1 s at most) is kept back for the protocol round
// trip, and absolute time also keeps 10 ms for each later move (for twice the moves
// expected). Byo-yomi and Canadian periods are respected once entered: a move never spends
// a second period.
MoveTime PlanMoveTime(const TimeControl& control, Color color, double moves_to_go);

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_TIME_CONTROL_H_
