// lifeline-book, lifeline-book_cells and lifeline-gfx_book: what the opening book says of the
// current position (protocol/lifeline-gtp.md, 4.9).

#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "book/opening_book.h"
#include "core/notation.h"
#include "gtp/commands.h"

namespace lifeline {
namespace {

using Answer = absl::StatusOr<std::string>;

std::string Chance(double chance) { return absl::StrFormat("%.4f", chance); }

// "exact" or "visits N": what an entry rests on.
std::string Knowledge(const MapEntry& entry) {
  return entry.exact() ? "exact" : absl::StrCat("visits ", entry.visits);
}

std::string Moves(const Geometry& geometry, const std::vector<BookCandidate>& candidates) {
  std::string text;
  for (const BookCandidate& c : candidates)
    absl::StrAppend(&text, " ", MoveToString(geometry, c.move));
  return text;
}

// The map's own fair komi: its entry of the smallest komi that gives Black less than one half.
const MapEntry* MapsFairKomi(const OpeningMap& map) {
  const MapEntry* fair = nullptr;
  for (const MapEntry& entry : map.entries()) {
    if (entry.chance < 0.5 && (fair == nullptr || entry.komi < fair->komi)) fair = &entry;
  }
  return fair;
}

// The fair komi the book gives: measured by play where the map has it, else the map's own (the
// smallest komi whose entry gives Black less than one half).
std::string FairKomiLine(const OpeningMap& map) {
  if (const std::optional<PlayedFairKomi>& played = map.played_fair_komi()) {
    return absl::StrCat("fair-komi ", played->komi, " play range ", played->low, " ", played->high,
                        " crossing ", played->crossing, " games ", played->games, " visits ",
                        played->visits, "\n");
  }
  const MapEntry* fair = MapsFairKomi(map);
  return fair ? absl::StrCat("fair-komi ", fair->komi, " map\n") : "fair-komi unknown\n";
}

// The colour the second player takes at the game's komi: Black below the fair komi by play,
// else where the map's entry at this komi favours Black; nothing where neither knows.
std::optional<Color> SecondPlayersColor(const OpeningBook& book, const Position& position) {
  if (const std::optional<PlayedFairKomi>& played = book.map().played_fair_komi()) {
    return position.rules().komi < played->komi ? Color::kBlack : Color::kWhite;
  }
  const BookAdvice advice = book.Advise(position);
  if (advice.entry == nullptr) return std::nullopt;
  return advice.entry->chance > 0.5 ? Color::kBlack : Color::kWhite;
}

// Under komi pie: Black's chance at each komi of the map, the fair komi, and the colour the
// second player takes at the game's komi.
std::string KomiLines(const OpeningBook& book, const Position& position) {
  std::string text;
  for (const MapEntry& entry : book.map().entries()) {
    absl::StrAppend(&text, "komi ", entry.komi, " black ", Chance(entry.chance), " ",
                    Knowledge(entry), "\n");
  }
  absl::StrAppend(&text, FairKomiLine(book.map()));
  if (const std::optional<Color> color = SecondPlayersColor(book, position)) {
    absl::StrAppend(&text, "second-player-takes ", *color == Color::kBlack ? "black" : "white",
                    "\n");
  }
  return text;
}

// GoGui's line under komi pie before the first stone: the colour the second player takes at
// the game's komi, then the fair komi and how it is known (GoGui cuts a long status line short,
// so the advice comes first).
std::string KomiStatus(const OpeningBook& book, const Position& position) {
  std::string text;
  if (const std::optional<Color> color = SecondPlayersColor(book, position)) {
    text = absl::StrCat("at komi ", position.rules().komi, " the second player takes ",
                        *color == Color::kBlack ? "Black" : "White", "; ");
  }
  if (const std::optional<PlayedFairKomi>& played = book.map().played_fair_komi()) {
    absl::StrAppend(&text, "fair komi ", played->komi, " by play (", played->games, " games at ",
                    played->visits, " visits a move)");
  } else if (const MapEntry* fair = MapsFairKomi(book.map())) {
    absl::StrAppend(&text, "fair komi ", fair->komi, " by the map's searches");
  } else {
    absl::StrAppend(&text, "no fair komi known");
  }
  return text;
}

std::string FirstTurnLines(const Geometry& geometry, const BookAdvice& advice) {
  std::string text;
  for (const BookCandidate& c : advice.choices) {
    absl::StrAppend(&text, "choice ", MoveToString(geometry, c.move), " first-player ",
                    Chance(c.chance), " holder ", Chance(c.entry->chance), " ", Knowledge(*c.entry),
                    "\n");
  }
  return text;
}

std::string SwapDecisionLines(const Position& position, const BookAdvice& advice) {
  const Geometry& geometry = position.geometry();
  std::string stones;
  position.board().stones(Color::kBlack).ForEach([&](int cell) {
    absl::StrAppend(&stones, stones.empty() ? "" : ",", CellName(geometry, cell));
  });
  if (advice.entry == nullptr) return absl::StrCat("first-turn ", stones, " unknown\n");
  std::string text = absl::StrCat("first-turn ", stones, " holder ", Chance(advice.entry->chance),
                                  " ", Knowledge(*advice.entry), "\n");
  // The map's verdict, whether or not the engine plays from the entry (OpeningBook::Choose).
  const bool swap = advice.entry->chance > 0.5;
  absl::StrAppend(&text, "decision ", swap ? "swap" : "play-on", "\n");
  if (!swap && !advice.choices.empty()) {
    absl::StrAppend(&text, "replies", Moves(geometry, advice.choices), "\n");
  }
  return text;
}

// lifeline-book: the stage, then what the map says there.
Answer BookAnswer(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  LL_ASSIGN_OR_RETURN(const std::shared_ptr<const OpeningBook> book, context.engine.book());
  const Position& position = context.engine.position();
  const BookAdvice advice = book->Advise(position);
  std::string text;
  switch (advice.stage) {
    case BookStage::kNone:
      text = "stage none\n";
      break;
    case BookStage::kFirstTurn:
      text = "stage first-turn\n";
      if (book->map().balancing() == Balancing::kKomiPie)
        absl::StrAppend(&text, KomiLines(*book, position));
      absl::StrAppend(&text, FirstTurnLines(position.geometry(), advice));
      break;
    case BookStage::kSwapDecision:
      text = absl::StrCat("stage swap-decision\n", SwapDecisionLines(position, advice));
      break;
  }
  text.pop_back();
  return text;
}

// Which figure CellFigures gives: the first player's best chance through each cell on the
// empty board of strong pie, else the chance of the first turn's holder.
const char* FigureName(const Position& position) {
  return position.rules().balancing == Balancing::kStrongPie && position.pending_stone() == kNoCell
             ? "first-player"
             : "holder";
}

// lifeline-book_cells: each cell's figure for a drawing of the map, in the engine's order of
// cells, cells without one left out.
Answer BookCells(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  LL_ASSIGN_OR_RETURN(const std::shared_ptr<const OpeningBook> book, context.engine.book());
  const Position& position = context.engine.position();
  const std::vector<double> figures = book->CellFigures(position);
  if (figures.empty()) return std::string("figure none");
  std::string text = absl::StrCat("figure ", FigureName(position), "\ncells");
  position.geometry().cells().ForEach([&](Cell cell) {
    if (!std::isnan(figures[cell])) {
      absl::StrAppend(&text, " ", CellName(position.geometry(), cell), " ", Chance(figures[cell]));
    }
  });
  return text;
}

// lifeline-gfx_book: the same figures drawn for GoGui: each cell labelled with its figure in
// percent, shaded (INFLUENCE) toward the colour shown as Black where a holder's chance is
// above one half, and the book's choices marked with a square.
Answer GfxBook(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  LL_ASSIGN_OR_RETURN(const std::shared_ptr<const OpeningBook> book, context.engine.book());
  const Position& position = context.engine.position();
  const Geometry& geometry = position.geometry();
  const BookAdvice advice = book->Advise(position);
  const std::vector<double> figures = book->CellFigures(position);
  std::string labels, influence, squares;
  const bool holder = std::string(FigureName(position)) == "holder";
  if (!figures.empty()) {
    geometry.cells().ForEach([&](Cell cell) {
      if (std::isnan(figures[cell])) return;
      const std::string name = CellName(geometry, cell);
      absl::StrAppend(&labels, " ", name, " ", std::lround(100 * figures[cell]));
      if (holder) absl::StrAppendFormat(&influence, " %s %.2f", name, 2 * figures[cell] - 1);
    });
  }
  for (const BookCandidate& c : advice.choices) {
    if (c.move.first != kNoCell) absl::StrAppend(&squares, " ", CellName(geometry, c.move.first));
    if (c.move.second != kNoCell) absl::StrAppend(&squares, " ", CellName(geometry, c.move.second));
  }
  std::string text;
  if (!labels.empty()) absl::StrAppend(&text, "LABEL", labels, "\n");
  if (!influence.empty()) absl::StrAppend(&text, "INFLUENCE", influence, "\n");
  if (!squares.empty()) absl::StrAppend(&text, "SQUARE", squares, "\n");
  // GoGui writes the command's label ("Lifeline: opening map") before the text.
  std::string status;
  if (advice.stage == BookStage::kSwapDecision && advice.entry != nullptr) {
    const bool swap = advice.entry->chance > 0.5;
    status = absl::StrFormat("the first turn is worth %.0f%% to its holder; %s",
                             100 * advice.entry->chance,
                             swap ? "the second player swaps" : "the second player plays on");
  } else if (advice.stage == BookStage::kFirstTurn &&
             book->map().balancing() == Balancing::kKomiPie) {
    status = KomiStatus(*book, position);
  } else if (!figures.empty()) {
    status = holder ? "each cell's first turn, its holder's chance in percent"
                    : "the best chance a first turn through each cell leaves the first player, "
                      "in percent";
  } else {
    status = "nothing for this position";
  }
  absl::StrAppend(&text, "TEXT ", status);
  return text;
}

}  // namespace

void AddBookCommands(CommandRegistry& registry, CommandContext& context) {
  registry.Add("lifeline-book", Bind(context, BookAnswer));
  registry.Add("lifeline-book_cells", Bind(context, BookCells));
  registry.Add("lifeline-gfx_book", Bind(context, GfxBook));
}

}  // namespace lifeline
