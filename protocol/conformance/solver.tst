# The exact solver on positions it proves at once: base 2 under the three balancing methods.
# Its answers are exact, so they are pinned whole; the budgets are generous and unused.

1000 lifeline-set base 2
#? []
1001 lifeline-set rules komi-pie
#? []
1002 lifeline-set komi 0
#? []
1003 clear_board
#? []
1004 lifeline-solve_all 60
#? [win A1 B1 A2 C2 B3 C3]
1005 lifeline-solve 60
#? [win (A1|B1|A2|C2|B3|C3)]
1006 lifeline-turn
#? [black 1 opening]
1007 play b B2
#? []
1008 lifeline-solve_all 60
#? [win .*]
1009 lifeline-solve
#? [win (A1|B1|A2|C2|B3|C3)]

# One point of komi is enough for White on base 2: Black loses whatever it plays.
1010 lifeline-set komi 1
#? []
1011 clear_board
#? []
1012 lifeline-solve_all 60
#? [loss]
1013 lifeline-solve 60
#? [loss]

# Strong pie: after Black's pair, White's decision is always won (the pie argument); here by
# the swap. The position itself is left as it was.
1020 lifeline-set rules strong-pie
#? []
1021 clear_board
#? []
1022 play b A1,B3
#? []
1023 lifeline-solve_all 60
#? [win swap]
1024 lifeline-solve 60
#? [win swap]
1025 lifeline-turn
#? [white 2 opening]
1026 lifeline-solve_all 60
#? [win swap]

# Weak pie: after the centre, White wins by playing on, anywhere.
1030 lifeline-set rules weak-pie
#? []
1031 clear_board
#? []
1032 play b B2
#? []
1033 lifeline-solve_all 60
#? [win A1 B1 A2 C2 B3 C3]

# A finished game is lost for the side to move; bad budgets are refused.
1040 lifeline-loadgame records/base2-finished.txt
#? []
1041 lifeline-solve
#? [loss]
1042 lifeline-solve_all
#? [loss]
1043 lifeline-solve 0
#? [(?#error)syntax error: seconds out of range \(0\.\.1000000\]]*
1044 lifeline-solve soon
#? [(?#error)syntax error: not a number: soon]*
1045 lifeline-solve_all 1 2
#? [(?#error)syntax error: expected 0 to 1 arguments]*
