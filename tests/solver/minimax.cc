#include "minimax.h"

namespace lifeline::test {

std::string Minimax::StateOf(const reference::RefGame& game) {
  // The board and every flag the reference shows decide the legal actions, except which
  // opening turn it is, which the number of stones decides while no stone has been removed;
  // the captures tell the rest (after removals the opening is over).
  std::string state = game.board().ToText();
  state += static_cast<char>('0' + static_cast<int>(game.to_move()));
  state += game.swapped() ? 's' : '-';
  state += game.IsDoubleTurn() ? 'd' : '-';
  state += game.IsSetupTurn() ? 'u' : '-';
  state += game.CanSwap() ? 'w' : '-';
  state += std::to_string(game.komi_left()) + "/" +
           std::to_string(game.captured(reference::Stone::kBlack)) + "/" +
           std::to_string(game.captured(reference::Stone::kWhite));
  return state;
}

bool Minimax::Wins(const reference::RefGame& game) {
  const std::string state = StateOf(game);
  const auto known = known_.find(state);
  if (known != known_.end()) return known->second;
  bool wins = false;
  for (const reference::Action& action : game.LegalActions()) {
    reference::RefGame next = game;
    next.Play(action);
    if (!Wins(next)) {
      wins = true;
      break;
    }
  }
  known_[state] = wins;
  return wins;
}

}  // namespace lifeline::test
