#ifndef LIFELINE_GTP_OPTIONS_H_
#define LIFELINE_GTP_OPTIONS_H_

#include <cstdint>
#include <functional>
#include <string>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace lifeline {

enum class OptionType { kBool, kInt, kNumber, kChoice };

// kBool: bool, kInt: int64_t, kNumber: double, kChoice: std::string.
using OptionValue = std::variant<bool, int64_t, double, std::string>;

// One engine setting, declared once as data: its name, type, default, range or choices, and
// a hook that applies a new value (and may refuse it). lifeline-set and the command-line flags
// both go through it.
struct OptionSpec {
  std::string name;
  OptionType type = OptionType::kBool;
  std::string default_text;
  int64_t int_min = 0, int_max = 0;
  double number_min = 0, number_max = 0;
  std::vector<std::string> choices;
  std::string help;
  // Called with a valid new value before it is stored; a non-OK status refuses the value.
  std::function<absl::Status(const OptionValue&)> hook;

  static OptionSpec Bool(std::string name, bool default_value, std::string help);
  static OptionSpec Int(std::string name, int64_t default_value, int64_t min, int64_t max,
                        std::string help);
  static OptionSpec Number(std::string name, double default_value, double min, double max,
                           std::string help);
  static OptionSpec Choice(std::string name, std::string default_value,
                           std::vector<std::string> choices, std::string help);
  OptionSpec&& WithHook(std::function<absl::Status(const OptionValue&)> apply) &&;
};

// The engine's settings, in declaration order. Values are always valid for their spec. It
// knows nothing of what the settings mean: hooks and readers do.
class OptionTable {
 public:
  // Declares an option with its default value (the hook is not called for the default).
  void Declare(OptionSpec spec);

  // Parses `text` for option `name`, runs its hook, then stores it. Errors name the option.
  absl::Status Set(absl::string_view name, absl::string_view text);
  // The current value of `name` as text, as Set accepts it.
  absl::StatusOr<std::string> Text(absl::string_view name) const;
  // One line per option: "name value (type, range or choices, default d): help".
  std::string Describe() const;

  // Typed readers; asking for an undeclared name or the wrong type is a bug.
  bool GetBool(absl::string_view name) const;
  int64_t GetInt(absl::string_view name) const;
  double GetNumber(absl::string_view name) const;
  const std::string& GetChoice(absl::string_view name) const;

 private:
  struct Entry {
    OptionSpec spec;
    OptionValue value;
  };
  Entry* Find(absl::string_view name);
  const Entry* Find(absl::string_view name) const;
  const OptionValue& Value(absl::string_view name) const;

  std::vector<Entry> entries_;
};

}  // namespace lifeline

#endif  // LIFELINE_GTP_OPTIONS_H_
