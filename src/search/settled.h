#ifndef LIFELINE_SEARCH_SETTLED_H_
#define LIFELINE_SEARCH_SETTLED_H_

#include <array>
#include <optional>

#include "core/bitset.h"
#include "core/board.h"
#include "core/color.h"
#include "core/position.h"

namespace lifeline {

// The end of a game, decided by counting. A board is settled when every region of connected empty
// cells touches stones of one colour only. Neither side can then place in the other's regions (a
// stone with no path of empty or own cells to an own stone kills nothing: docs/rules.md, "A turn"),
// and a stone in one's own regions changes nothing for the other side, so what is left is a race:
// each side fills its own regions, and the side to move wins when it has more placements left than
// the opponent. A side's placements in one region of empty-or-own cells are its empty cells minus
// the fewest of them that must stay empty to keep two of its groups apart (when all of its stones
// there join into one group, that group is dead).
//
// The count is exact while neither side kills its own groups on purpose: such a stone frees
// cells that border only the other colour, which then belong to the other side. The search
// only uses it to end playouts early, not as a rule.

// Every empty region touches stones of at most one colour. At any width (settled.cc defines
// every width), since playouts ask it on every action of the board sized to its base.
template <int W>
bool IsSettled(const BasicBoard<W>& board);

// On a settled board where every group is alive: the stones `color` can still place without
// losing any of its own, and (in `cells`, when not null) the empty cells of its own regions.
int SafePlacements(const Board& board, Color color, Bitset* cells = nullptr);

// On a settled board of a position with single placements and every group alive, each side's
// SafePlacements, Black's first; nullopt otherwise (a pending stone, a double turn, a dead
// group, an unsettled board). The counts leave out White's komi left.
std::optional<std::array<int, 2>> SettledPlacements(const Position& position);

// The winner of a position past its opening whose board is settled (of a finished game too),
// counting White's komi left as actions; nullopt when the position is still in its opening,
// has a pending stone or a dead group, or its board is not settled.
std::optional<Color> SettledWinner(const Position& position);

// SettledWinner when bounds on the counts found without a flow decide it (nearly always: the
// flows are needed on one or two settled boards in a hundred, and cost milliseconds on a
// large region); nullopt otherwise. At any width, like IsSettled.
template <int W>
std::optional<Color> QuickSettledWinner(const BasicPosition<W>& position);

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_SETTLED_H_
