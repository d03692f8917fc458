#include "search/territory_tally.h"

#include "core/color.h"

namespace lifeline {

namespace {
constexpr auto kRelaxed = std::memory_order_relaxed;
}  // namespace

void TerritoryTally::Reset() {
  for (std::atomic<int64_t>& sum : black_minus_white_) sum.store(0, kRelaxed);
  playouts_.store(0, kRelaxed);
}

void TerritoryTally::Add(Local& local, const Bitset held[2]) {
  held[Index(Color::kBlack)].ForEach([&](Cell c) { ++local.black_minus_white[c]; });
  held[Index(Color::kWhite)].ForEach([&](Cell c) { --local.black_minus_white[c]; });
  if (++local.playouts >= kFlushPlayouts) Flush(local);
}

void TerritoryTally::Flush(Local& local) {
  if (local.playouts == 0) return;
  for (size_t c = 0; c < local.black_minus_white.size(); ++c) {
    if (local.black_minus_white[c] != 0) {
      black_minus_white_[c].fetch_add(local.black_minus_white[c], kRelaxed);
    }
  }
  // After the sums: a reader that sees these playouts sees at least their counts.
  playouts_.fetch_add(local.playouts, std::memory_order_release);
  local = Local();
}

std::vector<float> TerritoryTally::Read(const Geometry& geometry) const {
  const int64_t playouts = playouts_.load(std::memory_order_acquire);
  if (playouts == 0) return {};
  std::vector<float> territory(Bitset::kBits, 0.0f);
  geometry.cells().ForEach([&](Cell c) {
    territory[c] = static_cast<float>(static_cast<double>(black_minus_white_[c].load(kRelaxed)) /
                                      static_cast<double>(playouts));
  });
  return territory;
}

}  // namespace lifeline
