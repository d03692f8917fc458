#include "core/perft.h"

namespace lifeline {

uint64_t Perft(const Position& position, int depth) {
  if (depth <= 0) return 1;
  const std::vector<Move> moves = position.LegalMoves();
  if (depth == 1) return moves.size();
  uint64_t total = 0;
  for (const Move& move : moves) {
    Position next = position;
    next.Play(move);
    total += Perft(next, depth - 1);
  }
  return total;
}

}  // namespace lifeline
