#ifndef LIFELINE_ENGINE_STRENGTH_H_
#define LIFELINE_ENGINE_STRENGTH_H_

#include <cstdint>
#include <vector>

#include "core/move.h"
#include "core/random.h"
#include "search/player.h"

namespace lifeline {

// Playing strength below the full search, for people to play against: as chess engines'
// skill levels do, a level caps the simulations of a move and lets chance choose among the
// candidates that the search finds nearly as good as its best. It changes how genmove picks
// its move, never the search itself nor an analysis. Level kFullStrength is the engine as it
// is. Their strength, measured level against level, is in docs/search.md.
inline constexpr int kWeakestLevel = 1;
inline constexpr int kFullStrength = 8;

struct StrengthLevel {
  int64_t max_visits = 0;  // simulations of a move at most (0: no cap)
  // Candidates whose win rate is at most this far below the most visited one's may be
  // chosen...
  double margin = 0;
  // ...each with a weight of visits^(1 / temperature); 0 keeps the search's own choice.
  double temperature = 0;
};

StrengthLevel LevelSettings(int level);

// The move to play at `level` among the search's candidates (most visited first, as
// SearchInfo has them), by chance within the level's margin of the most visited candidate's
// win rate, in proportion to visits^(1/temperature): a proven loss only when every candidate
// is one. `searched` is the
// search's own choice, kept at full strength and when there is no candidate.
Move ChooseAtLevel(const StrengthLevel& level, const std::vector<CandidateInfo>& candidates,
                   const Move& searched, Rng& rng);

}  // namespace lifeline

#endif  // LIFELINE_ENGINE_STRENGTH_H_
