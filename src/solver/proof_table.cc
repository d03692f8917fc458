#include "solver/proof_table.h"

#include <algorithm>
#include <cstdint>
#include <limits>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace lifeline {
namespace {

// Asks the system to back the table with huge pages where it can: a lookup lands on a random
// page, and with 4 KB pages nearly every lookup also missed the address translation cache,
// which cost more than the lookup's own cache miss. Only the whole 2 MB pages inside the
// block are advised; elsewhere, and where the advice is refused, nothing changes but speed.
void AdviseHugePages(void* memory, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr uintptr_t kHugePage = uintptr_t{2} << 20;
  const uintptr_t start = reinterpret_cast<uintptr_t>(memory);
  const uintptr_t first = (start + kHugePage - 1) / kHugePage * kHugePage;
  const uintptr_t end = (start + bytes) / kHugePage * kHugePage;
  if (end > first) madvise(reinterpret_cast<void*>(first), end - first, MADV_HUGEPAGE);
#else
  (void)memory;
  (void)bytes;
#endif
}

// Work that solved entries are credited with when choosing what to replace: they are exact,
// so losing one costs all the work that made it.
constexpr uint64_t kSolvedBonus = uint64_t{1} << 20;

uint32_t SaturatedWork(uint64_t work) {
  return static_cast<uint32_t>(
      std::min<uint64_t>(std::max<uint64_t>(work, 1), std::numeric_limits<uint32_t>::max()));
}

}  // namespace

ProofTable::ProofTable(int64_t memory_bytes) {
  // The largest power-of-two number of buckets that fits with the line that aligns them.
  const int64_t bucket_bytes = static_cast<int64_t>(sizeof(Bucket));
  uint64_t buckets = 1;
  while (static_cast<int64_t>(buckets * 2 + 1) * bucket_bytes <= memory_bytes) buckets *= 2;
  bucket_mask_ = buckets - 1;
}

int64_t ProofTable::memory_bytes() const {
  return static_cast<int64_t>((bucket_mask_ + 2) * sizeof(Bucket));
}

ProofTable::Entry* ProofTable::BucketOf(uint64_t key) {
  // The low bits pick the bucket; mixing first keeps nearby keys apart.
  return buckets_[(key ^ (key >> 29)) & bucket_mask_].entries;
}

const ProofTable::Entry* ProofTable::BucketOf(uint64_t key) const {
  return const_cast<ProofTable*>(this)->BucketOf(key);
}

bool ProofTable::Find(uint64_t key, ProofNumbers& numbers) const {
  if (buckets_ == nullptr) return false;
  const Entry* bucket = BucketOf(key);
  for (int i = 0; i < kBucket; ++i) {
    if (bucket[i].work != 0 && bucket[i].key() == key) {
      numbers = ProofNumbers{bucket[i].proof, bucket[i].disproof};
      return true;
    }
  }
  return false;
}

void ProofTable::Store(uint64_t key, const ProofNumbers& numbers, uint64_t work) {
  if (buckets_ == nullptr) {
    memory_.reset(std::calloc(static_cast<size_t>(bucket_mask_ + 2), sizeof(Bucket)));
    // Without its memory the table stays empty: the solver is slower but still exact.
    if (memory_ == nullptr) return;
    AdviseHugePages(memory_.get(), static_cast<size_t>(memory_bytes()));
    const uintptr_t start = reinterpret_cast<uintptr_t>(memory_.get());
    buckets_ = reinterpret_cast<Bucket*>((start + kLine - 1) / kLine * kLine);
  }
  Entry* bucket = BucketOf(key);
  Entry* target = nullptr;
  uint64_t cheapest = std::numeric_limits<uint64_t>::max();
  for (int i = 0; i < kBucket; ++i) {
    Entry& entry = bucket[i];
    if (entry.work != 0 && entry.key() == key) {
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
  target->set_key(key);
  target->proof = numbers.proof;
  target->disproof = numbers.disproof;
  target->work = SaturatedWork(work);
}

void ProofTable::Clear() {
  buckets_ = nullptr;
  memory_.reset();
  used_ = 0;
}

}  // namespace lifeline
