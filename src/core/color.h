#ifndef LIFELINE_CORE_COLOR_H_
#define LIFELINE_CORE_COLOR_H_

#include <cstdint>

namespace lifeline {

// The two colours. Values index arrays of per-colour data.
enum class Color : uint8_t { kBlack = 0, kWhite = 1 };

constexpr Color Opponent(Color c) { return c == Color::kBlack ? Color::kWhite : Color::kBlack; }
constexpr int Index(Color c) { return static_cast<int>(c); }
constexpr const char* ColorName(Color c) { return c == Color::kBlack ? "black" : "white"; }

}  // namespace lifeline

#endif  // LIFELINE_CORE_COLOR_H_
