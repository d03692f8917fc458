#include "solver/dfpn.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "core/board_width.h"
#include "core/check.h"
#include "solver/solver_key.h"

namespace lifeline {

const char* VerdictName(Verdict verdict) {
  switch (verdict) {
    case Verdict::kWin:
      return "win";
    case Verdict::kLoss:
      return "loss";
    case Verdict::kUnknown:
      break;
  }
  return "unknown";
}

namespace {

constexpr uint32_t kInfinity = ProofNumbers::kInfinity;
// How often the clock is read, in expanded positions: an expansion of a position with many
// empty cells takes tens of microseconds, so a short share of a move must be checked often.
constexpr int64_t kClockInterval = 16;

// The limits of one solve, and what it has spent.
class Budget {
 public:
  Budget(const SolveLimits& limits, const SteadyClock& clock)
      : limits_(limits), clock_(clock), start_(clock.Now()) {}

  void Count() {
    ++nodes_;
    if (nodes_ % kClockInterval == 0 && limits_.max_seconds > 0 &&
        clock_.Now() - start_ >= limits_.max_seconds) {
      out_of_time_ = true;
    }
  }
  bool Exhausted() const {
    return out_of_time_ || (limits_.max_nodes > 0 && nodes_ >= limits_.max_nodes) ||
           (limits_.stop != nullptr && limits_.stop->IsSet());
  }
  int64_t nodes() const { return nodes_; }
  double seconds() const { return clock_.Now() - start_; }

 private:
  const SolveLimits& limits_;
  const SteadyClock& clock_;
  const double start_;
  int64_t nodes_ = 0;
  bool out_of_time_ = false;
};

template <int W>
uint64_t KeyOf(const SolverOptions& options, const BasicPosition<W>& position) {
  if (position.board().occupied().Count() > options.symmetry_stones) return SolverKey(position);
  return CanonicalSolverKey(position, Symmetries::ForBase(position.geometry().base()));
}

// The numbers of a position known without search: a loss when the side to move has no legal
// action, a win at a swap decision (off the root), else false. `legal` is the board's
// LegalCellsOfBoth.
template <int W>
bool KnownNumbers(const BasicPosition<W>& position, const BasicLegalCells<W>& legal, bool root,
                  ProofNumbers& numbers) {
  if (!position.HasLegalAction(legal)) {
    numbers = ProofNumbers::Loss();  // the side to move cannot act: it has lost
    return true;
  }
  // At a swap decision the side to move wins: swapping or not leads to the same board with
  // the same colour to move and the players exchanged, so exactly one of the two wins
  // (docs/solver.md). Which one is the work; the root must find it to name its move.
  if (!root && position.CanSwap()) {
    numbers = ProofNumbers::Win();
    return true;
  }
  return false;
}

// What a disproof costs per cell the side to move can play, in FirstNumbers. Measured
// (docs/solver.md): 2 searches 1.4 to 2 times fewer positions than 1 in the endgames of real
// games on bases 5 and 7, and 1.15 times fewer for the whole base-3 table, where 3 and 4,
// though as good in endgames, search more than 1.
constexpr int kMobilityScale = 2;

// The first numbers of a position that is neither stored nor known: one good action proves a
// win, while a loss needs every action refuted, so a side with more cells to play is dearer
// to disprove (the mobility initialisation of df-pn). `legal` is the board's
// LegalCellsOfBoth.
template <int W>
ProofNumbers FirstNumbers(const BasicPosition<W>& position, const BasicLegalCells<W>& legal) {
  const int cells = position.IsSingleTurn() ? legal[position.to_move()].Count() : 1;
  return ProofNumbers{1, static_cast<uint32_t>(kMobilityScale * std::max(1, cells))};
}

// The df-pn search of one solve on positions of width W, the words the base needs.
template <int W>
class SizedSearch {
 public:
  using SizedPosition = BasicPosition<W>;
  using LegalCells = BasicLegalCells<W>;

  SizedSearch(const SolverOptions& options, ProofTable& table, Budget& budget)
      : options_(options), table_(table), budget_(budget) {}

  SolveResult Solve(const SizedPosition& position);
  SolveResult SolveAll(const SizedPosition& position);

 private:
  // One action of the side to move and where it leads. `numbers` are the child's, for the
  // opponent who moves there: the child's disproof is the parent's proof through it.
  struct Child {
    Move move;
    SizedPosition position;
    // The child's legal cells (no groups), kept from the parent's by the move: the child's
    // legality and its own children's moves need no flood.
    BasicBoardIndex<W> index;
    uint64_t key = 0;
    ProofNumbers numbers;
    int order = 0;  // higher first
  };

