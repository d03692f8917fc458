#include "gtp/gogui_gfx.h"

#include <algorithm>
#include <map>
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

std::string Summary(const Position& position, const SearchInfo& info) {
  const Geometry& geometry = position.geometry();
  std::string text = absl::StrCat(position.to_move() == Color::kBlack ? "Black" : "White",
                                  " to move");
  if (info.candidates.empty()) return absl::StrCat(text, ": no candidates yet");
  absl::StrAppend(&text, ": win rate ", Percent(info.candidates[0].win_rate), "% after ",
                  info.visits, " visits; best");
  const size_t shown = std::min(kCandidatesInText, info.candidates.size());
  for (size_t i = 0; i < shown; ++i) {
    const CandidateInfo& candidate = info.candidates[i];
    absl::StrAppend(&text, i == 0 ? " " : ", ", MoveToString(geometry, candidate.move), " ",
                    Percent(candidate.win_rate), "% (", candidate.visits, ")");
  }
  return text;
}

}  // namespace

std::string CandidatesGfx(const Position& position, const SearchInfo& info) {
  const Geometry& geometry = position.geometry();
  // The best win rate among the labelled moves that use each cell.
  std::map<Cell, double> best_rate;
  const size_t labelled = std::min(kLabelledCandidates, info.candidates.size());
  for (size_t i = 0; i < labelled; ++i) {
    const CandidateInfo& candidate = info.candidates[i];
    if (candidate.visits == 0) continue;
    for (Cell cell : StoneCells(candidate.move)) {
      const auto [it, inserted] = best_rate.emplace(cell, candidate.win_rate);
      if (!inserted) it->second = std::max(it->second, candidate.win_rate);
    }
  }
  std::string gfx;
  if (!best_rate.empty()) {
    gfx = "LABEL";
    for (const auto& [cell, rate] : best_rate) {
      absl::StrAppend(&gfx, " ", CellName(geometry, cell), " ", Percent(rate));
    }
    gfx += '\n';
  }
  if (!info.candidates.empty()) {
    const std::vector<Cell> best = StoneCells(info.candidates[0].move);
    if (!best.empty()) {
      gfx += "SQUARE";
      for (Cell cell : best) absl::StrAppend(&gfx, " ", CellName(geometry, cell));
      gfx += '\n';
    }
  }
  return absl::StrCat(gfx, "TEXT ", Summary(position, info));
}

std::string VariationGfx(const Position& position, const SearchInfo& info) {
  const Geometry& geometry = position.geometry();
  if (info.candidates.empty()) return absl::StrCat("TEXT ", Summary(position, info));
  const CandidateInfo& best = info.candidates[0];
  // Replays the line to learn who places each stone: a double turn is two stones of one
  // colour, and after a swap the same colour moves again.
  Position line = position;
  std::string stones;
  std::vector<std::string> tokens;
  for (const Move& move : best.principal_variation) {
    if (!line.IsLegal(move)) break;
    const char* color = line.to_move() == Color::kBlack ? "b" : "w";
    const std::vector<Cell> cells = StoneCells(move);
    if (cells.empty()) absl::StrAppend(&stones, " ", color, " PASS");
    for (Cell cell : cells) absl::StrAppend(&stones, " ", color, " ", CellName(geometry, cell));
    tokens.push_back(MoveToString(geometry, move));
    line.Play(move);
  }
  return absl::StrCat("VAR", stones, "\nTEXT ", Percent(best.win_rate), "% after ", best.visits,
                      " visits: ", absl::StrJoin(tokens, " "));
}

}  // namespace lifeline
