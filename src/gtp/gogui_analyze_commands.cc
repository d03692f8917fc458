#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/check.h"
#include "engine/engine_options.h"
#include "engine/quoted_text.h"
#include "gtp/command_line.h"
#include "gtp/commands.h"
#include "gtp/gogui_gfx.h"
#include "gtp/input_watcher.h"

namespace lifeline {
namespace {

using Answer = absl::StatusOr<std::string>;

// The menu GoGui builds from gogui-analyze_commands: type/label/command, in GoGui's format.
// The searches stop at GoGui's interrupt (the line "# interrupt") or after their seconds.
// The network's territory (lifeline-gfx_territory) joined the menu once the shipped network's
// was as right as the playouts' on held-out games (docs/network.md, "The territory players see").
constexpr const char* kAnalyzeCommands[] = {
    "gfx/Lifeline: candidates (60 s, live; Interrupt to stop)/lifeline-gfx_analyze 60",
    "gfx/Lifeline: candidates, 5 s/lifeline-gfx_analyze 5",
    "gfx/Lifeline: principal variation, 5 s/lifeline-gfx_variation 5",
    "gfx/Lifeline: solve (exact, 10 s)/lifeline-gfx_solve 10",
    "gfx/Lifeline: territory (playouts, 5 s)/lifeline-gfx_search_territory 5",
    "gfx/Lifeline: territory (network)/lifeline-gfx_territory",
    "gfx/Lifeline: opening map/lifeline-gfx_book",
    "param/Lifeline: search settings/lifeline-gogui_settings",
};

// Seconds a gfx search may be given, and how often it redraws the board meanwhile.
constexpr int64_t kMaxGfxSeconds = 3600;
constexpr double kLiveGfxInterval = 0.5;

// The settings of the game itself stay out of GoGui's dialog: GoGui's rulers, which decide the
// board and the legal moves, never see them (they come from the command line).
bool IsGameSetting(absl::string_view name) {
  for (const char* game : {option::kBase.name(), option::kRules.name(), option::kKomi.name(),
                           option::kBoardsizeDiameter.name(), option::kGoGui.name()}) {
    if (name == game) return true;
  }
  return false;
}

// One line of GoGui's parameter dialog: "[bool] ponder 0", "[list/mcts/random] player mcts",
// "[string] time 0.5". GoGui writes booleans as 1 and 0, which the options accept.
std::string SettingLine(const OptionSpec& spec, const std::string& value) {
  switch (spec.type) {
    case OptionType::kBool:
      return absl::StrCat("[bool] ", spec.name, value == "true" ? " 1" : " 0");
    case OptionType::kChoice:
      return absl::StrCat("[list/", absl::StrJoin(spec.choices, "/"), "] ", spec.name, " ", value);
    case OptionType::kInt:
    case OptionType::kNumber:
    case OptionType::kText:
      break;
  }
  return absl::StrCat("[string] ", spec.name, " ", value);
}

Answer AnalyzeCommands(CommandContext& /*context*/, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  return absl::StrJoin(kAnalyzeCommands, "\n");
}

// The SECONDS argument every gfx command takes.
absl::StatusOr<int64_t> GfxSeconds(const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(1));
  return args.IntAt(0, 1, kMaxGfxSeconds);
}

// Searches the position for `seconds` or until the next input line, drawing each progress
// report live on the log with `draw`; answers the last drawing.
Answer DrawnSearch(CommandContext& context, const Arguments& args,
                   std::string (*draw)(const Position&, const SearchInfo&, const ColorView&)) {
  LL_ASSIGN_OR_RETURN(const int64_t seconds, GfxSeconds(args));
  Engine& engine = context.engine;
  const Position& position = engine.position();
  if (position.IsOver()) return std::string(kGameOverGfx);
  const ColorView view = context.dialect.View(position);
  std::ostream& log = *context.log;
  const InputWatcher watcher(context.stream);
  SearchLimits limits;
  limits.max_seconds = static_cast<double>(seconds);
  limits.stop = &watcher.signal();
  limits.report_interval = kLiveGfxInterval;
  const SearchResult result = engine.Analyze(limits, [&](const SearchInfo& info) {
    log << "gogui-gfx:\n" << draw(position, info, view) << "\n\n";
    log.flush();
  });
  return draw(position, result.info, view);
}

// lifeline-gfx_analyze SECONDS: the candidates with their win rates.
Answer GfxAnalyze(CommandContext& context, const Arguments& args) {
  return DrawnSearch(context, args, CandidatesGfx);
}

// lifeline-gfx_variation SECONDS: the best line.
Answer GfxVariation(CommandContext& context, const Arguments& args) {
  return DrawnSearch(context, args, VariationGfx);
}

// lifeline-gfx_search_territory SECONDS: the territory the playouts foresee.
Answer GfxSearchTerritory(CommandContext& context, const Arguments& args) {
  return DrawnSearch(context, args, SearchTerritoryGfx);
}

// lifeline-gfx_solve SECONDS: the exact solver's verdict and every winning move, within
// SECONDS or until the next input line.
Answer GfxSolve(CommandContext& context, const Arguments& args) {
  LL_ASSIGN_OR_RETURN(const int64_t seconds, GfxSeconds(args));
  Engine& engine = context.engine;
  const Position& position = engine.position();
  if (position.IsOver()) return std::string(kGameOverGfx);
  const InputWatcher watcher(context.stream);
  SolveLimits limits;
  limits.max_seconds = static_cast<double>(seconds);
  limits.stop = &watcher.signal();
  return SolveGfx(position, engine.solver().SolveAll(position, limits),
                  context.dialect.View(position));
}

// GoGui's "param" type: no argument lists "[type] key value" lines; "key value" sets one.
Answer GoGuiSettings(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCountBetween(0, 2));
  OptionTable& options = context.engine.options();
  if (args.size() == 1) return SyntaxError("expected 0 or 2 arguments");
  if (args.size() == 2) {
    if (IsGameSetting(args[0])) {
      return absl::InvalidArgumentError(
          absl::StrCat("not a search setting: ", QuoteForMessage(args[0])));
    }
    LL_RETURN_IF_ERROR(options.Set(args[0], args[1]));
    return std::string();
  }
  std::vector<std::string> lines;
  for (const OptionSpec* spec : options.Specs()) {
    if (!IsGameSetting(spec->name)) lines.push_back(SettingLine(*spec, *options.Text(spec->name)));
  }
  return absl::StrJoin(lines, "\n");
}

}  // namespace

void AddGoGuiAnalyzeCommands(CommandRegistry& registry, CommandContext& context) {
  registry.Add("gogui-analyze_commands", Bind(context, AnalyzeCommands));
  registry.Add("lifeline-gfx_analyze", Bind(context, GfxAnalyze));
  registry.Add("lifeline-gfx_variation", Bind(context, GfxVariation));
  registry.Add("lifeline-gfx_search_territory", Bind(context, GfxSearchTerritory));
  registry.Add("lifeline-gfx_solve", Bind(context, GfxSolve));
  registry.Add("lifeline-gogui_settings", Bind(context, GoGuiSettings));
}

}  // namespace lifeline
