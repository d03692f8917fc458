#ifndef LIFELINE_TESTS_CORE_TEST_SUPPORT_H_
#define LIFELINE_TESTS_CORE_TEST_SUPPORT_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "core/board.h"
#include "core/geometry.h"
#include "core/move.h"
#include "core/position.h"
#include "core/rules.h"
#include "gtest/gtest.h"
#include "reference_rules.h"

// Small helpers shared by the core tests: reading cells, moves and diagrams in test code, and
// translating between the core's types and the reference implementation's.
namespace lifeline::test {

// The cell named `name`; records a test failure and returns kNoCell when it is not one.
Cell CellNamed(const Geometry& geometry, absl::string_view name);
// The move written `text` (see MoveToString); records a failure on a parse error.
Move MoveNamed(const Geometry& geometry, absl::string_view text);

// The core board drawn by `diagram`; records a failure and returns an empty board on a parse
// error.
Board BoardFrom(const Geometry& geometry, absl::string_view diagram);
// The reference board drawn by the same diagram.
reference::RefBoard RefBoardFrom(int base, absl::string_view diagram);

reference::Point ToPoint(const Geometry& geometry, Cell cell);
Cell ToCell(const Geometry& geometry, reference::Point point);
reference::Stone ToStone(Color color);
reference::Method ToMethod(Balancing balancing);
reference::Action ToAction(const Geometry& geometry, const Move& move);
Move ToMove(const Geometry& geometry, const reference::Action& action);

// The core's legal moves translated and sorted like RefGame::LegalActions().
std::vector<reference::Action> CoreActions(const Position& position);

// Success when both boards hold the same stone on every cell; otherwise names the first cells
// that differ and draws both boards.
::testing::AssertionResult SameStones(const Board& core, const reference::RefBoard& ref);

// Readable list of actions for failure messages, with cell names.
std::string Describe(const Geometry& geometry, const std::vector<reference::Action>& actions);

// Every legal action of `position`, or of `game`, as text with cell names, sorted; the form in
// which tests state expected move lists.
std::vector<std::string> MoveNames(const Position& position);
std::vector<std::string> RefMoveNames(const Geometry& geometry, const reference::RefGame& game);

}  // namespace lifeline::test

#endif  // LIFELINE_TESTS_CORE_TEST_SUPPORT_H_
