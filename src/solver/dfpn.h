#ifndef LIFELINE_SOLVER_DFPN_H_
#define LIFELINE_SOLVER_DFPN_H_

#include <cstdint>
#include <vector>

#include "core/move.h"
#include "core/position.h"
#include "core/symmetry.h"
#include "search/clock.h"
#include "search/stop_signal.h"
#include "solver/proof_table.h"

namespace lifeline {

struct SolverOptions {
  // The transposition table's memory, never exceeded (the rest of the solver's memory is a
  // few kilobytes per ply of the current line).
  int64_t memory_bytes = int64_t{256} << 20;
  // Positions with at most this many stones are stored under their canonical key (the least
  // over the board's twelve symmetries), so that images of each other are proven once. Above
  // it the images are rare and the key is the position's own.
  int symmetry_stones = 12;
  // The 1+epsilon threshold of Pawlewicz and Lew: a child is searched until its numbers pass
  // its sibling's by this factor, which spares most of the switching back and forth between
  // siblings of similar size.
  double epsilon = 0.25;
};

// How much a solve may spend; every limit that is set applies.
struct SolveLimits {
  int64_t max_nodes = 0;   // 0: no node limit
  double max_seconds = 0;  // 0: no time limit
  const StopSignal* stop = nullptr;
};

enum class Verdict { kUnknown, kWin, kLoss };  // for the side to move
const char* VerdictName(Verdict verdict);      // "unknown", "win", "loss"

// A move of the root with what the solver knows of it, for the side to move: a winning move
// leads to a position lost for the opponent.
struct MoveVerdict {
  Move move;
  Verdict verdict = Verdict::kUnknown;
};

struct SolveResult {
  Verdict verdict = Verdict::kUnknown;
  Move move;  // a winning move when the verdict is kWin
  // SolveAll only: every root move with its verdict, in the order of Position::LegalMoves.
  std::vector<MoveVerdict> moves;
  int64_t nodes = 0;  // positions expanded by this solve
  double seconds = 0;
};

// An exact solver of Lifeline positions: depth-first proof-number search (df-pn, as Nagai
// describes it, with the 1+epsilon trick), over whole actions (a double turn is one action),
// with a transposition table of fixed size. It proves whether the side to move wins; its only
// heuristics are the order of the moves and the first numbers of a new position (from how
// many cells its side can play), and a verdict it gives is exact (docs/solver.md says
// why each shortcut is). It searches on the position sized to its base's words, as playouts
// do (docs/design.md), since a solve copies a position for every child. The table is kept
// between solves, so a later solve of a nearby position starts with what earlier ones
// proved; Clear forgets it. One thread; a solve ends within its limits and can be stopped
// from another thread.
class Solver {
 public:
  // The clock must outlive the solver.
  Solver(const SolverOptions& options, const SteadyClock& clock);

  // Whether the side to move wins, and a winning move when it does. The position must not be
  // over (its side to move has a legal action).
  SolveResult Solve(const Position& position, const SolveLimits& limits);
  // The verdict of every move of the side to move; the position's verdict is a win when one
  // move wins, a loss when every move is proven to lose, and unknown otherwise.
  SolveResult SolveAll(const Position& position, const SolveLimits& limits);

  // What the table or the rules alone already prove of `position` (no search): kWin, kLoss,
  // or kUnknown.
  Verdict Known(const Position& position) const;

  void Clear() { table_.Clear(); }
  const ProofTable& table() const { return table_; }
  const SolverOptions& options() const { return options_; }

 private:
  SolverOptions options_;
  const SteadyClock& clock_;
  ProofTable table_;
};

}  // namespace lifeline

#endif  // LIFELINE_SOLVER_DFPN_H_
