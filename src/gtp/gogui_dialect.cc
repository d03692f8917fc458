#include "gtp/gogui_dialect.h"

#include "core/check.h"
#include "gtp/engine_options.h"

namespace lifeline {

bool GoGuiDialect::on() const { return options_.Get(option::kGoGui) == "true"; }

void GoGuiDialect::Detected() {
  if (options_.Get(option::kGoGui) == "auto") {
    LL_CHECK(options_.Set(option::kGoGui, "true").ok());
  }
}

bool GoGuiDialect::BoardsizeIsWidth() const {
  return on() || options_.Get(option::kBoardsizeDiameter);
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
