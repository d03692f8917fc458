#ifndef LIFELINE_CORE_POSITION_H_
#define LIFELINE_CORE_POSITION_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "core/bitset.h"
#include "core/board.h"
#include "core/color.h"
#include "core/move.h"
#include "core/move_error.h"
#include "core/random.h"
#include "core/rules.h"

namespace lifeline {

enum class Phase {
  kOpening,  // the balancing turns: strong pie's two double turns, or the four setup stones
  kPlay,
  kOver,  // the side to move has no legal action and has lost
};

const char* PhaseName(Phase phase);  // "opening", "play", "over"

// Everything that decides the legal actions and the winner: the board, the rules, whose turn
// it is, where the opening stands, whether the swap was used, White's komi left, and the first
// stone of a double turn that awaits its partner. A value type without heap memory; search
// copies it. It keeps no history (Game does, for undo).
//
// W is the width of the board's bitsets (BasicBoard): playouts run on the position sized to
// its base, everything else on Position, which holds every base. Defined for the widths that
// some base needs (position.cc).
template <int W>
class BasicPosition {
 public:
  using Bits = BasicBitset<W>;
  using LegalCells = BasicLegalCells<W>;
  using BoardIndex = BasicBoardIndex<W>;

  BasicPosition(const Geometry& geometry, const Rules& rules);
  // The same position at another width (which must hold the geometry's words).
  template <int V>
  explicit BasicPosition(const BasicPosition<V>& other);

  const Geometry& geometry() const { return board_.geometry(); }
  const Rules& rules() const { return rules_; }
  const BasicBoard<W>& board() const { return board_; }
  Color to_move() const { return to_move_; }
  Phase phase() const;
  bool IsOver() const { return phase() == Phase::kOver; }
  // Valid once the game is over: the player who made the last action.
  Color winner() const { return Opponent(to_move_); }
  // Stones the side to move still places this turn: 2 at the start of a double turn, 1
  // otherwise, 0 once the game is over.
  int stones_to_place() const;
  bool IsDoubleTurn() const;
  // A turn of one stone after the opening's balancing turns (possibly a komi point instead).
  bool IsSingleTurn() const { return !IsDoubleTurn() && !IsSetupTurn(); }
  bool IsSetupTurn() const;
  // The first stone of a double turn, already on the board, or kNoCell.
  Cell pending_stone() const { return pending_; }
  int komi_left() const { return komi_left_; }
  // Opening turns completed: strong pie 0..2 (a swap does not count), weak and komi pie 0..4.
  int opening_turns() const { return opening_turns_; }
  bool swapped() const { return swapped_; }
  // False when a group may be dead at the start of this turn (only right after the weak or
  // komi pie setup, whose stones are never judged); BasicBoard::PlaceFast needs it true.
  bool all_groups_alive() const { return all_alive_; }
  // Stones of `color` removed from the board so far.
  int captured(Color color) const { return captured_[Index(color)]; }
  // Hash of the stones and of every other field that changes the legal actions.
  uint64_t hash() const;

  // The cells where Move::Place(c) is legal now: single placements; setup placements; on a
  // double turn the cells that start a legal pair, or with a pending stone the cells that
  // complete one.
  Bits PlacementCells() const;
  // The same, but naming each unordered pair of a double turn once, its lower cell first: the
  // cells that start a legal pair with a higher partner, or with a pending stone its higher
  // partners. A search that plays pairs this way sees (a, b) and (b, a) as one action.
  Bits OrderedPairCells() const;
  bool CanSwap() const;
  bool CanSpendKomi() const;
  bool IsLegalPair(Cell a, Cell b) const;
  bool HasLegalAction() const;
  // Every legal whole action (a double turn without a pending stone as kPair moves, each
  // unordered pair once; with a pending stone as the kPlace completions).
  std::vector<Move> LegalMoves() const;
  // The same two for a position whose board's LegalCellsOfBoth are `legal`: a single turn's
  // cells are read from it instead of found by a flood.
  bool HasLegalAction(const LegalCells& legal) const;
  std::vector<Move> LegalMoves(const LegalCells& legal) const;

