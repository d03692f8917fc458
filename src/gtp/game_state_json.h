#ifndef LIFELINE_GTP_GAME_STATE_JSON_H_
#define LIFELINE_GTP_GAME_STATE_JSON_H_

#include <string>

#include "core/game.h"

namespace lifeline {

// The answer of lifeline-state: everything a front end needs to draw `game` and to know what
// may happen next, as one line of JSON (protocol/lifeline-gtp.md, "lifeline-state"). Cells
// are named as play takes them, whatever the protocol dialect.
std::string GameStateJson(const Game& game);

}  // namespace lifeline

#endif  // LIFELINE_GTP_GAME_STATE_JSON_H_
