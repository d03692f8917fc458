#include "core/game.h"

namespace lifeline {

Game::Game(const Geometry& geometry, const Rules& rules) : position_(geometry, rules) {}

absl::Status Game::Play(const Move& move) {
  const absl::Status status = position_.CheckMove(move);
  if (!status.ok()) return status;
  earlier_.push_back(position_);
  moves_.push_back(move);
  movers_.push_back(position_.to_move());
  position_.Play(move);
  return absl::OkStatus();
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
