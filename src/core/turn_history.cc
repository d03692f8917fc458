#include "core/turn_history.h"

#include "core/check.h"

namespace lifeline {

bool TurnHistory::LeftPending(size_t i) const {
  return game_.PositionBefore(i + 1).pending_stone() != kNoCell;
}

int TurnHistory::CompletedTurns() const {
  int turns = 0;
  for (size_t i = 0; i < game_.moves().size(); ++i) {
    if (!LeftPending(i)) ++turns;
  }
  return turns;
}

std::optional<PlayedSpan> TurnHistory::LastMove() const {
  const size_t count = game_.moves().size();
  if (count == 0) return std::nullopt;
  return Span(count - 1, count);
}

std::optional<PlayedSpan> TurnHistory::LastTurn() const {
  size_t end = game_.moves().size();
  if (end > 0 && LeftPending(end - 1)) --end;
  if (end == 0) return std::nullopt;
  const size_t begin = end >= 2 && LeftPending(end - 2) ? end - 2 : end - 1;
  return Span(begin, end);
}

PlayedSpan TurnHistory::Span(size_t begin, size_t end) const {
  LL_CHECK(begin < end && end <= game_.moves().size());
  PlayedSpan span;
  span.color = game_.movers()[begin];
  for (size_t i = begin; i < end; ++i) {
    const Move& move = game_.moves()[i];
    if (move.first != kNoCell) span.placed.push_back(move.first);
    if (move.second != kNoCell) span.placed.push_back(move.second);
  }
  span.move = end - begin == 2 ? Move::Pair(span.placed[0], span.placed[1]) : game_.moves()[begin];
  const Board& before = game_.PositionBefore(begin).board();
  const Board& after = game_.PositionBefore(end).board();
  // A stone placed in the span and taken off in it was removed too.
  Bitset placed;
  for (Cell cell : span.placed) placed.Set(cell);
  const Bitset mover_had = before.stones(span.color) | placed;
  for (Color color : {Color::kBlack, Color::kWhite}) {
    const Bitset had = color == span.color ? mover_had : before.stones(color);
    span.removed[Index(color)] = had & ~after.stones(color);
  }
  return span;
}

}  // namespace lifeline
