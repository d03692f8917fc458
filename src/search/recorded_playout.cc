#include "search/recorded_playout.h"

#include "core/board_width.h"
#include "core/playout.h"

namespace lifeline {

Color RecordedPlayout(Position position, Rng& rng, Bitset played[2], bool count_settled,
                      Bitset held[2]) {
  return PlayAtBoardWidth(
      position, played, held,
      [&]<int W>(BasicPosition<W> sized, BasicBitset<W>* sized_played, BasicBitset<W>* sized_held) {
        return RecordedPlayout<W>(sized, rng, sized_played, count_settled, sized_held);
      });
}

template <int W>
Color RecordedPlayout(BasicPosition<W> position, Rng& rng, BasicBitset<W> played[2],
                      bool count_settled, BasicBitset<W> held[2]) {
  const bool swapped_at_start = position.swapped();
  if (held != nullptr) StartHolding(position.board(), held);
  const int max_actions = kMaxPlayoutActionsPerCell * position.geometry().num_cells();
  BasicGroupIndex<W> groups;
  BasicBoardIndex<W> index = position.board().MakeIndex(PlayoutGroups(groups));
  for (int actions = 0; actions < max_actions; ++actions) {
    if (const std::optional<Color> winner = SettledEnd(position, count_settled, swapped_at_start)) {
      // The winner in the colours of `position` (the translation is its own inverse).
      if (held != nullptr)
        FinishHolding(position, WinnerAtStart(*winner, position, swapped_at_start), held);
      return *winner;
    }
    const std::optional<Move> move = position.RandomMove(rng, index.legal);
    if (!move) break;
    RecordPlacement(*move, position.to_move(), played, held);
    position.Play(*move, index);
  }
  if (held != nullptr) FinishHolding(position, Opponent(position.to_move()), held);
  return WinnerAtStart(position, swapped_at_start);
}

#define LL_INSTANTIATE(w)                                                                       \
  template Color RecordedPlayout(BasicPosition<w> position, Rng& rng, BasicBitset<w> played[2], \
                                 bool count_settled, BasicBitset<w> held[2]);
LL_FOR_EACH_BOARD_WIDTH(LL_INSTANTIATE)
#undef LL_INSTANTIATE

}  // namespace lifeline
