#include "gtp/input_watcher.h"

#include <chrono>

namespace lifeline {
namespace {

// How often the watcher looks for the next input line: quick enough to feel immediate.
constexpr std::chrono::milliseconds kInputPoll(5);

}  // namespace

InputWatcher::InputWatcher(const AnswerStream& stream, std::atomic<bool>& stop) : stop_(stop) {
  if (stream.InputReady()) stop.store(true);
  thread_ = std::thread([this, &stream, &stop] {
    while (!done_.load() && !stop.load()) {
      if (stream.InputReady()) {
        stop.store(true);
        return;
      }
      std::this_thread::sleep_for(kInputPoll);
    }
  });
}

void InputWatcher::WaitForStop() const {
  while (!stop_.load()) std::this_thread::sleep_for(kInputPoll);
}

InputWatcher::~InputWatcher() {
  done_.store(true);
  thread_.join();
}

}  // namespace lifeline
