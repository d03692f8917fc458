#ifndef LIFELINE_SEARCH_RECORDED_PLAYOUT_H_
#define LIFELINE_SEARCH_RECORDED_PLAYOUT_H_

#include "core/bitset.h"
#include "core/color.h"
#include "core/position.h"
#include "core/random.h"

namespace lifeline {

// The winner of a finished playout (the side that moved last, which is also who wins a playout
// cut at the length guard, as in RandomPlayout), given as the colour that the winning player
// held when the playout started: a swap during the playout exchanges the players' colours,
// and the tree counts wins by player.
inline Color WinnerAtStart(const Position& end, bool swapped_at_start) {
  const Color winner = Opponent(end.to_move());
  return end.swapped() == swapped_at_start ? winner : Opponent(winner);
}

// A uniformly random playout like core's RandomPlayout that also records, per colour, every
// cell where that colour placed a stone (the all-moves-as-first statistics of RAVE). Adds to
// `played` (indexed by Index(Color)) and returns WinnerAtStart.
Color RecordedPlayout(Position position, Rng& rng, Bitset played[2]);

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_RECORDED_PLAYOUT_H_
