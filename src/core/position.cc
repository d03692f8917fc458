#include "core/position.h"

#include "core/board_width.h"
#include "core/check.h"

namespace lifeline {
namespace {

int OpeningLength(Balancing balancing) { return balancing == Balancing::kStrongPie ? 2 : 4; }

// Tries to draw a legal pair at random this many times before listing them all; a random pair
// is nearly always legal, so the list is only built on tiny, crowded boards.
constexpr int kPairDraws = 64;
// Draws of a random empty cell for a single placement before the legal cells are listed
// (few draws fail unless the side to move is nearly shut out).
constexpr int kCellDraws = 8;

}  // namespace

const char* PhaseName(Phase phase) {
  switch (phase) {
    case Phase::kOpening:
      return "opening";
    case Phase::kPlay:
      return "play";
    case Phase::kOver:
      return "over";
  }
  return "?";
}

template <int W>
BasicPosition<W>::BasicPosition(const Geometry& geometry, const Rules& rules)
    : rules_(rules),
      board_(geometry),
      komi_left_(rules.balancing == Balancing::kKomiPie ? rules.komi : 0) {}

template <int W>
Phase BasicPosition<W>::phase() const {
  if (!HasLegalAction()) return Phase::kOver;
  return opening_turns_ < OpeningLength(rules_.balancing) ? Phase::kOpening : Phase::kPlay;
}

template <int W>
int BasicPosition<W>::stones_to_place() const {
  if (!HasLegalAction()) return 0;
  return IsDoubleTurn() && pending_ == kNoCell ? 2 : 1;
}

template <int W>
bool BasicPosition<W>::IsDoubleTurn() const {
  return rules_.balancing == Balancing::kStrongPie && opening_turns_ < 2;
}

template <int W>
bool BasicPosition<W>::IsSetupTurn() const {
  return rules_.balancing != Balancing::kStrongPie && opening_turns_ < 4;
}

template <int W>
uint64_t BasicPosition<W>::hash() const {
  uint64_t state = static_cast<uint64_t>(Index(to_move_));
  state |= static_cast<uint64_t>(opening_turns_) << 1;
  state |= static_cast<uint64_t>(swapped_) << 4;
  state |= static_cast<uint64_t>(pending_ + 1) << 5;
  state |= static_cast<uint64_t>(komi_left_) << 16;
  return board_.hash() ^ MixBits(state);
}

template <int W>
bool BasicPosition<W>::CanSwap() const {
  return rules_.balancing != Balancing::kKomiPie && to_move_ == Color::kWhite && !swapped_ &&
         opening_turns_ == 1 && pending_ == kNoCell;
}

template <int W>
bool BasicPosition<W>::CanSpendKomi() const {
  return rules_.balancing == Balancing::kKomiPie && to_move_ == Color::kWhite &&
         opening_turns_ >= 4 && komi_left_ > 0;
}

template <int W>
typename BasicPosition<W>::Bits BasicPosition<W>::SetupCells() const {
  Bits cells = board_.empty();
  const Cell first = first_setup_stone_[Index(to_move_)];
  if (first != kNoCell) cells.Subtract(geometry().template NeighborSet<W>(first));
  return cells;
}

// A pair is legal when placing both stones and resolving captures changes `before`.
template <int W>
bool BasicPosition<W>::PairAllowedOn(const BasicBoard<W>& before, Cell a, Cell b) const {
  if (a == b || !before.IsEmpty(a) || !before.IsEmpty(b)) return false;
  BasicBoard<W> after = before;
  const Cell cells[2] = {a, b};
  after.PlaceAndResolve(to_move_, cells);
  return !(after == before);
}

// The board before the current double turn: without the pending stone.
template <int W>
static BasicBoard<W> BoardBeforeTurn(const BasicBoard<W>& board, Cell pending, Color mover) {
  BasicBoard<W> before = board;
  if (pending != kNoCell) before.RemoveStones(BasicBitset<W>::Single(pending), mover);
  return before;
}

template <int W>
bool BasicPosition<W>::IsLegalPair(Cell a, Cell b) const {
  if (!IsDoubleTurn()) return false;
  return PairAllowedOn(BoardBeforeTurn(board_, pending_, to_move_), a, b);
}

template <int W>
typename BasicPosition<W>::Bits BasicPosition<W>::PairPartners(Cell a) const {
  const BasicBoard<W> before = BoardBeforeTurn(board_, pending_, to_move_);
  Bits partners;
  before.empty().ForEach([&](Cell b) {
    if (PairAllowedOn(before, a, b)) partners.Set(b);
  });
  return partners;
}

template <int W>
typename BasicPosition<W>::Bits BasicPosition<W>::PairCells(bool lower_first) const {
  // The partner a pair's cell is named with: any other cell, or with `lower_first` a higher one.
  const auto named_with = [&](Cell a, Cell b) { return lower_first ? b > a : b != a; };
  Bits cells;
  if (pending_ != kNoCell) {
    PairPartners(pending_).ForEach([&](Cell b) {
      if (named_with(pending_, b)) cells.Set(b);
    });
    return cells;
  }
  const Bits open = board_.empty();
  open.ForEach([&](Cell a) {
    bool found = false;
    open.ForEach([&](Cell b) {
      if (!found && named_with(a, b) && PairAllowedOn(board_, a, b)) found = true;
    });
    if (found) cells.Set(a);
  });
  return cells;
}

template <int W>
typename BasicPosition<W>::Bits BasicPosition<W>::PlacementCells() const {
  if (IsDoubleTurn()) return PairCells(/*lower_first=*/false);
  if (IsSetupTurn()) return SetupCells();
  return board_.LegalPlacements(to_move_);
}

template <int W>
typename BasicPosition<W>::Bits BasicPosition<W>::OrderedPairCells() const {
  return IsDoubleTurn() ? PairCells(/*lower_first=*/true) : PlacementCells();
}

template <int W>
bool BasicPosition<W>::HasLegalAction() const {
  if (CanSwap() || CanSpendKomi()) return true;
  if (IsDoubleTurn()) {
    if (pending_ != kNoCell) return true;  // a pending stone was accepted with a partner
    const Bits open = board_.empty();
    bool found = false;
    open.ForEach([&](Cell a) {
      open.ForEach([&](Cell b) {
        if (!found && a < b && PairAllowedOn(board_, a, b)) found = true;
      });
    });
    return found;
  }
  if (IsSetupTurn()) return SetupCells().Any();
  return board_.LegalPlacements(to_move_).Any();
}

template <int W>
bool BasicPosition<W>::HasLegalAction(const LegalCells& legal) const {
  if (CanSwap() || CanSpendKomi()) return true;
  if (IsSingleTurn()) return legal[to_move_].Any();
  return HasLegalAction();
}

template <int W>
typename BasicPosition<W>::Bits BasicPosition<W>::CellsToPlace(const LegalCells* legal) const {
  return IsSingleTurn() && legal != nullptr ? (*legal)[to_move_] : PlacementCells();
}

template <int W>
std::vector<Move> BasicPosition<W>::LegalMoves() const {
  return ListMoves(nullptr);
}

template <int W>
std::vector<Move> BasicPosition<W>::LegalMoves(const LegalCells& legal) const {
  return ListMoves(&legal);
}

template <int W>
std::vector<Move> BasicPosition<W>::ListMoves(const LegalCells* legal) const {
  std::vector<Move> moves;
  if (CanSwap()) moves.push_back(Move::Swap());
  if (CanSpendKomi()) moves.push_back(Move::SpendKomi());
  if (IsDoubleTurn() && pending_ == kNoCell) {
    const Bits open = board_.empty();
    open.ForEach([&](Cell a) {
      open.ForEach([&](Cell b) {
        if (a < b && PairAllowedOn(board_, a, b)) moves.push_back(Move::Pair(a, b));
      });
    });
    return moves;
  }
  CellsToPlace(legal).ForEach([&](Cell c) { moves.push_back(Move::Place(c)); });
  return moves;
}

template <int W>
std::optional<Move> BasicPosition<W>::RandomMove(Rng& rng) const {
  return DrawMove(rng, nullptr);
}

template <int W>
std::optional<Move> BasicPosition<W>::RandomMove(Rng& rng, const LegalCells& legal) const {
  return DrawMove(rng, &legal);
}

template <int W>
std::optional<Move> BasicPosition<W>::DrawMove(Rng& rng, const LegalCells* legal) const {
  if (IsDoubleTurn() && pending_ == kNoCell) {
    // Uniform over the legal pairs and the swap: draw from all pairs of empty cells plus one
    // slot for the swap, and draw again when the pair is illegal.
    const Bits open = board_.empty();
    const uint32_t n = static_cast<uint32_t>(open.Count());
    const uint32_t pairs = n * (n - 1) / 2;
    const uint32_t slots = pairs + (CanSwap() ? 1 : 0);
    for (int draw = 0; draw < kPairDraws && n >= 2; ++draw) {
      const uint32_t pick = rng.Below(slots);
      if (pick == pairs) return Move::Swap();
      // Two distinct cells, each unordered pair with the same chance as the swap slot.
      const uint32_t i = rng.Below(n);
      uint32_t j = rng.Below(n - 1);
      if (j >= i) ++j;
      const Cell a = open.Nth(static_cast<int>(i));
      const Cell b = open.Nth(static_cast<int>(j));
      if (PairAllowedOn(board_, a, b)) return Move::Pair(a, b);
    }
    const std::vector<Move> moves = LegalMoves();
    if (moves.empty()) return std::nullopt;
    return moves[rng.Below(static_cast<uint32_t>(moves.size()))];
  }
  if (IsSingleTurn() && legal == nullptr) {
    // A single turn: draw from the empty cells plus a komi slot, and draw again when the cell
    // is illegal. Uniform over the legal actions, and most draws need no flood at all.
    const Bits open = board_.empty();
    const uint32_t n = static_cast<uint32_t>(open.Count());
    const uint32_t slots = n + (CanSpendKomi() ? 1 : 0);
    for (int draw = 0; draw < kCellDraws && board_.stones(to_move_).Any(); ++draw) {
      const uint32_t pick = rng.Below(slots);
      if (pick == n) return Move::SpendKomi();
      const Cell c = open.Nth(static_cast<int>(pick));
      if (board_.IsLegalPlacement(to_move_, c)) return Move::Place(c);
    }
  }
  // One draw among the legal cells and the swap or komi slot; with `legal`, a single turn's
  // cells are known without a flood.
  const Bits cells = CellsToPlace(legal);
  const int extra = (CanSwap() ? 1 : 0) + (CanSpendKomi() ? 1 : 0);
  const int count = cells.Count();
  if (count + extra == 0) return std::nullopt;
  const int pick = static_cast<int>(rng.Below(static_cast<uint32_t>(count + extra)));
  if (pick < count) return Move::Place(cells.Nth(pick));
  return CanSwap() ? Move::Swap() : Move::SpendKomi();
}

template <int W>
std::optional<MoveError> BasicPosition<W>::WhyIllegal(const Move& move) const {
  const std::optional<MoveError> problem = MoveProblem(move);
  if (problem && !HasLegalAction()) return MoveError::kGameOver;
  return problem;
}

template <int W>
std::optional<MoveError> BasicPosition<W>::WhyIllegal(Color mover, const Move& move) const {
  const std::optional<MoveError> problem =
      mover == to_move_ ? MoveProblem(move) : MoveError::kWrongColor;
  if (problem && !HasLegalAction()) return MoveError::kGameOver;
  return problem;
}

template <int W>
std::optional<MoveError> BasicPosition<W>::MoveProblem(const Move& move) const {
  const Geometry& g = geometry();
  const auto on_board = [&](Cell c) { return c >= 0 && c < g.array_size() && g.cells().Test(c); };
  switch (move.kind) {
    case Move::Kind::kSwap:
      if (!CanSwap()) return MoveError::kSwapNotAllowed;
      return std::nullopt;
    case Move::Kind::kSpendKomi:
      if (rules_.balancing != Balancing::kKomiPie || to_move_ != Color::kWhite ||
          opening_turns_ < 4) {
        return MoveError::kPassNotAllowed;
      }
      if (komi_left_ == 0) return MoveError::kNoKomi;
      return std::nullopt;
    case Move::Kind::kPair:
      if (!IsDoubleTurn()) return MoveError::kNotDoubleTurn;
      if (pending_ != kNoCell) return MoveError::kDoubleTurnStarted;
      if (!on_board(move.first) || !on_board(move.second)) return MoveError::kOffBoard;
      if (!board_.IsEmpty(move.first) || !board_.IsEmpty(move.second)) {
        return MoveError::kOccupied;
      }
      if (move.first == move.second) return MoveError::kSameCell;
      if (!IsLegalPair(move.first, move.second)) return MoveError::kNoEffect;
      return std::nullopt;
    case Move::Kind::kPlace:
      break;
  }
  const Cell c = move.first;
  if (!on_board(c)) return MoveError::kOffBoard;
  if (!board_.IsEmpty(c)) return MoveError::kOccupied;
  if (IsDoubleTurn()) {
    const bool ok = pending_ == kNoCell ? PairPartners(c).Any() : IsLegalPair(pending_, c);
    if (!ok) return MoveError::kNoEffect;
    return std::nullopt;
  }
  if (IsSetupTurn()) {
    if (!SetupCells().Test(c)) return MoveError::kAdjacent;
    return std::nullopt;
  }
  if (!board_.IsLegalPlacement(to_move_, c)) return MoveError::kNoEffect;
  return std::nullopt;
}

template <int W>
void BasicPosition<W>::Play(const Move& move) {
  switch (move.kind) {
    case Move::Kind::kSwap:
      swapped_ = true;  // the board and the side to move stay; the players change colours
      return;
    case Move::Kind::kSpendKomi:
      --komi_left_;
      EndTurn();
      return;
    case Move::Kind::kPair:
      PlacePair(move.first, move.second);
      return;
    case Move::Kind::kPlace:
      if (IsDoubleTurn()) {
        if (pending_ == kNoCell) {
          board_.AddStone(move.first, to_move_);  // nothing is removed before the partner
          pending_ = move.first;
        } else {
          PlacePair(pending_, move.first);
        }
      } else if (IsSetupTurn()) {
        PlaceSetup(move.first);
      } else {
        PlaceSingle(move.first);
      }
      return;
  }
}

template <int W>
void BasicPosition<W>::Play(const Move& move, BoardIndex& index) {
  if (move.kind == Move::Kind::kPlace && IsSingleTurn() && all_alive_) {
    PlaceSingle(move.first, &index);
    return;
  }
  Play(move);
  // A swap or a komi point leaves the board as it was.
  if (move.kind == Move::Kind::kPlace || move.kind == Move::Kind::kPair) board_.RebuildIndex(index);
}

template <int W>
void BasicPosition<W>::PlaceSingle(Cell c, BoardIndex* index) {
  if (all_alive_) {
    AddEffect(board_.PlaceFast(to_move_, c, index));
  } else {
    const Cell cells[1] = {c};
    AddEffect(board_.PlaceAndResolve(to_move_, cells));
    all_alive_ = true;  // a resolved turn leaves only living groups
  }
  EndTurn();
}

template <int W>
void BasicPosition<W>::PlacePair(Cell a, Cell b) {
  if (pending_ != kNoCell) {
    board_.RemoveStones(Bits::Single(pending_), to_move_);
    pending_ = kNoCell;
  }
  const Cell cells[2] = {a, b};
  AddEffect(board_.PlaceAndResolve(to_move_, cells));
  all_alive_ = true;
  ++opening_turns_;
  EndTurn();
}

template <int W>
void BasicPosition<W>::PlaceSetup(Cell c) {
  board_.AddStone(c, to_move_);
  if (first_setup_stone_[Index(to_move_)] == kNoCell) first_setup_stone_[Index(to_move_)] = c;
  ++opening_turns_;
  // Setup stones are never judged, so groups may be dead when the first real turn starts.
  if (opening_turns_ == 4) all_alive_ = false;
  EndTurn();
}

template <int W>
void BasicPosition<W>::AddEffect(const PlacementEffect& effect) {
  captured_[0] += effect.removed[0];
  captured_[1] += effect.removed[1];
}

template <int W>
void BasicPosition<W>::EndTurn() {
  to_move_ = Opponent(to_move_);
}

#define LL_INSTANTIATE(w) template class BasicPosition<w>;
LL_FOR_EACH_BOARD_WIDTH(LL_INSTANTIATE)
#undef LL_INSTANTIATE

}  // namespace lifeline
