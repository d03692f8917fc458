#ifndef LIFELINE_SEARCH_RECENT_STONES_H_
#define LIFELINE_SEARCH_RECENT_STONES_H_

#include <span>

#include "core/check.h"
#include "core/color.h"
#include "core/geometry.h"
#include "core/move.h"

namespace lifeline {

// The most recent stone each colour placed before a position, or kNoCell: what the learned
// move model's distance features measure from. Position keeps no history, so games and the
// search tree supply it.
struct RecentStones {
  Cell last[2] = {kNoCell, kNoCell};  // indexed by Index(Color)
};

// The recent stones after a game's moves (each by the colour of the same index in `movers`).
inline RecentStones RecentStonesOf(std::span<const Move> moves, std::span<const Color> movers) {
  LL_CHECK(moves.size() == movers.size());
  RecentStones recent;
  for (size_t i = moves.size(); i-- > 0;) {
    Cell& last = recent.last[Index(movers[i])];
    if (last != kNoCell) continue;
    if (moves[i].kind == Move::Kind::kPlace) last = moves[i].first;
    if (moves[i].kind == Move::Kind::kPair) last = moves[i].second;
    if (recent.last[0] != kNoCell && recent.last[1] != kNoCell) break;
  }
  return recent;
}

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_RECENT_STONES_H_
