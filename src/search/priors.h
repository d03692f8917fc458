#ifndef LIFELINE_SEARCH_PRIORS_H_
#define LIFELINE_SEARCH_PRIORS_H_

#include <cstdint>
#include <span>

#include "core/move.h"
#include "core/position.h"

namespace lifeline {

// A prior win rate, quantised to a byte so that it fits in the padding of a tree node:
// 0 is a certain loss, kPriorScale a certain win, kNeutralPrior no opinion.
inline constexpr int kPriorScale = 250;
inline constexpr uint8_t kNeutralPrior = kPriorScale / 2;
inline double PriorWinRate(uint8_t prior) { return prior / static_cast<double>(kPriorScale); }

// Prior win rates of the side to move's actions in `position`, from simple Lifeline knowledge:
// a stone that kills enemy groups is good, so is one on a cell where the opponent would kill
// an own group; contact with both colours is better than contact with one or none; a stone
// that only kills its own group (say, merging the last two groups of a region) or that fills
// a cell the opponent can never reach (own safe territory: a move given away) is bad.
// Double turns, setup stones, swap and komi spending get no opinion. Costs a board copy and
// one or two fast placements per move, once per tree expansion.
void ComputePriors(const Position& position, std::span<const Move> moves,
                   std::span<uint8_t> priors);

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_PRIORS_H_
