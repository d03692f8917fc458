#ifndef LIFELINE_SEARCH_MOVE_MODEL_H_
#define LIFELINE_SEARCH_MOVE_MODEL_H_

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/move.h"
#include "core/position.h"
#include "search/move_features.h"

namespace lifeline {

// The learned move model: a weight (the logarithm of a Bradley-Terry strength) for each
// feature value, a move's strength being the product over its five groups. Fitted offline by
// scripts/patterns.py from the moves of strong searches; the committed weights are compiled
// in (move_weights.inc). A feature value the training never saw weighs 0 (strength 1), and a
// shape seen too rarely takes the weight of the shared value "shape:rare".
//
// Pattern weights are stored for all twelve symmetric images of each code, so that play looks
// up the raw code around a cell without reducing it first.
class MoveModel {
 public:
  // Reads "name weight" lines (names as FeatureName prints them, plus "shape:rare"); '#'
  // starts a comment.
  static absl::StatusOr<MoveModel> Parse(absl::string_view text);
  // The compiled-in weights.
  static const MoveModel& Default();

  // The log-strength of a move with these (symmetry-reduced) features.
  double LogStrength(const MoveFeatures& features) const;
  // The same for `context.me` placing on `c`, from raw pattern codes (the fast path of play).
  double LogStrengthAt(const FeatureContext& context, Cell c) const;
  // The chance, scaled to 2^32, that a playout keeps a random cell with this raw ring code:
  // its ring strength over the strongest ring's, so that drawing cells until one is kept
  // samples cells in proportion to their ring strength (a softmax over the ring weights).
  uint64_t RingAcceptance(uint32_t raw_ring) const { return ring_acceptance_[raw_ring]; }

 private:
  MoveModel();
  double ShapeWeight(uint64_t raw_shape) const;

  std::array<double, kTactics> tactic_{};
  std::array<double, kDistanceFar + 1> near_last_{};
  std::array<double, kDistanceFar + 1> near_own_{};
  std::vector<double> ring_;                     // by raw ring code
  std::vector<uint64_t> ring_acceptance_;        // by raw ring code
  absl::flat_hash_map<uint64_t, double> shape_;  // by raw shape code
  double rare_shape_ = 0;
};

// Move probabilities under the model for the side to move: each placement's strength over
// the sum of all (a softmax of log-strengths). Only the play phase's single placements are
// judged; otherwise, and for the swap and komi spending, every action gets the same share.
void ComputeMovePolicy(const MoveModel& model, const Position& position, const RecentStones& recent,
                       std::span<const Move> moves, std::span<float> probabilities);

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_MOVE_MODEL_H_
