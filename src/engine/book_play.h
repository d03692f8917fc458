#ifndef LIFELINE_ENGINE_BOOK_PLAY_H_
#define LIFELINE_ENGINE_BOOK_PLAY_H_

#include "book/opening_book.h"
#include "search/player.h"

namespace lifeline {

// The book's move as a search's result: one candidate, no visits, the chance that the map
// gives it as its win rate, and a proof where the map's entry is exact (a proven reply wins;
// a first turn on a solved board loses, as every first turn does there).
SearchResult BookResult(const BookCandidate& candidate);

}  // namespace lifeline

#endif  // LIFELINE_ENGINE_BOOK_PLAY_H_
