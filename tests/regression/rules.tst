# Rules regressions on base 4 (docs/rules.md). Every position here was replayed by hand and by
# an independent model of the rules. Board of base 4, row 7 on top:
#        D7 E7 F7 G7
#       C6 D6 E6 F6 G6
#      B5 C5 D5 E5 F5 G5
#     A4 B4 C4 D4 E4 F4 G4
#      A3 B3 C3 D3 E3 F3
#       A2 B2 C2 D2 E2
#        A1 B1 C1 D1

# --- Strong pie: double turns, the worked examples, the swap ---------------------------
1 boardsize 4
2 clear_board
3 lifeline-rules strong-pie
10 lifeline-turn
#? [black 2 opening]
# Two stones next to each other on an empty board form one dead group: no effect.
11 lifeline-is_legal b D4,D5
#? [false .*no effect]
12 play b D4,D5
#? [(?#error)illegal move: no effect]*
# Two separate stones keep each other alive.
13 lifeline-is_legal b D4,D6
#? [true]
14 play b D4,D6
15 lifeline-turn
#? [white 2 opening]
16 play w swap
# After the swap White is still to move and still owes its double turn.
17 lifeline-turn
#? [white 2 opening]
18 play w swap
#? [(?#error)illegal move: swap not allowed]*
19 play w B1,F4
20 lifeline-turn
#? [black 1 play]
21 play b A1,B2
#? [(?#error).*]*
22 play w A1
#? [(?#error)illegal move: wrong color]*
23 play b D4
#? [(?#error)illegal move: occupied]*

# --- A move that kills only its own stones is legal because the board changes ----------
# D6 joins Black's only two groups (D5, E7) into one dead group: all three stones go.
30 clear_board
31 play b D5,E7
32 play w A4,C4
33 play b D6
34 gogui-rules_captured_count
#? [0 3]
35 lifeline-turn
#? [white 1 play]
36 play w G4
# Black has no stone left, so no legal placement: the game is over and Black has lost.
37 lifeline-turn
#? [black 0 over]
38 final_score
#? [W\+]
39 genmove b
#? [resign]
40 play b D4
#? [(?#error)illegal move: game over]*

# --- Weak pie: setup adjacency, sealing a corner stone, the sealed-area placement ----------
50 clear_board
51 lifeline-rules weak-pie
52 play b B1
53 play w A1
# A player's second setup stone may not touch its first one.
54 lifeline-is_legal b B2
#? [false .*adjacent]
55 play b G7
56 play w G4
57 lifeline-turn
#? [black 1 play]
58 play b B2
59 play w E5
# A2 seals A1 off from every other white group: A1 dies.
60 play b A2
61 gogui-rules_captured_count
#? [1 0]
# A white stone dropped back into the sealed corner kills nothing and dies alone.
62 lifeline-is_legal w A1
#? [false .*no effect]
63 lifeline-turn
#? [white 1 play]

# --- Weak pie swap, right after Black's first stone --------------------------------------
70 clear_board
71 play b D4
72 lifeline-turn
#? [white 1 opening]
73 play w swap
74 lifeline-turn
#? [white 1 opening]

# --- Komi pie: komi is spent with pass, never during the setup ------------------------
80 clear_board
81 lifeline-rules komi-pie
82 komi 1
83 play b D4
84 play w pass
#? [(?#error)illegal move: (pass not allowed|no komi)]*
85 play w swap
#? [(?#error)illegal move: swap not allowed]*
86 play w A1
87 play b G7
88 play w A4
89 lifeline-turn
#? [black 1 play]
90 play b D1
91 play w pass
92 lifeline-turn
#? [black 1 play]
93 play b G4
94 play w pass
#? [(?#error)illegal move: no komi]*
95 komi 1.5
#? []
96 komi 3
#? [(?#error)rules locked]*
