#include "book/opening_book.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/notation.h"
#include "core/symmetry.h"

namespace lifeline {
namespace {

// First turns whose preference lies this close to the best one are drawn alike: estimates
// closer than this are within the spread of a map's estimates (docs/openings.md).
constexpr double kNearEqual = 0.01;

double Balance(double chance) { return std::min(chance, 1 - chance); }

uint64_t StonesKey(std::vector<Cell> stones) {
  std::sort(stones.begin(), stones.end());
  uint64_t key = 0;
  for (Cell cell : stones) key = key * 65536 + static_cast<uint64_t>(cell) + 1;
  return key;
}

std::vector<Cell> MapStones(const Symmetries& symmetries, int k, const std::vector<Cell>& stones) {
  std::vector<Cell> image;
  for (Cell cell : stones) image.push_back(symmetries.Map(k, cell));
  return image;
}

Move MapMove(const Symmetries& symmetries, int k, const Move& move) {
  switch (move.kind) {
    case Move::Kind::kPlace:
      return Move::Place(symmetries.Map(k, move.first));
    case Move::Kind::kPair:
      return Move::Pair(symmetries.Map(k, move.first), symmetries.Map(k, move.second));
    default:
      return move;
  }
}

Move FirstTurnMove(const std::vector<Cell>& stones) {
  return stones.size() == 2 ? Move::Pair(stones[0], stones[1]) : Move::Place(stones[0]);
}

// The legal candidates whose preference lies within kNearEqual of the best legal one. Only
// the best are tested for legality: a map of base 12 holds some 78,000 first turns.
std::vector<BookCandidate> MostPreferred(std::vector<BookCandidate> candidates,
                                         const Position& position) {
  std::stable_sort(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) {
    return FirstTurnPreference(*a.entry) > FirstTurnPreference(*b.entry);
  });
  std::vector<BookCandidate> chosen;
  for (const BookCandidate& candidate : candidates) {
    const double preference = FirstTurnPreference(*candidate.entry);
    if (!chosen.empty() && preference < FirstTurnPreference(*chosen[0].entry) - kNearEqual) {
      break;
    }
    if (position.IsLegal(candidate.move)) chosen.push_back(candidate);
  }
  return chosen;
}

bool IsFirstPlayersFirstTurn(const Position& position) {
  return position.opening_turns() == 0 && position.to_move() == Color::kBlack && !position.IsOver();
}

bool IsSecondPlayersFirstTurn(const Position& position) {
  return position.opening_turns() == 1 && position.to_move() == Color::kWhite &&
         !position.swapped() && !position.IsOver();
}

}  // namespace

double FirstTurnPreference(const MapEntry& entry) {
  if (!entry.exact()) return Balance(entry.chance);
  if (entry.chance == 1) return -1;  // the second player only has to swap
  return -1 + 1.0 / (1.0 + static_cast<double>(entry.winning_moves.size()));
}

absl::StatusOr<OpeningBook> OpeningBook::Make(OpeningMap map) {
  OpeningBook book(std::move(map));
  const Symmetries& symmetries = Symmetries::ForBase(book.map_.geometry().base());
  const std::vector<MapEntry>& entries = book.map_.entries();
  for (int i = 0; i < static_cast<int>(entries.size()); ++i) {
    if (!entries[i].exact())
      book.largest_visits_ = std::max(book.largest_visits_, entries[i].visits);
    if (entries[i].kind != MapEntry::Kind::kFirstTurn) continue;
    for (int k = 0; k < Symmetries::kCount; ++k) {
      const uint64_t key = StonesKey(MapStones(symmetries, k, entries[i].stones));
      const auto [at, added] = book.index_.try_emplace(key, i, k);
      if (!added && at->second.first != i) {
        const Geometry& geometry = book.map_.geometry();
        return absl::InvalidArgumentError(absl::StrCat(
            "first turns ", MoveToString(geometry, FirstTurnMove(entries[at->second.first].stones)),
            " and ", MoveToString(geometry, FirstTurnMove(entries[i].stones)),
            " are one class of the board's symmetries"));
      }
    }
  }
  return book;
}

std::optional<OpeningBook::Found> OpeningBook::Find(const std::vector<Cell>& stones) const {
  const auto at = index_.find(StonesKey(stones));
  if (at == index_.end()) return std::nullopt;
  return Found{&map_.entries()[at->second.first], at->second.second};
}

std::vector<BookCandidate> OpeningBook::AllFirstTurns() const {
  const Symmetries& symmetries = Symmetries::ForBase(map_.geometry().base());
  std::vector<BookCandidate> turns;
  std::set<uint64_t> seen;
  for (const MapEntry& entry : map_.entries()) {
    if (entry.kind != MapEntry::Kind::kFirstTurn) continue;
    for (int k = 0; k < Symmetries::kCount; ++k) {
      const std::vector<Cell> image = MapStones(symmetries, k, entry.stones);
      if (!seen.insert(StonesKey(image)).second) continue;
      turns.push_back({FirstTurnMove(image), &entry, Balance(entry.chance)});
    }
  }
  return turns;
}

