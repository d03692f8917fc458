// The lifeline engine: a GTP session on standard input and output. Its flags are the engine's
// options (see --help), plus a few that print something and exit (--version, --bench, ...).
#include <poll.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>
#include <vector>

#include "main/program.h"

namespace {

// Whether the next input line (or the end of input) is waiting on standard input, so that a
// running analysis stops. Standard input is unbuffered (see main), so nothing can hide in a
// buffer that poll does not see.
bool StdinReady() {
  pollfd fd{0, POLLIN, 0};
  return poll(&fd, 1, 0) != 0;  // readable, hung up, or an error: stop either way
}

// Where `network auto` and `book auto` look for `name` (lifeline.net, the folder book): beside
// the program (the build folder, where the build copies them) and in the share/lifeline folder
// of its installation prefix.
std::vector<std::string> BesideProgram(const char* name) {
  std::error_code error;
  const std::filesystem::path program = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return {};
  const std::filesystem::path folder = program.parent_path();
  return {(folder / name).string(), (folder.parent_path() / "share" / "lifeline" / name).string()};
}

}  // namespace

int main(int argc, char** argv) {
  std::setvbuf(stdin, nullptr, _IONBF, 0);
  const lifeline::ProgramHost host{std::cin, std::cout, StdinReady, BesideProgram("lifeline.net"),
                                   BesideProgram("book")};
  return lifeline::RunProgram(std::vector<std::string>(argv + 1, argv + argc), host);
}
