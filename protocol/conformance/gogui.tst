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
#? [(?#error)illegal move: wrong color]*
453 gogui-rules_legal_moves
#? [[A-G0-9 ]*[0-9]]
454 play B PASS
#? [(?#error)illegal move: pass not allowed]*

# GoGui's interrupt and analysis commands. The searches stop at the next input line, which a
# runner sends only after the answer, so only answers that do not depend on timing are pinned.
460 gogui-interrupt
#? []
461 gogui-analyze_commands
#? [gfx/[^\n]*/lifeline-gfx_analyze 60\ngfx/[^\n]*/lifeline-gfx_analyze 5\ngfx/[^\n]*/lifeline-gfx_variation 5\ngfx/[^\n]*/lifeline-gfx_solve 10\ngfx/[^\n]*/lifeline-gfx_search_territory 5\ngfx/[^\n]*/lifeline-gfx_territory\ngfx/[^\n]*/lifeline-gfx_book\nparam/[^\n]*/lifeline-gogui_settings]
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
475 lifeline-gfx_territory
#? [TEXT the game is over]

# After a swap the dialect shows the game with the colours exchanged: GoGui knows no swap and
# keeps the program and the person on the colours they started with, so the player who
# swapped keeps its colour on GoGui's board, and the colours GoGui names in play and genmove
# are its board's. lifeline-turn keeps the rules' colours. Until the turn after the swap is
# over, gogui-rules_board_gfx marks the swapped stones and says who swapped. Base 2
# (boardsize 3 in the dialect), where every first pair wins for whoever holds it: the engine
# swaps.
480 lifeline-set gogui true
#? []
481 boardsize 3
#? []
482 lifeline-set player mcts
#? []
483 lifeline-set visits 100
#? []
484 play B A1
#? []
485 play B C3
#? []
486 gogui-rules_board
#? [\? \. X\n\. \. \.\nX \. \?]
487 genmove w
#? [pass]
488 gogui-rules_board
#? [\? \. O\n\. \. \.\nO \. \?]
489 gogui-rules_side_to_move
#? [black]
490 lifeline-turn
#? [white 2 opening]
491 gogui-rules_board_gfx
#? [LABEL A1 S C3 S\nTEXT White swapped: the first pair is White's now, and Black places the next double turn]
492 gogui-rules_legal_moves
#? [B1 A2 C2 B3]
493 play W A2
#? [(?#error)illegal move: wrong color]*
494 genmove w
#? [(?#error)illegal move: wrong color]*
495 play B A2
#? []
496 gogui-rules_board_gfx
#? [LABEL A1 S C3 S\nTEXT White swapped: the first pair is White's now, and Black places the next double turn]
497 play B C2
#? []
498 gogui-rules_board
#? [\? \. O\nX \. X\nO \. \?]
499 gogui-rules_side_to_move
#? [white]
500 gogui-rules_board_gfx
#? []
501 lifeline-is_legal w B2
#? [true]
502 lifeline-is_legal b B2
#? [false wrong color]
# White's stone at B2 leaves no group of either colour alive: all five stones go, and the
# player who started (Black on GoGui's board) has nowhere left to place.
503 play W B2
#? []
504 gogui-rules_captured_count
#? [3 2]
505 gogui-rules_legal_moves
#? []
506 gogui-rules_final_result
#? [White wins]
507 final_score
#? [W\+]
508 lifeline-turn
#? [white 0 over]

# Undo walks back through the view: once the swap is undone the colours are the rules' again.
510 undo
#? []
511 undo
#? []
512 undo
#? []
513 gogui-rules_side_to_move
#? [black]
514 undo
#? []
515 gogui-rules_board
#? [\? \. X\n\. \. \.\nX \. \?]
516 gogui-rules_side_to_move
#? [white]
517 gogui-rules_board_gfx
#? []
518 gogui-rules_legal_moves
#? [B1 A2 C2 B3 pass]

# The person swaps the engine's first pair: GoGui's White keeps White, so the engine, still
# Black on GoGui's board, places the rules' White double turn with stones GoGui draws black.
520 clear_board
#? []
521 genmove b
#? [[A-C][1-3]]
522 genmove b
#? [[A-C][1-3]]
523 gogui-rules_board
#? [[^O]*X[^O]*X[^O]*]
524 play W PASS
#? []
525 gogui-rules_board
#? [[^X]*O[^X]*O[^X]*]
526 gogui-rules_side_to_move
#? [black]
527 lifeline-turn
#? [white 2 opening]
528 genmove b
#? [[A-C][1-3]]
529 gogui-rules_side_to_move
#? [black]
530 lifeline-turn
#? [white 1 opening]
531 undo
#? []
532 undo
#? []
533 gogui-rules_board
#? [[^O]*X[^O]*X[^O]*]
534 gogui-rules_side_to_move
#? [white]

# Outside the dialect nothing is exchanged: the swap is the rules' exchange of players.
540 lifeline-set gogui false
#? []
541 boardsize 2
#? []
542 play b A1,C3
#? []
543 swap
#? []
544 gogui-rules_board
#? [\? \. X\n\. \. \.\nX \. \?]
545 gogui-rules_side_to_move
#? [white]
546 gogui-rules_board_gfx
#? []
