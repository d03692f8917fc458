#include "search/clock.h"

#include <chrono>

namespace lifeline {

double RealClock::Now() const {
  const auto since_origin = std::chrono::steady_clock::now().time_since_epoch();
  return std::chrono::duration<double>(since_origin).count();
}

const RealClock& RealClock::Instance() {
  static const RealClock clock;
  return clock;
}

}  // namespace lifeline
