#ifndef LIFELINE_GTP_GOGUI_DIALECT_H_
#define LIFELINE_GTP_GOGUI_DIALECT_H_

#include <cstddef>
#include <optional>
#include <string>

#include "core/game.h"
#include "core/geometry.h"
#include "core/move.h"
#include "engine/options.h"
#include "gtp/color_view.h"

namespace lifeline {

// The keys of the protocol's own settings, which GoGuiDialect declares in the engine's table.
namespace option {
inline constexpr OptionKey<bool> kBoardsizeDiameter{"boardsize-diameter"};
// GoGui's dialect: "true", "false", or "auto" (off until GoGui's first query turns it on).
inline constexpr OptionKey<std::string> kGoGui{"gogui"};
}  // namespace option

// GoGui's dialect of the protocol, which the option `gogui` turns on (and, set to "auto", GoGui's
// first query). GoGui knows neither double turns nor the swap and names boards by their width,
// so in this dialect boardsize takes the width 2N-1, pass stands for the swap where the swap is
// legal, genmove answers a double turn one stone per call (the dialect keeps the partner of
// the stone it answered for the next genmove), and after a swap the colours are shown
// exchanged, so that each player keeps its colour on GoGui's board. It holds no game state of
// its own: the view follows the position, and a kept partner applies only while the game
// still stands exactly where it was planned.
//
// Its settings are protocol state: the dialect declares the options `gogui` and
// `boardsize-diameter` in the engine's table, so that flags and lifeline-set reach them, and
// keeps their values itself, set by the options' hooks. It must outlive the table's use.
class GoGuiDialect {
 public:
  explicit GoGuiDialect(OptionTable& options);
  GoGuiDialect(const GoGuiDialect&) = delete;
  GoGuiDialect& operator=(const GoGuiDialect&) = delete;

  bool on() const { return mode_ == Mode::kOn; }
  // GoGui's first query (gogui-rules_game_id, gogui-version) turns an "auto" dialect on.
  void Detected();
  // Whether boardsize takes the width rather than the base (the dialect, or the option
  // boardsize-diameter for controllers such as gogui-twogtp).
  bool BoardsizeIsWidth() const { return on() || boardsize_is_width_; }

  // The colours GoGui sees in `position`: exchanged once a swap was played, so that the player
  // who swapped keeps its colour (undoing the swap restores them); the rules' colours outside
  // the dialect.
  ColorView View(const Position& position) const { return ColorView(position, on()); }

  // Remembers `partner` as the second stone of the pair whose first stone `game` just played.
  void KeepPartner(const Game& game, Cell partner);
  // The kept partner as a move, when the game is still where it was kept and it is legal.
  std::optional<Move> KeptPartner(const Game& game) const;

 private:
  enum class Mode { kAuto, kOn, kOff };

  OptionTable& options_;
  Mode mode_ = Mode::kAuto;
  bool boardsize_is_width_ = false;
  size_t moves_ = 0;
  Cell first_ = kNoCell;
  Cell partner_ = kNoCell;
};

}  // namespace lifeline

#endif  // LIFELINE_GTP_GOGUI_DIALECT_H_
