#include "network/network_weights.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace lifeline {
namespace {

// Format 1: no global pooling; format 2: the header names pool-every K >= 1; format 3: the
// header names pool-every K >= 0 (0: no pooling), and a spend layer follows the swap layer.
constexpr int kPlainFormat = 1;
constexpr int kPoolingFormat = 2;
constexpr int kRulesFormat = 3;
// Beyond any network a CPU core evaluates in useful time (40 blocks of 256 channels is some
// 47 million parameters, seconds a position on base 13): a header asking for more is refused
// before anything is allocated, so that a wrong file cannot exhaust memory or stall a command.
constexpr int kMaxChannels = 256;
constexpr int kMaxBlocks = 40;
constexpr int kMaxPlanes = 64;
// The largest file such a header allows, with room for the header and the end line.
constexpr uintmax_t kMaxFileBytes =
    4 * (uintmax_t{9} * kMaxPlanes * kMaxChannels +
         uintmax_t{2} * kMaxBlocks * (9 * kMaxChannels * kMaxChannels + kMaxChannels) +
         uintmax_t{kMaxBlocks} * (3 * kMaxChannels * kMaxChannels + kMaxChannels) +
         uintmax_t{8} * kMaxChannels * kMaxChannels) +
    4096;
// The 3x3 kernel positions (row-major) of the hexagonal offsets: all but (0, 2) and (2, 0).
constexpr int kKernelTaps[7] = {0, 1, 3, 4, 5, 7, 8};

// Reads float32 values in file order from the bytes after the header.
class FloatReader {
 public:
  explicit FloatReader(absl::string_view data) : data_(data) {}

  bool Take(size_t count, std::vector<float>& out) {
    if (count > (data_.size() - offset_) / 4) return false;
    out.resize(count);
    for (size_t i = 0; i < count; ++i) {
      uint32_t bits = 0;
      for (int b = 3; b >= 0; --b) {
        bits = (bits << 8) | static_cast<unsigned char>(data_[offset_ + 4 * i + b]);
      }
      std::memcpy(&out[i], &bits, sizeof(float));
      if (!std::isfinite(out[i])) return false;
      // A subnormal weight says nothing a zero does not, and arithmetic on subnormals is
      // many times slower on x86: a network trained on a GPU (where PyTorch does not flush
      // them) held 94,515 in an 8 x 64 and evaluated 27 times slower than a 4 x 32.
      if (std::fpclassify(out[i]) == FP_SUBNORMAL) out[i] = 0.0f;
    }
    offset_ += 4 * count;
    floats_ += count;
    return true;
  }

  size_t offset() const { return offset_; }
  size_t floats() const { return floats_; }

 private:
  absl::string_view data_;
  size_t offset_ = 0;
  size_t floats_ = 0;
};

bool ReadConv(FloatReader& reader, int inputs, int outputs, HexConvWeights& conv) {
  std::vector<float> kernels;
  if (!reader.Take(static_cast<size_t>(inputs) * outputs * 9, kernels)) return false;
  conv.inputs = inputs;
  conv.outputs = outputs;
  conv.weights.resize(static_cast<size_t>(inputs) * outputs * 7);
  for (size_t k = 0; k < static_cast<size_t>(inputs) * outputs; ++k) {
    for (int t = 0; t < 7; ++t) conv.weights[k * 7 + t] = kernels[k * 9 + kKernelTaps[t]];
  }
  return reader.Take(outputs, conv.bias);
}

bool ReadDense(FloatReader& reader, int inputs, int outputs, DenseWeights& dense) {
  dense.inputs = inputs;
  dense.outputs = outputs;
  return reader.Take(static_cast<size_t>(inputs) * outputs, dense.weights) &&
         reader.Take(outputs, dense.bias);
}

}  // namespace

