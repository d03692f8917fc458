#ifndef LIFELINE_SEARCH_THREAD_SUPPORT_H_
#define LIFELINE_SEARCH_THREAD_SUPPORT_H_

namespace lifeline {

// Whether this build can start threads. The single-threaded WebAssembly build cannot (its
// std::thread fails to start one): there the search keeps to one thread, and the protocol's
// next input line is looked for by the search itself (StopSignal's probe) instead of by a
// thread beside it.
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
inline constexpr bool kCanStartThreads = false;
#else
inline constexpr bool kCanStartThreads = true;
#endif

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_THREAD_SUPPORT_H_
