#ifndef LIFELINE_ENGINE_OPTION_FLAGS_H_
#define LIFELINE_ENGINE_OPTION_FLAGS_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/options.h"

namespace lifeline {

// Command-line flags generated from the option table: every option NAME is a flag, written
// --NAME=VALUE or --NAME VALUE, with dashes or underscores alike (--prior-visits,
// --prior_visits). A bare --NAME means true, for bool options and for choices that have a
// "true" value (--gogui). Values are checked later, when the settings are applied like
// lifeline-set; unknown flags and missing values are refused here.
//
// `args` are the command-line words after the program name; `extra_flags` names flags that
// are not options, each with the number of separate words it takes after it (--bench-playouts
// BASE SECONDS); they are returned in `other`, the flag then its words.
struct ParsedFlags {
  std::vector<std::pair<std::string, std::string>> settings;  // option name, value text
  std::vector<std::string> other;
};
absl::StatusOr<ParsedFlags> ParseOptionFlags(
    const OptionTable& table, const std::vector<std::string>& args,
    const std::vector<std::pair<std::string, int>>& extra_flags);

// One paragraph per option for --help: the flag, its values and default, and its help text.
std::string OptionFlagsHelp(const OptionTable& table);

}  // namespace lifeline

#endif  // LIFELINE_ENGINE_OPTION_FLAGS_H_
