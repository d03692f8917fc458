#include "test_support.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "core/notation.h"

namespace lifeline::test {

Cell CellNamed(const Geometry& geometry, absl::string_view name) {
  const Reading<Cell> cell = ReadCell(geometry, name);
  if (!cell.ok()) {
    ADD_FAILURE() << "bad cell name in test: " << name << ": " << MoveErrorName(*cell.error);
    return kNoCell;
  }
  return cell.value;
}

Move MoveNamed(const Geometry& geometry, absl::string_view text) {
  const Reading<Move> move = ReadMove(geometry, text);
  if (!move.ok()) {
    ADD_FAILURE() << "bad move in test: " << text << ": " << MoveErrorName(*move.error);
    return Move::Swap();
  }
  return move.value;
}

Board BoardFrom(const Geometry& geometry, absl::string_view diagram) {
  absl::StatusOr<Board> board = Board::FromDiagram(geometry, diagram);
  if (!board.ok()) {
    ADD_FAILURE() << "bad diagram in test: " << board.status() << "\n" << diagram;
    return Board(geometry);
  }
  return *board;
}

reference::RefBoard RefBoardFrom(int base, absl::string_view diagram) {
  std::optional<reference::RefBoard> board =
      reference::RefBoard::FromText(base, std::string_view(diagram.data(), diagram.size()));
  if (!board) {
    ADD_FAILURE() << "bad diagram in test:\n" << diagram;
    return reference::RefBoard(base);
  }
  return *board;
}

reference::Point ToPoint(const Geometry& geometry, Cell cell) {
  return {geometry.X(cell), geometry.Y(cell)};
}

Cell ToCell(const Geometry& geometry, reference::Point point) {
  return geometry.CellAt(point.x, point.y);
}

reference::Stone ToStone(Color color) {
  return color == Color::kBlack ? reference::Stone::kBlack : reference::Stone::kWhite;
}

reference::Method ToMethod(Balancing balancing) {
  switch (balancing) {
    case Balancing::kStrongPie:
      return reference::Method::kStrongPie;
    case Balancing::kWeakPie:
      return reference::Method::kWeakPie;
    case Balancing::kKomiPie:
      return reference::Method::kKomiPie;
  }
  return reference::Method::kStrongPie;
}

reference::Action ToAction(const Geometry& geometry, const Move& move) {
  switch (move.kind) {
    case Move::Kind::kPlace:
      return reference::Action::Place(ToPoint(geometry, move.first));
    case Move::Kind::kPair:
      return reference::Action::Pair(ToPoint(geometry, move.first), ToPoint(geometry, move.second));
    case Move::Kind::kSwap:
      return reference::Action::Swap();
    case Move::Kind::kSpendKomi:
      return reference::Action::SpendKomi();
  }
  return reference::Action::Swap();
}

Move ToMove(const Geometry& geometry, const reference::Action& action) {
  switch (action.kind) {
    case reference::Action::Kind::kPlace:
      return Move::Place(ToCell(geometry, action.a));
    case reference::Action::Kind::kPair:
      return Move::Pair(ToCell(geometry, action.a), ToCell(geometry, action.b));
    case reference::Action::Kind::kSwap:
      return Move::Swap();
    case reference::Action::Kind::kSpendKomi:
      return Move::SpendKomi();
  }
  return Move::Swap();
}

std::vector<reference::Action> CoreActions(const Position& position) {
  std::vector<reference::Action> actions;
  for (const Move& move : position.LegalMoves()) {
    actions.push_back(ToAction(position.geometry(), move));
  }
  std::sort(actions.begin(), actions.end());
  return actions;
}

::testing::AssertionResult SameStones(const Board& core, const reference::RefBoard& ref) {
  const Geometry& geometry = core.geometry();
  if (geometry.base() != ref.base()) {
    return ::testing::AssertionFailure()
           << "bases differ: core " << geometry.base() << ", reference " << ref.base();
  }
  std::string differences;
  for (reference::Point p : ref.Cells()) {
    const Cell c = ToCell(geometry, p);
    reference::Stone core_stone = reference::Stone::kEmpty;
    if (core.HasStone(c, Color::kBlack)) core_stone = reference::Stone::kBlack;
    if (core.HasStone(c, Color::kWhite)) core_stone = reference::Stone::kWhite;
    if (core_stone != ref.At(p)) absl::StrAppend(&differences, " ", CellName(geometry, c));
  }
  if (differences.empty()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "boards differ at" << differences << "\ncore:\n"
                                       << core.ToDiagram() << "\nreference:\n"
                                       << ref.ToText();
}

std::string Describe(const Geometry& geometry, const std::vector<reference::Action>& actions) {
  std::string text;
  for (const reference::Action& action : actions) {
    absl::StrAppend(&text, text.empty() ? "" : " ",
                    MoveToString(geometry, ToMove(geometry, action)));
  }
  return text.empty() ? "(none)" : text;
}

std::vector<std::string> MoveNames(const Position& position) {
  std::vector<std::string> names;
  for (const Move& move : position.LegalMoves()) {
    names.push_back(MoveToString(position.geometry(), move));
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<std::string> RefMoveNames(const Geometry& geometry, const reference::RefGame& game) {
  std::vector<std::string> names;
  for (const reference::Action& action : game.LegalActions()) {
    names.push_back(MoveToString(geometry, ToMove(geometry, action)));
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace lifeline::test
