#ifndef LIFELINE_GTP_JSON_TEXT_H_
#define LIFELINE_GTP_JSON_TEXT_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace lifeline {

// Builds one JSON object on one line, field by field, for answers that front ends parse with
// their language's JSON reader. Values are written as given: Raw takes text that already is
// JSON (a number, true, null, an object built by another JsonObject).
class JsonObject {
 public:
  JsonObject& String(absl::string_view name, absl::string_view value);
  JsonObject& Int(absl::string_view name, long long value);
  JsonObject& Bool(absl::string_view name, bool value);
  JsonObject& Null(absl::string_view name);
  JsonObject& Strings(absl::string_view name, const std::vector<std::string>& values);
  JsonObject& Raw(absl::string_view name, absl::string_view json);

  std::string Text() const { return "{" + fields_ + "}"; }

 private:
  void Name(absl::string_view name);

  std::string fields_;
};

// `text` as a JSON string literal, quotes included.
std::string JsonQuote(absl::string_view text);

}  // namespace lifeline

#endif  // LIFELINE_GTP_JSON_TEXT_H_
