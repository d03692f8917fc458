#ifndef LIFELINE_SEARCH_STOP_SIGNAL_H_
#define LIFELINE_SEARCH_STOP_SIGNAL_H_

#include <atomic>
#include <functional>
#include <utility>

namespace lifeline {

// What ends a search before its limits: the protocol's next input line. Where the program can
// start threads, a watcher thread sets it and the searching threads only read it. Where it
// cannot (the single-threaded WebAssembly build), nothing runs beside the search, so the
// signal carries a probe that the search's main thread calls whenever it looks; the probe
// decides how often it really looks at the input. Once set it stays set.
class StopSignal {
 public:
  StopSignal() = default;
  explicit StopSignal(std::function<bool()> probe) : probe_(std::move(probe)) {}
  StopSignal(const StopSignal&) = delete;
  StopSignal& operator=(const StopSignal&) = delete;

  void Set() const { set_.store(true, std::memory_order_relaxed); }
  // Only the thread that made the signal (the search's main thread) may ask while a probe is
  // set; other threads see the flag alone, which the probe's caller sets for them.
  bool IsSet() const {
    if (set_.load(std::memory_order_relaxed)) return true;
    if (probe_ && probe_()) Set();
    return set_.load(std::memory_order_relaxed);
  }

 private:
  mutable std::atomic<bool> set_{false};
  std::function<bool()> probe_;
};

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_STOP_SIGNAL_H_
