#ifndef LIFELINE_CORE_RULES_H_
#define LIFELINE_CORE_RULES_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace lifeline {

// How the first player's advantage is balanced (docs/rules.md, "Balancing the first move").
enum class Balancing {
  kStrongPie,  // double first turns, White may swap instead of its double turn
  kWeakPie,    // four setup stones without removals, White may swap after Black's first
  kKomiPie,    // setup as weak pie, no swap, White may spend komi points instead of placing
};

// The rule set of one game, as a plain value. Later variants of the rules (the 12* protocol,
// the cornered formulation) become further fields here.
struct Rules {
  Balancing balancing = Balancing::kStrongPie;
  // White's spendable points under komi pie; ignored by the other methods.
  int komi = 0;

  friend bool operator==(const Rules&, const Rules&) = default;
};

// Every balancing method, in the order that lists show them.
inline constexpr Balancing kBalancings[] = {Balancing::kStrongPie, Balancing::kWeakPie,
                                            Balancing::kKomiPie};

// "strong-pie", "weak-pie", "komi-pie": the names of the rules in every front end.
std::string BalancingName(Balancing balancing);
// The names of kBalancings, in its order.
std::vector<std::string> BalancingNames();
absl::StatusOr<Balancing> ParseBalancing(absl::string_view text);

}  // namespace lifeline

#endif  // LIFELINE_CORE_RULES_H_