  // Why the side to move may not play `move` now, or nullopt when it may. kGameOver wins over
  // every other reason; a legal move is judged without asking whether the game is over (a
  // legal move means it is not), so checking a legal move costs one legality test.
  std::optional<MoveError> WhyIllegal(const Move& move) const;
  // The same for a move by `mover`: kGameOver, then kWrongColor, then the move's own reason.
  std::optional<MoveError> WhyIllegal(Color mover, const Move& move) const;
  bool IsLegal(const Move& move) const { return !WhyIllegal(move).has_value(); }
  // Plays a move that WhyIllegal accepts (checked in debug builds only).
  void Play(const Move& move);
  // The same, and brings `index`, made for the board before the move, up to date: after a
  // single placement of the play phase by BasicBoard::PlaceFast's few changes, after any other
  // move that changes the board by making it anew. What a playout plays with.
  void Play(const Move& move, BoardIndex& index);

  // A uniformly random legal whole action (each placement, pair, swap and komi spending is
  // one choice), completing a pending double turn if there is one; nullopt when the side to
  // move has no legal action (the game is over).
  std::optional<Move> RandomMove(Rng& rng) const;
  // The same for a position whose LegalCellsOfBoth are `legal`: a single turn is one draw among
  // the legal cells (and the komi slot), with no flood and no draw to repeat. Uniform over the
  // same actions as RandomMove, but not the same draws; the opening's turns are RandomMove's.
  std::optional<Move> RandomMove(Rng& rng, const LegalCells& legal) const;

 private:
  // RandomMove, reading single placements from `legal` unless it is null.
  std::optional<Move> DrawMove(Rng& rng, const LegalCells* legal) const;
  // LegalMoves, the same way.
  std::vector<Move> ListMoves(const LegalCells* legal) const;
  // PlacementCells, read from `legal` on a single turn unless it is null.
  Bits CellsToPlace(const LegalCells* legal) const;
  // A single placement; PlaceFast keeps `index` unless it is null.
  void PlaceSingle(Cell c, BoardIndex* index = nullptr);
  void PlacePair(Cell a, Cell b);
  void PlaceSetup(Cell c);
  void AddEffect(const PlacementEffect& effect);
  void EndTurn();
  // WhyIllegal's reasons that belong to the move itself, without the game-over test.
  std::optional<MoveError> MoveProblem(const Move& move) const;
  // Cells the side to move may use for its current setup stone.
  Bits SetupCells() const;
  bool PairAllowedOn(const BasicBoard<W>& board, Cell a, Cell b) const;
  Bits PairPartners(Cell a) const;
  // On a double turn, PlacementCells (every partner) or OrderedPairCells (`lower_first`).
  Bits PairCells(bool lower_first) const;

  Rules rules_;
  BasicBoard<W> board_;
  Color to_move_ = Color::kBlack;
  // Opening turns completed: strong pie 0..2 (a swap does not count), setup 0..4.
  int opening_turns_ = 0;
  bool swapped_ = false;
  // False while a group may be dead at the start of a turn (right after the setup), when the
  // fast single placement may not be used.
  bool all_alive_ = true;
  int komi_left_ = 0;
  Cell pending_ = kNoCell;
  Cell first_setup_stone_[2] = {kNoCell, kNoCell};
  int captured_[2] = {0, 0};

  template <int V>
  friend class BasicPosition;
};

template <int W>
template <int V>
BasicPosition<W>::BasicPosition(const BasicPosition<V>& other)
    : rules_(other.rules_),
      board_(other.board_),
      to_move_(other.to_move_),
      opening_turns_(other.opening_turns_),
      swapped_(other.swapped_),
      all_alive_(other.all_alive_),
      komi_left_(other.komi_left_),
      pending_(other.pending_),
      first_setup_stone_{other.first_setup_stone_[0], other.first_setup_stone_[1]},
      captured_{other.captured_[0], other.captured_[1]} {}

using Position = BasicPosition<kMaxWords>;

}  // namespace lifeline

#endif  // LIFELINE_CORE_POSITION_H_
