# Tactics: positions with a known best move. Mark a test with a trailing '*' while the
# player is known to miss it. The tests are the search's, whatever player the engine was
# started with.
0 lifeline-set player mcts
#? []

# Base 4, komi pie, White's komi spent. White has two corner stones, A1 and G7, each one
# stone away from being sealed. Sealing either corner (A2 or G6) leaves each white stone
# alone in its area: both die at once and White, with no stone and no komi, has lost.
1 boardsize 4
2 clear_board
3 lifeline-rules komi-pie
4 komi 2
5 play b B1
6 play w A1
7 play b F7
8 play w G7
9 play b B2
10 play w pass
11 play b F6
12 play w pass
20 genmove b
#? [A2|G6]
21 undo
22 play b A2
23 gogui-rules_captured_count
#? [2 0]
24 lifeline-turn
#? [white 0 over]
25 final_score
#? [B\+]
