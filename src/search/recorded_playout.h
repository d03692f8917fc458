#ifndef LIFELINE_SEARCH_RECORDED_PLAYOUT_H_
#define LIFELINE_SEARCH_RECORDED_PLAYOUT_H_

#include "core/bitset.h"
#include "core/color.h"
#include "core/position.h"
#include "core/random.h"

namespace lifeline {

// A uniformly random playout like core's RandomPlayout that also records, per colour, every
// cell where that colour placed a stone (the all-moves-as-first statistics of RAVE). Adds to
// `played` (indexed by Index(Color)) and returns the winner; a playout cut at the length
// guard goes to the side that moved last, as in RandomPlayout.
Color RecordedPlayout(Position position, Rng& rng, Bitset played[2]);

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_RECORDED_PLAYOUT_H_
