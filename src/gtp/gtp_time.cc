#include "gtp/gtp_time.h"

#include "absl/strings/str_cat.h"

namespace lifeline {

absl::StatusOr<TimeControl> TimeControlFromGtp(double main_time, double byo_yomi_time,
                                               int64_t byo_yomi_stones) {
  if (byo_yomi_stones < 0) {
    return absl::InvalidArgumentError(absl::StrCat("invalid count ", byo_yomi_stones));
  }
  if (byo_yomi_stones > 0) return TimeControl::Canadian(main_time, byo_yomi_time, byo_yomi_stones);
  // The byo-yomi time is still checked, so that a bad one is refused whatever the stones.
  const absl::StatusOr<TimeControl> absolute = TimeControl::Absolute(main_time);
  if (!absolute.ok()) return absolute;
  const absl::StatusOr<TimeControl> period = TimeControl::Absolute(byo_yomi_time);
  if (!period.ok()) return period;
  return byo_yomi_time > 0 ? TimeControl::None() : *absolute;
}

absl::Status ApplyGtpTimeLeft(TimeControl& control, Color color, double seconds, int64_t stones) {
  if (stones < 0) return absl::InvalidArgumentError(absl::StrCat("invalid count ", stones));
  if (stones > 0 && control.HasPeriods()) return control.SetOvertimeLeft(color, seconds, stones);
  return control.SetMainTimeLeft(color, seconds);
}

}  // namespace lifeline
