// The lifeline engine compiled to WebAssembly with threads (emscripten's pthreads): the native
// program's flags and GTP session, fed by its JavaScript host one line at a time.
//
// main() runs in a thread of its own (PROXY_TO_PTHREAD), so the host's own thread (the Web
// Worker that loaded the module, or Node's main thread) stays free to take the page's lines
// and to start the search's threads. The host passes the module an object `lifelineInput`
// with a method connect(sink): it hands its lines to sink.push(line) (a string, or its bytes)
// and the end of its input to sink.close(), those it holds already at once (threads_input.js
// makes the sink). The program blocks on its input as the native one does, and a thread
// watches the input while a search runs (gtp/input_watcher.cc): no Asyncify.
#include <emscripten.h>

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <iostream>
#include <mutex>
#include <optional>
#include <streambuf>
#include <string>
#include <utility>
#include <vector>

#include "main/program.h"

namespace {

// The lines the host has pushed and the program has not read yet, and whether the host's
// input has ended. The host's thread pushes, the program's threads take and look.
class SharedLines {
 public:
  void Push(std::string line) {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      lines_.push_back(std::move(line));
    }
    changed_.notify_all();
  }
  void Close() {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      closed_ = true;
    }
    changed_.notify_all();
  }
  // Whether Take would answer at once: a line, or the end of the input.
  bool Waiting() {
    const std::lock_guard<std::mutex> lock(mutex_);
    return !lines_.empty() || closed_;
  }
  // The next line, waiting for it; nothing once the input has ended and every line is read.
  std::optional<std::string> Take() {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [this] { return !lines_.empty() || closed_; });
    if (lines_.empty()) return std::nullopt;
    std::string line = std::move(lines_.front());
    lines_.pop_front();
    return line;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::string> lines_;
  bool closed_ = false;
};

// Standard input as the host delivers it: one whole line (and its newline) per refill. The
// session reads a refill whole before a command runs, so a line still waiting is always in the
// shared queue, where the input watcher's thread looks.
class HostInput : public std::streambuf {
 public:
  explicit HostInput(SharedLines& lines) : lines_(lines) {}

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    std::optional<std::string> line = lines_.Take();
    if (!line) return traits_type::eof();
    line_ = std::move(*line);
    line_.push_back('\n');
    setg(line_.data(), line_.data(), line_.data() + line_.size());
    return traits_type::to_int_type(*gptr());
  }

 private:
  SharedLines& lines_;
  std::string line_;
};

// Where the build embeds the trained network and the opening maps (src/wasm/CMakeLists.txt).
constexpr const char* kEmbeddedNetwork = "/lifeline/lifeline.net";
constexpr const char* kEmbeddedBook = "/lifeline/book";

}  // namespace

// Called by the host's thread (threads_input.js) with the queue that main() handed it.
extern "C" EMSCRIPTEN_KEEPALIVE void LifelineInputPush(void* lines, const char* bytes,
                                                       size_t size) {
  static_cast<SharedLines*>(lines)->Push(std::string(bytes, size));
}
extern "C" EMSCRIPTEN_KEEPALIVE void LifelineInputClose(void* lines) {
  static_cast<SharedLines*>(lines)->Close();
}

int main(int argc, char** argv) {
  SharedLines lines;
  // Runs on the host's thread and returns once it has handed over the lines it holds.
  MAIN_THREAD_EM_ASM({ Module["lifelineConnectInput"]($0); }, &lines);
  HostInput input_buffer(lines);
  std::istream input(&input_buffer);
  const lifeline::ProgramHost host{
      input, std::cout, [&lines] { return lines.Waiting(); }, {kEmbeddedNetwork}, {kEmbeddedBook}};
  const int status = lifeline::RunProgram(std::vector<std::string>(argv + 1, argv + argc), host);
  std::cout.flush();
  // The queue ends with main(): lines that come later stay on the host's side.
  MAIN_THREAD_EM_ASM({ Module["lifelineConnectInput"](0); });
  return status;
}
