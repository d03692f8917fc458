#include "search/recorded_playout.h"

#include "core/playout.h"

namespace lifeline {

Color RecordedPlayout(Position position, Rng& rng, Bitset played[2], bool count_settled) {
  const bool swapped_at_start = position.swapped();
  const int max_actions = kMaxPlayoutActionsPerCell * position.geometry().num_cells();
  for (int actions = 0; actions < max_actions; ++actions) {
    if (const std::optional<Color> winner =
            SettledEnd(position, count_settled, swapped_at_start)) {
      return *winner;
    }
    const std::optional<Move> move = position.RandomMove(rng);
    if (!move) break;
    Bitset& mine = played[Index(position.to_move())];
    if (move->kind == Move::Kind::kPlace || move->kind == Move::Kind::kPair) mine.Set(move->first);
    if (move->kind == Move::Kind::kPair) mine.Set(move->second);
    position.Play(*move);
  }
  return WinnerAtStart(position, swapped_at_start);
}

}  // namespace lifeline
