#ifndef LIFELINE_MAIN_PROGRAM_H_
#define LIFELINE_MAIN_PROGRAM_H_

#include <functional>
#include <istream>
#include <ostream>
#include <string>
#include <vector>

namespace lifeline {

// Where a build of the program meets its host: the protocol's streams, the probe that tells a
// streaming command that the next line is waiting (or that the input ended), and where
// `network auto` looks for the weights and `book auto` for the opening maps. The native
// program and the WebAssembly one differ in these alone.
struct ProgramHost {
  std::istream& in;
  std::ostream& out;
  std::function<bool()> input_ready;
  std::vector<std::string> default_networks;
  std::vector<std::string> default_book_folders;
};

// The whole program after its host is set up: reads the flags (`args` without the program's
// name), then prints what --help, --version or a bench asks for, or runs a GTP session until
// quit or the end of the input. Returns the exit status.
int RunProgram(const std::vector<std::string>& args, const ProgramHost& host);

}  // namespace lifeline

#endif  // LIFELINE_MAIN_PROGRAM_H_
