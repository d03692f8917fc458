#ifndef LIFELINE_SEARCH_POLICY_PLAYOUT_H_
#define LIFELINE_SEARCH_POLICY_PLAYOUT_H_

#include "core/bitset.h"
#include "core/color.h"
#include "core/geometry.h"
#include "core/position.h"
#include "core/random.h"
#include "search/move_model.h"
#include "search/recorded_playout.h"

namespace lifeline {

// A playout with a little Lifeline sense, recording played cells like RecordedPlayout. On
// every single placement it first looks at the empty cells next to the opponent's last stone,
// where its captures and threats arise: it takes a kill there, else occupies a cell where the
// opponent threatens to kill. Otherwise it plays a random legal cell, drawing again (a few
// times) when that stone would only kill its own group. Double turns, setup stones, swap and
// komi spending stay uniformly random, as in Position::RandomMove. `last_move` is the cell of
// the action that led to `position`, or kNoCell. Returns WinnerAtStart (recorded_playout.h);
// stops early on a settled board when `count_settled` is set (SettledEnd). Runs on the position
// sized to its base, with the same random draws as at the full width.
//
// With `ring_model`, the random cell is drawn in proportion to the strength of its ring of six
// neighbours under the learned model (MoveModel::RingAcceptance): a drawn cell is kept with its
// acceptance chance, up to kPatternDraws draws; the cheap form of the model in playouts.
//
// Unless `held` is null it receives who held each cell last (StartHolding, recorded_playout.h).
Color PolicyPlayout(Position position, Cell last_move, Rng& rng, Bitset played[2],
                    bool count_settled, const MoveModel* ring_model = nullptr,
                    Bitset held[2] = nullptr);

// The same playout at width W, which must hold the geometry's words.
template <int W>
Color PolicyPlayout(BasicPosition<W> position, Cell last_move, Rng& rng, BasicBitset<W> played[2],
                    bool count_settled, const MoveModel* ring_model = nullptr,
                    BasicBitset<W> held[2] = nullptr);

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_POLICY_PLAYOUT_H_
