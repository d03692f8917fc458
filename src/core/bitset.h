#ifndef LIFELINE_CORE_BITSET_H_
#define LIFELINE_CORE_BITSET_H_

#include <array>
#include <bit>
#include <cstdint>

namespace lifeline {

// Words that hold the largest board: N = 13 has a 25 x 25 array, 625 bits.
inline constexpr int kMaxWords = 10;

// A set of board positions, one bit per cell of the D x D array that holds a hexhex board of
// diameter D = 2N - 1, in W 64-bit words. Positions outside the hexagon are never set by the
// board. Plain value type: copying is cheap and allocation-free, which is what search and
// undo rely on. It knows nothing of geometry; shifts live in Geometry.
//
// W is the number of words the board needs (Geometry::words()), or kMaxWords for a set that
// serves every base: every loop over the words has a length known at compile time, so a set
// sized to a small board costs a fraction of a full one. Converting between widths copies the
// common words and clears the rest, which is exact as long as the narrower width still holds
// the board's array.
template <int W>
class BasicBitset {
 public:
  static_assert(W >= 1 && W <= kMaxWords);
  static constexpr int kWords = W;
  static constexpr int kBits = kWords * 64;

  constexpr BasicBitset() : words_{} {}
  template <int V>
  explicit BasicBitset(const BasicBitset<V>& other) : words_{} {
    for (int i = 0; i < (V < W ? V : W); ++i) words_[i] = other.word(i);
  }

  static BasicBitset Single(int pos) {
    BasicBitset b;
    b.Set(pos);
    return b;
  }

  bool Test(int pos) const { return (words_[pos >> 6] >> (pos & 63)) & 1; }
  void Set(int pos) { words_[pos >> 6] |= uint64_t{1} << (pos & 63); }
  void Reset(int pos) { words_[pos >> 6] &= ~(uint64_t{1} << (pos & 63)); }

  bool Any() const {
    uint64_t acc = 0;
    for (uint64_t w : words_) acc |= w;
    return acc != 0;
  }
  bool None() const { return !Any(); }
  int Count() const {
    int n = 0;
    for (uint64_t w : words_) n += std::popcount(w);
    return n;
  }
  // The lowest set position; the set must not be empty.
  int Lowest() const {
    for (int i = 0; i < kWords; ++i) {
      if (words_[i]) return i * 64 + std::countr_zero(words_[i]);
    }
    return -1;
  }
  // The position of the k-th set bit (from 0, lowest first); k < Count().
  int Nth(int k) const {
    for (int i = 0; i < kWords; ++i) {
      const int here = std::popcount(words_[i]);
      if (k < here) return i * 64 + SelectInWord(words_[i], k);
      k -= here;
    }
    return -1;
  }
  bool Intersects(const BasicBitset& o) const {
    uint64_t acc = 0;
    for (int i = 0; i < kWords; ++i) acc |= words_[i] & o.words_[i];
    return acc != 0;
  }
  bool Contains(const BasicBitset& o) const { return (o & ~*this).None(); }

  // Calls f(pos) for each set position in increasing order.
  template <typename F>
  void ForEach(F&& f) const {
    for (int i = 0; i < kWords; ++i) {
      for (uint64_t w = words_[i]; w; w &= w - 1) f(i * 64 + std::countr_zero(w));
    }
  }

  BasicBitset& operator&=(const BasicBitset& o) {
    for (int i = 0; i < kWords; ++i) words_[i] &= o.words_[i];
    return *this;
  }
  BasicBitset& operator|=(const BasicBitset& o) {
    for (int i = 0; i < kWords; ++i) words_[i] |= o.words_[i];
    return *this;
  }
  BasicBitset& operator^=(const BasicBitset& o) {
    for (int i = 0; i < kWords; ++i) words_[i] ^= o.words_[i];
    return *this;
  }
  // Removes the positions of o.
  BasicBitset& Subtract(const BasicBitset& o) {
    for (int i = 0; i < kWords; ++i) words_[i] &= ~o.words_[i];
    return *this;
  }
  friend BasicBitset operator&(BasicBitset a, const BasicBitset& b) { return a &= b; }
  friend BasicBitset operator|(BasicBitset a, const BasicBitset& b) { return a |= b; }
  friend BasicBitset operator^(BasicBitset a, const BasicBitset& b) { return a ^= b; }
  BasicBitset operator~() const {
    BasicBitset r;
    for (int i = 0; i < kWords; ++i) r.words_[i] = ~words_[i];
    return r;
  }
  // Written out because the defaulted comparison of the array becomes a memcmp call.
  friend bool operator==(const BasicBitset& a, const BasicBitset& b) {
    uint64_t diff = 0;
    for (int i = 0; i < kWords; ++i) diff |= a.words_[i] ^ b.words_[i];
    return diff == 0;
  }

  uint64_t word(int i) const { return words_[i]; }
  uint64_t& word(int i) { return words_[i]; }

 private:
  // The position of the k-th set bit of w (k < popcount(w)) without a branch that depends on
  // the bits, which a random draw makes unpredictable: the bytes' running counts locate the
  // byte by a bytewise comparison, and a table the bit within it.
  static int SelectInWord(uint64_t w, int k) {
    constexpr uint64_t kOnes = 0x0101010101010101ULL;
    constexpr uint64_t kHigh = 0x8080808080808080ULL;
    uint64_t counts = w - ((w >> 1) & 0x5555555555555555ULL);
    counts = (counts & 0x3333333333333333ULL) + ((counts >> 2) & 0x3333333333333333ULL);
    counts = (counts + (counts >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    const uint64_t running = counts * kOnes;  // byte i: set bits in bytes 0..i (at most 64)
    // Bytes whose running count is at most k: the high bit of (k + 128) - running survives.
    const uint64_t at_most_k = ((static_cast<uint64_t>(k) * kOnes | kHigh) - running) & kHigh;
    const int byte = std::popcount(at_most_k);
    const int before = static_cast<int>(((running << 8) >> (8 * byte)) & 0xFF);
    const int in_byte = static_cast<int>((w >> (8 * byte)) & 0xFF);
    return 8 * byte + kSelectInByte[in_byte][k - before];
  }

  // kSelectInByte[b][r]: the position of the r-th set bit of the byte b.
  static constexpr std::array<std::array<uint8_t, 8>, 256> MakeSelectInByte() {
    std::array<std::array<uint8_t, 8>, 256> table{};
    for (int b = 0; b < 256; ++b) {
      int r = 0;
      for (int bit = 0; bit < 8; ++bit) {
        if ((b >> bit) & 1) table[b][r++] = static_cast<uint8_t>(bit);
      }
    }
    return table;
  }
  static constexpr std::array<std::array<uint8_t, 8>, 256> kSelectInByte = MakeSelectInByte();

  std::array<uint64_t, kWords> words_;
};

// The width that every base fits, used wherever speed does not depend on the board's size.
using Bitset = BasicBitset<kMaxWords>;

}  // namespace lifeline

#endif  // LIFELINE_CORE_BITSET_H_
