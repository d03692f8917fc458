#ifndef LIFELINE_CORE_CHECK_H_
#define LIFELINE_CORE_CHECK_H_

#include <cstdio>
#include <cstdlib>

// LL_CHECK guards invariants that must hold in every build type: a broken one means a bug in
// the engine, never bad user input (user input is answered with absl::Status).
#define LL_CHECK(condition)                                                          \
  do {                                                                               \
    if (!(condition)) {                                                              \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
      std::abort();                                                                  \
    }                                                                                \
  } while (false)

// LL_RETURN_IF_ERROR returns early from a function returning absl::Status or StatusOr when
// the expression yields a non-OK status (Debian's abseil 20220623 has no such macro).
#define LL_RETURN_IF_ERROR(expr)               \
  do {                                         \
    const absl::Status ll_status_ = (expr);    \
    if (!ll_status_.ok()) return ll_status_;   \
  } while (false)

#endif  // LIFELINE_CORE_CHECK_H_
