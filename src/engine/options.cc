#include "engine/options.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/check.h"
#include "engine/quoted_text.h"

namespace lifeline {
namespace {

absl::Status UnknownOption(absl::string_view name) {
  return absl::InvalidArgumentError(absl::StrCat("unknown option ", QuoteForMessage(name)));
}

std::string TypeName(OptionType type) {
  switch (type) {
    case OptionType::kBool:
      return "bool";
    case OptionType::kInt:
      return "int";
    case OptionType::kNumber:
      return "number";
    case OptionType::kChoice:
      return "choice";
    case OptionType::kText:
      return "text";
  }
  return "";
}

std::string ValueText(const OptionValue& value) {
  if (const bool* b = std::get_if<bool>(&value)) return *b ? "true" : "false";
  if (const int64_t* i = std::get_if<int64_t>(&value)) return absl::StrCat(*i);
  if (const double* d = std::get_if<double>(&value)) return absl::StrCat(*d);
  return std::get<std::string>(value);
}

// Whether `value` has the spec's type and lies in its range.
bool Fits(const OptionSpec& spec, const OptionValue& value) {
  switch (spec.type) {
    case OptionType::kBool:
      return std::holds_alternative<bool>(value);
    case OptionType::kInt: {
      const int64_t* i = std::get_if<int64_t>(&value);
      return i != nullptr && *i >= spec.int_min && *i <= spec.int_max;
    }
    case OptionType::kNumber: {
      const double* d = std::get_if<double>(&value);
      return d != nullptr && std::isfinite(*d) && *d >= spec.number_min && *d <= spec.number_max;
    }
    case OptionType::kChoice: {
      const std::string* s = std::get_if<std::string>(&value);
      return s != nullptr &&
             std::find(spec.choices.begin(), spec.choices.end(), *s) != spec.choices.end();
    }
    case OptionType::kText: {
      const std::string* s = std::get_if<std::string>(&value);
      return s != nullptr && !s->empty() && s->size() <= kMaxOptionText &&
             std::all_of(s->begin(), s->end(), [](char c) { return c > ' ' && c < 127; });
    }
  }
  return false;
}

// The value `text` stands for, of the spec's type but not yet checked against its range.
std::optional<OptionValue> ReadValue(const OptionSpec& spec, absl::string_view text) {
  switch (spec.type) {
    case OptionType::kBool: {
      const std::string lower = absl::AsciiStrToLower(text);
      if (lower == "true" || lower == "on" || lower == "1") return OptionValue(true);
      if (lower == "false" || lower == "off" || lower == "0") return OptionValue(false);
      return std::nullopt;
    }
    case OptionType::kInt: {
      int64_t value = 0;
      if (!absl::SimpleAtoi(text, &value)) return std::nullopt;
      return OptionValue(value);
    }
    case OptionType::kNumber: {
      double value = 0;
      if (!absl::SimpleAtod(text, &value)) return std::nullopt;
      return OptionValue(value);
    }
    case OptionType::kChoice:
    case OptionType::kText:
      return OptionValue(std::string(text));
  }
  return std::nullopt;
}

absl::StatusOr<OptionValue> ParseValue(const OptionSpec& spec, absl::string_view text) {
  std::optional<OptionValue> value = ReadValue(spec, text);
  if (value && Fits(spec, *value)) return *std::move(value);
  return absl::InvalidArgumentError(absl::StrCat("invalid value for ", spec.name, ": ",
                                                 QuoteForMessage(text), " (", OptionRangeText(spec),
                                                 ")"));
}

OptionSpec MakeSpec(const char* name, OptionType type, std::string default_text, std::string help) {
  OptionSpec spec;
  spec.name = name;
  spec.type = type;
  spec.default_text = std::move(default_text);
  spec.help = std::move(help);
  return spec;
}

}  // namespace

std::string OptionRangeText(const OptionSpec& spec) {
  switch (spec.type) {
    case OptionType::kBool:
      return "true|false";
    case OptionType::kInt:
      return absl::StrCat(spec.int_min, "..", spec.int_max);
    case OptionType::kNumber:
      return absl::StrCat(spec.number_min, "..", spec.number_max);
    case OptionType::kChoice:
      return absl::StrJoin(spec.choices, "|");
    case OptionType::kText:
      return absl::StrCat("one word of at most ", kMaxOptionText, " printable characters");
  }
  return "";
}

OptionSpec OptionSpec::Bool(OptionKey<bool> key, bool default_value, std::string help) {
  return MakeSpec(key.name(), OptionType::kBool, default_value ? "true" : "false", std::move(help));
}

OptionSpec OptionSpec::Int(OptionKey<int64_t> key, int64_t default_value, int64_t min, int64_t max,
                           std::string help) {
  OptionSpec spec =
      MakeSpec(key.name(), OptionType::kInt, absl::StrCat(default_value), std::move(help));
  spec.int_min = min;
  spec.int_max = max;
  return spec;
}

OptionSpec OptionSpec::Number(OptionKey<double> key, double default_value, double min, double max,
                              std::string help) {
  OptionSpec spec =
      MakeSpec(key.name(), OptionType::kNumber, absl::StrCat(default_value), std::move(help));
  spec.number_min = min;
  spec.number_max = max;
  return spec;
}

OptionSpec OptionSpec::Choice(OptionKey<std::string> key, std::string default_value,
                              std::vector<std::string> choices, std::string help) {
  OptionSpec spec =
      MakeSpec(key.name(), OptionType::kChoice, std::move(default_value), std::move(help));
  spec.choices = std::move(choices);
  return spec;
}

OptionSpec OptionSpec::Text(OptionKey<std::string> key, std::string default_value,
                            std::string help) {
  return MakeSpec(key.name(), OptionType::kText, std::move(default_value), std::move(help));
}

OptionSpec&& OptionSpec::WithHook(std::function<absl::Status()> apply) && {
  hook = std::move(apply);
  return std::move(*this);
}

void OptionTable::Declare(OptionSpec spec) {
  LL_CHECK(Find(spec.name) == nullptr);
  absl::StatusOr<OptionValue> value = ParseValue(spec, spec.default_text);
  LL_CHECK(value.ok());
  entries_.push_back(Entry{std::move(spec), *std::move(value)});
}

absl::Status OptionTable::Set(absl::string_view name, absl::string_view text) {
  const Entry* entry = Find(name);
  if (entry == nullptr) return UnknownOption(name);
  LL_ASSIGN_OR_RETURN(OptionValue value, ParseValue(entry->spec, text));
  return Store(name, std::move(value));
}

absl::Status OptionTable::Store(absl::string_view name, OptionValue value) {
  Entry* entry = Find(name);
  if (entry == nullptr) return UnknownOption(name);
  if (!Fits(entry->spec, value)) {
    return absl::InvalidArgumentError(absl::StrCat("invalid value for ", entry->spec.name, ": ",
                                                   QuoteForMessage(ValueText(value)), " (",
                                                   OptionRangeText(entry->spec), ")"));
  }
  OptionValue previous = std::exchange(entry->value, std::move(value));
  if (!entry->spec.hook) return absl::OkStatus();
  const absl::Status applied = entry->spec.hook();
  // The hook may have declared nothing new, so `entry` still points into entries_.
  if (!applied.ok()) entry->value = std::move(previous);
  return applied;
}

absl::StatusOr<std::string> OptionTable::Text(absl::string_view name) const {
  const Entry* entry = Find(name);
  if (entry == nullptr) return UnknownOption(name);
  return ValueText(entry->value);
}

std::string OptionTable::Describe() const {
  std::string text;
  for (const Entry& entry : entries_) {
    if (!text.empty()) text += '\n';
    absl::StrAppend(&text, entry.spec.name, " ", ValueText(entry.value), " (",
                    TypeName(entry.spec.type), " ", OptionRangeText(entry.spec), ", default ",
                    entry.spec.default_text, "): ", entry.spec.help);
  }
  return text;
}

std::vector<const OptionSpec*> OptionTable::Specs() const {
  std::vector<const OptionSpec*> specs;
  for (const Entry& entry : entries_) specs.push_back(&entry.spec);
  return specs;
}

OptionTable::Entry* OptionTable::Find(absl::string_view name) {
  for (Entry& entry : entries_) {
    if (entry.spec.name == name) return &entry;
  }
  return nullptr;
}

const OptionTable::Entry* OptionTable::Find(absl::string_view name) const {
  for (const Entry& entry : entries_) {
    if (entry.spec.name == name) return &entry;
  }
  return nullptr;
}

const OptionValue& OptionTable::Value(absl::string_view name) const {
  const Entry* entry = Find(name);
  LL_CHECK(entry != nullptr);
  return entry->value;
}

}  // namespace lifeline
