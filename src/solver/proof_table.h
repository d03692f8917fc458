#ifndef LIFELINE_SOLVER_PROOF_TABLE_H_
#define LIFELINE_SOLVER_PROOF_TABLE_H_

#include <cstdint>
#include <cstdlib>
#include <memory>

namespace lifeline {

// Proof and disproof numbers of proof-number search, for the side to move: `proof` is the
// least number of positions still to solve to show that it wins, `disproof` the same for a
// loss. A proven win has proof 0 and disproof kInfinity; a proven loss the other way round.
struct ProofNumbers {
  static constexpr uint32_t kInfinity = 0x3fffffff;

  uint32_t proof = 1;
  uint32_t disproof = 1;

  bool won() const { return proof == 0; }
  bool lost() const { return disproof == 0; }
  bool solved() const { return proof == 0 || disproof == 0; }
  static ProofNumbers Win() { return {0, kInfinity}; }
  static ProofNumbers Loss() { return {kInfinity, 0}; }
};

// Sum of proof numbers: kInfinity (a solved child) absorbs everything, and any other sum
// stops just below it, so that only solved positions ever reach kInfinity.
inline uint32_t AddProofs(uint32_t a, uint32_t b) {
  if (a == ProofNumbers::kInfinity || b == ProofNumbers::kInfinity) return ProofNumbers::kInfinity;
  const uint64_t sum = uint64_t{a} + b;
  return sum >= ProofNumbers::kInfinity ? ProofNumbers::kInfinity - 1 : static_cast<uint32_t>(sum);
}

// The transposition table of the solver: proof numbers by position key, in a fixed block of
// memory allocated once (at the first store, so that an engine that never solves never takes
// it), so that the solver never uses more than its limit. Entries live in buckets of three,
// each bucket one aligned cache line, since a lookup is a cache miss and most of the solver's
// time went to them; a new entry replaces the one of its bucket that cost the least work to
// compute, preferring to keep solved positions (they are exact and never change). Keys are
// stored whole, so a position is only confused with another of the same 64-bit key.
class ProofTable {
 public:
  // A table of at most `memory_bytes` (at least one bucket).
  explicit ProofTable(int64_t memory_bytes);

  // The stored numbers of `key`, or false when the position is not stored.
  bool Find(uint64_t key, ProofNumbers& numbers) const;
  // Starts loading the bucket of `key` into the cache, so that several lookups' misses overlap
  // (the solver asks this for every child before it looks any of them up).
  void Prefetch(uint64_t key) const {
    if (buckets_ != nullptr) __builtin_prefetch(BucketOf(key));
  }
  // Stores the numbers of `key`, found with `work` positions searched below it.
  void Store(uint64_t key, const ProofNumbers& numbers, uint64_t work);
  void Clear();

  int64_t capacity() const { return static_cast<int64_t>((bucket_mask_ + 1) * kBucket); }
  // The memory the table takes once used: its buckets and the line that aligns them.
  int64_t used() const { return used_; }
  int64_t memory_bytes() const;

 private:
  // 20 bytes: the key in two halves keeps the entry 4-byte aligned, so three fit a line.
  struct Entry {
    uint32_t key_low = 0;
    uint32_t key_high = 0;
    uint32_t proof = 0;
    uint32_t disproof = 0;
    uint32_t work = 0;  // saturating; 0 marks an empty entry

    uint64_t key() const { return uint64_t{key_high} << 32 | key_low; }
    void set_key(uint64_t key) {
      key_low = static_cast<uint32_t>(key);
      key_high = static_cast<uint32_t>(key >> 32);
    }
  };
  static constexpr int kBucket = 3;
  static constexpr int kLine = 64;
  struct alignas(kLine) Bucket {
    Entry entries[kBucket];
  };
  static_assert(sizeof(Bucket) == kLine);
  Entry* BucketOf(uint64_t key);
  const Entry* BucketOf(uint64_t key) const;

  struct FreeMemory {
    void operator()(void* memory) const { std::free(memory); }
  };

  // Zeroed memory from calloc: the system hands out zero pages as they are first touched, so
  // a large table costs nothing to set up and its memory grows only as it fills. One line
  // more than the buckets need, so that they can start on a line.
  std::unique_ptr<void, FreeMemory> memory_;
  Bucket* buckets_ = nullptr;
  uint64_t bucket_mask_;
  int64_t used_ = 0;
};

}  // namespace lifeline

#endif  // LIFELINE_SOLVER_PROOF_TABLE_H_
