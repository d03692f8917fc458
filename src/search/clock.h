#ifndef LIFELINE_SEARCH_CLOCK_H_
#define LIFELINE_SEARCH_CLOCK_H_

namespace lifeline {

// A monotonic clock in seconds from an arbitrary origin. Search reads time only through this
// interface, so that tests drive time limits with a fake and stay independent of the machine.
class SteadyClock {
 public:
  virtual ~SteadyClock() = default;
  // Safe to call from several threads at once.
  virtual double Now() const = 0;
};

// std::chrono::steady_clock behind SteadyClock.
class RealClock : public SteadyClock {
 public:
  double Now() const override;
  // One shared instance; it holds no state.
  static const RealClock& Instance();
};

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_CLOCK_H_
