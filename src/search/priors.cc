#include "search/priors.h"

#include <algorithm>

#include "core/check.h"
#include "search/tactics.h"

namespace lifeline {
namespace {

// Win rates on the kPriorScale scale. Kills rank first: captures decide Lifeline games.
constexpr int kKill = 225;
constexpr int kKillPerStone = 3;  // larger captures a little higher, up to kPriorScale
constexpr int kSave = 200;
constexpr int kContactBoth = 150;
constexpr int kContactOne = 135;
constexpr int kNoContact = 110;
constexpr int kFillOwnTerritory = 50;
constexpr int kKillOwnOnly = 20;

uint8_t PlacementPrior(const Board& board, Color me, Cell c, const Bitset& enemy_reach) {
  const Color enemy = Opponent(me);
  if (OpenRuns(board, c, enemy) >= 2 || StoneRuns(board, c, me) >= 2) {
    const PlacementEffect effect = TryPlacement(board, me, c);
    const int captured = effect.removed[Index(enemy)];
    if (captured > 0)
      return static_cast<uint8_t>(std::min(kPriorScale, kKill + kKillPerStone * captured));
    if (effect.removed[Index(me)] > 0) return kKillOwnOnly;
  }
  // A cell the opponent cannot reach cannot hold an enemy threat either.
  if (!enemy_reach.Test(c)) return kFillOwnTerritory;
  const bool own = Touches(board, c, me);
  const bool other = Touches(board, c, enemy);
  if (other && WouldKill(board, enemy, c)) return kSave;
  return own && other ? kContactBoth : own || other ? kContactOne : kNoContact;
}

}  // namespace

void ComputePriors(const Position& position, std::span<const Move> moves,
                   std::span<uint8_t> priors) {
  LL_CHECK(moves.size() == priors.size());
  std::fill(priors.begin(), priors.end(), kNeutralPrior);
  if (!SinglePlacementsAreFast(position)) return;
  const Board& board = position.board();
  const Color me = position.to_move();
  const Bitset enemy_reach = board.LegalPlacements(Opponent(me));
  for (size_t i = 0; i < moves.size(); ++i) {
    if (moves[i].kind != Move::Kind::kPlace) continue;
    priors[i] = PlacementPrior(board, me, moves[i].first, enemy_reach);
  }
}

}  // namespace lifeline
