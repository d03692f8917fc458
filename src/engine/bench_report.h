#ifndef LIFELINE_ENGINE_BENCH_REPORT_H_
#define LIFELINE_ENGINE_BENCH_REPORT_H_

#include <string>

#include "search/bench.h"

namespace lifeline {

// The bench's result on one line, as lifeline-bench answers and --bench prints it: the
// positions, playouts, seconds, rates and the node count that is the search's signature.
std::string BenchReport(const BenchResult& result);

}  // namespace lifeline

#endif  // LIFELINE_ENGINE_BENCH_REPORT_H_
