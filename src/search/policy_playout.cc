#include "search/policy_playout.h"

#include <optional>

#include "core/board_width.h"
#include "core/move.h"
#include "core/playout.h"
#include "core/ring_runs.h"
#include "search/tactics.h"

namespace lifeline {
namespace {

// Random cells drawn before a stone that only kills its own group is accepted anyway: a few
// draws avoid most such stones at a small cost, and near the end of a game they may be all
// that is left.
constexpr int kDraws = 3;
// Random cells drawn at most for one placement when the ring pattern decides which to keep.
constexpr int kPatternDraws = 8;

// The raw ring code of `c` for `me` (digits as in move_features.h).
template <int W>
uint32_t RawRingCode(const BasicBoard<W>& board, Color me, Cell c) {
  const Geometry& geometry = board.geometry();
  const int on_board = RingMask(geometry, c, geometry.template cells<W>());
  const int own = RingMask(geometry, c, board.stones(me));
  const int enemy = RingMask(geometry, c, board.stones(Opponent(me)));
  uint32_t code = 0;
  for (int k = 0; k < 6; ++k) {
    const uint32_t digit = !((on_board >> k) & 1) ? kOffBoardDigit
                           : (own >> k) & 1       ? kOwnDigit
                           : (enemy >> k) & 1     ? kEnemyDigit
                                                  : kEmptyDigit;
    code |= digit << (2 * k);
  }
  return code;
}

// The cell `me` places on; `legal` (the legal cells) must not be empty.
template <int W>
Cell ChoosePlacement(const BasicBoard<W>& board, Color me, const BasicBitset<W>& legal, Cell last,
                     Rng& rng, const MoveModel* ring_model) {
  const Color enemy = Opponent(me);
  if (last != kNoCell && board.HasStone(last, enemy)) {
    Cell save = kNoCell;
    BasicBitset<W> near = legal & board.geometry().template NeighborSet<W>(last);
    while (near.Any()) {
      const Cell c = near.Lowest();
      near.Reset(c);
      if (WouldKill(board, me, c)) return c;
      // Every cell next to the enemy's last stone is one the enemy could play.
      if (save == kNoCell && WouldKill(board, enemy, c)) save = c;
    }
    if (save != kNoCell) return save;
  }
  const uint32_t count = static_cast<uint32_t>(legal.Count());
  Cell c = kNoCell;
  const int most_draws = ring_model != nullptr ? kPatternDraws : kDraws;
  int self_kills = 0;
  for (int draw = 0; draw < most_draws; ++draw) {
    c = legal.Nth(static_cast<int>(rng.Below(count)));
    if (ring_model != nullptr && draw + 1 < most_draws &&
        (rng.Next() >> 32) >= ring_model->RingAcceptance(RawRingCode(board, me, c))) {
      continue;
    }
    if (!WouldKillOnlyOwn(board, me, c) || ++self_kills == kDraws) break;
  }
  return c;
}

}  // namespace

Color PolicyPlayout(Position position, Cell last_move, Rng& rng, Bitset played[2],
                    bool count_settled, const MoveModel* ring_model, Bitset held[2]) {
  return PlayAtBoardWidth(
      position, played, held,
      [&]<int W>(BasicPosition<W> sized, BasicBitset<W>* sized_played, BasicBitset<W>* sized_held) {
        return PolicyPlayout<W>(sized, last_move, rng, sized_played, count_settled, ring_model,
                                sized_held);
      });
}

template <int W>
Color PolicyPlayout(BasicPosition<W> position, Cell last_move, Rng& rng, BasicBitset<W> played[2],
                    bool count_settled, const MoveModel* ring_model, BasicBitset<W> held[2]) {
  const bool swapped_at_start = position.swapped();
  if (held != nullptr) StartHolding(position.board(), held);
  const int max_actions = kMaxPlayoutActionsPerCell * position.geometry().num_cells();
  BasicGroupIndex<W> groups;
  BasicBoardIndex<W> index = position.board().MakeIndex(PlayoutGroups(groups));
  for (int actions = 0; actions < max_actions; ++actions) {
    if (const std::optional<Color> winner = SettledEnd(position, count_settled, swapped_at_start)) {
      // The winner in the colours of `position` (the translation is its own inverse).
      if (held != nullptr)
        FinishHolding(position, WinnerAtStart(*winner, position, swapped_at_start), held);
      return *winner;
    }
    const Color me = position.to_move();
    Move move;
    if (SinglePlacementsAreFast(position)) {
      // The play phase: single placements, and komi spending for White under komi pie.
      const BasicBitset<W>& legal = index.legal[me];
      const uint32_t count = static_cast<uint32_t>(legal.Count());
      const uint32_t extra = position.CanSpendKomi() ? 1 : 0;
      if (count + extra == 0) break;
      if (extra > 0 && rng.Below(count + extra) == count) {
        move = Move::SpendKomi();
      } else {
        move =
            Move::Place(ChoosePlacement(position.board(), me, legal, last_move, rng, ring_model));
      }
    } else {
      const std::optional<Move> random = position.RandomMove(rng, index.legal);
      if (!random) break;
      move = *random;
    }
    RecordPlacement(move, me, played, held);
    last_move = move.kind == Move::Kind::kPlace ? move.first : kNoCell;
    position.Play(move, index);
  }
  if (held != nullptr) FinishHolding(position, Opponent(position.to_move()), held);
  return WinnerAtStart(position, swapped_at_start);
}

#define LL_INSTANTIATE(w)                                                           \
  template Color PolicyPlayout(BasicPosition<w> position, Cell last_move, Rng& rng, \
                               BasicBitset<w> played[2], bool count_settled,        \
                               const MoveModel* ring_model, BasicBitset<w> held[2]);
LL_FOR_EACH_BOARD_WIDTH(LL_INSTANTIATE)
#undef LL_INSTANTIATE

}  // namespace lifeline
