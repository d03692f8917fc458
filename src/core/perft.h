#ifndef LIFELINE_CORE_PERFT_H_
#define LIFELINE_CORE_PERFT_H_

#include <cstdint>

#include "core/position.h"

namespace lifeline {

// The number of distinct sequences of `depth` whole actions from `position` (a double turn
// counts once per unordered pair; a swap and a komi spending each count as an action). Lines
// that end the game early are not counted. The cross-check of move generation between
// implementations.
uint64_t Perft(const Position& position, int depth);

}  // namespace lifeline

#endif  // LIFELINE_CORE_PERFT_H_
