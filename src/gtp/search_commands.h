#ifndef LIFELINE_GTP_SEARCH_COMMANDS_H_
#define LIFELINE_GTP_SEARCH_COMMANDS_H_

#include <string>

#include "engine/engine.h"
#include "gtp/answer_stream.h"

namespace lifeline {

// Lets the engine ponder until the next input line arrives (at once if one is waiting).
void PonderUntilInput(Engine& engine, const AnswerStream& stream);

}  // namespace lifeline

#endif  // LIFELINE_GTP_SEARCH_COMMANDS_H_
