#ifndef LIFELINE_GTP_REGISTRY_H_
#define LIFELINE_GTP_REGISTRY_H_

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "gtp/arguments.h"

namespace lifeline {

// A command answers its text on success, or a status whose message is the error text.
using CommandHandler = std::function<absl::StatusOr<std::string>(const Arguments&)>;

// The commands a session knows, by name. list_commands and known_command read it, so a
// command exists exactly when it is registered here. It does no parsing and holds no state
// of its own beyond the handlers.
class CommandRegistry {
 public:
  // Each name is registered once; registering it again is a bug.
  void Add(const std::string& name, CommandHandler handler);
  // Drops a command (a harness that must leave out an exhaustive command, for instance).
  void Remove(const std::string& name) { handlers_.erase(name); }

  // The handler of `name`, or nullptr.
  const CommandHandler* Find(const std::string& name) const;
  // Every registered name in sorted order.
  std::vector<std::string> Names() const;

 private:
  std::map<std::string, CommandHandler> handlers_;
};

}  // namespace lifeline

#endif  // LIFELINE_GTP_REGISTRY_H_
