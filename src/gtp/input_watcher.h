#ifndef LIFELINE_GTP_INPUT_WATCHER_H_
#define LIFELINE_GTP_INPUT_WATCHER_H_

#include <atomic>
#include <thread>

#include "gtp/answer_stream.h"
#include "search/stop_signal.h"

namespace lifeline {

// The signal that stops one search as soon as input is waiting, for the watcher's lifetime.
// Where threads can start, its own thread looks at the input and sets the signal; the search
// only reads it. Elsewhere (the single-threaded WebAssembly build) the signal's probe asks
// the stream each time the search looks. Input already waiting when it starts sets the signal
// at once, so an answer never depends on how fast anyone looks.
class InputWatcher {
 public:
  explicit InputWatcher(const AnswerStream& stream);
  ~InputWatcher();
  InputWatcher(const InputWatcher&) = delete;
  InputWatcher& operator=(const InputWatcher&) = delete;

  const StopSignal& signal() const { return signal_; }
  // Returns once the signal is set (by the watcher, or by anyone else).
  void WaitForStop() const;

 private:
  StopSignal signal_;
  std::atomic<bool> done_{false};  // declared before the thread, which reads it from its start
  std::thread thread_;             // not started where threads cannot start
};

}  // namespace lifeline

#endif  // LIFELINE_GTP_INPUT_WATCHER_H_
