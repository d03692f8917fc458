#include "core/game.h"

namespace lifeline {

Game::Game(const Geometry& geometry, const Rules& rules) : position_(geometry, rules) {}

std::optional<MoveError> Game::Play(const Move& move) {
  const std::optional<MoveError> problem = position_.WhyIllegal(move);
  if (problem) return problem;
  earlier_.push_back(position_);
  moves_.push_back(move);
  movers_.push_back(position_.to_move());
  position_.Play(move);
  return std::nullopt;
}

std::optional<MoveError> Game::Play(Color mover, const Move& move) {
  if (mover != position_.to_move()) return position_.WhyIllegal(mover, move);
  return Play(move);
}

bool Game::Undo() {
  if (earlier_.empty()) return false;
  position_ = earlier_.back();
  earlier_.pop_back();
  moves_.pop_back();
  movers_.pop_back();
  return true;
}

}  // namespace lifeline
