#include "gtp/json_text.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace lifeline {

std::string JsonQuote(absl::string_view text) {
  std::string quoted = "\"";
  for (char ch : text) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      quoted += '\\';
      quoted += ch;
    } else if (c < 0x20) {
      absl::StrAppendFormat(&quoted, "\\u%04x", c);
    } else {
      quoted += ch;
    }
  }
  return quoted + "\"";
}

void JsonObject::Name(absl::string_view name) {
  if (!fields_.empty()) fields_ += ',';
  absl::StrAppend(&fields_, JsonQuote(name), ":");
}

JsonObject& JsonObject::String(absl::string_view name, absl::string_view value) {
  return Raw(name, JsonQuote(value));
}

JsonObject& JsonObject::Int(absl::string_view name, long long value) {
  return Raw(name, absl::StrCat(value));
}

JsonObject& JsonObject::Bool(absl::string_view name, bool value) {
  return Raw(name, value ? "true" : "false");
}

JsonObject& JsonObject::Null(absl::string_view name) { return Raw(name, "null"); }

JsonObject& JsonObject::Strings(absl::string_view name, const std::vector<std::string>& values) {
  std::string list = "[";
  for (const std::string& value : values) {
    if (list.size() > 1) list += ',';
    list += JsonQuote(value);
  }
  return Raw(name, list + "]");
}

JsonObject& JsonObject::Raw(absl::string_view name, absl::string_view json) {
  Name(name);
  fields_.append(json.data(), json.size());
  return *this;
}

}  // namespace lifeline
