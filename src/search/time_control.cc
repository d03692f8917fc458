#include "search/time_control.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "absl/strings/str_cat.h"
#include "core/check.h"

namespace lifeline {
namespace {

// The main time is spread over at most this many of the player's moves (and at least
// kMinMovesToGo): Lifeline games on the recommended boards last a few dozen turns per side.
constexpr double kMovesToGo = 30;
constexpr double kMinMovesToGo = 10;
// Kept back from what the clock holds for the protocol round trip and the process's own
// delays: this, or a quarter of the time available when that is shorter.
constexpr double kSafetySeconds = 0.1;
constexpr double kSafetyShare = 0.25;
// Main time kept back for each later move, which will cost some time however fast it is
// played (the round trip, the search's set-up): without it a long game on a short clock
// would run out however small the shares become. Kept for twice the moves expected, since
// captures can make a game much longer than its empty cells suggest.
constexpr double kMoveReserve = 0.01;
constexpr double kReserveMoves = 2;
// A critical move may take this many times the target, but no more than this share of the
// main time on top of it, so that a run of critical moves cannot drain the clock.
constexpr double kExtension = 3;
constexpr double kExtensionShare = 0.1;
// The budget never falls below this while a clock runs, because 0 would mean "no limit".
constexpr double kMinimumBudget = 0.005;
// Seconds and counts above these are refused, so clocks stay far from overflow.
constexpr double kMaxSeconds = 1e9;
constexpr int64_t kMaxCount = 1000000;

absl::Status CheckSeconds(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0 || seconds > kMaxSeconds) {
    return absl::InvalidArgumentError(absl::StrCat("invalid time ", seconds));
  }
  return absl::OkStatus();
}

absl::Status CheckCount(int64_t count, int64_t min) {
  if (count < min || count > kMaxCount) {
    return absl::InvalidArgumentError(absl::StrCat("invalid count ", count));
  }
  return absl::OkStatus();
}

TimeControl Started(TimeSystem system, double main_time, double period_time, int stones,
                    int periods) {
  TimeControl control;
  control.system = system;
  control.main_time = main_time;
  control.period_time = period_time;
  control.period_stones = stones;
  control.periods = periods;
  for (ClockState& clock : control.clocks) {
    clock.main_left = main_time;
    clock.period_left = period_time;
    clock.stones_left = stones;
    clock.periods_left = periods;
  }
  return control;
}

}  // namespace

absl::StatusOr<TimeControl> TimeControl::Absolute(double main_time) {
  LL_RETURN_IF_ERROR(CheckSeconds(main_time));
  return Started(TimeSystem::kAbsolute, main_time, 0, 0, 0);
}

absl::StatusOr<TimeControl> TimeControl::Byoyomi(double main_time, double period_time,
                                                 int64_t periods) {
  LL_RETURN_IF_ERROR(CheckSeconds(main_time));
  LL_RETURN_IF_ERROR(CheckSeconds(period_time));
  LL_RETURN_IF_ERROR(CheckCount(periods, 1));
  return Started(TimeSystem::kByoyomi, main_time, period_time, 0, static_cast<int>(periods));
}

absl::StatusOr<TimeControl> TimeControl::Canadian(double main_time, double period_time,
                                                  int64_t stones) {
  LL_RETURN_IF_ERROR(CheckSeconds(main_time));
  LL_RETURN_IF_ERROR(CheckSeconds(period_time));
  LL_RETURN_IF_ERROR(CheckCount(stones, 1));
  return Started(TimeSystem::kCanadian, main_time, period_time, static_cast<int>(stones), 0);
}

absl::StatusOr<TimeControl> TimeControl::Fischer(double main_time, double increment) {
  LL_RETURN_IF_ERROR(CheckSeconds(main_time));
  LL_RETURN_IF_ERROR(CheckSeconds(increment));
  return Started(TimeSystem::kFischer, main_time, increment, 0, 0);
}

