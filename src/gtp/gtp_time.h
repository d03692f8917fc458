#ifndef LIFELINE_GTP_GTP_TIME_H_
#define LIFELINE_GTP_GTP_TIME_H_

#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/color.h"
#include "search/time_control.h"

namespace lifeline {

// GTP 2 time_settings: Canadian byo-yomi; no overtime when both byo-yomi numbers are 0, and
// no limit at all when the byo-yomi time is positive but its stones are 0.
absl::StatusOr<TimeControl> TimeControlFromGtp(double main_time, double byo_yomi_time,
                                               int64_t byo_yomi_stones);

// GTP 2 time_left on `control`: `stones` 0 means `seconds` of main time are left; otherwise
// the player is in overtime with `seconds` left in the period and `stones` moves (Canadian)
// or periods (byo-yomi, as KGS reports them) to go. Systems without periods take `seconds`
// as main time whatever `stones` says. A refused report changes nothing.
absl::Status ApplyGtpTimeLeft(TimeControl& control, Color color, double seconds, int64_t stones);

}  // namespace lifeline

#endif  // LIFELINE_GTP_GTP_TIME_H_
