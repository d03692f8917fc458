# lifeline-rules, komi and the three balancing methods.

300 lifeline-rules
#? [strong-pie]
301 lifeline-rules chess
#? [(?#error)syntax error: unknown rules chess]*
302 lifeline-rules weak-pie extra
#? [(?#error)syntax error: expected 0 to 1 arguments]*

# Weak pie: four single setup stones without removals; a player's second setup stone may not
# touch its first; White may swap after Black's first stone only.
310 boardsize 4
#? []
311 lifeline-rules weak-pie
#? []
312 lifeline-turn
#? [black 1 opening]
313 play b D4,D6
#? [(?#error)illegal move: not a double turn]*
314 play b A1
#? []
315 gogui-rules_legal_moves
#? [B1 C1 D1 A2 B2 [A-G0-9 ]* F7 G7 swap]
316 play w G7
#? []
317 play b B1
#? [(?#error)illegal move: adjacent]*
318 play b B2
#? [(?#error)illegal move: adjacent]*
319 play b C1
#? []
320 play w swap
#? [(?#error)illegal move: swap not allowed]*
321 play w F7
#? [(?#error)illegal move: adjacent]*
322 play w A4
#? []
323 lifeline-turn
#? [black 1 play]

# Rules are locked once a move has been played, until clear_board (or undo back to the start).
330 lifeline-rules strong-pie
#? [(?#error)rules locked]*
331 lifeline-rules weak-pie
#? []
332 clear_board
#? []
333 lifeline-rules komi-pie
#? []

# Komi pie: a whole komi >= 0 is White's number of spendable points; spending is "pass".
# A komi with a fraction (Go controllers send 6.5 by habit) is accepted and changes nothing.
340 komi 6.5
#? []
341 komi -1
#? [(?#error)unacceptable komi]*
342 komi 1
#? []
343 play b A1
#? []
344 play w swap
#? [(?#error)illegal move: swap not allowed]*
345 play w pass
#? [(?#error)illegal move: pass not allowed]*
346 play w G7
#? []
347 play b C1
#? []
348 play w A4
#? []
349 komi 2
#? [(?#error)rules locked]*
350 komi 1
#? []
351 play b D4
#? []
352 gogui-rules_legal_moves
#? [[A-G0-9 ]* pass]
353 play w pass
#? []
354 lifeline-turn
#? [black 1 play]
355 play b D5
#? []
356 play w pass
#? [(?#error)illegal move: no komi]*
357 lifeline-is_legal w pass
#? [false no komi]
358 komi 6.5
#? []
359 lifeline-set komi
#? [1]

# The komi given under komi pie stays the default for the next games.
360 clear_board
#? []
361 lifeline-set komi
#? [1]
362 lifeline-set rules
#? [komi-pie]
