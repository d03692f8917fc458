#include "gtp/game_state_json.h"

#include <optional>
#include <vector>

#include "core/notation.h"
#include "core/turn_history.h"
#include "gtp/json_text.h"

namespace lifeline {
namespace {

std::vector<std::string> CellNames(const Geometry& geometry, const Bitset& cells) {
  std::vector<std::string> names;
  cells.ForEach([&](int cell) { names.push_back(CellName(geometry, cell)); });
  return names;
}

// {"black":[...],"white":[...]}: cells of each colour.
std::string ByColor(const Geometry& geometry, const Bitset (&cells)[2]) {
  return JsonObject()
      .Strings("black", CellNames(geometry, cells[Index(Color::kBlack)]))
      .Strings("white", CellNames(geometry, cells[Index(Color::kWhite)]))
      .Text();
}

// A move or a turn: {"number":N (turns only),"color":...,"move":...,"cells":[...],"removed":...}.
std::string SpanJson(const Geometry& geometry, const std::optional<PlayedSpan>& span,
                     std::optional<int> number) {
  if (!span) return "null";
  std::vector<std::string> cells;
  for (Cell cell : span->placed) cells.push_back(CellName(geometry, cell));
  JsonObject json;
  if (number) json.Int("number", *number);
  return json.String("color", ColorName(span->color))
      .String("move", MoveToString(geometry, span->move))
      .Strings("cells", cells)
      .Raw("removed", ByColor(geometry, span->removed))
      .Text();
}

}  // namespace

std::string GameStateJson(const Game& game) {
  const Position& position = game.position();
  const Geometry& geometry = game.geometry();
  const TurnHistory history(game);
  const int completed = history.CompletedTurns();
  const bool over = position.IsOver();
  const Cell pending = position.pending_stone();
  const Bitset legal = over ? Bitset() : position.PlacementCells();

  JsonObject json;
  json.Int("base", geometry.base())
      .String("rules", BalancingName(position.rules().balancing))
      .Int("komi", position.rules().balancing == Balancing::kKomiPie ? position.rules().komi : 0)
      .String("to_move", ColorName(position.to_move()))
      .Int("stones_to_place", position.stones_to_place())
      .String("phase", PhaseName(position.phase()));
  if (pending == kNoCell) {
    json.Null("pending");
  } else {
    json.String("pending", CellName(geometry, pending));
  }
  json.Bool("can_swap", !over && position.CanSwap())
      .Bool("can_spend_komi", !over && position.CanSpendKomi())
      .Bool("swapped", position.swapped())
      .Int("komi_left", position.komi_left())
      .Strings("legal", CellNames(geometry, legal))
      .Strings("black", CellNames(geometry, position.board().stones(Color::kBlack)))
      .Strings("white", CellNames(geometry, position.board().stones(Color::kWhite)))
      .Raw("removed", JsonObject()
                          .Int("black", position.captured(Color::kBlack))
                          .Int("white", position.captured(Color::kWhite))
                          .Text())
      .Int("actions", static_cast<long long>(game.moves().size()))
      .Int("move_number", completed + 1)
      .Raw("last_move", SpanJson(geometry, history.LastMove(), std::nullopt))
      .Raw("last_turn", SpanJson(geometry, history.LastTurn(), completed))
      .Bool("over", over);
  if (over) {
    json.String("winner", ColorName(position.winner()))
        .String("result", position.winner() == Color::kBlack ? "B+" : "W+");
  } else {
    json.Null("winner").Null("result");
  }
  return json.Text();
}

}  // namespace lifeline
