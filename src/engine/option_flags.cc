#include "engine/option_flags.h"

#include <algorithm>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace lifeline {
namespace {

// The flag's name as the table spells option names: dashes, never underscores.
std::string OptionName(absl::string_view flag) {
  std::string name(flag);
  std::replace(name.begin(), name.end(), '_', '-');
  return name;
}

const OptionSpec* FindSpec(const OptionTable& table, absl::string_view name) {
  for (const OptionSpec* spec : table.Specs()) {
    if (spec->name == name) return spec;
  }
  return nullptr;
}

bool TakesBareFlag(const OptionSpec& spec) {
  if (spec.type == OptionType::kBool) return true;
  return spec.type == OptionType::kChoice &&
         std::find(spec.choices.begin(), spec.choices.end(), "true") != spec.choices.end();
}

}  // namespace

absl::StatusOr<ParsedFlags> ParseOptionFlags(
    const OptionTable& table, const std::vector<std::string>& args,
    const std::vector<std::pair<std::string, int>>& extra_flags) {
  ParsedFlags parsed;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (!absl::StartsWith(arg, "--") || arg.size() == 2) {
      return absl::InvalidArgumentError(absl::StrCat("unexpected argument ", arg));
    }
    const size_t equals = arg.find('=');
    const std::string name =
        OptionName(arg.substr(2, equals == std::string::npos ? std::string::npos : equals - 2));
    const auto extra = std::find_if(extra_flags.begin(), extra_flags.end(),
                                    [&](const auto& flag) { return flag.first == name; });
    if (extra != extra_flags.end()) {
      const size_t words = static_cast<size_t>(extra->second);
      if (equals != std::string::npos || i + words >= args.size()) {
        return absl::InvalidArgumentError(
            absl::StrCat("--", name, " takes ", words, " value(s), as separate words"));
      }
      parsed.other.push_back("--" + name);
      for (size_t k = 0; k < words; ++k) parsed.other.push_back(args[++i]);
      continue;
    }
    const OptionSpec* spec = FindSpec(table, name);
    if (spec == nullptr) return absl::InvalidArgumentError(absl::StrCat("unknown flag ", arg));
    if (equals != std::string::npos) {
      parsed.settings.emplace_back(name, arg.substr(equals + 1));
    } else if (TakesBareFlag(*spec) &&
               (i + 1 == args.size() || absl::StartsWith(args[i + 1], "--"))) {
      parsed.settings.emplace_back(name, "true");
    } else if (i + 1 < args.size()) {
      parsed.settings.emplace_back(name, args[++i]);
    } else {
      return absl::InvalidArgumentError(absl::StrCat("--", name, " needs a value"));
    }
  }
  return parsed;
}

std::string OptionFlagsHelp(const OptionTable& table) {
  std::string help;
  for (const OptionSpec* spec : table.Specs()) {
    absl::StrAppend(&help, "  --", spec->name, "=", OptionRangeText(*spec), " (default ",
                    spec->default_text, ")\n      ", spec->help, "\n");
  }
  return help;
}

}  // namespace lifeline
