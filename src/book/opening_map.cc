#include "book/opening_map.h"

#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/check.h"
#include "core/notation.h"

namespace lifeline {
namespace {

constexpr absl::string_view kFormatLine = "lifeline-openings 1";
// Larger than any map the tools write (base 13 under strong pie: about 9,000 lines), small
// enough that a wrong file named by mistake is refused before it is read whole.
constexpr int64_t kMaxFileBytes = 4 << 20;

absl::Status LineError(int number, absl::string_view line, absl::string_view why) {
  return absl::InvalidArgumentError(absl::StrCat("line ", number, " '", line, "': ", why));
}

absl::StatusOr<Cell> ReadMapCell(const Geometry& geometry, absl::string_view text) {
  const Reading<Cell> cell = ReadCell(geometry, text);
  if (!cell.ok()) return absl::InvalidArgumentError(absl::StrCat("'", text, "' is no cell"));
  return cell.value;
}

// "A1" or "A1,B3": the stones of a first turn, as many as the rules' first turn places.
absl::StatusOr<std::vector<Cell>> ReadStones(const Geometry& geometry, absl::string_view text,
                                             size_t count) {
  std::vector<Cell> stones;
  for (absl::string_view part : absl::StrSplit(text, ',')) {
    LL_ASSIGN_OR_RETURN(const Cell cell, ReadMapCell(geometry, part));
    stones.push_back(cell);
  }
  if (stones.size() != count) {
    return absl::InvalidArgumentError(
        absl::StrCat("a first turn here places ", count, count == 1 ? " stone" : " stones"));
  }
  if (count == 2 && stones[0] == stones[1]) {
    return absl::InvalidArgumentError("a pair of one cell");
  }
  return stones;
}

absl::StatusOr<Move> ReadMapMove(const Geometry& geometry, absl::string_view text) {
  const Reading<Move> move = ReadMove(geometry, text);
  if (!move.ok()) return absl::InvalidArgumentError(absl::StrCat("'", text, "' is no move"));
  return move.value;
}

// The words after the label: CHANCE then `exact MOVE...` or `visits N`.
absl::Status ReadKnowledge(const Geometry& geometry, const std::vector<absl::string_view>& words,
                           MapEntry& entry) {
  if (words.size() < 4 || !absl::SimpleAtod(words[2], &entry.chance) || !(entry.chance >= 0) ||
      !(entry.chance <= 1)) {
    return absl::InvalidArgumentError("the third word is no chance from 0 to 1");
  }
  if (words[3] == "exact") {
    if (entry.chance != 0 && entry.chance != 1) {
      return absl::InvalidArgumentError("an exact chance is 0 or 1");
    }
    for (size_t i = 4; i < words.size(); ++i) {
      LL_ASSIGN_OR_RETURN(const Move move, ReadMapMove(geometry, words[i]));
      entry.winning_moves.push_back(move);
    }
    return absl::OkStatus();
  }
  if (words[3] != "visits" || words.size() != 5 || !absl::SimpleAtoi(words[4], &entry.visits) ||
      entry.visits < 1) {
    return absl::InvalidArgumentError("an estimate ends with 'visits N', N at least 1");
  }
  return absl::OkStatus();
}

absl::StatusOr<MapEntry> ReadEntry(const Geometry& geometry, Balancing balancing,
                                   const std::vector<absl::string_view>& words) {
  MapEntry entry;
  if (words[0] == "komi") {
    if (balancing != Balancing::kKomiPie) {
      return absl::InvalidArgumentError("komi entries belong to komi pie's maps");
    }
    entry.kind = MapEntry::Kind::kKomi;
    if (words.size() < 2 || !absl::SimpleAtoi(words[1], &entry.komi) || entry.komi < 0) {
      return absl::InvalidArgumentError("no whole komi >= 0");
    }
  } else {
    if (balancing == Balancing::kKomiPie) {
      return absl::InvalidArgumentError("komi pie's maps hold komi entries");
    }
    const size_t stones = balancing == Balancing::kStrongPie ? 2 : 1;
    if (words.size() < 2) return absl::InvalidArgumentError("no first turn");
    LL_ASSIGN_OR_RETURN(entry.stones, ReadStones(geometry, words[1], stones));
  }
  LL_RETURN_IF_ERROR(ReadKnowledge(geometry, words, entry));
  return entry;
}

// The value of a `fair-komi-by-play` header line: `K range LOW HIGH crossing X games N visits
// V`, whole komi from low to high around K. The crossing is the fitted curve's, which may lie
// outside the range where the komi one by one tell more than the curve (docs/openings.md).
absl::StatusOr<PlayedFairKomi> ReadPlayedFairKomi(absl::string_view value) {
  const std::vector<absl::string_view> words = absl::StrSplit(value, ' ', absl::SkipEmpty());
  PlayedFairKomi played;
  const bool read = words.size() == 10 && absl::SimpleAtoi(words[0], &played.komi) &&
                    words[1] == "range" && absl::SimpleAtoi(words[2], &played.low) &&
                    absl::SimpleAtoi(words[3], &played.high) && words[4] == "crossing" &&
                    absl::SimpleAtod(words[5], &played.crossing) && words[6] == "games" &&
                    absl::SimpleAtoi(words[7], &played.games) && words[8] == "visits" &&
                    absl::SimpleAtoi(words[9], &played.visits);
  if (!read) {
    return absl::InvalidArgumentError(
        "fair-komi-by-play: expected 'K range LOW HIGH crossing X games N visits V'");
  }
  if (played.low < 0 || played.low > played.komi || played.komi > played.high ||
      !std::isfinite(played.crossing) || played.games < 1 || played.visits < 1) {
    return absl::InvalidArgumentError(
        "fair-komi-by-play: needs 0 <= LOW <= K <= HIGH, a number X, N and V at least 1");
  }
  return played;
}

// What identifies an entry within its file, to refuse one given twice (its class is found by
// the book: two members of one class are refused there).
std::string EntryKey(const MapEntry& entry) {
  if (entry.kind == MapEntry::Kind::kKomi) return absl::StrCat("komi ", entry.komi);
  std::set<Cell> cells(entry.stones.begin(), entry.stones.end());
  return absl::StrCat("turn ", absl::StrJoin(cells, ","));
}

}  // namespace

std::string OpeningMapFileName(int base, Balancing balancing) {
  return absl::StrCat("base", base, "-", BalancingName(balancing), ".map");
}

absl::StatusOr<OpeningMap> OpeningMap::Parse(absl::string_view text) {
  std::vector<std::pair<int, absl::string_view>> lines;
  int number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++number;
    line = absl::StripAsciiWhitespace(line);
    if (!line.empty() && line[0] != '#') lines.emplace_back(number, line);
  }
  if (lines.empty() || lines[0].second != kFormatLine) {
    return absl::InvalidArgumentError(
        absl::StrCat("not an opening map: its first line is not '", kFormatLine, "'"));
  }
  // The header: base and rules first of all, since the entries are read on their board.
  std::vector<std::pair<std::string, std::string>> header;
  size_t at = 1;
  for (; at < lines.size(); ++at) {
    std::vector<std::string> words = absl::StrSplit(lines[at].second, ' ', absl::SkipEmpty());
    if (words[0] == "turn" || words[0] == "komi") break;
    header.emplace_back(words[0], absl::StrJoin(words.begin() + 1, words.end(), " "));
  }
  int base = 0;
  absl::StatusOr<Balancing> balancing = absl::InvalidArgumentError("no rules line");
  for (const auto& [key, value] : header) {
    if (key == "base" && (!absl::SimpleAtoi(value, &base) || !Geometry::IsValidBase(base))) {
      return absl::InvalidArgumentError(absl::StrCat("base '", value, "' is no board base"));
    }
    if (key == "rules") balancing = ParseBalancing(value);
  }
  if (base == 0) return absl::InvalidArgumentError("no base line");
  if (!balancing.ok()) return balancing.status();
  OpeningMap map(Geometry::ForBase(base), *balancing);
  std::set<std::string> seen;
  for (; at < lines.size(); ++at) {
    const auto& [line_number, line] = lines[at];
    const std::vector<absl::string_view> words = absl::StrSplit(line, ' ', absl::SkipEmpty());
    if (words[0] != "turn" && words[0] != "komi") {
      return LineError(line_number, line, "a header line after the entries");
    }
    absl::StatusOr<MapEntry> entry = ReadEntry(map.geometry(), map.balancing(), words);
    if (!entry.ok()) return LineError(line_number, line, entry.status().message());
    if (!seen.insert(EntryKey(*entry)).second) {
      return LineError(line_number, line, "given twice");
    }
    map.entries_.push_back(*std::move(entry));
  }
  for (auto& line : header) {
    if (line.first == "fair-komi-by-play") {
      if (map.balancing() != Balancing::kKomiPie) {
        return absl::InvalidArgumentError("fair-komi-by-play belongs to komi pie's maps");
      }
      LL_ASSIGN_OR_RETURN(map.played_fair_komi_, ReadPlayedFairKomi(line.second));
    }
    if (line.first != "base" && line.first != "rules") map.header_.push_back(std::move(line));
  }
  return map;
}

absl::StatusOr<OpeningMap> OpeningMap::Load(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return absl::NotFoundError(absl::StrCat("cannot read ", path));
  std::ostringstream text;
  text << file.rdbuf();
  if (static_cast<int64_t>(text.str().size()) > kMaxFileBytes) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": too large for an opening map"));
  }
  absl::StatusOr<OpeningMap> map = Parse(text.str());
  if (!map.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": ", map.status().message()));
  }
  return map;
}

}  // namespace lifeline
