#include "search/move_model.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/check.h"
#include "search/tactics.h"

namespace lifeline {
namespace {

constexpr char kCompiledWeights[] =
#include "search/move_weights.inc"
    ;

constexpr uint64_t kRingMask = (uint64_t{1} << (2 * kRingCells)) - 1;

absl::Status BadLine(absl::string_view line, absl::string_view why) {
  return absl::InvalidArgumentError(absl::StrCat("move weights: ", why, ": ", line));
}

}  // namespace

MoveModel::MoveModel() : ring_(size_t{1} << (2 * kRingCells), 0.0) {}

absl::StatusOr<MoveModel> MoveModel::Parse(absl::string_view text) {
  MoveModel model;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    line = absl::StripAsciiWhitespace(line.substr(0, line.find('#')));
    if (line.empty()) continue;
    const std::vector<absl::string_view> fields =
        absl::StrSplit(line, absl::ByAnyChar(" \t"), absl::SkipEmpty());
    double weight = 0;
    if (fields.size() != 2 || !absl::SimpleAtod(fields[1], &weight) || !std::isfinite(weight)) {
      return BadLine(line, "expected NAME WEIGHT");
    }
    const std::pair<absl::string_view, absl::string_view> name =
        absl::StrSplit(fields[0], absl::MaxSplits(':', 1));
    if (name.first == "shape" && name.second == "rare") {
      model.rare_shape_ = weight;
      continue;
    }
    uint64_t value = 0;
    if (!absl::SimpleAtoi(name.second, &value)) return BadLine(line, "bad feature value");
    if (name.first == "tactic" && value < kTactics) {
      model.tactic_[value] = weight;
    } else if (name.first == "near" && value <= kDistanceFar) {
      model.near_last_[value] = weight;
    } else if (name.first == "own" && value <= kDistanceFar) {
      model.near_own_[value] = weight;
    } else if (name.first == "ring" && value <= kRingMask) {
      for (uint64_t image : SymmetricImages(value, kRingCells)) model.ring_[image] = weight;
    } else if (name.first == "shape" && value >> (2 * kShapeCells) == 0) {
      for (uint64_t image : SymmetricImages(value, kShapeCells)) model.shape_[image] = weight;
    } else {
      return BadLine(line, "unknown feature");
    }
  }
  const double strongest = *std::max_element(model.ring_.begin(), model.ring_.end());
  model.ring_acceptance_.resize(model.ring_.size());
  for (size_t code = 0; code < model.ring_.size(); ++code) {
    model.ring_acceptance_[code] =
        static_cast<uint64_t>(std::exp(model.ring_[code] - strongest) * 0x1.0p32);
  }
  return model;
}

const MoveModel& MoveModel::Default() {
  static const MoveModel* const model = [] {
    absl::StatusOr<MoveModel> parsed = Parse(kCompiledWeights);
    LL_CHECK(parsed.ok());
    return new MoveModel(*std::move(parsed));
  }();
  return *model;
}

double MoveModel::ShapeWeight(uint64_t raw_shape) const {
  const auto found = shape_.find(raw_shape);
  return found == shape_.end() ? rare_shape_ : found->second;
}

double MoveModel::LogStrength(const MoveFeatures& features) const {
  return tactic_[static_cast<int>(features.tactic)] + near_last_[features.near_last] +
         near_own_[features.near_own] + ring_[features.ring] + ShapeWeight(features.shape);
}

double MoveModel::LogStrengthAt(const FeatureContext& context, Cell c) const {
  // Every image of a pattern carries its weight, so the raw codes look up the same values.
  return LogStrength(ComputeMoveFeatures(context, c, /*reduce_patterns=*/false));
}

void ComputeMovePolicy(const MoveModel& model, const Position& position, const RecentStones& recent,
                       std::span<const Move> moves, std::span<float> probabilities) {
  LL_CHECK(moves.size() == probabilities.size());
  if (moves.empty()) return;
  if (!SinglePlacementsAreFast(position)) {
    std::fill(probabilities.begin(), probabilities.end(), 1.0f / moves.size());
    return;
  }
  const FeatureContext context(position.board(), position.to_move(), recent);
  // Log-strengths first, turned into strengths in place (scaled by the highest, so that the
  // exponentials cannot overflow).
  std::vector<double> strengths(moves.size(), 0.0);
  double highest = -1e300;
  int placements = 0;
  for (size_t i = 0; i < moves.size(); ++i) {
    if (moves[i].kind != Move::Kind::kPlace) continue;
    strengths[i] = model.LogStrengthAt(context, moves[i].first);
    highest = std::max(highest, strengths[i]);
    ++placements;
  }
  double placement_sum = 0;
  for (size_t i = 0; i < moves.size(); ++i) {
    if (moves[i].kind != Move::Kind::kPlace) continue;
    strengths[i] = std::exp(strengths[i] - highest);
    placement_sum += strengths[i];
  }
  // Other actions (komi spending) weigh as much as an average placement.
  const double other = placements > 0 ? placement_sum / placements : 1.0;
  double total = 0;
  for (size_t i = 0; i < moves.size(); ++i) {
    if (moves[i].kind != Move::Kind::kPlace) strengths[i] = other;
    total += strengths[i];
  }
  for (size_t i = 0; i < moves.size(); ++i) {
    probabilities[i] = static_cast<float>(strengths[i] / total);
  }
}

}  // namespace lifeline
