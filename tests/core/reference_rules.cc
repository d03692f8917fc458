#include "reference_rules.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>

namespace lifeline::reference {

Stone Other(Stone colour) {
  assert(colour != Stone::kEmpty);
  return colour == Stone::kBlack ? Stone::kWhite : Stone::kBlack;
}

RefBoard::RefBoard(int base) {
  auto layout = std::make_shared<Layout>();
  layout->base = base;
  const int side = 2 * base - 1;
  layout->neighbors.resize(side * side);
  layout_ = layout;
  stones_.assign(side * side, Stone::kEmpty);
  // docs/rules.md: the neighbours of (x, y) are (x±1, y), (x, y±1), (x+1, y+1), (x-1, y-1).
  static constexpr int kDx[6] = {1, -1, 0, 0, 1, -1};
  static constexpr int kDy[6] = {0, 0, 1, -1, 1, -1};
  for (Point p : Cells()) {
    layout->cells.push_back(Index(p));
    for (int i = 0; i < 6; ++i) {
      const Point n{p.x + kDx[i], p.y + kDy[i]};
      if (OnBoard(n)) layout->neighbors[Index(p)].push_back(Index(n));
    }
  }
}

std::optional<RefBoard> RefBoard::FromText(int base, std::string_view text) {
  std::vector<Stone> tokens;
  for (char ch : text) {
    switch (ch) {
      case 'X':
        tokens.push_back(Stone::kBlack);
        break;
      case 'O':
        tokens.push_back(Stone::kWhite);
        break;
      case '.':
        tokens.push_back(Stone::kEmpty);
        break;
      case ' ':
      case '\n':
      case '\t':
        break;
      default:
        return std::nullopt;
    }
  }
  RefBoard board(base);
  if (tokens.size() != board.Cells().size()) return std::nullopt;
  // The text runs from the top row down.
  size_t next = 0;
  for (int y = board.side() - 1; y >= 0; --y) {
    for (int x = 0; x < board.side(); ++x) {
      if (board.OnBoard({x, y})) board.Set({x, y}, tokens[next++]);
    }
  }
  return board;
}

bool RefBoard::OnBoard(Point p) const {
  return p.x >= 0 && p.y >= 0 && p.x < side() && p.y < side() && std::abs(p.x - p.y) < base();
}

std::vector<Point> RefBoard::Cells() const {
  std::vector<Point> cells;
  for (int y = 0; y < side(); ++y) {
    for (int x = 0; x < side(); ++x) {
      if (OnBoard({x, y})) cells.push_back({x, y});
    }
  }
  return cells;
}

std::vector<Point> RefBoard::Neighbors(Point p) const {
  std::vector<Point> out;
  for (int n : layout_->neighbors[Index(p)]) out.push_back(PointAt(n));
  return out;
}

bool RefBoard::AreNeighbors(Point a, Point b) const {
  for (int n : layout_->neighbors[Index(a)]) {
    if (n == Index(b)) return true;
  }
  return false;
}

int RefBoard::Count(Stone stone) const {
  int n = 0;
  for (int c : layout_->cells) n += stones_[c] == stone ? 1 : 0;
  return n;
}

std::vector<Point> RefBoard::GroupAt(Point p) const {
  const Stone colour = At(p);
  assert(colour != Stone::kEmpty);
  std::vector<bool> seen(stones_.size(), false);
  std::vector<int> group = {Index(p)};
  seen[Index(p)] = true;
  for (size_t i = 0; i < group.size(); ++i) {
    for (int n : layout_->neighbors[group[i]]) {
      if (stones_[n] == colour && !seen[n]) {
        seen[n] = true;
        group.push_back(n);
      }
    }
  }
  std::vector<Point> points;
  for (int c : group) points.push_back(PointAt(c));
  return points;
}

std::vector<Point> RefBoard::DeadStones(Stone colour) const {
  // Number the groups of `colour` and the areas of connected empty cells, each by a flood from
  // its lowest cell. A path of connected empty cells leads from one group to another exactly
  // when some area touches both, so a group lives when an area it touches also touches
  // another group of its colour.
  const std::vector<std::vector<int>>& neighbors = layout_->neighbors;
  std::vector<int> label(stones_.size(), -1);
  int labels = 0;
  std::vector<int> flood;
  for (int c : layout_->cells) {
    if (label[c] >= 0 || (stones_[c] != colour && stones_[c] != Stone::kEmpty)) continue;
    flood.assign(1, c);
    label[c] = labels;
    for (size_t i = 0; i < flood.size(); ++i) {
      for (int n : neighbors[flood[i]]) {
        if (stones_[n] == stones_[c] && label[n] < 0) {
          label[n] = labels;
          flood.push_back(n);
        }
      }
    }
    ++labels;
  }

  // For each empty area: the first group seen touching it, and whether a second one does.
  std::vector<int> first_group(labels, -1);
  std::vector<char> touches_two(labels, false);
  for (int c : layout_->cells) {
    if (stones_[c] != colour) continue;
    for (int n : neighbors[c]) {
      if (stones_[n] != Stone::kEmpty) continue;
      const int area = label[n];
      if (first_group[area] < 0) {
        first_group[area] = label[c];
      } else if (first_group[area] != label[c]) {
        touches_two[area] = true;
      }
    }
  }
  std::vector<char> alive(labels, false);
  for (int c : layout_->cells) {
    if (stones_[c] != colour) continue;
    for (int n : neighbors[c]) {
      if (stones_[n] == Stone::kEmpty && touches_two[label[n]]) alive[label[c]] = true;
    }
  }
  std::vector<Point> dead;
  for (int c : layout_->cells) {
    if (stones_[c] == colour && !alive[label[c]]) dead.push_back(PointAt(c));
  }
  return dead;
}

bool RefBoard::IsDead(Point p) const {
  const std::vector<Point> dead = DeadStones(At(p));
  return std::find(dead.begin(), dead.end(), p) != dead.end();
}

int RefBoard::RemoveDeadGroups(Stone colour) {
  // Every group is judged before any is removed, so that all are judged on the same board.
  const std::vector<Point> dead = DeadStones(colour);
  for (Point p : dead) Set(p, Stone::kEmpty);
  return static_cast<int>(dead.size());
}

void RefBoard::PlayTurn(Stone colour, const std::vector<Point>& placed) {
  for (Point p : placed) {
    assert(At(p) == Stone::kEmpty);
    Set(p, colour);
  }
  RemoveDeadGroups(Other(colour));
  RemoveDeadGroups(colour);
}

std::string RefBoard::ToText() const {
  std::string text;
  for (int y = side() - 1; y >= 0; --y) {
    text.append(std::abs(y - (base() - 1)), ' ');
    bool first = true;
    for (int x = 0; x < side(); ++x) {
      if (!OnBoard({x, y})) continue;
      if (!first) text += ' ';
      first = false;
      const Stone s = At({x, y});
      text += s == Stone::kBlack ? 'X' : s == Stone::kWhite ? 'O' : '.';
    }
    text += '\n';
  }
  return text;
}

std::string ToString(const Action& action) {
  auto point = [](Point p) {
    std::string text = "(";
    text += std::to_string(p.x);
    text += ',';
    text += std::to_string(p.y);
    text += ')';
    return text;
  };
  switch (action.kind) {
    case Action::Kind::kPlace:
      return std::string("place ").append(point(action.a));
    case Action::Kind::kPair:
      return std::string("pair ").append(point(action.a)).append(" ").append(point(action.b));
    case Action::Kind::kSwap:
      return "swap";
    case Action::Kind::kSpendKomi:
      return "komi";
  }
  return "?";
}

RefGame::RefGame(int base, Method method, int komi)
    : board_(base), method_(method), komi_left_(method == Method::kKomiPie ? komi : 0) {}

bool RefGame::IsDoubleTurn() const { return method_ == Method::kStrongPie && placement_turns_ < 2; }

bool RefGame::IsSetupTurn() const { return method_ != Method::kStrongPie && placement_turns_ < 4; }

bool RefGame::CanSwap() const {
  // Strong pie: on White's first turn, instead of its double turn. Weak pie: on White's first
  // turn, after Black's first stone. In both cases exactly one placing turn has happened.
  return method_ != Method::kKomiPie && !swapped_ && placement_turns_ == 1;
}

bool RefGame::CanSpendKomi() const {
  return method_ == Method::kKomiPie && !IsSetupTurn() && to_move_ == Stone::kWhite &&
         komi_left_ > 0;
}

Stone RefGame::ColourOf(int player) const {
  return player == black_player_ ? Stone::kBlack : Stone::kWhite;
}

bool RefGame::SetupCellAllowed(Point p) const {
  if (board_.At(p) != Stone::kEmpty) return false;
  const std::optional<Point>& first = first_setup_stone_[to_move_ == Stone::kBlack ? 0 : 1];
  return !first || !board_.AreNeighbors(p, *first);
}

bool RefGame::ChangesBoard(const std::vector<Point>& placed) const {
  RefBoard after = board_;
  after.PlayTurn(to_move_, placed);
  return after != board_;
}

std::vector<Action> RefGame::LegalActions() const {
  std::vector<Action> actions;
  if (CanSwap()) actions.push_back(Action::Swap());
  if (CanSpendKomi()) actions.push_back(Action::SpendKomi());
  std::vector<Point> empty;
  for (Point p : board_.Cells()) {
    if (board_.At(p) == Stone::kEmpty) empty.push_back(p);
  }
  if (IsSetupTurn()) {
    for (Point p : empty) {
      if (SetupCellAllowed(p)) actions.push_back(Action::Place(p));
    }
  } else if (IsDoubleTurn()) {
    for (size_t i = 0; i < empty.size(); ++i) {
      for (size_t j = i + 1; j < empty.size(); ++j) {
        if (ChangesBoard({empty[i], empty[j]})) actions.push_back(Action::Pair(empty[i], empty[j]));
      }
    }
  } else {
    for (Point p : empty) {
      if (ChangesBoard({p})) actions.push_back(Action::Place(p));
    }
  }
  std::sort(actions.begin(), actions.end());
  return actions;
}

void RefGame::Play(const Action& action) {
  last_actor_ = to_move_ == Stone::kBlack ? black_player_ : 1 - black_player_;
  const int mover = to_move_ == Stone::kBlack ? 0 : 1;
  switch (action.kind) {
    case Action::Kind::kSwap:
      // The players exchange colours; the colour to move, White, is unchanged and still owes
      // its first turn.
      swapped_ = true;
      black_player_ = 1 - black_player_;
      return;
    case Action::Kind::kSpendKomi:
      --komi_left_;
      break;
    case Action::Kind::kPlace:
      if (IsSetupTurn()) {
        // Setup stones remove nothing.
        board_.Set(action.a, to_move_);
        if (!first_setup_stone_[mover]) first_setup_stone_[mover] = action.a;
      } else {
        PlaceStones({action.a});
      }
      ++placement_turns_;
      break;
    case Action::Kind::kPair:
      PlaceStones({action.a, action.b});
      ++placement_turns_;
      break;
  }
  to_move_ = Other(to_move_);
}

void RefGame::PlaceStones(const std::vector<Point>& placed) {
  const int black_before = board_.Count(Stone::kBlack);
  const int white_before = board_.Count(Stone::kWhite);
  board_.PlayTurn(to_move_, placed);
  const int added = static_cast<int>(placed.size());
  captured_[0] +=
      black_before + (to_move_ == Stone::kBlack ? added : 0) - board_.Count(Stone::kBlack);
  captured_[1] +=
      white_before + (to_move_ == Stone::kWhite ? added : 0) - board_.Count(Stone::kWhite);
}

Stone RefGame::Winner() const {
  assert(last_actor_ >= 0);
  return ColourOf(last_actor_);
}

}  // namespace lifeline::reference
