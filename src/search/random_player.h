#ifndef LIFELINE_SEARCH_RANDOM_PLAYER_H_
#define LIFELINE_SEARCH_RANDOM_PLAYER_H_

#include "search/player.h"

namespace lifeline {

// Plays a uniformly random legal action (Position::RandomMove). The baseline every search is
// measured against.
class RandomPlayer : public Player {
 public:
  std::string Name() const override { return "random"; }
  SearchResult Search(const SearchInput& input, const SearchLimits& limits, Rng& rng,
                      const ProgressCallback& progress) override;
};

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_RANDOM_PLAYER_H_
