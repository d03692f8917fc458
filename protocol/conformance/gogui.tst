# GoGui's generic-game commands, and the GoGui mode (see protocol/lifeline-gtp.md).

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
#? [?syntax error: expected 0 arguments]

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
#? [?illegal move: wrong color]
420 play w A1
#? [?illegal move: game over]
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

# GoGui mode: switched on by gogui-version (or --gogui). boardsize then takes the width 2N-1,
# pass stands for the swap, and genmove answers a double turn one stone per call.
440 gogui-version 1.6.0
#? []
441 lifeline-set gogui
#? [true]
442 boardsize 7
#? []
443 gogui-rules_board_size
#? [7 hex]
444 boardsize 8
#? [?unacceptable size]
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
#? [?illegal move: pass not allowed]
453 gogui-rules_legal_moves
#? [[A-G0-9 ]*[0-9]]
