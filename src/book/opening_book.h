#ifndef LIFELINE_BOOK_OPENING_BOOK_H_
#define LIFELINE_BOOK_OPENING_BOOK_H_

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "absl/status/statusor.h"
#include "book/opening_map.h"
#include "core/move.h"
#include "core/position.h"
#include "core/random.h"

namespace lifeline {

// Where a position stands for the book: the first player's first turn, the second player's
// swap decision (and, having played on, its own first turn), or somewhere the book says
// nothing of.
enum class BookStage : uint8_t { kNone, kFirstTurn, kSwapDecision };

// One move the book knows of, with what it rests on: the entry (of the map) and `chance`, the
// win chance that the entry gives the side to move for this move.
struct BookCandidate {
  Move move;
  const MapEntry* entry = nullptr;
  double chance = 0.5;
};

// What the book says of a position: the moves it would draw from (all equally good by the
// map); none where the search chooses the move.
struct BookAdvice {
  BookStage stage = BookStage::kNone;
  std::vector<BookCandidate> choices;
  // The entry the advice rests on: the standing first turn's at a swap decision, the game's
  // komi's under komi pie; null where the map has none.
  const MapEntry* entry = nullptr;
};

// An opening map with its entries found by any of the board's twelve symmetries: what the
// engine plays in the first turns and what `lifeline-book` tells. Under strong and weak pie:
// the first player draws its first turn among the most balanced ones (the chance closest to
// even that the second player leaves it); the second player, where the map proves the first
// turn, swaps a won one and answers a lost one with a proven reply. An estimated first turn's
// swap decision is the search's: the estimates lean against the holder (docs/openings.md,
// "How sure the estimates are"). Under komi pie: Black's proven winning first stone at the
// game's komi. The engine plays the advice that rests on proofs alone (Choose). The book
// holds no game state.
class OpeningBook {
 public:
  static absl::StatusOr<OpeningBook> Make(OpeningMap map);

  const OpeningMap& map() const { return map_; }

  // The entry of the first turn with these stones (any order) and the symmetry that carries
  // the entry's stones onto them, or nullopt when the map lacks its class.
  struct Found {
    const MapEntry* entry;
    int symmetry;
  };
  std::optional<Found> Find(const std::vector<Cell>& stones) const;

  // What the map advises in `position` (which must be of the map's base and rules), estimates
  // included: what `lifeline-book` tells.
  BookAdvice Advise(const Position& position) const { return AdviseFrom(position, false); }
  // The move the engine plays from the book in `position`, drawn uniformly among the advice
  // that rests on proofs; nullopt where there is none. Estimated first turns are not played:
  // with them the engine lost strength (docs/results.md, M70 and M71).
  std::optional<BookCandidate> Choose(const Position& position, Rng& rng) const;

  // Each cell's figure for a drawing of the map, indexed by cell, NaN where there is none:
  // on the first player's empty board under strong pie, the best chance the first player
  // keeps with a first turn through the cell; with its first stone placed, or under weak
  // pie, the chance of the holder of the first turn that the cell makes. Empty elsewhere.
  std::vector<double> CellFigures(const Position& position) const;

 private:
  explicit OpeningBook(OpeningMap map) : map_(std::move(map)) {}

  // Whether the map advises a first turn from `entry`: a proof, or an estimate of the map's
  // largest budget (every estimate of a map made in one pass; the refined ones of a refined
  // map, whose other figures only rank the first turns).
  bool Advises(const MapEntry& entry) const {
    return entry.exact() || entry.visits >= largest_visits_;
  }

  // Every first turn of the map on the board: each entry under each symmetry, once.
  std::vector<BookCandidate> AllFirstTurns() const;
  BookAdvice AdviseFrom(const Position& position, bool proofs_only) const;
  BookAdvice FirstTurnAdvice(const Position& position, bool proofs_only) const;
  BookAdvice SwapAdvice(const Position& position) const;
  BookAdvice KomiAdvice(const Position& position) const;

  OpeningMap map_;
  int64_t largest_visits_ = 0;  // of the map's estimates
  // Sorted stones of every image of every first turn -> (entry index, symmetry).
  std::unordered_map<uint64_t, std::pair<int, int>> index_;
};

// How much the book prefers a first turn for its player: the chance it keeps after the swap
// decision for an estimate; below every estimate, the proven ones, those the second player
// must answer with a narrow set of replies first.
double FirstTurnPreference(const MapEntry& entry);

}  // namespace lifeline

#endif  // LIFELINE_BOOK_OPENING_BOOK_H_
