#include "search/recorded_playout.h"

#include "core/board_width.h"
#include "core/playout.h"

namespace lifeline {

Color RecordedPlayout(Position position, Rng& rng, Bitset played[2], bool count_settled) {
  return PlayAtBoardWidth(position, played,
                          [&]<int W>(BasicPosition<W> sized, BasicBitset<W>* sized_played) {
                            return RecordedPlayout<W>(sized, rng, sized_played, count_settled);
                          });
}

template <int W>
Color RecordedPlayout(BasicPosition<W> position, Rng& rng, BasicBitset<W> played[2],
                      bool count_settled) {
  const bool swapped_at_start = position.swapped();
  const int max_actions = kMaxPlayoutActionsPerCell * position.geometry().num_cells();
  for (int actions = 0; actions < max_actions; ++actions) {
    if (const std::optional<Color> winner = SettledEnd(position, count_settled, swapped_at_start)) {
      return *winner;
    }
    const std::optional<Move> move = position.RandomMove(rng);
    if (!move) break;
    BasicBitset<W>& mine = played[Index(position.to_move())];
    if (move->kind == Move::Kind::kPlace || move->kind == Move::Kind::kPair) mine.Set(move->first);
    if (move->kind == Move::Kind::kPair) mine.Set(move->second);
    position.Play(*move);
  }
  return WinnerAtStart(position, swapped_at_start);
}

#define LL_INSTANTIATE(w)                                                                       \
  template Color RecordedPlayout(BasicPosition<w> position, Rng& rng, BasicBitset<w> played[2], \
                                 bool count_settled);
LL_FOR_EACH_BOARD_WIDTH(LL_INSTANTIATE)
#undef LL_INSTANTIATE

}  // namespace lifeline
