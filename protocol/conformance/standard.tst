# The standard GTP 2 commands, as Lifeline adapts them.

100 protocol_version
#? [2]
101 name
#? [lifeline]
102 version
#? [\d+\.\d+.*]
103 known_command play
#? [true]
104 known_command gogui-rules_legal_moves
#? [true]
105 known_command resign
#? [false]
106 list_commands
#? [boardsize\n[\s\S]*\nlifeline-turn\n[\s\S]*\nquit\n[\s\S]*]

# boardsize takes the base N (2 to 13) and clears the board.
110 boardsize 4
#? []
111 gogui-rules_board_size
#? [7 hex]
112 boardsize 1
#? [(?#error)unacceptable size]*
113 boardsize 14
#? [(?#error)unacceptable size]*
114 boardsize -3
#? [(?#error)unacceptable size]*
115 boardsize four
#? [(?#error)syntax error: not an integer: four]*
116 boardsize
#? [(?#error)syntax error: expected 1 argument]*
117 gogui-rules_board_size
#? [7 hex]

# clear_board keeps the base and the rules.
120 play b D4,D6
#? []
121 clear_board
#? []
122 lifeline-turn
#? [black 2 opening]
123 gogui-rules_board_size
#? [7 hex]
124 clear_board now
#? [(?#error)syntax error: expected 0 arguments]*

# komi is accepted and ignored outside komi pie, whatever its value.
130 komi 6.5
#? []
131 komi -2
#? []
132 komi x
#? [(?#error)syntax error: not a number: x]*
133 komi nan
#? [(?#error)syntax error: not a number: nan]*

# play and the move tokens.
140 play b D4,D6
#? []
141 play w A1,G7
#? []
142 play b B2
#? []
143 showboard
#? [D7 +\. \. \. O\n +C6 +\. X \. \. \.\n +B5 +\. \. \. \. \. \.\n +A4 +\. \. \. X \. \. \.\n +A3 +\. \. \. \. \. \.\n +A2 +\. X \. \. \.\n +A1 +O \. \. \.\nWhite to move, 1 stone, play; removed: black 0, white 0]

# undo takes back one move, a whole double turn when it was one token.
150 undo
#? []
151 lifeline-turn
#? [black 1 play]
152 undo
#? []
153 undo
#? []
154 lifeline-turn
#? [black 2 opening]
155 undo
#? [(?#error)cannot undo]*

# genmove plays a legal move for the side to move; a double turn is one token.
160 genmove b
#? [[A-G][1-7],[A-G][1-7]]
161 lifeline-turn
#? [white 2 opening]
162 genmove black
#? [(?#error)illegal move: wrong color]*
163 genmove x
#? [(?#error)syntax error: invalid color x]*
164 genmove
#? [(?#error)syntax error: expected 1 argument]*

# reg_genmove answers like genmove but plays nothing.
170 reg_genmove w
#? [([A-G][1-7],[A-G][1-7])|swap]
171 lifeline-turn
#? [white 2 opening]

# final_score only once the game is over.
180 final_score
#? [(?#error)cannot score]*
