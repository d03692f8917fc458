#include "engine/engine.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <system_error>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/check.h"
#include "engine/book_play.h"
#include "engine/engine_options.h"
#include "engine/player_factory.h"
#include "engine/search_options.h"
#include "engine/strength.h"

namespace lifeline {

Engine::Engine(const EngineEnvironment& environment)
    : environment_(environment),
      game_(Geometry::ForBase(Geometry::kDefaultBase), Rules{}),
      rng_(0) {
  DeclareEngineOptions(options_, *this);
  DeclareSearchOptions(options_, *this);
  ResetSolver();
  ClearBoard();
}

int Engine::next_base() const { return static_cast<int>(options_.Get(option::kBase)); }

Rules Engine::next_rules() const {
  const absl::StatusOr<Balancing> balancing = ParseBalancing(options_.Get(option::kRules));
  LL_CHECK(balancing.ok());
  Rules rules;
  rules.balancing = *balancing;
  rules.komi = static_cast<int>(options_.Get(option::kKomi));
  return rules;
}

void Engine::ClearBoard() { StartGame(Game(Geometry::ForBase(next_base()), next_rules())); }

void Engine::LoadGame(Game game) {
  // A game's own settings are valid by construction, so setting them cannot fail half-way.
  const Rules& rules = game.rules();
  LL_CHECK(options_.Set(option::kBase, game.geometry().base()).ok());
  LL_CHECK(options_.Set(option::kRules, BalancingName(rules.balancing)).ok());
  LL_CHECK(options_.Set(option::kKomi, rules.komi).ok());
  StartGame(std::move(game));
}

std::optional<MoveError> Engine::Play(Color color, const Move& move) {
  return game_.Play(color, move);
}

SearchResult Engine::Think(const ProgressCallback& progress, double report_interval,
                           const StopSignal* stop) {
  const Position& now = position();
  if (options_.Get(option::kPlayer) == "mcts") {
    absl::StatusOr<std::shared_ptr<const OpeningBook>> opening_book = book();
    std::optional<BookCandidate> chosen;
    if (opening_book.ok()) chosen = (*opening_book)->Choose(now, rng_);
    if (chosen) {
      SearchResult result = BookResult(*chosen);
      ponder_requested_ = false;
      if (progress) progress(result.info);
      return result;
    }
  }
  SearchLimits limits;
  // The time control's plan, capped by the per-move setting where both are set.
  const MoveTime plan =
      PlanMoveTime(time_control_, now.to_move(), ExpectedMovesLeft(now.board().empty().Count()));
  const double per_move = options_.Get(option::kTime);
  const auto cap = [per_move](double seconds) {
    return seconds > 0 && per_move > 0 ? std::min(seconds, per_move) : std::max(seconds, per_move);
  };
  limits.max_seconds = cap(plan.target);
  limits.extended_seconds = cap(plan.most);
  limits.max_visits = options_.Get(option::kVisits);
  const StrengthLevel level = LevelSettings(static_cast<int>(options_.Get(option::kLevel)));
  if (level.max_visits > 0 && (limits.max_visits == 0 || limits.max_visits > level.max_visits)) {
    limits.max_visits = level.max_visits;
  }
  limits.report_interval = report_interval;
  limits.stop = stop;
  ponder_requested_ = false;
  SearchResult result = CurrentPlayer().Search(SearchInputOf(game_), limits, rng_, progress);
  if (!result.resign) {
    result.move = ChooseAtLevel(level, result.info.candidates, result.move, rng_);
  }
  return result;
}

void Engine::Commit(const Move& move) {
  const Color mover = position().to_move();
  LL_CHECK(!game_.Play(move).has_value());
  ponder_requested_ =
      options_.Get(option::kPonder) && !position().IsOver() && position().to_move() != mover;
}

SearchResult Engine::Analyze(const SearchLimits& limits, const ProgressCallback& progress) {
  return CurrentPlayer().Search(SearchInputOf(game_), limits, rng_, progress);
}

void Engine::Ponder(const StopSignal& stop) {
  if (position().IsOver()) return;
  SearchLimits limits;
  limits.until_stopped = true;
  limits.stop = &stop;
  CurrentPlayer().Search(SearchInputOf(game_), limits, rng_, nullptr);
}

bool Engine::Undo() { return game_.Undo(); }

void Engine::ResetSolver() {
  solver_ = std::make_shared<Solver>(SolverSettings(options_), environment_.clock);
  RebuildPlayer();
}

// The player is made at its first use, so that a run of settings (flags, a front end's
// configuration) makes none of the players they describe on the way, each with its tree's
// memory.
void Engine::RebuildPlayer() { player_.reset(); }

Player& Engine::CurrentPlayer() {
  if (player_ == nullptr) {
    // Without a network (none chosen, none installed, a damaged file) the search does
    // without; lifeline-network says why there is none.
    std::shared_ptr<const Network> chosen;
    if (options_.Get(option::kNetworkVisits) > 0) {
      absl::StatusOr<std::shared_ptr<const Network>> loaded = network();
      if (loaded.ok()) chosen = *std::move(loaded);
    }
    player_ = MakePlayer(options_, solver_, std::move(chosen), environment_);
  }
  return *player_;
}

namespace {

constexpr char kAutoNetwork[] = "auto";
constexpr char kNoNetwork[] = "none";

}  // namespace

absl::Status Engine::SelectNetwork() {
  const std::string name = options_.Get(option::kNetwork);
  std::shared_ptr<const Network> chosen;
  if (name != kAutoNetwork && name != kNoNetwork) {
    absl::StatusOr<Network> loaded = Network::Load(name);
    if (!loaded.ok()) return loaded.status();
    chosen = std::make_shared<const Network>(*std::move(loaded));
  }
  const std::lock_guard<std::mutex> lock(network_mutex_);
  network_ = std::move(chosen);
  return absl::OkStatus();
}

absl::StatusOr<std::shared_ptr<const Network>> Engine::network() {
  const std::lock_guard<std::mutex> lock(network_mutex_);
  if (network_) return network_;
  const std::string name = options_.Get(option::kNetwork);
  if (name == kNoNetwork) return absl::FailedPreconditionError("no network (network is none)");
  // A file name was loaded when it was set; only `auto` is loaded here.
  for (const std::string& path : environment_.default_networks) {
    std::error_code error;
    if (!std::filesystem::exists(path, error)) continue;
    absl::StatusOr<Network> loaded = Network::Load(path);
    if (!loaded.ok()) return loaded.status();  // a damaged file is worth saying so
    network_ = std::make_shared<const Network>(*std::move(loaded));
    return network_;
  }
  return absl::FailedPreconditionError(
      "no network: none installed; name a file with lifeline-set network FILE");
}

namespace {

constexpr char kAutoBook[] = "auto";
constexpr char kNoBook[] = "none";

bool IsFolder(const std::string& path) {
  std::error_code error;
  return std::filesystem::is_directory(path, error);
}

}  // namespace

absl::Status Engine::SelectBook() {
  const std::string name = options_.Get(option::kBook);
  if (name != kAutoBook && name != kNoBook && !IsFolder(name)) {
    return absl::InvalidArgumentError(absl::StrCat("no folder ", name));
  }
  book_shelf_.reset();
  return absl::OkStatus();
}

absl::StatusOr<std::shared_ptr<const OpeningBook>> Engine::book() {
  if (!book_shelf_) {
    const std::string name = options_.Get(option::kBook);
    if (name == kNoBook)
      return absl::FailedPreconditionError("the opening book is off (book none)");
    if (name != kAutoBook) {
      book_shelf_.emplace(name);
    } else {
      for (const std::string& folder : environment_.default_book_folders) {
        if (IsFolder(folder)) {
          book_shelf_.emplace(folder);
          break;
        }
      }
    }
    if (!book_shelf_) {
      return absl::FailedPreconditionError(
          "no opening book: none installed; name a folder of maps with lifeline-set book FOLDER");
    }
  }
  return book_shelf_->For(game_.geometry().base(), game_.rules().balancing);
}

void Engine::StartGame(Game game) {
  game_ = std::move(game);
  if (player_ != nullptr) player_->NewGame();  // a player yet to be made knows no game
}

}  // namespace lifeline