absl::StatusOr<NetworkWeights> ParseNetworkWeights(absl::string_view bytes,
                                                   absl::string_view name) {
  const auto corrupt = [&](absl::string_view why) {
    return absl::InvalidArgumentError(absl::StrCat("network file ", name, ": ", why));
  };
  const size_t header_end = bytes.find('\n');
  if (header_end == absl::string_view::npos || header_end > 200) {
    return corrupt("not a lifeline network (no header)");
  }
  const std::vector<absl::string_view> words =
      absl::StrSplit(bytes.substr(0, header_end), ' ', absl::SkipEmpty());
  int version = 0, planes = 0, blocks = 0, channels = 0, pool_every = 0;
  if (words.size() < 8 || words[0] != "lifeline-network" || words[2] != "planes" ||
      words[4] != "blocks" || words[6] != "channels" || !absl::SimpleAtoi(words[1], &version) ||
      !absl::SimpleAtoi(words[3], &planes) || !absl::SimpleAtoi(words[5], &blocks) ||
      !absl::SimpleAtoi(words[7], &channels)) {
    return corrupt("not a lifeline network (bad header)");
  }
  if (version != kPlainFormat && version != kPoolingFormat && version != kRulesFormat) {
    return corrupt(absl::StrCat("format ", version, ", this engine reads ", kPlainFormat, " to ",
                                kRulesFormat));
  }
  const bool names_pooling = version != kPlainFormat;
  const size_t header_words = names_pooling ? 10 : 8;
  if (words.size() != header_words ||
      (names_pooling && (words[8] != "pool-every" || !absl::SimpleAtoi(words[9], &pool_every)))) {
    return corrupt("not a lifeline network (bad header)");
  }
  if (planes < 1 || planes > kMaxPlanes || blocks < 0 || blocks > kMaxBlocks || channels < 1 ||
      channels > kMaxChannels || pool_every < 0 || pool_every > kMaxBlocks ||
      (version == kPoolingFormat && pool_every < 1)) {
    return corrupt("sizes out of range");
  }
  NetworkWeights net;
  net.planes = planes;
  net.channels = channels;
  net.pool_every = pool_every;
  const int pooled = net.pooled_per_channel() * channels;
  FloatReader reader(bytes.substr(header_end + 1));
  bool ok = ReadConv(reader, planes, channels, net.stem);
  net.tower.resize(2 * blocks);
  net.block_pooling.resize(blocks);
  for (int b = 0; b < blocks; ++b) {
    ok = ok && ReadConv(reader, channels, channels, net.tower[2 * b]);
    if (net.BlockPools(b)) ok = ok && ReadDense(reader, pooled, channels, net.block_pooling[b]);
    ok = ok && ReadConv(reader, channels, channels, net.tower[2 * b + 1]);
  }
  ok = ok && ReadDense(reader, channels, 1, net.policy) &&
       ReadDense(reader, channels, 1, net.territory) && ReadDense(reader, pooled, 1, net.swap) &&
       (version != kRulesFormat || ReadDense(reader, pooled, 1, net.spend)) &&
       ReadDense(reader, pooled, channels, net.value_hidden) &&
       ReadDense(reader, channels, 1, net.value);
  if (!ok) return corrupt("truncated, or a value that is not a finite number");
  const absl::string_view trailer = bytes.substr(header_end + 1 + reader.offset());
  if (trailer != absl::StrCat("end ", reader.floats(), "\n")) {
    return corrupt("the parameters do not end where the header says");
  }
  return net;
}

absl::StatusOr<NetworkWeights> ReadNetworkWeights(const std::string& path) {
  // Opened without blocking (a FIFO without a writer would wait for ever) and accepted only
  // as a regular file of bounded size, of which exactly the size found is read: a device or a
  // growing file could be read for ever.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return absl::NotFoundError(absl::StrCat("cannot read network file ", path));
  struct stat info {};
  std::string bytes;
  bool ok = ::fstat(fd, &info) == 0 && S_ISREG(info.st_mode);
  const bool too_large = ok && static_cast<uintmax_t>(info.st_size) > kMaxFileBytes;
  if (ok && !too_large) {
    bytes.resize(static_cast<size_t>(info.st_size));
    size_t done = 0;
    while (ok && done < bytes.size()) {
      const ssize_t got = ::read(fd, bytes.data() + done, bytes.size() - done);
      if (got < 0 && errno == EINTR) continue;
      ok = got > 0;
      if (ok) done += static_cast<size_t>(got);
    }
  }
  ::close(fd);
  if (too_large) {
    return absl::InvalidArgumentError(absl::StrCat("network file ", path, ": too large"));
  }
  if (!ok) return absl::NotFoundError(absl::StrCat("cannot read network file ", path));
  return ParseNetworkWeights(bytes, path);
}

}  // namespace lifeline
