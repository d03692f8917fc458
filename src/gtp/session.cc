#include "gtp/session.h"

#include <iostream>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/check.h"
#include "engine/version.h"
#include "gtp/command_line.h"
#include "gtp/search_commands.h"

namespace lifeline {
namespace {

// Trailing white space dropped and empty lines removed, since an empty line ends an answer.
std::string CleanAnswer(absl::string_view text) {
  std::string clean;
  bool first = true;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    line = absl::StripTrailingAsciiWhitespace(line);
    if (!first && line.empty()) continue;
    if (!first) clean += '\n';
    clean.append(line.data(), line.size());
    first = false;
  }
  return clean;
}

}  // namespace

Session::Session(std::istream& in, std::ostream& out, const EngineEnvironment& environment,
                 std::function<bool()> input_ready)
    : in_(in),
      out_(out),
      engine_(environment),
      stream_(
          out, input_ready ? std::move(input_ready) : [&in] {
            std::streambuf& buffer = *in.rdbuf();
            return buffer.in_avail() != 0 || buffer.sgetc() == std::char_traits<char>::eof();
          }),
      dialect_(engine_.options()),
      context_{engine_, dialect_, stream_, &std::cerr} {
  AddProtocolCommands();
  AddBoardCommands(registry_, context_);
  AddMoveCommands(registry_, context_);
  AddTimeCommands(registry_, context_);
  AddLifelineCommands(registry_, context_);
  AddGoGuiCommands(registry_, context_);
  AddGoGuiAnalyzeCommands(registry_, context_);
  AddSearchCommands(registry_, context_);
  AddSolverCommands(registry_, context_);
  AddNetworkCommands(registry_, context_);
  AddBookCommands(registry_, context_);
  AddMoveFeatureCommands(registry_, context_);
}

absl::Status Session::Configure(const Settings& settings) {
  for (const auto& [name, value] : settings) {
    LL_RETURN_IF_ERROR(engine_.options().Set(name, value));
  }
  engine_.ClearBoard();
  return absl::OkStatus();
}

void Session::Run() {
  std::string line;
  bool too_long = false;
  while (!quit_ && ReadBoundedLine(in_, line, too_long)) {
    if (!too_long) {
      HandleLine(line);
      continue;
    }
    // Only the start of the line was kept: answer its id, unless it was blank or a comment.
    const std::optional<CommandLine> command = SplitCommandLine(Preprocess(line));
    if (command) WriteAnswer(command->id, SyntaxError("line too long"));
  }
}

bool Session::HandleLine(absl::string_view raw) {
  const std::optional<CommandLine> command = SplitCommandLine(Preprocess(raw));
  if (!command) return !quit_;
  if (command->name.empty()) {
    WriteAnswer(command->id, SyntaxError("missing command"));
  } else if (const CommandHandler* handler = registry_.Find(command->name)) {
    stream_.Start(command->id);
    const absl::StatusOr<std::string> result = (*handler)(Arguments(command->args));
    if (stream_.opened()) {
      stream_.Finish(result);
    } else {
      WriteAnswer(command->id, result);
    }
    // Only once the answer is out: the controller's clock runs until it reads it.
    if (engine_.TakePonderRequest()) PonderUntilInput(engine_, stream_);
  } else {
    WriteAnswer(command->id, absl::NotFoundError("unknown command"));
  }
  return !quit_;
}

void Session::AddProtocolCommands() {
  registry_.Add("protocol_version", [](const Arguments& args) -> absl::StatusOr<std::string> {
    LL_RETURN_IF_ERROR(args.ExpectCount(0));
    return std::string("2");
  });
  registry_.Add("name", [](const Arguments& args) -> absl::StatusOr<std::string> {
    LL_RETURN_IF_ERROR(args.ExpectCount(0));
    return std::string("lifeline");
  });
  registry_.Add("version", [](const Arguments& args) -> absl::StatusOr<std::string> {
    LL_RETURN_IF_ERROR(args.ExpectCount(0));
    return VersionText();
  });
  registry_.Add("known_command", [this](const Arguments& args) -> absl::StatusOr<std::string> {
    LL_RETURN_IF_ERROR(args.ExpectCount(1));
    return std::string(registry_.Find(std::string(args[0])) ? "true" : "false");
  });
  registry_.Add("list_commands", [this](const Arguments& args) -> absl::StatusOr<std::string> {
    LL_RETURN_IF_ERROR(args.ExpectCount(0));
    return absl::StrJoin(registry_.Names(), "\n");
  });
  registry_.Add("quit", [this](const Arguments& /*args*/) -> absl::StatusOr<std::string> {
    quit_ = true;
    return std::string();
  });
}

void Session::WriteAnswer(const std::string& id, const absl::StatusOr<std::string>& result) {
  const absl::string_view text =
      result.ok() ? absl::string_view(*result) : result.status().message();
  out_ << (result.ok() ? '=' : '?') << id << ' ' << CleanAnswer(text) << "\n\n";
  out_.flush();
}

}  // namespace lifeline
