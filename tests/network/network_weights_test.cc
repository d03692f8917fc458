// Reading network files: every way a file can be wrong is a clear error, never a crash.

#include "network/network_weights.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace lifeline {
namespace {

// The bytes of a valid file of a network with `blocks` blocks of `channels` channels and 8
// planes, every parameter `value`; with `pool_every` > 0, format 2 with global pooling; with
// `rules`, format 3: 13 planes and a spend layer.
std::string File(int blocks, int channels, float value = 0.5f, int pool_every = 0,
                 bool rules = false) {
  const size_t planes = rules ? 13 : 8;
  const size_t pooled = (pool_every > 0 ? 3u : 2u) * channels;
  const size_t pooling_layers = pool_every > 0 ? blocks / pool_every : 0;
  const size_t count =
      9u * planes * channels + channels + 2u * blocks * (9u * channels * channels + channels) +
      pooling_layers * (pooled * channels + channels) + 2 * (channels + 1) +
      (rules ? 2 : 1) * (pooled + 1) + (pooled * channels + channels) + (channels + 1);
  std::string bytes = rules ? absl::StrCat("lifeline-network 3 planes 13 blocks ", blocks,
                                           " channels ", channels, " pool-every ", pool_every, "\n")
                      : pool_every > 0
                          ? absl::StrCat("lifeline-network 2 planes 8 blocks ", blocks,
                                         " channels ", channels, " pool-every ", pool_every, "\n")
                          : absl::StrCat("lifeline-network 1 planes 8 blocks ", blocks,
                                         " channels ", channels, "\n");
  for (size_t i = 0; i < count; ++i) {
    char raw[4];
    std::memcpy(raw, &value, 4);  // the machines we build for are little-endian
    bytes.append(raw, 4);
  }
  return absl::StrCat(bytes, "end ", count, "\n");
}

TEST(NetworkWeightsTest, ReadsAValidFile) {
  const auto weights = ParseNetworkWeights(File(2, 4), "test");
  ASSERT_TRUE(weights.ok()) << weights.status();
  EXPECT_EQ(weights->planes, 8);
  EXPECT_EQ(weights->channels, 4);
  ASSERT_EQ(weights->tower.size(), 4u);
  EXPECT_EQ(weights->stem.weights.size(), 8u * 4 * 7);  // the kernels' far corners dropped
  EXPECT_EQ(weights->value_hidden.weights.size(), 4u * 8);
  EXPECT_EQ(weights->value.bias.size(), 1u);
}

TEST(NetworkWeightsTest, SubnormalWeightsAreReadAsZero) {
  const float subnormal = 1e-40f;
  ASSERT_EQ(std::fpclassify(subnormal), FP_SUBNORMAL);
  const auto weights = ParseNetworkWeights(File(1, 4, subnormal), "test");
  ASSERT_TRUE(weights.ok()) << weights.status();
  for (float weight : weights->stem.weights) EXPECT_EQ(weight, 0.0f);
  for (float weight : weights->value.bias) EXPECT_EQ(weight, 0.0f);
  const auto normal = ParseNetworkWeights(File(1, 4, -1e-37f), "test");
  ASSERT_TRUE(normal.ok()) << normal.status();
  EXPECT_EQ(normal->stem.weights[0], -1e-37f);
}

TEST(NetworkWeightsTest, ReadsAFileWithGlobalPooling) {
  const auto weights = ParseNetworkWeights(File(3, 4, 0.5f, 2), "test");
  ASSERT_TRUE(weights.ok()) << weights.status();
  EXPECT_EQ(weights->pool_every, 2);
  EXPECT_EQ(weights->pooled_per_channel(), 3);
  ASSERT_EQ(weights->block_pooling.size(), 3u);
  EXPECT_EQ(weights->block_pooling[0].outputs, 0);  // blocks 2, 4, ... pool: only the second
  EXPECT_EQ(weights->block_pooling[1].weights.size(), 12u * 4);
  EXPECT_EQ(weights->block_pooling[2].outputs, 0);
  EXPECT_EQ(weights->value_hidden.weights.size(), 12u * 4);
  EXPECT_EQ(weights->swap.weights.size(), 12u);
}

TEST(NetworkWeightsTest, ReadsAFileThatReadsTheRules) {
  for (int pool_every : {0, 2}) {
    const auto weights = ParseNetworkWeights(File(2, 4, 0.5f, pool_every, true), "test");
    ASSERT_TRUE(weights.ok()) << weights.status();
    EXPECT_TRUE(weights->rules_inputs());
    EXPECT_EQ(weights->planes, 13);
    EXPECT_EQ(weights->pool_every, pool_every);
    EXPECT_EQ(weights->spend.weights.size(), weights->swap.weights.size());
  }
  EXPECT_FALSE(ParseNetworkWeights(File(2, 4), "test")->rules_inputs());
}

TEST(NetworkWeightsTest, EveryDamageIsAnError) {
  const std::string good = File(1, 4);
  std::string not_finite = good;
  const float nan = std::nanf("");
  std::memcpy(&not_finite[not_finite.find('\n') + 1 + 40], &nan, 4);
  const std::string cases[] = {
      "",
      "hello\n",
      "lifeline-network 4 planes 8 blocks 1 channels 4\n",
      "lifeline-network 3 planes 13 blocks 1 channels 4\n",  // format 3 without pool-every
      "lifeline-network 3 planes 13 blocks 1 channels 4 pool-every -1\n",
      absl::StrCat(File(1, 4, 0.5f, 0, true).substr(0, File(1, 4, 0.5f, 0, true).find('\n')),
                   good.substr(good.find('\n'))),           // format 1's parameters: no spend layer
      "lifeline-network 2 planes 8 blocks 1 channels 4\n",  // format 2 without pool-every
      "lifeline-network 1 planes 8 blocks 1 channels 4 pool-every 2\n",
      "lifeline-network 2 planes 8 blocks 1 channels 4 pool-every 0\n",
      "lifeline-network 2 planes 8 blocks 1 channels 4 pooling 2\n",
      File(2, 4, 0.5f, 1).substr(0, File(2, 4, 0.5f, 1).size() / 2),
      absl::StrCat(File(2, 4, 0.5f, 1).substr(0, File(2, 4, 0.5f, 1).find('\n')),
                   File(2, 4).substr(File(2, 4).find('\n'))),  // the parameters of format 1
      "lifeline-network 1 planes 8 blocks 1 channels 99999\n",
      "lifeline-network 1 planes 8 blocks -1 channels 4\n",
      good.substr(0, good.size() / 2),
      good.substr(0, good.size() - 2),
      good + "x",
      absl::StrCat(good.substr(0, good.rfind("end")), "end 3\n"),
      not_finite,
  };
  for (const std::string& bytes : cases) {
    const auto weights = ParseNetworkWeights(bytes, "broken.net");
    ASSERT_FALSE(weights.ok()) << bytes.substr(0, 60);
    EXPECT_NE(weights.status().message().find("broken.net"), std::string::npos);
  }
}

TEST(NetworkWeightsTest, OnlyARegularFileIsRead) {
  // A pipe nobody writes to, which a plain open would wait on for ever.
  char folder[] = "/tmp/lifeline-network-test-XXXXXX";
  ASSERT_NE(mkdtemp(folder), nullptr);
  const std::string fifo = std::string(folder) + "/fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  // A missing file, a folder, a device that would never end, and the pipe.
  for (const char* path : {"/nonexistent/lifeline.net", "/tmp", "/dev/zero", fifo.c_str()}) {
    const auto weights = ReadNetworkWeights(path);
    ASSERT_FALSE(weights.ok()) << path;
    EXPECT_EQ(weights.status().code(), absl::StatusCode::kNotFound);
    EXPECT_NE(weights.status().message().find(path), std::string::npos);
  }
  unlink(fifo.c_str());
  rmdir(folder);
}

}  // namespace
}  // namespace lifeline
