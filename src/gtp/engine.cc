#include "gtp/engine.h"

#include <algorithm>
#include <iostream>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/check.h"
#include "core/notation.h"
#include "gtp/arguments.h"
#include "gtp/game_record.h"
#include "gtp/move_token.h"
#include "gtp/search_commands.h"

namespace lifeline {

Engine::Engine(std::unique_ptr<Player> player)
    : game_(Geometry::ForBase(Geometry::kDefaultBase), Rules{}),
      player_(std::move(player)),
      rng_(0),
      log_(&std::cerr) {
  DeclareEngineOptions(options_, *this);
  DeclareSearchOptions(options_, *this);
  ClearBoard();
}

int Engine::next_base() const { return static_cast<int>(options_.GetInt("base")); }

Rules Engine::next_rules() const {
  const absl::StatusOr<Balancing> balancing = ParseBalancing(options_.GetChoice("rules"));
  LL_CHECK(balancing.ok());
  Rules rules;
  rules.balancing = *balancing;
  rules.komi = static_cast<int>(options_.GetInt("komi"));
  return rules;
}

void Engine::ClearBoard() { StartGame(Game(Geometry::ForBase(next_base()), next_rules())); }

absl::Status Engine::Play(Color color, absl::string_view token) {
  absl::StatusOr<Move> move = ParseMoveToken(position(), token, gogui_mode());
  if (!move.ok()) return move.status();
  LL_RETURN_IF_ERROR(CheckPlay(position(), color, *move));
  LL_CHECK(game_.Play(*move).ok());
  planned_partner_ = kNoCell;
  return absl::OkStatus();
}

absl::StatusOr<std::string> Engine::GenMove(Color color, bool commit,
                                            const ProgressCallback& progress,
                                            double report_interval) {
  ponder_requested_ = false;
  const Position& now = position();
  if (color != now.to_move()) return IllegalMove("wrong color");
  if (now.IsOver()) return std::string("resign");
  const bool gogui = gogui_mode();
  const Move partner = Move::Place(planned_partner_);
  if (gogui && now.pending_stone() != kNoCell && planned_partner_ != kNoCell &&
      now.CheckMove(partner).ok()) {
    const std::string token = CellName(now.geometry(), planned_partner_);
    if (commit) {
      LL_CHECK(game_.Play(partner).ok());
      planned_partner_ = kNoCell;
    }
    return token;
  }

  SearchLimits limits;
  // The time control's plan, capped by the per-move setting where both are set.
  const MoveTime plan =
      PlanMoveTime(time_control_, color, ExpectedMovesLeft(now.board().empty().Count()));
  const double per_move = options_.GetNumber("time");
  const auto cap = [per_move](double seconds) {
    return seconds > 0 && per_move > 0 ? std::min(seconds, per_move) : std::max(seconds, per_move);
  };
  limits.max_seconds = cap(plan.target);
  limits.extended_seconds = cap(plan.most);
  limits.max_visits = options_.GetInt("visits");
  limits.report_interval = report_interval;
  const SearchResult result = player_->Search(now, limits, rng_, progress);
  if (options_.GetBool("verbose")) LogSearch(color, result);
  if (result.resign) return std::string("resign");
  if (!now.CheckMove(result.move).ok()) {
    return absl::InternalError(
        absl::StrCat("engine error: ", player_->Name(), " chose an illegal move"));
  }
  Move answer = result.move;
  Cell next_partner = kNoCell;
  if (gogui && answer.kind == Move::Kind::kPair) {
    next_partner = answer.second;
    answer = Move::Place(answer.first);
  }
  const std::string token = MoveToken(now.geometry(), answer, gogui);
  if (commit) {
    LL_CHECK(game_.Play(answer).ok());
    planned_partner_ = next_partner;
    ponder_requested_ =
        options_.GetBool("ponder") && !position().IsOver() && position().to_move() != color;
  }
  return token;
}

bool Engine::Undo() {
  if (!game_.Undo()) return false;
  planned_partner_ = kNoCell;
  return true;
}

SearchResult Engine::Analyze(const SearchLimits& limits, const ProgressCallback& progress) {
  return player_->Search(position(), limits, rng_, progress);
}

void Engine::LogSearch(Color color, const SearchResult& result) const {
  const SearchInfo& info = result.info;
  std::string line = absl::StrCat(
      "genmove ", color == Color::kBlack ? "b" : "w", ": ",
      result.resign ? "resign" : MoveToString(position().geometry(), result.move), ", ",
      info.playouts, " playouts in ", absl::StrFormat("%.3f", info.seconds), " s, ", info.visits,
      " root visits (", info.kept_visits, " kept from earlier searches)");
  if (!info.candidates.empty()) {
    absl::StrAppend(&line, ", win rate ", absl::StrFormat("%.3f", info.candidates[0].win_rate));
  }
  *log_ << line << std::endl;
}

bool Engine::TakePonderRequest() { return std::exchange(ponder_requested_, false); }

void Engine::Ponder(const std::atomic<bool>& stop) {
  if (position().IsOver()) return;
  SearchLimits limits;
  limits.until_stopped = true;
  limits.stop = &stop;
  player_->Search(position(), limits, rng_, nullptr);
}

absl::Status Engine::LoadGame(const std::string& path, size_t turns) {
  absl::StatusOr<std::string> text = ReadSmallFile(path, kMaxRecordBytes);
  if (!text.ok()) return text.status();
  absl::StatusOr<GameRecord> record = ParseGameRecord(*text, next_base(), next_rules());
  if (!record.ok()) return record.status();
  absl::StatusOr<Game> game = ReplayGameRecord(*record, turns);
  if (!game.ok()) return game.status();
  // The record's settings are valid by construction, so setting them cannot fail half-way.
  LL_CHECK(options_.Set("base", absl::StrCat(record->base)).ok());
  LL_CHECK(options_.Set("rules", BalancingName(record->rules.balancing)).ok());
  LL_CHECK(options_.Set("komi", absl::StrCat(record->rules.komi)).ok());
  StartGame(*std::move(game));
  return absl::OkStatus();
}

void Engine::StartGame(Game game) {
  game_ = std::move(game);
  planned_partner_ = kNoCell;
  player_->NewGame();
}

}  // namespace lifeline
