#ifndef LIFELINE_BOOK_OPENING_MAP_H_
#define LIFELINE_BOOK_OPENING_MAP_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/geometry.h"
#include "core/move.h"
#include "core/rules.h"

namespace lifeline {

// One entry of an opening map. A first turn (strong or weak pie) stands for its class under
// the board's twelve symmetries; `chance` is that of the side holding its stones, which the
// second player becomes by swapping. A komi entry (komi pie) gives Black's chance at the
// empty board with that komi.
struct MapEntry {
  enum class Kind : uint8_t { kFirstTurn, kKomi };

  Kind kind = Kind::kFirstTurn;
  std::vector<Cell> stones;  // kFirstTurn: one stone (weak pie) or two (strong pie)
  int komi = 0;              // kKomi
  double chance = 0.5;
  int64_t visits = 0;  // the search's visits behind an estimate; 0 for a proof
  // Exact entries: the second player's proven winning replies when it plays on (a first turn
  // of chance 0), or Black's proven winning first stones (a komi of chance 1).
  std::vector<Move> winning_moves;

  bool exact() const { return visits == 0; }
};

// The fair komi measured by play, a komi-pie map's header line `fair-komi-by-play K range LOW
// HIGH crossing X games N visits V`: games of the engine against itself at fixed komi and
// colours, and a logistic fit of Black's wins on the komi (docs/openings.md, "The fair komi by
// play"). It outranks the entries, which are searches of the empty board alone.
struct PlayedFairKomi {
  int komi = 0;  // the smallest whole komi whose fitted chance for Black is below one half
  int low = 0;   // the whole komi the crossing's 95% interval allows, from low to high
  int high = 0;
  double crossing = 0;  // where the fitted curve crosses one half
  int64_t games = 0;
  int64_t visits = 0;  // a move, in every game
};

// A map file as docs/openings.md describes it: the header's words and the entries, checked
// against the board and the rules it names. It does not judge whether a first turn is legal
// (the book asks the position) and knows nothing of symmetries (OpeningBook does).
class OpeningMap {
 public:
  static absl::StatusOr<OpeningMap> Parse(absl::string_view text);
  static absl::StatusOr<OpeningMap> Load(const std::string& path);

  const Geometry& geometry() const { return *geometry_; }
  Balancing balancing() const { return balancing_; }
  // The header lines other than base and rules (engine, network, visits, ...), in order.
  const std::vector<std::pair<std::string, std::string>>& header() const { return header_; }
  const std::vector<MapEntry>& entries() const { return entries_; }
  // From the header's `fair-komi-by-play` line, where a komi-pie map has one.
  const std::optional<PlayedFairKomi>& played_fair_komi() const { return played_fair_komi_; }

 private:
  OpeningMap(const Geometry& geometry, Balancing balancing)
      : geometry_(&geometry), balancing_(balancing) {}

  const Geometry* geometry_;
  Balancing balancing_;
  std::vector<std::pair<std::string, std::string>> header_;
  std::vector<MapEntry> entries_;
  std::optional<PlayedFairKomi> played_fair_komi_;
};

// The file name of the map of one base and rule: "base7-strong-pie.map".
std::string OpeningMapFileName(int base, Balancing balancing);

}  // namespace lifeline

#endif  // LIFELINE_BOOK_OPENING_MAP_H_
