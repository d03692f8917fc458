#ifndef LIFELINE_SEARCH_TERRITORY_TALLY_H_
#define LIFELINE_SEARCH_TERRITORY_TALLY_H_

#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include "core/bitset.h"
#include "core/geometry.h"

namespace lifeline {

// The territory that a search's playouts foresee: for each cell, how often Black rather than
// White held it last at the end of a playout (StartHolding, recorded_playout.h), as Go engines
// estimated ownership from their playouts before networks did. A Lifeline game ends when one
// side has no stones left, so the board at the end says only who won; who placed last on a
// cell says whose region it was while the regions were filled.
//
// Searching threads count into their own Local and add it to the shared tally now and then
// (Add flushes every kFlushPlayouts playouts, Flush at the end), so that counting costs them no
// shared writes per playout. Read may run while they search and sees what was flushed. It
// does not know the root: MctsTree resets it with every new root.
class TerritoryTally {
 public:
  static constexpr int32_t kFlushPlayouts = 64;

  struct Local {
    std::array<int32_t, Bitset::kBits> black_minus_white{};
    int32_t playouts = 0;
  };

  // Forgets every playout. Not while a search runs.
  void Reset();
  // Counts one playout's holders into `local`, flushing it when it holds kFlushPlayouts.
  void Add(Local& local, const Bitset held[2]);
  // Adds `local` to the tally and empties it.
  void Flush(Local& local);

  // The playouts flushed so far.
  int64_t playouts() const { return playouts_.load(std::memory_order_relaxed); }
  // Each cell's territory from Black's view, in [-1, 1] (+1: Black held it at the end of every
  // playout), indexed by cell over the geometry's cells; empty before any playout was flushed.
  std::vector<float> Read(const Geometry& geometry) const;

 private:
  std::array<std::atomic<int64_t>, Bitset::kBits> black_minus_white_{};
  std::atomic<int64_t> playouts_{0};
};

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_TERRITORY_TALLY_H_
