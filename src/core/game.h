#ifndef LIFELINE_CORE_GAME_H_
#define LIFELINE_CORE_GAME_H_

#include <cstddef>
#include <optional>
#include <vector>

#include "core/check.h"
#include "core/move.h"
#include "core/move_error.h"
#include "core/position.h"

namespace lifeline {

// A game in progress: the current position plus the moves and positions that led to it, so
// that any number of moves can be undone. Play refuses an illegal move and leaves the game
// untouched.
class Game {
 public:
  Game(const Geometry& geometry, const Rules& rules);

  const Position& position() const { return position_; }
  const Rules& rules() const { return position_.rules(); }
  const Geometry& geometry() const { return position_.geometry(); }
  // Moves played so far, in order (the halves of a double turn entered one by one stay
  // separate kPlace moves).
  const std::vector<Move>& moves() const { return moves_; }
  // The colour that played each move of moves().
  const std::vector<Color>& movers() const { return movers_; }
  // The position in which moves()[i] was played; i == moves().size() gives the current one.
  const Position& PositionBefore(size_t i) const {
    LL_CHECK(i <= moves_.size());
    return i < earlier_.size() ? earlier_[i] : position_;
  }

  // Plays `move` for the side to move, or answers why it is illegal and changes nothing.
  std::optional<MoveError> Play(const Move& move);
  // The same for a move by `mover`, who must be the side to move (else kWrongColor, or
  // kGameOver when the game is over).
  std::optional<MoveError> Play(Color mover, const Move& move);
  // Takes back the last move; false when there is none.
  bool Undo();

 private:
  Position position_;
  std::vector<Position> earlier_;
  std::vector<Move> moves_;
  std::vector<Color> movers_;
};

}  // namespace lifeline

#endif  // LIFELINE_CORE_GAME_H_