  // Proves or disproves `position`, which KnownNumbers cannot decide, until its numbers reach
  // the thresholds (or the budget runs out), storing what it learns; returns its numbers.
  // `legal` is the board's LegalCellsOfBoth.
  ProofNumbers Search(const SizedPosition& position, const LegalCells& legal, uint64_t key,
                      uint32_t proof_threshold, uint32_t disproof_threshold);
  // The legal actions of `position` (whose board's LegalCellsOfBoth are `legal`) with their
  // positions, legal cells, keys and numbers, one per position reached, captures first.
  std::vector<Child> Expand(const SizedPosition& position, const LegalCells& legal) const;
  // Searches `position` until it is solved or the budget runs out. At the root the swap
  // shortcut is off, so that the winning move itself is found.
  ProofNumbers SolveFully(const SizedPosition& position, bool root);
  SolveResult Finish(SolveResult result) const {
    result.nodes = budget_.nodes();
    result.seconds = budget_.seconds();
    return result;
  }

  const SolverOptions& options_;
  ProofTable& table_;
  Budget& budget_;
};

template <int W>
std::vector<typename SizedSearch<W>::Child> SizedSearch<W>::Expand(const SizedPosition& position,
                                                                   const LegalCells& legal) const {
  const Color mover = position.to_move();
  const Color opponent = Opponent(mover);
  const std::vector<Move> moves = position.LegalMoves(legal);
  std::vector<Child> children;
  children.reserve(moves.size());
  for (const Move& move : moves) {
    Child child{move, position, BasicBoardIndex<W>{legal, nullptr}, 0, ProofNumbers(), 0};
    child.position.Play(move, child.index);
    child.key = KeyOf(options_, child.position);
    // Two actions that reach one position (or images of it) are one child.
    if (std::any_of(children.begin(), children.end(),
                    [&](const Child& other) { return other.key == child.key; })) {
      continue;
    }
    table_.Prefetch(child.key);
    // Captures first and own losses last: the cheap tactics that decide most endgames.
    const int killed = child.position.captured(opponent) - position.captured(opponent);
    const int lost = child.position.captured(mover) - position.captured(mover);
    child.order = 4 * killed - 2 * lost;
    children.push_back(std::move(child));
  }
  // The lookups after all the children are made, so that their cache misses overlap.
  for (Child& child : children) {
    if (!table_.Find(child.key, child.numbers) &&
        !KnownNumbers(child.position, child.index.legal, /*root=*/false, child.numbers)) {
      child.numbers = FirstNumbers(child.position, child.index.legal);
    }
  }
  // Sorted by their places, then moved once each: a child is a few hundred bytes, too many to
  // shuffle about in a sort.
  std::vector<int> places(children.size());
  for (size_t i = 0; i < places.size(); ++i) places[i] = static_cast<int>(i);
  std::stable_sort(places.begin(), places.end(),
                   [&](int a, int b) { return children[a].order > children[b].order; });
  std::vector<Child> sorted;
  sorted.reserve(children.size());
  for (const int place : places) sorted.push_back(std::move(children[place]));
  return sorted;
}

template <int W>
ProofNumbers SizedSearch<W>::Search(const SizedPosition& position, const LegalCells& legal,
                                    uint64_t key, uint32_t proof_threshold,
                                    uint32_t disproof_threshold) {
  const int64_t work_start = budget_.nodes();
  budget_.Count();
  std::vector<Child> children = Expand(position, legal);
  LL_CHECK(!children.empty());  // KnownNumbers catches the positions without an action
  ProofNumbers numbers;
  while (true) {
    // Through a child the side to move wins where the opponent loses: its proof is the
    // least child disproof, its disproof the sum of the child proofs.
    uint32_t proof = kInfinity;
    uint32_t second = kInfinity;
    uint32_t disproof = 0;
    size_t best = 0;
    for (size_t i = 0; i < children.size(); ++i) {
      const ProofNumbers& child = children[i].numbers;
      if (child.disproof < proof) {
        second = proof;
        proof = child.disproof;
        best = i;
      } else if (child.disproof < second) {
        second = child.disproof;
      }
      disproof = AddProofs(disproof, child.proof);
    }
    numbers = proof == 0 ? ProofNumbers::Win() : ProofNumbers{proof, disproof};
    if (numbers.solved() || proof >= proof_threshold || disproof >= disproof_threshold ||
        budget_.Exhausted()) {
      break;
    }
    Child& chosen = children[best];
    // The chosen child is searched while it stays the best by a margin (1+epsilon) and while
    // the parent's disproof stays under its threshold.
    const uint32_t child_proof_threshold = disproof_threshold - (disproof - chosen.numbers.proof);
    uint32_t child_disproof_threshold = proof_threshold;
    if (second < kInfinity) {
      const double widened = std::ceil(second * (1 + options_.epsilon));
      const uint32_t margin = static_cast<uint32_t>(
          std::min<double>(std::max<double>(widened, second + 1.0), kInfinity - 1));
      child_disproof_threshold = std::min(child_disproof_threshold, margin);
    }
    chosen.numbers = Search(chosen.position, chosen.index.legal, chosen.key, child_proof_threshold,
                            child_disproof_threshold);
  }
  table_.Store(key, numbers, static_cast<uint64_t>(budget_.nodes() - work_start));
  return numbers;
}

template <int W>
ProofNumbers SizedSearch<W>::SolveFully(const SizedPosition& position, bool root) {
  ProofNumbers numbers;
  const LegalCells legal = position.board().LegalCellsOfBoth();
  if (KnownNumbers(position, legal, root, numbers)) return numbers;
  const uint64_t key = KeyOf(options_, position);
  if (!root && table_.Find(key, numbers) && numbers.solved()) return numbers;
  while (!budget_.Exhausted()) {
    numbers = Search(position, legal, key, kInfinity, kInfinity);
    if (numbers.solved()) break;
  }
  return numbers;
}

template <int W>
SolveResult SizedSearch<W>::Solve(const SizedPosition& position) {
  SolveResult result;
  const ProofNumbers numbers = SolveFully(position, /*root=*/true);
  if (numbers.lost()) result.verdict = Verdict::kLoss;
  if (numbers.won()) {
    // A winning move leads to a position lost for the opponent; the table says which, unless
    // it has made room for others since, when the move is proved again.
    const std::vector<Child> children = Expand(position, position.board().LegalCellsOfBoth());
    for (const Child& child : children) {
      if (child.numbers.lost()) {
        result.verdict = Verdict::kWin;
        result.move = child.move;
        break;
      }
    }
    for (size_t i = 0; result.verdict != Verdict::kWin && i < children.size(); ++i) {
      if (SolveFully(children[i].position, /*root=*/false).lost()) {
        result.verdict = Verdict::kWin;
        result.move = children[i].move;
      }
    }
  }
  return Finish(result);
}

template <int W>
SolveResult SizedSearch<W>::SolveAll(const SizedPosition& position) {
  SolveResult result;
  bool all_decided = true;
  for (const Move& move : position.LegalMoves()) {
    SizedPosition child = position;
    child.Play(move);
    const ProofNumbers numbers = SolveFully(child, /*root=*/false);
    MoveVerdict verdict{move, Verdict::kUnknown};
    if (numbers.lost()) verdict.verdict = Verdict::kWin;
    if (numbers.won()) verdict.verdict = Verdict::kLoss;
    all_decided = all_decided && verdict.verdict != Verdict::kUnknown;
    if (verdict.verdict == Verdict::kWin && result.verdict != Verdict::kWin) {
      result.verdict = Verdict::kWin;
      result.move = move;
    }
    result.moves.push_back(verdict);
  }
  if (result.verdict != Verdict::kWin && all_decided) result.verdict = Verdict::kLoss;
  return Finish(result);
}

}  // namespace

Solver::Solver(const SolverOptions& options, const SteadyClock& clock)
    : options_(options), clock_(clock), table_(options.memory_bytes) {}

Verdict Solver::Known(const Position& position) const {
  ProofNumbers numbers;
  if (!KnownNumbers(position, position.board().LegalCellsOfBoth(), /*root=*/false, numbers) &&
      !table_.Find(KeyOf(options_, position), numbers)) {
    return Verdict::kUnknown;
  }
  if (numbers.won()) return Verdict::kWin;
  if (numbers.lost()) return Verdict::kLoss;
  return Verdict::kUnknown;
}

SolveResult Solver::Solve(const Position& position, const SolveLimits& limits) {
  Budget budget(limits, clock_);
  return WithBoardWidth(position.geometry(), [&](auto width) {
    constexpr int w = decltype(width)::value;
    return SizedSearch<w>(options_, table_, budget).Solve(BasicPosition<w>(position));
  });
}

SolveResult Solver::SolveAll(const Position& position, const SolveLimits& limits) {
  Budget budget(limits, clock_);
  return WithBoardWidth(position.geometry(), [&](auto width) {
    constexpr int w = decltype(width)::value;
    return SizedSearch<w>(options_, table_, budget).SolveAll(BasicPosition<w>(position));
  });
}

}  // namespace lifeline
