#ifndef LIFELINE_SEARCH_RECORDED_PLAYOUT_H_
#define LIFELINE_SEARCH_RECORDED_PLAYOUT_H_

#include <optional>

#include "core/bitset.h"
#include "core/board_width.h"
#include "core/color.h"
#include "core/move.h"
#include "core/position.h"
#include "core/random.h"
#include "search/settled.h"

namespace lifeline {

// The winner of a playout, `winner` being a colour of `end`, the position where the playout
// stopped, given as the colour that the winning player held when the playout started: a swap
// during the playout exchanges the players' colours, and the tree counts wins by player.
template <int W>
Color WinnerAtStart(Color winner, const BasicPosition<W>& end, bool swapped_at_start) {
  return end.swapped() == swapped_at_start ? winner : Opponent(winner);
}

// The same for a finished playout, won by the side that moved last (which is also who wins a
// playout cut at the length guard, as in RandomPlayout).
template <int W>
Color WinnerAtStart(const BasicPosition<W>& end, bool swapped_at_start) {
  return WinnerAtStart(Opponent(end.to_move()), end, swapped_at_start);
}

// A playout that meets a settled board (settled.h) stops there when `count_settled` is set,
// and returns the side that wins the count; on the rare boards where the quick bounds do not
// decide, the playout plays on. The cells left to fill are not recorded as played: every own
// cell would credit the side that wins the count in the all-moves-as-first statistics, where
// a playout that plays on ends with the winner's cells mostly empty, and the search would
// learn to fill its own regions early (versions that recorded them lost 0-22 and 0-6).
template <int W>
std::optional<Color> SettledEnd(const BasicPosition<W>& position, bool count_settled,
                                bool swapped_at_start) {
  if (!count_settled) return std::nullopt;
  const std::optional<Color> winner = QuickSettledWinner(position);
  if (!winner) return std::nullopt;
  return WinnerAtStart(*winner, position, swapped_at_start);
}

// Who held each cell last in a playout (MctsTree's territory). At the start a cell is held by
// the stone on it, or by the one colour its empty region touches; a stone placed in the
// playout makes its cell its colour's (Hold); the cells left are the winner's (FinishHolding).
// A cell emptied at the end of the game (the loser's last stones) keeps its last holder: that
// is what a settled board's count is about, where the board at the end holds the winner's
// stones alone.
template <int W>
void StartHolding(const BasicBoard<W>& board, BasicBitset<W> held[2]) {
  const Geometry& geometry = board.geometry();
  const BasicBitset<W> empty = board.empty();
  BasicBitset<W> regions[2];
  for (const Color color : {Color::kBlack, Color::kWhite}) {
    regions[Index(color)] = geometry.Flood(geometry.Expand(board.stones(color)) & empty, empty);
  }
  for (const Color color : {Color::kBlack, Color::kWhite}) {
    held[Index(color)] =
        board.stones(color) | (regions[Index(color)] & ~regions[Index(Opponent(color))]);
  }
}

// Ends a playout's holding: the cells nobody held (empty from the start, never placed on) go
// to the winner, named in the colours of `end`, where the playout stopped. They lay in the
// regions the winner never needed to fill before the loser ran out of placements.
template <int W>
void FinishHolding(const BasicPosition<W>& end, Color winner, BasicBitset<W> held[2]) {
  held[Index(winner)] |= end.geometry().template cells<W>() & ~(held[0] | held[1]);
}

template <int W>
void Hold(BasicBitset<W> held[2], Color color, Cell c) {
  held[Index(color)].Set(c);
  held[Index(Opponent(color))].Reset(c);
}

// Records an action of `me` in a playout: its stones in `played[Index(me)]` and, unless `held`
// is null, as held by `me`.
template <int W>
void RecordPlacement(const Move& move, Color me, BasicBitset<W> played[2], BasicBitset<W>* held) {
  if (move.kind != Move::Kind::kPlace && move.kind != Move::Kind::kPair) return;
  played[Index(me)].Set(move.first);
  if (held != nullptr) Hold(held, me, move.first);
  if (move.kind != Move::Kind::kPair) return;
  played[Index(me)].Set(move.second);
  if (held != nullptr) Hold(held, me, move.second);
}

// Runs playout(sized, sized_played, sized_held) with `position` sized to its base
// (board_width.h) and empty sets at that width, adds the cells recorded there to `played`,
// copies the holders to `held` unless it is null (sized_held is null then too) and returns the
// winner: how a playout entry point that takes the full width runs at the board's own.
template <typename F>
Color PlayAtBoardWidth(const Position& position, Bitset played[2], Bitset held[2], F&& playout) {
  return WithBoardWidth(position.geometry(), [&](auto width) {
    constexpr int w = decltype(width)::value;
    BasicBitset<w> sized_played[2];
    BasicBitset<w> sized_held[2];
    const Color winner =
        playout(BasicPosition<w>(position), sized_played, held != nullptr ? sized_held : nullptr);
    for (int i = 0; i < 2; ++i) played[i] |= Bitset(sized_played[i]);
    if (held != nullptr) {
      for (int i = 0; i < 2; ++i) held[i] = Bitset(sized_held[i]);
    }
    return winner;
  });
}

// A uniformly random playout like core's RandomPlayout that also records, per colour, every
// cell where that colour placed a stone (the all-moves-as-first statistics of RAVE). Adds to
// `played` (indexed by Index(Color)), sets `held` (StartHolding) unless it is null, and returns
// WinnerAtStart; stops early on a settled board when `count_settled` is set (SettledEnd). Runs
// on the position sized to its base, like core's RandomPlayout, with the same random draws as
// at the full width.
Color RecordedPlayout(Position position, Rng& rng, Bitset played[2], bool count_settled,
                      Bitset held[2] = nullptr);

// The same playout at width W, which must hold the geometry's words.
template <int W>
Color RecordedPlayout(BasicPosition<W> position, Rng& rng, BasicBitset<W> played[2],
                      bool count_settled, BasicBitset<W> held[2] = nullptr);

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_RECORDED_PLAYOUT_H_
