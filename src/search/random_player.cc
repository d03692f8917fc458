#include "search/random_player.h"

namespace lifeline {

SearchResult RandomPlayer::Search(const SearchInput& input, const SearchLimits& /*limits*/,
                                  Rng& rng, const ProgressCallback& /*progress*/) {
  SearchResult result;
  const std::optional<Move> move = input.position.RandomMove(rng);
  if (!move) {
    result.resign = true;
    return result;
  }
  result.move = *move;
  result.info.visits = 1;
  return result;
}

}  // namespace lifeline
