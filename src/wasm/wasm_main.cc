// The lifeline engine compiled to WebAssembly: the native program's flags and GTP session, fed
// by its JavaScript host (the package's Web Worker, or Node for cli.mjs) one line at a time.
//
// The host passes the module an object `lifelineInput` with two methods: next(), a promise of
// the next input line (a string, or its bytes as a Uint8Array; null once the input has
// ended), and waiting(), whether a line or the end is there already. Output leaves through the
// module's print, one line at a time. The build has no threads, so the program yields to the
// host's event loop (Asyncify) while it waits for a line, and now and then while it searches,
// which is when the host can deliver the line that stops an analysis.
#include <emscripten.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <streambuf>
#include <string>
#include <vector>

#include "main/program.h"

// clang-format off
EM_ASYNC_JS(char*, LifelineNextInputLine, (), {
  const line = await Module["lifelineInput"].next();
  if (line === null) return 0;
  const bytes = typeof line === "string" ? new TextEncoder().encode(line) : line;
  const address = _malloc(bytes.length + 5);
  HEAPU32[address >> 2] = bytes.length + 1;
  HEAPU8.set(bytes, address + 4);
  HEAPU8[address + 4 + bytes.length] = 10;
  return address;
});

EM_JS(int, LifelineInputWaiting, (), {
  return Module["lifelineInput"].waiting() ? 1 : 0;
});
// clang-format on

namespace {

// Milliseconds of search between two yields to the host: short enough that an analysis stops
// within a tenth of a second of its next line, long enough that yielding (a timer turn of the
// event loop) costs the search a few percent at most.
constexpr double kYieldIntervalMs = 100;

// Standard input as the host delivers it: one line per refill, waiting for the host when
// none is there.
class HostInput : public std::streambuf {
 public:
  bool Waiting() { return in_avail() > 0 || LifelineInputWaiting() != 0; }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    // The host's line: its size (4 bytes), then its bytes and a newline.
    char* line = LifelineNextInputLine();
    if (line == nullptr) return traits_type::eof();
    uint32_t size = 0;
    std::memcpy(&size, line, sizeof size);
    line_.assign(line + sizeof size, size);
    std::free(line);
    setg(line_.data(), line_.data(), line_.data() + line_.size());
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::string line_;
};

// The probe of the session's streaming commands: yields to the host when the last yield is
// long enough ago, then says whether input is waiting.
class InputProbe {
 public:
  explicit InputProbe(HostInput& input) : input_(input) {}

  bool operator()() {
    const double now = emscripten_get_now();
    if (now - last_yield_ >= kYieldIntervalMs) {
      emscripten_sleep(0);
      last_yield_ = emscripten_get_now();
    }
    return input_.Waiting();
  }

 private:
  HostInput& input_;
  double last_yield_ = emscripten_get_now();
};

// Where the build embeds the trained network and the opening maps (src/wasm/CMakeLists.txt).
constexpr const char* kEmbeddedNetwork = "/lifeline/lifeline.net";
constexpr const char* kEmbeddedBook = "/lifeline/book";

}  // namespace

int main(int argc, char** argv) {
  HostInput input_buffer;
  std::istream input(&input_buffer);
  const lifeline::ProgramHost host{
      input, std::cout, InputProbe(input_buffer), {kEmbeddedNetwork}, {kEmbeddedBook}};
  const int status = lifeline::RunProgram(std::vector<std::string>(argv + 1, argv + argc), host);
  std::cout.flush();
  // Ends the runtime, so that the host learns the program has quit (its onExit).
  emscripten_force_exit(status);
  return status;
}
