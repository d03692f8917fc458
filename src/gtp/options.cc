#include "gtp/options.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/check.h"
#include "gtp/command_line.h"

namespace lifeline {
namespace {

absl::Status BadValue(const OptionSpec& spec, absl::string_view text, absl::string_view want) {
  return absl::InvalidArgumentError(
      absl::StrCat("invalid value for ", spec.name, ": ", QuoteForAnswer(text), " (", want, ")"));
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
  }
  return "";
}

// The accepted values of a spec, as shown to the user.
std::string RangeText(const OptionSpec& spec) {
  switch (spec.type) {
    case OptionType::kBool:
      return "true|false";
    case OptionType::kInt:
      return absl::StrCat(spec.int_min, "..", spec.int_max);
    case OptionType::kNumber:
      return absl::StrCat(spec.number_min, "..", spec.number_max);
    case OptionType::kChoice:
      return absl::StrJoin(spec.choices, "|");
  }
  return "";
}

absl::StatusOr<OptionValue> ParseValue(const OptionSpec& spec, absl::string_view text) {
  switch (spec.type) {
    case OptionType::kBool: {
      const std::string lower = absl::AsciiStrToLower(text);
      if (lower == "true" || lower == "on" || lower == "1") return OptionValue(true);
      if (lower == "false" || lower == "off" || lower == "0") return OptionValue(false);
      break;
    }
    case OptionType::kInt: {
      int64_t value = 0;
      if (absl::SimpleAtoi(text, &value) && value >= spec.int_min && value <= spec.int_max) {
        return OptionValue(value);
      }
      break;
    }
    case OptionType::kNumber: {
      double value = 0;
      if (absl::SimpleAtod(text, &value) && std::isfinite(value) && value >= spec.number_min &&
          value <= spec.number_max) {
        return OptionValue(value);
      }
      break;
    }
    case OptionType::kChoice:
      if (std::find(spec.choices.begin(), spec.choices.end(), text) != spec.choices.end()) {
        return OptionValue(std::string(text));
      }
      break;
  }
  return BadValue(spec, text, RangeText(spec));
}

std::string ValueText(const OptionValue& value) {
  if (const bool* b = std::get_if<bool>(&value)) return *b ? "true" : "false";
  if (const int64_t* i = std::get_if<int64_t>(&value)) return absl::StrCat(*i);
  if (const double* d = std::get_if<double>(&value)) return absl::StrCat(*d);
  return std::get<std::string>(value);
}

}  // namespace

OptionSpec OptionSpec::Bool(std::string name, bool default_value, std::string help) {
  OptionSpec spec;
  spec.name = std::move(name);
  spec.type = OptionType::kBool;
  spec.default_text = default_value ? "true" : "false";
  spec.help = std::move(help);
  return spec;
}

OptionSpec OptionSpec::Int(std::string name, int64_t default_value, int64_t min, int64_t max,
                           std::string help) {
  OptionSpec spec;
  spec.name = std::move(name);
  spec.type = OptionType::kInt;
  spec.default_text = absl::StrCat(default_value);
  spec.int_min = min;
  spec.int_max = max;
  spec.help = std::move(help);
  return spec;
}

OptionSpec OptionSpec::Number(std::string name, double default_value, double min, double max,
                              std::string help) {
  OptionSpec spec;
  spec.name = std::move(name);
  spec.type = OptionType::kNumber;
  spec.default_text = absl::StrCat(default_value);
  spec.number_min = min;
  spec.number_max = max;
  spec.help = std::move(help);
  return spec;
}

OptionSpec OptionSpec::Choice(std::string name, std::string default_value,
                              std::vector<std::string> choices, std::string help) {
  OptionSpec spec;
  spec.name = std::move(name);
  spec.type = OptionType::kChoice;
  spec.default_text = std::move(default_value);
  spec.choices = std::move(choices);
  spec.help = std::move(help);
  return spec;
}

OptionSpec&& OptionSpec::WithHook(std::function<absl::Status(const OptionValue&)> apply) && {
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
  Entry* entry = Find(name);
  if (entry == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat("unknown option ", QuoteForAnswer(name)));
  }
  absl::StatusOr<OptionValue> value = ParseValue(entry->spec, text);
  if (!value.ok()) return value.status();
  if (entry->spec.hook) LL_RETURN_IF_ERROR(entry->spec.hook(*value));
  entry->value = *std::move(value);
  return absl::OkStatus();
}

absl::StatusOr<std::string> OptionTable::Text(absl::string_view name) const {
  const Entry* entry = Find(name);
  if (entry == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat("unknown option ", QuoteForAnswer(name)));
  }
  return ValueText(entry->value);
}

std::string OptionTable::Describe() const {
  std::string text;
  for (const Entry& entry : entries_) {
    if (!text.empty()) text += '\n';
    absl::StrAppend(&text, entry.spec.name, " ", ValueText(entry.value), " (",
                    TypeName(entry.spec.type), " ", RangeText(entry.spec), ", default ",
                    entry.spec.default_text, "): ", entry.spec.help);
  }
  return text;
}

bool OptionTable::GetBool(absl::string_view name) const { return std::get<bool>(Value(name)); }

int64_t OptionTable::GetInt(absl::string_view name) const { return std::get<int64_t>(Value(name)); }

double OptionTable::GetNumber(absl::string_view name) const {
  return std::get<double>(Value(name));
}

const std::string& OptionTable::GetChoice(absl::string_view name) const {
  return std::get<std::string>(Value(name));
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
