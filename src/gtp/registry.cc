#include "gtp/registry.h"

#include <utility>

#include "core/check.h"

namespace lifeline {

void CommandRegistry::Add(const std::string& name, CommandHandler handler) {
  const bool inserted = handlers_.emplace(name, std::move(handler)).second;
  LL_CHECK(inserted);
}

const CommandHandler* CommandRegistry::Find(const std::string& name) const {
  const auto it = handlers_.find(name);
  return it == handlers_.end() ? nullptr : &it->second;
}

std::vector<std::string> CommandRegistry::Names() const {
  std::vector<std::string> names;
  names.reserve(handlers_.size());
  for (const auto& [name, handler] : handlers_) names.push_back(name);
  return names;
}

}  // namespace lifeline
