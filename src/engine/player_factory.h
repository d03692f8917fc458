#ifndef LIFELINE_ENGINE_PLAYER_FACTORY_H_
#define LIFELINE_ENGINE_PLAYER_FACTORY_H_

#include <memory>

#include "engine/engine_environment.h"
#include "engine/options.h"
#include "network/network.h"
#include "search/player.h"
#include "solver/dfpn.h"

namespace lifeline {

// The player the option table describes (`player`, the search settings), made with the
// environment's clock and move model and with `network` (none when null: the search then
// does without it); with the option `solve` it proves with `solver` first.
std::unique_ptr<Player> MakePlayer(const OptionTable& table, std::shared_ptr<Solver> solver,
                                   std::shared_ptr<const Network> network,
                                   const EngineEnvironment& environment);

}  // namespace lifeline

#endif  // LIFELINE_ENGINE_PLAYER_FACTORY_H_
