#ifndef LIFELINE_SEARCH_THREAD_SUPPORT_H_
#define LIFELINE_SEARCH_THREAD_SUPPORT_H_

namespace lifeline {

// Whether this build can start threads. The single-threaded WebAssembly build cannot (its
// std::thread fails to start one): there the search keeps to one thread, and the protocol's
// next input line is looked for by the search itself (StopSignal's probe) instead of by a
// thread beside it. The threaded WebAssembly build can, as natively. LIFELINE_CAN_START_THREADS
// says the same to the preprocessor, for code that only one kind of build can compile.
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
#define LIFELINE_CAN_START_THREADS 0
#else
#define LIFELINE_CAN_START_THREADS 1
#endif
inline constexpr bool kCanStartThreads = LIFELINE_CAN_START_THREADS != 0;

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_THREAD_SUPPORT_H_
