#ifndef LIFELINE_ENGINE_SEARCH_OPTIONS_H_
#define LIFELINE_ENGINE_SEARCH_OPTIONS_H_

#include <cstdint>
#include <string>

#include "engine/options.h"
#include "search/mcts_options.h"
#include "solver/dfpn.h"

namespace lifeline {

class Engine;

// The keys of the search settings; their specs are in search_options.cc.
namespace option {
inline constexpr OptionKey<std::string> kPlayer{"player"};
inline constexpr OptionKey<int64_t> kVisits{"visits"};
inline constexpr OptionKey<double> kTime{"time"};
inline constexpr OptionKey<int64_t> kLevel{"level"};
inline constexpr OptionKey<int64_t> kThreads{"threads"};
inline constexpr OptionKey<int64_t> kMemory{"memory"};
inline constexpr OptionKey<bool> kVerbose{"verbose"};
inline constexpr OptionKey<bool> kPonder{"ponder"};
inline constexpr OptionKey<std::string> kNetwork{"network"};
inline constexpr OptionKey<std::string> kBook{"book"};
inline constexpr OptionKey<double> kResign{"resign"};
inline constexpr OptionKey<bool> kRave{"rave"};
inline constexpr OptionKey<bool> kPriors{"priors"};
inline constexpr OptionKey<bool> kPolicy{"policy"};
inline constexpr OptionKey<bool> kPatternPlayouts{"pattern-playouts"};
inline constexpr OptionKey<bool> kSettled{"settled"};
inline constexpr OptionKey<bool> kSolver{"solver"};
inline constexpr OptionKey<bool> kReuse{"reuse"};
inline constexpr OptionKey<bool> kMergePairOrders{"merge-pair-orders"};
inline constexpr OptionKey<bool> kPlainUct{"plain-uct"};
inline constexpr OptionKey<double> kPriorVisits{"prior-visits"};
inline constexpr OptionKey<double> kPriorAmafVisits{"prior-amaf-visits"};
inline constexpr OptionKey<bool> kMoveModel{"move-model"};
inline constexpr OptionKey<double> kModelPriorSlope{"model-prior-slope"};
inline constexpr OptionKey<double> kPuct{"puct"};
inline constexpr OptionKey<int64_t> kNetworkVisits{"network-visits"};
inline constexpr OptionKey<double> kNetworkValueVisits{"network-value-visits"};
inline constexpr OptionKey<double> kNetworkValueMix{"network-value-mix"};
inline constexpr OptionKey<bool> kRaveVerdict{"rave-verdict"};
inline constexpr OptionKey<bool> kJudgedRave{"judged-rave"};
inline constexpr OptionKey<double> kLcbZ{"lcb-z"};
inline constexpr OptionKey<bool> kVarianceExploration{"variance-exploration"};
inline constexpr OptionKey<bool> kNetworkLeaves{"network-leaves"};
inline constexpr OptionKey<double> kExploration{"exploration"};
inline constexpr OptionKey<double> kRaveEquivalence{"rave-equivalence"};
inline constexpr OptionKey<bool> kSolve{"solve"};
inline constexpr OptionKey<int64_t> kSolveEmpty{"solve-empty"};
inline constexpr OptionKey<double> kSolveShare{"solve-share"};
inline constexpr OptionKey<double> kSolveTime{"solve-time"};
inline constexpr OptionKey<int64_t> kSolverMemory{"solver-memory"};
}  // namespace option

// Declares the search settings: player (random or mcts), visits, time, threads, memory, resign,
// verbose, ponder, the enhancements' switches and constants. Changing any but visits, time,
// verbose, ponder and solve-time gives `engine` a new player (its tree is dropped);
// solver-memory also gives it a new exact solver.
void DeclareSearchOptions(OptionTable& table, Engine& engine);

// The Monte Carlo settings the table holds.
MctsOptions SearchSettings(const OptionTable& table);
// The exact solver's settings the table holds.
SolverOptions SolverSettings(const OptionTable& table);

}  // namespace lifeline

#endif  // LIFELINE_ENGINE_SEARCH_OPTIONS_H_
