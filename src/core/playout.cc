#include "core/playout.h"

#include "core/board_width.h"

namespace lifeline {

PlayoutResult RandomPlayout(Position position, Rng& rng) {
  return WithBoardWidth(position.geometry(), [&](auto width) {
    constexpr int w = decltype(width)::value;
    return RandomPlayout<w>(BasicPosition<w>(position), rng);
  });
}

}  // namespace lifeline
