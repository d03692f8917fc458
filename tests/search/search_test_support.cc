#include "search_test_support.h"

#include <unordered_map>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/board.h"
#include "core/check.h"
#include "core/notation.h"

namespace lifeline::test {
namespace {

bool Solve(const Position& position, std::unordered_map<uint64_t, bool>& memo) {
  const auto it = memo.find(position.hash());
  if (it != memo.end()) return it->second;
  bool wins = false;
  for (const Move& move : position.LegalMoves()) {
    Position next = position;
    next.Play(move);
    // After a swap the same colour moves again, but it is now the other player's: so the
    // player who acted wins exactly when the one to move next loses, as after a placement.
    if (!Solve(next, memo)) {
      wins = true;
      break;
    }
  }
  memo[position.hash()] = wins;
  return wins;
}

}  // namespace

Cell Base4Cell(absl::string_view name) { return ReadCell(Geometry::ForBase(4), name).value; }

absl::StatusOr<Position> PositionFromDiagram(int base, absl::string_view diagram, Color to_move) {
  const Geometry& geometry = Geometry::ForBase(base);
  LL_ASSIGN_OR_RETURN(Board board, Board::FromDiagram(geometry, diagram));
  std::vector<Cell> stones[2];
  geometry.cells().ForEach([&](Cell c) {
    if (board.HasStone(c, Color::kBlack)) stones[0].push_back(c);
    if (board.HasStone(c, Color::kWhite)) stones[1].push_back(c);
  });
  // The second setup stone of a colour may not touch the first: bring forward the first stone
  // that does not.
  for (std::vector<Cell>& list : stones) {
    for (size_t i = 1; i < list.size(); ++i) {
      if (!geometry.AreNeighbors(list[0], list[i])) {
        std::swap(list[1], list[i]);
        break;
      }
    }
  }
  const int black = static_cast<int>(stones[0].size());
  const int white = static_cast<int>(stones[1].size());
  const int passes = black - white - (to_move == Color::kWhite ? 1 : 0);
  if (black < 2 || white < 2 || passes < 0) {
    return absl::InvalidArgumentError("diagram cannot be reached");
  }
  Position position(geometry, Rules{Balancing::kKomiPie, passes});
  size_t next[2] = {0, 0};
  while (next[0] < stones[0].size() || next[1] < stones[1].size()) {
    const int side = Index(position.to_move());
    const Move move = next[side] < stones[side].size() ? Move::Place(stones[side][next[side]++])
                                                       : Move::SpendKomi();
    if (const std::optional<MoveError> problem = position.WhyIllegal(move)) {
      return absl::InvalidArgumentError(absl::StrCat("unreachable: ", MoveErrorName(*problem)));
    }
    position.Play(move);
  }
  if (!(position.board() == board) || position.to_move() != to_move || position.komi_left() != 0) {
    return absl::InvalidArgumentError("diagram cannot be reached");
  }
  return position;
}

bool SideToMoveWins(const Position& position) {
  std::unordered_map<uint64_t, bool> memo;
  return Solve(position, memo);
}

Position RandomPosition(int base, const Rules& rules, int actions, uint64_t seed) {
  Position position(Geometry::ForBase(base), rules);
  Rng rng(seed);
  for (int i = 0; i < actions; ++i) {
    const std::optional<Move> move = position.RandomMove(rng);
    if (!move) break;
    position.Play(*move);
  }
  return position;
}

}  // namespace lifeline::test
