#include "gtp/genmove.h"

#include <memory>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/search_options.h"
#include "gtp/input_watcher.h"
#include "gtp/move_token.h"

namespace lifeline {
namespace {

// One line about a genmove's search, for the `verbose` option.
void LogSearch(std::ostream& log, const Position& position, const SearchResult& result) {
  const SearchInfo& info = result.info;
  std::string line =
      absl::StrCat("genmove ", position.to_move() == Color::kBlack ? "b" : "w", ": ",
                   result.resign ? "resign" : MoveToString(position.geometry(), result.move), ", ");
  if (result.from_book) {
    absl::StrAppend(&line, "from the opening book");
  } else {
    absl::StrAppend(&line, info.playouts, " playouts in ", absl::StrFormat("%.3f", info.seconds),
                    " s, ", info.visits, " root visits (", info.kept_visits,
                    " kept from earlier searches)");
  }
  if (!info.candidates.empty()) {
    absl::StrAppend(&line, ", win rate ", absl::StrFormat("%.3f", info.candidates[0].win_rate));
  }
  log << line << std::endl;
}

}  // namespace

absl::StatusOr<std::string> GenerateMove(CommandContext& context, Color color, bool commit,
                                         const ProgressCallback& progress, double report_interval) {
  Engine& engine = context.engine;
  const Position& now = engine.position();
  if (color != now.to_move()) return IllegalMoveError(MoveError::kWrongColor);
  if (now.IsOver()) return std::string("resign");
  const bool gogui = context.dialect.on();
  const Geometry& geometry = now.geometry();
  if (gogui) {
    if (const std::optional<Move> partner = context.dialect.KeptPartner(engine.game())) {
      if (commit) engine.Commit(*partner);
      return MoveToken(geometry, *partner, gogui);
    }
  }

  std::optional<InputWatcher> watcher;
  if (gogui) watcher.emplace(context.stream);
  const SearchResult result =
      engine.Think(progress, report_interval, watcher ? &watcher->signal() : nullptr);
  watcher.reset();
  if (engine.options().Get(option::kVerbose)) LogSearch(*context.log, now, result);
  if (result.resign) return std::string("resign");
  if (!now.IsLegal(result.move)) {
    return absl::InternalError(
        absl::StrCat("engine error: ", engine.player().Name(), " chose an illegal move"));
  }
  Move answer = result.move;
  Cell partner = kNoCell;
  if (gogui && answer.kind == Move::Kind::kPair) {
    partner = answer.second;
    answer = Move::Place(answer.first);
  }
  const std::string token = MoveToken(geometry, answer, gogui);
  if (commit) {
    engine.Commit(answer);
    if (partner != kNoCell) context.dialect.KeepPartner(engine.game(), partner);
  }
  return token;
}

}  // namespace lifeline
