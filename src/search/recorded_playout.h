#ifndef LIFELINE_SEARCH_RECORDED_PLAYOUT_H_
#define LIFELINE_SEARCH_RECORDED_PLAYOUT_H_

#include <optional>

#include "core/bitset.h"
#include "core/board_width.h"
#include "core/color.h"
#include "core/position.h"
#include "core/random.h"
#include "search/settled.h"

namespace lifeline {

// The winner of a playout, `winner` being a colour of `end`, the position where the playout
// stopped, given as the colour that the winning player held when the playout started: a swap
// during the playout exchanges the players' colours, and the tree counts wins by player.
template <int W>
Color WinnerAtStart(Color winner, const BasicPosition<W>& end, bool swapped_at_start) {
  return end.swapped() == swapped_at_start ? winner : Opponent(winner);
}

// The same for a finished playout, won by the side that moved last (which is also who wins a
// playout cut at the length guard, as in RandomPlayout).
template <int W>
Color WinnerAtStart(const BasicPosition<W>& end, bool swapped_at_start) {
  return WinnerAtStart(Opponent(end.to_move()), end, swapped_at_start);
}

// A playout that meets a settled board (settled.h) stops there when `count_settled` is set,
// and returns the side that wins the count; on the rare boards where the quick bounds do not
// decide, the playout plays on. The cells left to fill are not recorded as played: every own
// cell would credit the side that wins the count in the all-moves-as-first statistics, where
// a playout that plays on ends with the winner's cells mostly empty, and the search would
// learn to fill its own regions early (versions that recorded them lost 0-22 and 0-6).
template <int W>
std::optional<Color> SettledEnd(const BasicPosition<W>& position, bool count_settled,
                                bool swapped_at_start) {
  if (!count_settled) return std::nullopt;
  const std::optional<Color> winner = QuickSettledWinner(position);
  if (!winner) return std::nullopt;
  return WinnerAtStart(*winner, position, swapped_at_start);
}

// Runs playout(sized, sized_played) with `position` sized to its base (board_width.h) and
// empty sets at that width, adds the cells recorded there to `played` and returns the winner:
// how a playout entry point that takes the full width runs at the board's own.
template <typename F>
Color PlayAtBoardWidth(const Position& position, Bitset played[2], F&& playout) {
  return WithBoardWidth(position.geometry(), [&](auto width) {
    constexpr int w = decltype(width)::value;
    BasicBitset<w> sized_played[2];
    const Color winner = playout(BasicPosition<w>(position), sized_played);
    for (int i = 0; i < 2; ++i) played[i] |= Bitset(sized_played[i]);
    return winner;
  });
}

// A uniformly random playout like core's RandomPlayout that also records, per colour, every
// cell where that colour placed a stone (the all-moves-as-first statistics of RAVE). Adds to
// `played` (indexed by Index(Color)) and returns WinnerAtStart; stops early on a settled board
// when `count_settled` is set (SettledEnd). Runs on the position sized to its base, like
// core's RandomPlayout, with the same random draws as at the full width.
Color RecordedPlayout(Position position, Rng& rng, Bitset played[2], bool count_settled);

// The same playout at width W, which must hold the geometry's words.
template <int W>
Color RecordedPlayout(BasicPosition<W> position, Rng& rng, BasicBitset<W> played[2],
                      bool count_settled);

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_RECORDED_PLAYOUT_H_
