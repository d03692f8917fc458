#include "gtp/input_watcher.h"

#include <chrono>
#include <functional>

#include "search/thread_support.h"

#if !LIFELINE_CAN_START_THREADS
#include <emscripten.h>
#endif

namespace lifeline {
namespace {

// How often the watcher looks for the next input line: quick enough to feel immediate.
constexpr std::chrono::milliseconds kInputPoll(5);

// Waits one poll interval. The single-threaded WebAssembly build has no other thread to wait
// for, and its host delivers input lines only while the program yields to it, which this
// sleep does.
void PauseForInput() {
#if !LIFELINE_CAN_START_THREADS
  emscripten_sleep(kInputPoll.count());
#else
  std::this_thread::sleep_for(kInputPoll);
#endif
}

std::function<bool()> ProbeWithoutThreads(const AnswerStream& stream) {
  if constexpr (kCanStartThreads) return nullptr;
  return [&stream] { return stream.InputReady(); };
}

}  // namespace

InputWatcher::InputWatcher(const AnswerStream& stream) : signal_(ProbeWithoutThreads(stream)) {
  if (stream.InputReady()) signal_.Set();
  if constexpr (!kCanStartThreads) return;
  thread_ = std::thread([this, &stream] {
    while (!done_.load() && !signal_.IsSet()) {
      if (stream.InputReady()) {
        signal_.Set();
        return;
      }
      std::this_thread::sleep_for(kInputPoll);
    }
  });
}

void InputWatcher::WaitForStop() const {
  while (!signal_.IsSet()) PauseForInput();
}

InputWatcher::~InputWatcher() {
  done_.store(true);
  if (thread_.joinable()) thread_.join();
}

}  // namespace lifeline
