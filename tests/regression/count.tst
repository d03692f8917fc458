# lifeline-count: on a settled board, the stones each side can still place without losing one
# of its own, White's komi aside. The position below (base 4, the 33 single stones of a random
# game) is settled, White to move, with 2 placements for Black and 1 for White:
#
#   D7     X O . O
#     C6    X O O . .
#       B5   . X O O O O
#         A4  X X X X X O .
#           A3   X X . X O O
#             A2    . . X O O
#               A1     X . X X
#
# Under komi pie White's komi left counts as actions in the race: White to move wins with more
# actions than Black, so with 1 point it loses and with 2 it wins, as the solver proves.

1 boardsize 4
2 lifeline-count
#? [(?#error)board not settled]*

10 clear_board
11 lifeline-rules komi-pie
12 komi 1
13 play b D4
14 play w E5
15 play b C5
16 play w F4
17 play b D7
18 play w B2
19 play b A3
20 play w E3
21 play b A4
22 play w G7
23 play b E4
24 play w B1
25 play b B4
26 play w F5
27 play b C2
28 play w E7
29 play b F7
30 play w E2
31 play b F3
32 play w G5
33 play b A1
34 play w D2
35 play b D3
36 play w D6
37 play b C6
38 play w F3
39 play b B3
40 play w C3
41 play b C1
42 play w D5
43 play b D1
44 play w E6
45 play b C4
46 lifeline-count
#? [2 1]
47 lifeline-solve 10
#? [loss]

100 clear_board
101 lifeline-rules komi-pie
102 komi 2
103 play b D4
104 play w E5
105 play b C5
106 play w F4
107 play b D7
108 play w B2
109 play b A3
110 play w E3
111 play b A4
112 play w G7
113 play b E4
114 play w B1
115 play b B4
116 play w F5
117 play b C2
118 play w E7
119 play b F7
120 play w E2
121 play b F3
122 play w G5
123 play b A1
124 play w D2
125 play b D3
126 play w D6
127 play b C6
128 play w F3
129 play b B3
130 play w C3
131 play b C1
132 play w D5
133 play b D1
134 play w E6
135 play b C4
136 lifeline-count
#? [2 1]
137 lifeline-solve 10
#? [win .*]
