#include "engine/book_play.h"

namespace lifeline {

SearchResult BookResult(const BookCandidate& candidate) {
  SearchResult result;
  result.move = candidate.move;
  result.from_book = true;
  CandidateInfo info;
  info.move = candidate.move;
  info.win_rate = candidate.chance;
  info.principal_variation = {candidate.move};
  if (candidate.entry != nullptr && candidate.entry->exact()) {
    info.proof = candidate.chance >= 0.5 ? MoveProof::kWin : MoveProof::kLoss;
  }
  result.info.candidates.push_back(info);
  return result;
}

}  // namespace lifeline
