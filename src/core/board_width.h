#ifndef LIFELINE_CORE_BOARD_WIDTH_H_
#define LIFELINE_CORE_BOARD_WIDTH_H_

#include <type_traits>

#include "core/bitset.h"
#include "core/geometry.h"

// The widths of the sized boards: the bitset words (Geometry::words()) of some base, from 1
// (bases 2 to 4) to kMaxWords (base 13); no base needs 8. Explicit instantiations of the sized
// types and functions, and the dispatch below, follow this one list.
#define LL_FOR_EACH_BOARD_WIDTH(M) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(9) M(10)

namespace lifeline {

static_assert(kMaxWords == 10, "LL_FOR_EACH_BOARD_WIDTH ends at kMaxWords");

// Calls f(std::integral_constant<int, W>()) with W = geometry.words(), and returns what it
// returns: where a base known at run time becomes a width known at compile time, once per
// playout, so that the loops inside run over exactly the words the board needs.
template <typename F>
decltype(auto) WithBoardWidth(const Geometry& geometry, F&& f) {
#define LL_BOARD_WIDTH_CASE(w) \
  case w:                      \
    return f(std::integral_constant<int, w>());
  switch (geometry.words()) { LL_FOR_EACH_BOARD_WIDTH(LL_BOARD_WIDTH_CASE) }
#undef LL_BOARD_WIDTH_CASE
  // Not reached (every base's width is listed); the full width holds every board anyway.
  return f(std::integral_constant<int, kMaxWords>());
}

}  // namespace lifeline

#endif  // LIFELINE_CORE_BOARD_WIDTH_H_
