#ifndef LIFELINE_ENGINE_ENGINE_ENVIRONMENT_H_
#define LIFELINE_ENGINE_ENGINE_ENVIRONMENT_H_

#include <string>
#include <vector>

#include "search/clock.h"
#include "search/move_model.h"

namespace lifeline {

// What the engine's players are made with, given once by whoever makes the engine: the
// program gives the real clock and the built-in move model, a test a fake clock, so that a
// whole session runs on it. Both must outlive the engine and its players. The program also
// names where the network file lies when the option `network` is `auto`: the engine tries
// the paths in order; likewise the folders of opening maps when the option `book` is `auto`.
struct EngineEnvironment {
  const SteadyClock& clock;
  const MoveModel& move_model;
  std::vector<std::string> default_networks = {};
  std::vector<std::string> default_book_folders = {};
};

}  // namespace lifeline

#endif  // LIFELINE_ENGINE_ENGINE_ENVIRONMENT_H_
