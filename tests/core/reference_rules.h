#ifndef LIFELINE_TESTS_CORE_REFERENCE_RULES_H_
#define LIFELINE_TESTS_CORE_REFERENCE_RULES_H_

#include <compare>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// A second implementation of docs/rules.md, written from the text alone, that the fast core is
// measured against. It uses nothing but the standard library and shares no type or line with
// src/core, so that a misreading of the rules in the core cannot be copied into its yardstick.
// Speed is not a goal: every question is answered from scratch by breadth-first search, and legal
// actions are found by trying every placement and keeping those that change the board.
namespace lifeline::reference {

enum class Stone : uint8_t { kEmpty, kBlack, kWhite };

// The other colour; `colour` must not be kEmpty.
Stone Other(Stone colour);

// A cell by column x (A = 0) and row y (1 = 0).
struct Point {
  int x = 0;
  int y = 0;
  friend auto operator<=>(const Point&, const Point&) = default;
};

// The stones on a hexhex board of base N, kept in a plain (2N-1) x (2N-1) array indexed by
// x + y * (2N-1); the entries with |x - y| > N - 1 are not cells and always stay empty.
class RefBoard {
 public:
  explicit RefBoard(int base);

  // Reads the diagram format of the core (top row first, each row from its leftmost cell,
  // tokens X, O and . separated by any whitespace); nullopt unless it holds exactly one token
  // per cell.
  static std::optional<RefBoard> FromText(int base, std::string_view text);

  int base() const { return layout_->base; }
  int side() const { return 2 * base() - 1; }
  bool OnBoard(Point p) const;
  // Every cell of the board, row 1 first, each row from left to right.
  std::vector<Point> Cells() const;
  std::vector<Point> Neighbors(Point p) const;
  bool AreNeighbors(Point a, Point b) const;

  Stone At(Point p) const { return stones_[Index(p)]; }
  void Set(Point p, Stone stone) { stones_[Index(p)] = stone; }
  int Count(Stone stone) const;

  // The group (maximal set of same-coloured stones connected through neighbours) holding the
  // stone at p.
  std::vector<Point> GroupAt(Point p) const;
  // The stones of every dead group of `colour`, as docs/rules.md defines them: a group is
  // dead when no path of connected empty cells leads from it to another group of its colour.
  std::vector<Point> DeadStones(Stone colour) const;
  // Whether the group holding the stone at p is dead.
  bool IsDead(Point p) const;
  // Removes every dead group of `colour`, all judged on the board as it stands on entry.
  // Returns the number of stones removed.
  int RemoveDeadGroups(Stone colour);
  // Steps 1 to 3 of a turn: places the stones, removes the dead enemy groups, then the dead
  // friendly groups.
  void PlayTurn(Stone colour, const std::vector<Point>& placed);

  // The same form as FromText reads, one line per row.
  std::string ToText() const;

  friend bool operator==(const RefBoard& a, const RefBoard& b) {
    return a.base() == b.base() && a.stones_ == b.stones_;
  }

 private:
  // The cells of a base as array indices and the neighbour indices of each, worked out once
  // per board and shared by its copies, since the legal move search copies boards constantly.
  struct Layout {
    int base = 0;
    std::vector<int> cells;
    std::vector<std::vector<int>> neighbors;
  };

  int Index(Point p) const { return p.x + p.y * side(); }
  Point PointAt(int index) const { return {index % side(), index / side()}; }

  std::shared_ptr<const Layout> layout_;
  std::vector<Stone> stones_;
};

enum class Method { kStrongPie, kWeakPie, kKomiPie };

// One action of the side to move; a double turn is a single kPair action with a < b.
struct Action {
  enum class Kind : uint8_t { kPlace, kPair, kSwap, kSpendKomi };
  Kind kind = Kind::kPlace;
  Point a;
  Point b;

  static Action Place(Point p) { return {Kind::kPlace, p, {}}; }
  static Action Pair(Point p, Point q) {
    return p < q ? Action{Kind::kPair, p, q} : Action{Kind::kPair, q, p};
  }
  static Action Swap() { return {Kind::kSwap, {}, {}}; }
  static Action SpendKomi() { return {Kind::kSpendKomi, {}, {}}; }

  friend auto operator<=>(const Action&, const Action&) = default;
};

// Readable form for failure messages: "place (3,4)", "pair (0,0) (2,1)", "swap", "komi".
std::string ToString(const Action& action);

// A whole game under one balancing method: turn order, double turns, setup, swap, komi, and
// the winner. Players are numbered 0 (Black at the start) and 1, so that a swap is an exchange
// of colours between players and "the last player to act wins" is followed literally.
class RefGame {
 public:
  RefGame(int base, Method method, int komi);

  const RefBoard& board() const { return board_; }
  Stone to_move() const { return to_move_; }
  bool swapped() const { return swapped_; }
  int komi_left() const { return komi_left_; }
  // Stones of each colour removed so far.
  int captured(Stone colour) const { return captured_[colour == Stone::kBlack ? 0 : 1]; }

  bool IsDoubleTurn() const;
  bool IsSetupTurn() const;
  bool CanSwap() const;
  bool CanSpendKomi() const;

  // Every legal action, sorted. Empty when the side to move has lost.
  std::vector<Action> LegalActions() const;
  // Plays an action taken from LegalActions().
  void Play(const Action& action);
  // The colour now held by the player who acted last; valid once LegalActions() is empty.
  Stone Winner() const;

 private:
  Stone ColourOf(int player) const;
  bool SetupCellAllowed(Point p) const;
  bool ChangesBoard(const std::vector<Point>& placed) const;
  // A turn with removals that counts the stones each colour loses.
  void PlaceStones(const std::vector<Point>& placed);

  RefBoard board_;
  Method method_;
  Stone to_move_ = Stone::kBlack;
  // Turns that placed stones (a swap or a komi point is not one).
  int placement_turns_ = 0;
  bool swapped_ = false;
  int komi_left_;
  int black_player_ = 0;
  int last_actor_ = -1;
  std::optional<Point> first_setup_stone_[2];
  int captured_[2] = {0, 0};
};

}  // namespace lifeline::reference

#endif  // LIFELINE_TESTS_CORE_REFERENCE_RULES_H_
