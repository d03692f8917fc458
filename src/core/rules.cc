#include "core/rules.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"

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

absl::StatusOr<Balancing> ParseBalancing(absl::string_view text) {
  const std::string lower = absl::AsciiStrToLower(text);
  for (Balancing b : {Balancing::kStrongPie, Balancing::kWeakPie, Balancing::kKomiPie}) {
    if (lower == BalancingName(b)) return b;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("unknown rules \"", text, "\" (strong-pie, weak-pie or komi-pie)"));
}

}  // namespace lifeline
