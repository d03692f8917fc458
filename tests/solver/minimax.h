#ifndef LIFELINE_TESTS_SOLVER_MINIMAX_H_
#define LIFELINE_TESTS_SOLVER_MINIMAX_H_

#include <map>
#include <string>

#include "reference_rules.h"

namespace lifeline::test {

// The slow, obvious yardstick of the solver: plain minimax over the reference rules of the
// tests, which share no code with the engine. The player to act wins when some legal action
// leaves the other player (who acts next, whatever the colours) without a win; with no legal
// action it has lost. Results are remembered by the whole visible state of the game, so that
// small boards can be searched exhaustively.
class Minimax {
 public:
  // Whether the player to act in `game` wins.
  bool Wins(const reference::RefGame& game);
  // Positions searched so far (each once).
  size_t size() const { return known_.size(); }

 private:
  static std::string StateOf(const reference::RefGame& game);

  std::map<std::string, bool> known_;
};

}  // namespace lifeline::test

#endif  // LIFELINE_TESTS_SOLVER_MINIMAX_H_
