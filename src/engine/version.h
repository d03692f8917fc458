#ifndef LIFELINE_ENGINE_VERSION_H_
#define LIFELINE_ENGINE_VERSION_H_

#include <string>

namespace lifeline {

// The release ("0.2.0", from the project's CMakeLists.txt) and the commit the engine was
// built from (git's short name, 12 hex digits unless more are needed to be unique, with "-modified"
// when the work tree had changes, or "unknown" outside a git checkout). Defined in a source file
// that the build writes (cmake/write_version.cmake).
const char* Release();
const char* Commit();

// "0.2.0 (commit 0123456789ab)": what `lifeline --version` prints and the protocol's version
// command answers.
inline std::string VersionText() { return std::string(Release()) + " (commit " + Commit() + ")"; }

}  // namespace lifeline

#endif  // LIFELINE_ENGINE_VERSION_H_
