#ifndef LIFELINE_GTP_COLOR_VIEW_H_
#define LIFELINE_GTP_COLOR_VIEW_H_

#include "core/color.h"
#include "core/position.h"

namespace lifeline {

// The colours a controller sees in a position. Under the rules a swap exchanges the players'
// colours and leaves the stones as they are; GoGui knows no swap and keeps each player on the
// colour it started with, so its dialect shows a game after a swap with the colours exchanged
// (the "swap pieces" of Hex programs): each player keeps its colour on GoGui's board. A view
// maps the rules' colours to the shown ones and back, the same exchange both ways. It only
// renames colours: the engine's state, its records and the plain protocol keep the rules'.
class ColorView {
 public:
  // The rules' colours, whatever the position.
  ColorView() = default;
  // The colours of `position` for a controller that shows them exchanged after a swap when
  // `exchange_after_swap` (GoGui's dialect), else the rules' colours.
  ColorView(const Position& position, bool exchange_after_swap)
      : exchange_after_swap_(exchange_after_swap),
        exchanged_(exchange_after_swap && position.swapped()) {}

  // The view of `other`, a position of the same game, for the same controller.
  ColorView Of(const Position& other) const { return ColorView(other, exchange_after_swap_); }

  bool exchanged() const { return exchanged_; }
  // The colour shown for the rules' colour `color`.
  Color Shown(Color color) const { return exchanged_ ? Opponent(color) : color; }
  // The rules' colour of a colour named by the controller.
  Color Rules(Color shown) const { return Shown(shown); }
  // The shown colour's name with a capital, for status lines: "Black", "White".
  const char* ShownTitle(Color color) const {
    return Shown(color) == Color::kBlack ? "Black" : "White";
  }

 private:
  bool exchange_after_swap_ = false;
  bool exchanged_ = false;
};

}  // namespace lifeline

#endif  // LIFELINE_GTP_COLOR_VIEW_H_
