#ifndef LIFELINE_CORE_CHECK_H_
#define LIFELINE_CORE_CHECK_H_

#include <cstdio>
#include <cstdlib>
#include <utility>

// LL_CHECK guards invariants that must hold in every build type: a broken one means a bug in
// the engine, never bad user input (user input is answered with absl::Status).
#define LL_CHECK(condition)                                                              \
  do {                                                                                   \
    if (!(condition)) {                                                                  \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
      std::abort();                                                                      \
    }                                                                                    \
  } while (false)

// LL_RETURN_IF_ERROR returns early from a function returning absl::Status or StatusOr when
// the expression yields a non-OK status (Debian's abseil 20220623 has no such macro).
#define LL_RETURN_IF_ERROR(expr)             \
  do {                                       \
    const absl::Status ll_status_ = (expr);  \
    if (!ll_status_.ok()) return ll_status_; \
  } while (false)

// LL_ASSIGN_OR_RETURN(declaration, expr) evaluates `expr`, an absl::StatusOr<T>: on an error
// it returns the status from the enclosing function, otherwise it declares and initialises
// the variable with the value:  LL_ASSIGN_OR_RETURN(const double seconds, args.NumberAt(1));
// It expands to several statements, so it cannot be the body of an unbraced if.
#define LL_ASSIGN_OR_RETURN(declaration, expr) \
  LL_ASSIGN_OR_RETURN_IMPL_(LL_CONCAT_(ll_status_or_, __LINE__), declaration, expr)
#define LL_ASSIGN_OR_RETURN_IMPL_(status_or, declaration, expr) \
  auto status_or = (expr);                                      \
  if (!status_or.ok()) return std::move(status_or).status();    \
  declaration = *std::move(status_or)
#define LL_CONCAT_(a, b) LL_CONCAT_INNER_(a, b)
#define LL_CONCAT_INNER_(a, b) a##b

#endif  // LIFELINE_CORE_CHECK_H_
