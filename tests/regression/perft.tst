# Move-generation counts (lifeline-perft) on tiny boards, cross-checked against an
# independent model of the rules. A double turn counts once per unordered pair; the swap
# and komi spending count as moves.

# Base 2 (7 cells): Black's first double turn is any non-adjacent pair, 21 - 12 = 9.
1 boardsize 2
2 clear_board
3 lifeline-rules strong-pie
10 lifeline-perft 1
#? [9]
11 lifeline-perft 2
#? [45]
12 lifeline-perft 3
#? [144]
13 lifeline-perft 4
#? [300]
14 lifeline-perft 5
#? [348]

20 clear_board
21 lifeline-rules weak-pie
22 lifeline-perft 1
#? [7]
23 lifeline-perft 2
#? [49]
24 lifeline-perft 3
#? [132]
25 lifeline-perft 4
#? [234]
26 lifeline-perft 5
#? [576]

30 clear_board
31 lifeline-rules komi-pie
32 komi 2
33 lifeline-perft 1
#? [7]
34 lifeline-perft 2
#? [42]
35 lifeline-perft 3
#? [90]
36 lifeline-perft 4
#? [144]
37 lifeline-perft 5
#? [432]

# Base 3 (19 cells).
40 boardsize 3
41 clear_board
42 lifeline-rules strong-pie
43 lifeline-perft 1
#? [129]
44 lifeline-perft 2
#? [13365]
50 clear_board
51 lifeline-rules weak-pie
52 lifeline-perft 2
#? [361]
60 clear_board
61 lifeline-rules komi-pie
62 komi 2
63 lifeline-perft 2
#? [342]
