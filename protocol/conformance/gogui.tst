# GoGui's generic-game commands, GoGui's dialect and its analysis commands (see
# protocol/lifeline-gtp.md, 4.4 and 4.7).

# The plain dialect first, pinned off so that gogui-rules_game_id does not turn it on.
399 lifeline-set gogui false
#? []
400 gogui-rules_game_id
#? [Lifeline]
401 boardsize 2
#? []
402 gogui-rules_board_size
#? [3 hex]
403 gogui-rules_board
#? [\? \. \.\n\. \. \.\n\. \. \?]
404 gogui-rules_side_to_move
#? [black]
# B2 touches every other cell, so no legal pair starts there.
405 gogui-rules_legal_moves
#? [A1 B1 A2 C2 B3 C3]
406 gogui-rules_captured_count
#? [0 0]
407 gogui-rules_final_result
#? []
408 gogui-rules_board extra
#? [(?#error)syntax error: expected 0 arguments]*
409 lifeline-set gogui
#? [false]

# A finished game (base 2): the legal moves are empty and the result is given.
410 lifeline-loadgame records/base2-finished.txt
#? []
411 gogui-rules_board
#? [\? \. \.\n\. \. \.\n\. \. \?]
412 gogui-rules_legal_moves
#? []
413 gogui-rules_side_to_move
#? [white]
414 gogui-rules_final_result
#? [Black wins]
415 gogui-rules_captured_count
#? [2 3]
416 final_score
#? [B\+]
417 lifeline-turn
#? [white 0 over]
418 genmove w
#? [resign]
419 genmove b
#? [(?#error)illegal move: wrong color]*
420 play w A1
#? [(?#error)illegal move: game over]*
421 lifeline-is_legal w A1
#? [false game over]

# The position after three actions of the same record: White's double turn is done.
430 lifeline-loadgame records/base2-finished.txt 3
#? []
431 gogui-rules_board
#? [\? X O\n\. \. X\nO \. \?]
432 lifeline-turn
#? [black 1 play]
433 gogui-rules_legal_moves
#? [B1 A2 B2]

# GoGui's start, as its player copy receives it: with the dialect on "auto" (the default),
# gogui-rules_game_id turns it on, so GoGui's boardsize 13 (the width) is base 7, and the
# habitual komi 6.5 changes nothing.
435 lifeline-set gogui auto
#? []
name
protocol_version
version
list_commands
436 gogui-rules_game_id
#? [Lifeline]
437 lifeline-set gogui
#? [true]
438 boardsize 13
#? []
clear_board
439 komi 6.5
#? []
gogui-rules_game_id
440 gogui-rules_board_size
#? [13 hex]

# In the dialect boardsize takes the width 2N-1, pass stands for the swap, and genmove answers
# a double turn one stone per call.
441 gogui-version 1.6.0
#? []
442 boardsize 7
#? []
443 gogui-rules_board_size
#? [7 hex]
444 boardsize 8
#? [(?#error)unacceptable size]*
445 genmove b
#? [[A-G][1-7]]
446 lifeline-turn
#? [black 1 opening]
447 genmove b
#? [[A-G][1-7]]
448 lifeline-turn
#? [white 2 opening]
449 gogui-rules_legal_moves
#? [[A-G0-9 ]* pass]
450 play W PASS
#? []
451 lifeline-turn
#? [white 2 opening]
452 play W PASS
#? [(?#error)illegal move: pass not allowed]*
453 gogui-rules_legal_moves
#? [[A-G0-9 ]*[0-9]]

# GoGui's interrupt and analysis commands. The searches stop at the next input line, which a
# runner sends only after the answer, so only answers that do not depend on timing are pinned.
460 gogui-interrupt
#? []
461 gogui-analyze_commands
#? [gfx/[^\n]*/lifeline-gfx_analyze 60\ngfx/[^\n]*/lifeline-gfx_analyze 5\ngfx/[^\n]*/lifeline-gfx_variation 5\ngfx/[^\n]*/lifeline-gfx_solve 10\ngfx/[^\n]*/lifeline-gfx_search_territory 5\ngfx/[^\n]*/lifeline-gfx_territory\nparam/[^\n]*/lifeline-gogui_settings]
462 lifeline-gfx_analyze
#? [(?#error)syntax error: expected 1 argument]*
463 lifeline-gfx_analyze 0
#? [(?#error)syntax error: out of range \[1\.\.3600\]: 0]*
464 lifeline-gfx_variation soon
#? [(?#error)syntax error: not an integer: soon]*
465 lifeline-gogui_settings
#? [\[string\] seed \d+\n\[list/mcts/random\] player (mcts|random)\n\[string\] visits \d+\n[\s\S]*\n\[bool\] rave 1\n[\s\S]*]
466 lifeline-gogui_settings visits 300
#? []
467 lifeline-set visits
#? [300]
468 lifeline-gogui_settings rave 0
#? []
469 lifeline-set rave
#? [false]
470 lifeline-gogui_settings base 5
#? [(?#error)not a search setting: base]*
471 lifeline-gogui_settings visits
#? [(?#error)syntax error: expected 0 or 2 arguments]*
472 lifeline-loadgame records/base2-finished.txt
#? []
473 lifeline-gfx_analyze 1
#? [TEXT the game is over]
474 lifeline-gfx_variation 1
#? [TEXT the game is over]
