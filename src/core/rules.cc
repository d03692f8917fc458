#include "core/rules.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace lifeline {

std::string BalancingName(Balancing balancing) {
  switch (balancing) {
    case Balancing::kStrongPie:
      return "strong-pie";
    case Balancing::kWeakPie:
      return "weak-pie";
    case Balancing::kKomiPie:
      return "komi-pie";
  }
  return "?";
}

std::vector<std::string> BalancingNames() {
  std::vector<std::string> names;
  for (Balancing balancing : kBalancings) names.push_back(BalancingName(balancing));
  return names;
}

absl::StatusOr<Balancing> ParseBalancing(absl::string_view text) {
  const std::string lower = absl::AsciiStrToLower(text);
  for (Balancing b : kBalancings) {
    if (lower == BalancingName(b)) return b;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("unknown rules \"", text, "\" (", absl::StrJoin(BalancingNames(), ", "), ")"));
}

}  // namespace lifeline
