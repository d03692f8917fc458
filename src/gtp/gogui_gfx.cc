#include "gtp/gogui_gfx.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "core/notation.h"

namespace lifeline {
namespace {

// Labels beyond this many candidates only clutter the board.
constexpr size_t kLabelledCandidates = 12;
constexpr size_t kCandidatesInText = 3;

std::string Percent(double win_rate) { return absl::StrFormat("%.0f", 100 * win_rate); }

// A candidate's label: its win rate in percent, or W and L where it is proven.
std::string Label(const CandidateInfo& candidate) {
  if (candidate.proof == MoveProof::kWin) return "W";
  if (candidate.proof == MoveProof::kLoss) return "L";
  return Percent(candidate.win_rate);
}

// Ranks labels so that a cell shared by several moves shows the most favourable.
double Strength(const CandidateInfo& candidate) {
  if (candidate.proof == MoveProof::kWin) return 2;
  if (candidate.proof == MoveProof::kLoss) return -1;
  return candidate.win_rate;
}

// The cells a move puts stones on.
std::vector<Cell> StoneCells(const Move& move) {
  switch (move.kind) {
    case Move::Kind::kPlace:
      return {move.first};
    case Move::Kind::kPair:
      return {move.first, move.second};
    case Move::Kind::kSwap:
    case Move::Kind::kSpendKomi:
      break;
  }
  return {};
}

std::string Summary(const Position& position, const SearchInfo& info, const ColorView& view) {
  const Geometry& geometry = position.geometry();
  std::string text = absl::StrCat(view.ShownTitle(position.to_move()), " to move");
  if (info.candidates.empty()) return absl::StrCat(text, ": no candidates yet");
  const CandidateInfo& first = info.candidates[0];
  if (first.proof == MoveProof::kWin) {
    return absl::StrCat(text, ": proven win with ", MoveToString(geometry, first.move));
  }
  absl::StrAppend(&text, ": win rate ", Percent(first.win_rate), "% after ", info.visits,
                  " visits; best");
  const size_t shown = std::min(kCandidatesInText, info.candidates.size());
  for (size_t i = 0; i < shown; ++i) {
    const CandidateInfo& candidate = info.candidates[i];
    const std::string label = Label(candidate);
    absl::StrAppend(&text, i == 0 ? " " : ", ", MoveToString(geometry, candidate.move), " ", label,
                    candidate.proof == MoveProof::kUnknown ? "%" : "", " (", candidate.visits, ")");
  }
  return text;
}

}  // namespace

std::string CandidatesGfx(const Position& position, const SearchInfo& info, const ColorView& view) {
  const Geometry& geometry = position.geometry();
  // The most favourable of the labelled moves that use each cell.
  std::map<Cell, const CandidateInfo*> best;
  const size_t labelled = std::min(kLabelledCandidates, info.candidates.size());
  for (size_t i = 0; i < labelled; ++i) {
    const CandidateInfo& candidate = info.candidates[i];
    if (candidate.visits == 0 && candidate.proof == MoveProof::kUnknown) continue;
    for (Cell cell : StoneCells(candidate.move)) {
      const auto [it, inserted] = best.emplace(cell, &candidate);
      if (!inserted && Strength(candidate) > Strength(*it->second)) it->second = &candidate;
    }
  }
  std::string gfx;
  if (!best.empty()) {
    gfx = "LABEL";
    for (const auto& [cell, candidate] : best) {
      absl::StrAppend(&gfx, " ", CellName(geometry, cell), " ", Label(*candidate));
    }
    gfx += '\n';
  }
  if (!info.candidates.empty()) {
    const std::vector<Cell> best_cells = StoneCells(info.candidates[0].move);
    if (!best_cells.empty()) {
      gfx += "SQUARE";
      for (Cell cell : best_cells) absl::StrAppend(&gfx, " ", CellName(geometry, cell));
      gfx += '\n';
    }
  }
  return absl::StrCat(gfx, "TEXT ", Summary(position, info, view));
}

std::string SolveGfx(const Position& position, const SolveResult& result, const ColorView& view) {
  const Geometry& geometry = position.geometry();
  const char* side = view.ShownTitle(position.to_move());
  std::vector<std::string> winning;
  std::set<Cell> cells;
  bool complete = true;
  for (const MoveVerdict& move : result.moves) {
    complete = complete && move.verdict != Verdict::kUnknown;
    if (move.verdict != Verdict::kWin) continue;
    winning.push_back(MoveToString(geometry, move.move));
    for (Cell cell : StoneCells(move.move)) cells.insert(cell);
  }
  std::string gfx;
  if (!cells.empty()) {
    std::string names;
    for (Cell cell : cells) absl::StrAppend(&names, " ", CellName(geometry, cell));
    absl::StrAppend(&gfx, "COLOR #70c070", names, "\nLABEL");
    for (Cell cell : cells) absl::StrAppend(&gfx, " ", CellName(geometry, cell), " W");
    gfx += '\n';
  }
  const std::string effort =
      absl::StrFormat(" (%d positions, %.1f s)", result.nodes, result.seconds);
  if (!winning.empty()) {
    absl::StrAppend(&gfx, "TEXT ", side, " to move wins with ", absl::StrJoin(winning, " "),
                    complete ? "" : " and perhaps more", effort);
  } else if (complete) {
    absl::StrAppend(&gfx, "TEXT ", side, " to move loses whatever it plays", effort);
  } else {
    absl::StrAppend(&gfx, "TEXT unknown: not solved in time", effort);
  }
  return gfx;
}

std::string VariationGfx(const Position& position, const SearchInfo& info, const ColorView& view) {
  const Geometry& geometry = position.geometry();
  if (info.candidates.empty()) return absl::StrCat("TEXT ", Summary(position, info, view));
  const CandidateInfo& best = info.candidates[0];
  // Replays the line to learn who places each stone: a double turn is two stones of one
  // colour, and after a swap the same colour moves again (in the rules' colours; a view that
  // exchanges them after a swap shows the other one).
  Position line = position;
  std::string stones;
  std::vector<std::string> tokens;
  for (const Move& move : best.principal_variation) {
    if (!line.IsLegal(move)) break;
    const char* color = view.Of(line).Shown(line.to_move()) == Color::kBlack ? "b" : "w";
    const std::vector<Cell> cells = StoneCells(move);
    if (cells.empty()) absl::StrAppend(&stones, " ", color, " PASS");
    for (Cell cell : cells) absl::StrAppend(&stones, " ", color, " ", CellName(geometry, cell));
    tokens.push_back(MoveToString(geometry, move));
    line.Play(move);
  }
  return absl::StrCat("VAR", stones, "\nTEXT ", Percent(best.win_rate), "% after ", best.visits,
                      " visits: ", absl::StrJoin(tokens, " "));
}

std::string TerritoryText(float black_territory) {
  // Below half a hundredth the value is written as a plain zero, whatever its sign.
  return absl::StrFormat("%.2f", std::abs(black_territory) < 0.005f ? 0.0f : black_territory);
}

std::string TerritoryGfx(const Position& position, const std::vector<float>& black_territory,
                         const ColorView& view, absl::string_view text) {
  const float sign = view.Shown(Color::kBlack) == Color::kBlack ? 1.0f : -1.0f;
  std::string gfx = "INFLUENCE";
  position.geometry().cells().ForEach([&](Cell c) {
    absl::StrAppend(&gfx, " ", CellName(position.geometry(), c), " ",
                    TerritoryText(sign * black_territory[c]));
  });
  absl::StrAppend(&gfx, "\nTEXT ", text);
  return gfx;
}

std::string SearchTerritoryGfx(const Position& position, const SearchInfo& info,
                               const ColorView& view) {
  const std::string mover = view.ShownTitle(position.to_move());
  if (info.territory.empty() || info.candidates.empty()) {
    return absl::StrCat("TEXT ", mover, " to move: no playouts yet");
  }
  return TerritoryGfx(
      position, info.territory, view,
      absl::StrCat(mover, " to move: win rate ", Percent(info.candidates[0].win_rate),
                   "%, territory of ", info.playouts, " playouts"));
}

}  // namespace lifeline
