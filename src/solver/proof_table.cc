#include "solver/proof_table.h"

#include <algorithm>
#include <limits>

namespace lifeline {
namespace {

// Work that solved entries are credited with when choosing what to replace: they are exact,
// so losing one costs all the work that made it.
constexpr uint64_t kSolvedBonus = uint64_t{1} << 20;

uint32_t SaturatedWork(uint64_t work) {
  return static_cast<uint32_t>(
      std::min<uint64_t>(std::max<uint64_t>(work, 1), std::numeric_limits<uint32_t>::max()));
}

}  // namespace

ProofTable::ProofTable(int64_t memory_bytes) {
  // The largest power-of-two number of buckets that fits.
  const int64_t bucket_bytes = static_cast<int64_t>(sizeof(Entry)) * kBucket;
  uint64_t buckets = 1;
  while (static_cast<int64_t>(buckets * 2) * bucket_bytes <= memory_bytes) buckets *= 2;
  bucket_mask_ = buckets - 1;
}

int64_t ProofTable::memory_bytes() const {
  return capacity() * static_cast<int64_t>(sizeof(Entry));
}

ProofTable::Entry* ProofTable::BucketOf(uint64_t key) {
  // The low bits pick the bucket; mixing first keeps nearby keys apart.
  return &entries_[((key ^ (key >> 29)) & bucket_mask_) * kBucket];
}

const ProofTable::Entry* ProofTable::BucketOf(uint64_t key) const {
  return const_cast<ProofTable*>(this)->BucketOf(key);
}

bool ProofTable::Find(uint64_t key, ProofNumbers& numbers) const {
  if (entries_ == nullptr) return false;
  const Entry* bucket = BucketOf(key);
  for (int i = 0; i < kBucket; ++i) {
    if (bucket[i].work != 0 && bucket[i].key == key) {
      numbers = ProofNumbers{bucket[i].proof, bucket[i].disproof};
      return true;
    }
  }
  return false;
}

void ProofTable::Store(uint64_t key, const ProofNumbers& numbers, uint64_t work) {
  if (entries_ == nullptr) {
    entries_.reset(
        static_cast<Entry*>(std::calloc(static_cast<size_t>(capacity()), sizeof(Entry))));
    // Without its memory the table stays empty: the solver is slower but still exact.
    if (entries_ == nullptr) return;
  }
  Entry* bucket = BucketOf(key);
  Entry* target = nullptr;
  uint64_t cheapest = std::numeric_limits<uint64_t>::max();
  for (int i = 0; i < kBucket; ++i) {
    Entry& entry = bucket[i];
    if (entry.work != 0 && entry.key == key) {
      target = &entry;
      break;
    }
    const bool solved = entry.proof == 0 || entry.disproof == 0;
    const uint64_t value = entry.work == 0 ? 0 : entry.work + (solved ? kSolvedBonus : 0);
    if (value < cheapest) {
      cheapest = value;
      target = &entry;
    }
  }
  if (target->work == 0) ++used_;
  target->key = key;
  target->proof = numbers.proof;
  target->disproof = numbers.disproof;
  target->work = SaturatedWork(work);
}

void ProofTable::Clear() {
  entries_.reset();
  used_ = 0;
}

}  // namespace lifeline