BookAdvice OpeningBook::FirstTurnAdvice(const Position& position, bool proofs_only) const {
  BookAdvice advice;
  advice.stage = BookStage::kFirstTurn;
  const Cell pending = position.pending_stone();
  for (BookCandidate& turn : AllFirstTurns()) {
    if (!Advises(*turn.entry) || (proofs_only && !turn.entry->exact())) continue;
    if (pending != kNoCell) {
      // The first stone stands: the partners that complete a first turn of the map.
      if (turn.move.kind != Move::Kind::kPair) continue;
      if (turn.move.first != pending && turn.move.second != pending) continue;
      turn.move = Move::Place(turn.move.first == pending ? turn.move.second : turn.move.first);
    }
    advice.choices.push_back(turn);
  }
  advice.choices = MostPreferred(std::move(advice.choices), position);
  return advice;
}

BookAdvice OpeningBook::SwapAdvice(const Position& position) const {
  BookAdvice advice;
  advice.stage = BookStage::kSwapDecision;
  std::vector<Cell> stones;
  position.board().stones(Color::kBlack).ForEach([&](int cell) { stones.push_back(cell); });
  const std::optional<Found> found = Find(stones);
  if (!found) return advice;
  const MapEntry& entry = *found->entry;
  advice.entry = &entry;
  // An estimate is not played from: a 200-game match on base 7 at 0.5 s a move (docs/results.md,
  // M70) found its figures far below what the holder wins, and the search's decision better.
  if (!entry.exact()) return advice;
  const Cell pending = position.pending_stone();
  if (pending == kNoCell && entry.chance > 0.5) {
    advice.choices.push_back({Move::Swap(), &entry, entry.chance});
    return advice;
  }
  const Symmetries& symmetries = Symmetries::ForBase(map_.geometry().base());
  for (const Move& reply : entry.winning_moves) {
    Move move = MapMove(symmetries, found->symmetry, reply);
    if (pending != kNoCell) {  // the reply's first stone stands: its partner completes it
      if (move.kind != Move::Kind::kPair || (move.first != pending && move.second != pending)) {
        continue;
      }
      move = Move::Place(move.first == pending ? move.second : move.first);
    }
    if (position.IsLegal(move)) advice.choices.push_back({move, &entry, 1.0});
  }
  return advice;
}

BookAdvice OpeningBook::KomiAdvice(const Position& position) const {
  BookAdvice advice;
  advice.stage = BookStage::kFirstTurn;
  for (const MapEntry& entry : map_.entries()) {
    if (entry.kind == MapEntry::Kind::kKomi && entry.komi == position.rules().komi) {
      advice.entry = &entry;
    }
  }
  if (advice.entry == nullptr || !advice.entry->exact() || advice.entry->chance != 1) {
    return advice;
  }
  for (const Move& move : advice.entry->winning_moves) {
    if (position.IsLegal(move)) advice.choices.push_back({move, advice.entry, 1.0});
  }
  return advice;
}

BookAdvice OpeningBook::AdviseFrom(const Position& position, bool proofs_only) const {
  // The swap decision and komi pie advise moves from proofs alone.
  if (IsFirstPlayersFirstTurn(position)) {
    return map_.balancing() == Balancing::kKomiPie ? KomiAdvice(position)
                                                   : FirstTurnAdvice(position, proofs_only);
  }
  if (IsSecondPlayersFirstTurn(position) && map_.balancing() != Balancing::kKomiPie) {
    return SwapAdvice(position);
  }
  return BookAdvice{};
}

std::optional<BookCandidate> OpeningBook::Choose(const Position& position, Rng& rng) const {
  const BookAdvice advice = AdviseFrom(position, true);
  if (advice.choices.empty()) return std::nullopt;
  return advice.choices[rng.Below(static_cast<uint32_t>(advice.choices.size()))];
}

std::vector<double> OpeningBook::CellFigures(const Position& position) const {
  if (!IsFirstPlayersFirstTurn(position) || map_.balancing() == Balancing::kKomiPie) return {};
  std::vector<double> figures(position.geometry().array_size(),
                              std::numeric_limits<double>::quiet_NaN());
  const Cell pending = position.pending_stone();
  const auto raise = [&figures](Cell cell, double figure) {
    if (std::isnan(figures[cell]) || figure > figures[cell]) figures[cell] = figure;
  };
  // The map holds legal first turns only; with the first stone placed its partners are tested.
  for (const BookCandidate& turn : AllFirstTurns()) {
    const double chance = turn.entry->chance;
    if (turn.move.kind == Move::Kind::kPlace) {
      raise(turn.move.first, chance);
    } else if (pending == kNoCell) {
      raise(turn.move.first, Balance(chance));
      raise(turn.move.second, Balance(chance));
    } else if (turn.move.first == pending || turn.move.second == pending) {
      const Cell partner = turn.move.first == pending ? turn.move.second : turn.move.first;
      if (position.IsLegal(Move::Place(partner))) raise(partner, chance);
    }
  }
  return figures;
}

}  // namespace lifeline
