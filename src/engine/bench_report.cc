#include "engine/bench_report.h"

#include "absl/strings/str_format.h"

namespace lifeline {

std::string BenchReport(const BenchResult& result) {
  return absl::StrFormat(
      "positions %d playouts %d seconds %.3f playouts/s %.0f nodes/s %.0f nodes %d signature %d",
      result.positions, result.playouts, result.seconds, result.playouts_per_second,
      result.nodes_per_second, result.nodes, result.nodes);
}

}  // namespace lifeline
