# play, swap and every refusal reason, on base 4 (cells A1..G7, centre D4).

200 boardsize 4
#? []
201 lifeline-rules strong-pie
#? []

# Black's double turn: two stones, on two different empty cells, not forming a dead pair.
210 play b D4,D5
#? [(?#error)illegal move: no effect]*
211 play b D4,D4
#? [(?#error)illegal move: same cell twice]*
212 play b A8,D4
#? [(?#error)illegal move: off board]*
213 play b G1,D4
#? [(?#error)illegal move: off board]*
214 play b J4,D4
#? [(?#error)illegal move: off board]*
215 play b I4,D4
#? [(?#error)syntax error: malformed move I4,D4]*
216 play w A1,G7
#? [(?#error)illegal move: wrong color]*
217 play b swap
#? [(?#error)illegal move: swap not allowed]*
218 play b pass
#? [(?#error)illegal move: pass not allowed]*
219 play b resign
#? [(?#error)syntax error: malformed move resign]*
220 play B d4,d6
#? []

# White may swap, once, instead of its double turn; White then still owes the double turn.
230 lifeline-is_legal w swap
#? [true]
231 swap
#? []
232 lifeline-turn
#? [white 2 opening]
233 play w swap
#? [(?#error)illegal move: swap not allowed]*
234 swap
#? [(?#error)illegal move: swap not allowed]*
235 play w D4,A1
#? [(?#error)illegal move: occupied]*
236 play w A1,B1
#? [(?#error)illegal move: no effect]*

# The two stones of a double turn as two single-stone commands; nothing moves in between.
240 play w A1
#? []
241 lifeline-turn
#? [white 1 opening]
242 play w G7,C3
#? [(?#error)illegal move: double turn already started]*
243 play w A1
#? [(?#error)illegal move: occupied]*
244 play white G7
#? []
245 lifeline-turn
#? [black 1 play]
246 play b C3,E5
#? [(?#error)illegal move: not a double turn]*
247 play b pass
#? [(?#error)illegal move: pass not allowed]*

# Colours.
250 play x C3
#? [(?#error)syntax error: invalid color x]*
251 play bl C3
#? [(?#error)syntax error: invalid color bl]*
252 play WHITE C3
#? [(?#error)illegal move: wrong color]*
253 play BLACK C3
#? []

# lifeline-is_legal never fails: it answers true or false with the reason.
260 lifeline-is_legal w B2
#? [true]
261 lifeline-is_legal w D4
#? [false occupied]
262 lifeline-is_legal b B2
#? [false wrong color]
263 lifeline-is_legal w Z9
#? [false off board]
264 lifeline-is_legal w ?
#? [false malformed move \?]
265 lifeline-is_legal x B2
#? [false invalid color x]
266 lifeline-is_legal w swap
#? [false swap not allowed]
267 lifeline-is_legal w B2,B3
#? [false not a double turn]
268 lifeline-is_legal w
#? [(?#error)syntax error: expected 2 arguments]*

# lifeline-turn: colour, stones still to place this turn, phase.
270 lifeline-turn
#? [white 1 play]
271 lifeline-turn now
#? [(?#error)syntax error: expected 0 arguments]*
