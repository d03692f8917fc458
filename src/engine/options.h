#ifndef LIFELINE_ENGINE_OPTIONS_H_
#define LIFELINE_ENGINE_OPTIONS_H_

#include <cstdint>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace lifeline {

enum class OptionType { kBool, kInt, kNumber, kChoice, kText };

// kBool: bool, kInt: int64_t, kNumber: double, kChoice and kText: std::string. A text is one
// word: printable characters without white space, at most kMaxOptionText of them (a file
// name, for instance).
using OptionValue = std::variant<bool, int64_t, double, std::string>;

inline constexpr size_t kMaxOptionText = 1024;

// The name of an option together with the type of its value: code reads and writes options
// through keys, so a misspelt name or a wrong type fails to compile. T is bool, int64_t,
// double or std::string (a choice). Keys are constants declared next to the options' specs.
template <typename T>
class OptionKey {
 public:
  constexpr explicit OptionKey(const char* name) : name_(name) {}
  constexpr const char* name() const { return name_; }

 private:
  const char* name_;
};

// One engine setting, declared once as data: its name, type, default, range or choices, and
// a hook that applies a new value (and may refuse it). Every front end sets options through
// it: the protocol's commands, the command-line flags, a settings dialog.
struct OptionSpec {
  std::string name;
  OptionType type = OptionType::kBool;
  std::string default_text;
  int64_t int_min = 0, int_max = 0;
  double number_min = 0, number_max = 0;
  std::vector<std::string> choices;
  std::string help;
  // Called after a valid new value is stored; a non-OK status refuses the value, and the
  // table then restores the previous one. The table can be read from the hook.
  std::function<absl::Status()> hook;

  static OptionSpec Bool(OptionKey<bool> key, bool default_value, std::string help);
  static OptionSpec Int(OptionKey<int64_t> key, int64_t default_value, int64_t min, int64_t max,
                        std::string help);
  static OptionSpec Number(OptionKey<double> key, double default_value, double min, double max,
                           std::string help);
  static OptionSpec Choice(OptionKey<std::string> key, std::string default_value,
                           std::vector<std::string> choices, std::string help);
  static OptionSpec Text(OptionKey<std::string> key, std::string default_value, std::string help);
  OptionSpec&& WithHook(std::function<absl::Status()> apply) &&;
};

// The engine's settings, in declaration order. Values are always valid for their spec. It
// knows nothing of what the settings mean: hooks and readers do.
class OptionTable {
 public:
  // Declares an option with its default value (the hook is not called for the default).
  void Declare(OptionSpec spec);

  // Parses `text` for option `name`, stores it and runs its hook. Errors name the option.
  absl::Status Set(absl::string_view name, absl::string_view text);
  // Sets a typed value, validated against the spec like text.
  template <typename T>
  absl::Status Set(OptionKey<T> key, std::type_identity_t<T> value) {
    return Store(key.name(), OptionValue(std::move(value)));
  }
  // The current value of `name` as text, as Set accepts it.
  absl::StatusOr<std::string> Text(absl::string_view name) const;
  // One line per option: "name value (type, range or choices, default d): help".
  std::string Describe() const;
  // The specs in declaration order (for generated flags and settings dialogs).
  std::vector<const OptionSpec*> Specs() const;

  // The value of a declared option; a key that was never declared is a bug.
  template <typename T>
  const T& Get(OptionKey<T> key) const {
    return std::get<T>(Value(key.name()));
  }

 private:
  struct Entry {
    OptionSpec spec;
    OptionValue value;
  };
  Entry* Find(absl::string_view name);
  const Entry* Find(absl::string_view name) const;
  const OptionValue& Value(absl::string_view name) const;
  absl::Status Store(absl::string_view name, OptionValue value);

  std::vector<Entry> entries_;
};

// The accepted values of a spec as shown to people: "true|false", "1..64", "a|b|c".
std::string OptionRangeText(const OptionSpec& spec);

}  // namespace lifeline

#endif  // LIFELINE_ENGINE_OPTIONS_H_
