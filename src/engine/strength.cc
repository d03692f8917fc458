#include "engine/strength.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/check.h"

namespace lifeline {
namespace {

// Each level has four times the simulations of the one below it, a narrower choice and less
// chance in it; measured level against level (docs/search.md), each wins most of its games
// against the one below.
constexpr std::array<StrengthLevel, kFullStrength> kLevels = {{
    {8, 1.0, 1.0},
    {32, 0.5, 1.0},
    {128, 0.3, 0.8},
    {512, 0.2, 0.6},
    {2048, 0.12, 0.45},
    {8192, 0.06, 0.3},
    {32768, 0.03, 0.15},
    {0, 0.0, 0.0},
}};

}  // namespace

StrengthLevel LevelSettings(int level) {
  LL_CHECK(level >= kWeakestLevel && level <= kFullStrength);
  return kLevels[level - kWeakestLevel];
}

Move ChooseAtLevel(const StrengthLevel& level, const std::vector<CandidateInfo>& candidates,
                   const Move& searched, Rng& rng) {
  if (level.temperature <= 0 || candidates.empty()) return searched;
  std::vector<const CandidateInfo*> open;
  for (const CandidateInfo& candidate : candidates) {
    if (candidate.proof != MoveProof::kLoss) open.push_back(&candidate);
  }
  if (open.empty()) return searched;
  // The margin counts from the most visited candidate's win rate: a rarely visited one's
  // may be far off (a first visit that happened to win), and would set the bar by chance.
  const CandidateInfo* most_visited = open.front();
  for (const CandidateInfo* candidate : open) {
    if (candidate->visits > most_visited->visits) most_visited = candidate;
  }
  const double bar = most_visited->win_rate - level.margin;
  std::vector<std::pair<const CandidateInfo*, double>> weighted;
  double total = 0;
  for (const CandidateInfo* candidate : open) {
    if (candidate->win_rate < bar && candidate != most_visited) continue;
    const double weight = std::pow(static_cast<double>(std::max<int64_t>(candidate->visits, 1)),
                                   1.0 / level.temperature);
    weighted.emplace_back(candidate, weight);
    total += weight;
  }
  double draw = rng.Uniform() * total;
  for (const auto& [candidate, weight] : weighted) {
    draw -= weight;
    if (draw < 0) return candidate->move;
  }
  return weighted.back().first->move;
}

}  // namespace lifeline