absl::Status TimeControl::SetMainTimeLeft(Color color, double seconds) {
  LL_RETURN_IF_ERROR(CheckSeconds(seconds));
  ClockState& clock = clocks[Index(color)];
  clock.in_overtime = false;
  clock.main_left = seconds;
  return absl::OkStatus();
}

absl::Status TimeControl::SetOvertimeLeft(Color color, double seconds, int64_t count) {
  LL_CHECK(HasPeriods());
  LL_RETURN_IF_ERROR(CheckSeconds(seconds));
  LL_RETURN_IF_ERROR(CheckCount(count, 1));
  ClockState& clock = clocks[Index(color)];
  clock.in_overtime = true;
  clock.main_left = 0;
  clock.period_left = seconds;
  if (system == TimeSystem::kCanadian) {
    clock.stones_left = static_cast<int>(count);
  } else {
    clock.periods_left = static_cast<int>(count);
  }
  return absl::OkStatus();
}

std::string TimeControl::ToString() const {
  switch (system) {
    case TimeSystem::kNone:
      return "none";
    case TimeSystem::kAbsolute:
      return absl::StrCat("absolute ", main_time);
    case TimeSystem::kByoyomi:
      return absl::StrCat("byoyomi ", main_time, " ", period_time, "x", periods);
    case TimeSystem::kCanadian:
      return absl::StrCat("canadian ", main_time, " ", period_time, "/", period_stones);
    case TimeSystem::kFischer:
      return absl::StrCat("fischer ", main_time, "+", period_time);
  }
  return "none";
}

double ExpectedMovesLeft(int empty_cells) { return std::max(empty_cells / 2.0, kMinMovesToGo); }

MoveTime PlanMoveTime(const TimeControl& control, Color color, double moves_to_go) {
  const ClockState& clock = control.clock(color);
  moves_to_go = std::max(moves_to_go, 1.0);
  // The main time's share is spread over at most kMovesToGo moves: a geometric series that
  // spends more early, when moves matter more, and never reaches the end of the clock.
  const double spread = std::min(moves_to_go, kMovesToGo);
  const double later_moves_reserve = kMoveReserve * (kReserveMoves * moves_to_go - 1);
  // A clock in overtime, or one with no main time left (a time per move), runs on periods.
  const bool overtime = clock.in_overtime || clock.main_left <= 0;
  double target = 0;
  double available = 0;
  double reserve = 0;
  switch (control.system) {
    case TimeSystem::kNone:
      return MoveTime();
    case TimeSystem::kAbsolute:
      available = clock.main_left;
      target = clock.main_left / spread;
      reserve = later_moves_reserve;
      break;
    case TimeSystem::kFischer:
      // The increment arrives after the move, so only the main time is there to spend.
      available = clock.main_left;
      target = clock.main_left / spread + 0.75 * control.period_time;
      reserve = control.period_time >= kMoveReserve ? 0 : later_moves_reserve;
      break;
    case TimeSystem::kByoyomi:
      if (overtime) {
        available = clock.in_overtime ? clock.period_left : control.period_time;
        target = 0.8 * available;
      } else {
        // Main time may run out during the move: the first period then covers the rest.
        available = clock.main_left + control.period_time;
        target = clock.main_left / spread + 0.5 * control.period_time;
      }
      break;
    case TimeSystem::kCanadian:
      if (overtime) {
        const bool started = clock.in_overtime;
        available = started ? clock.period_left : control.period_time;
        const int stones = std::max(1, started ? clock.stones_left : control.period_stones);
        // The period must last for every move still due in it.
        available /= stones;
        target = 0.9 * available;
      } else {
        available = clock.main_left;
        target = clock.main_left / spread;
      }
      break;
  }
  const double usable = available - std::min(kSafetySeconds, kSafetyShare * available) - reserve;
  MoveTime plan;
  plan.target = std::max(std::min(target, usable), kMinimumBudget);
  const double extra =
      std::min((kExtension - 1) * target, overtime ? usable : kExtensionShare * clock.main_left);
  plan.most = std::max(std::min(target + extra, usable), plan.target);
  return plan;
}

}  // namespace lifeline
