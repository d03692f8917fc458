#include "gtp/gogui_dialect.h"

#include "absl/status/status.h"
#include "core/check.h"

namespace lifeline {

GoGuiDialect::GoGuiDialect(OptionTable& options) : options_(options) {
  options.Declare(OptionSpec::Bool(option::kBoardsizeDiameter, false,
                                   "boardsize takes the width 2N-1 instead of the base N")
                      .WithHook([this] {
                        boardsize_is_width_ = options_.Get(option::kBoardsizeDiameter);
                        return absl::OkStatus();
                      }));
  options.Declare(
      OptionSpec::Choice(option::kGoGui, "auto", {"auto", "true", "false"},
                         "GoGui's dialect: boardsize takes the width, genmove "
                         "answers one stone at a time, pass stands for the swap, "
                         "colours are shown exchanged after a swap; auto turns it "
                         "on at GoGui's first query (gogui-rules_game_id)")
          .WithHook([this] {
            const std::string& value = options_.Get(option::kGoGui);
            mode_ = value == "true" ? Mode::kOn : value == "false" ? Mode::kOff : Mode::kAuto;
            return absl::OkStatus();
          }));
}

void GoGuiDialect::Detected() {
  if (mode_ == Mode::kAuto) LL_CHECK(options_.Set(option::kGoGui, "true").ok());
}

void GoGuiDialect::KeepPartner(const Game& game, Cell partner) {
  moves_ = game.moves().size();
  first_ = game.position().pending_stone();
  partner_ = partner;
}

std::optional<Move> GoGuiDialect::KeptPartner(const Game& game) const {
  const Position& position = game.position();
  if (partner_ == kNoCell || first_ == kNoCell || game.moves().size() != moves_ ||
      position.pending_stone() != first_) {
    return std::nullopt;
  }
  const Move partner = Move::Place(partner_);
  if (!position.IsLegal(partner)) return std::nullopt;
  return partner;
}

}  // namespace lifeline
