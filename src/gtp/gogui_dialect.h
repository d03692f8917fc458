#ifndef LIFELINE_GTP_GOGUI_DIALECT_H_
#define LIFELINE_GTP_GOGUI_DIALECT_H_

#include <cstddef>
#include <optional>

#include "core/game.h"
#include "core/geometry.h"
#include "core/move.h"
#include "gtp/options.h"

namespace lifeline {

// GoGui's dialect of the protocol, which the option `gogui` turns on (and, set to "auto", GoGui's
// first query). GoGui knows neither double turns nor the swap and names boards by their width,
// so in this dialect boardsize takes the width 2N-1, pass stands for the swap where the swap is
// legal, and genmove answers a double turn one stone per call: the dialect keeps the partner of
// the stone it answered for the next genmove. It holds no game state of its own: a kept
// partner applies only while the game still stands exactly where it was planned.
class GoGuiDialect {
 public:
  explicit GoGuiDialect(OptionTable& options) : options_(options) {}

  bool on() const;
  // GoGui's first query (gogui-rules_game_id, gogui-version) turns an "auto" dialect on.
  void Detected();
  // Whether boardsize takes the width rather than the base (the dialect, or the option
  // boardsize-diameter for controllers such as gogui-twogtp).
  bool BoardsizeIsWidth() const;

  // Remembers `partner` as the second stone of the pair whose first stone `game` just played.
  void KeepPartner(const Game& game, Cell partner);
  // The kept partner as a move, when the game is still where it was kept and it is legal.
  std::optional<Move> KeptPartner(const Game& game) const;

 private:
  OptionTable& options_;
  size_t moves_ = 0;
  Cell first_ = kNoCell;
  Cell partner_ = kNoCell;
};

}  // namespace lifeline

#endif  // LIFELINE_GTP_GOGUI_DIALECT_H_
