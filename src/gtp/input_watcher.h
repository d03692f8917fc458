#ifndef LIFELINE_GTP_INPUT_WATCHER_H_
#define LIFELINE_GTP_INPUT_WATCHER_H_

#include <atomic>
#include <thread>

#include "gtp/answer_stream.h"

namespace lifeline {

// Sets `stop` as soon as input is waiting, from its own thread, for its own lifetime (one
// search); the search itself only reads the flag. Input already waiting when it starts sets
// the flag at once, so an answer never depends on how fast the thread looks.
class InputWatcher {
 public:
  InputWatcher(const AnswerStream& stream, std::atomic<bool>& stop);
  ~InputWatcher();
  InputWatcher(const InputWatcher&) = delete;
  InputWatcher& operator=(const InputWatcher&) = delete;

  // Returns once `stop` is set (by the watcher, or by anyone else).
  void WaitForStop() const;

 private:
  std::atomic<bool>& stop_;
  std::atomic<bool> done_{false};  // declared first: the thread reads it from its start
  std::thread thread_;
};

}  // namespace lifeline

#endif  // LIFELINE_GTP_INPUT_WATCHER_H_
