# Framing and input preprocessing (GTP 2, section 2 and 3).
# Blank lines, comment-only lines and lines of control characters get no answer at all, so
# they cannot appear as commands here (a runner would wait for an answer forever); the
# GoogleTest suite tests/gtp feeds them raw. Every line below gets exactly one answer.

# Ids are echoed; a command without an id gets none.
10 name
#? [lifeline]
11 protocol_version
#? [2]
1234567890123 name
#? [lifeline]

# A comment after a command is cut.
20 name # the engine's name
#? [lifeline]
21 known_command name#no space before the comment
#? [true]

# Tabs are spaces (regress runners already turn them into spaces; the engine does too).
30 known_command	version
#? [true]
31     known_command     version
#? [true]

# Control characters inside a line are dropped: this line holds a BEL and an ESC byte.
40 name
#? [lifeline]

# An id alone is no command.
50 # nothing but an id
#? [(?#error)syntax error: missing command]*

# Unknown commands, including wrong case (command names are case-sensitive) and near misses.
60 foo
#? [(?#error)unknown command]*
61 NAME
#? [(?#error)unknown command]*
62 list-commands
#? [(?#error)unknown command]*
63 gogui-rules_board_sizes
#? [(?#error)unknown command]*

# Non-ASCII bytes: unknown commands, and never echoed back raw.
70 nämé
#? [(?#error)unknown command]*
71 play b Ä4
#? [(?#error)syntax error: malformed move \?\?4]*
72 play b D4,€
#? [(?#error)syntax error: malformed move D4,\?\?\?]*
73 boardsize ９
#? [(?#error)syntax error: not an integer: \?\?\?]*

# Wrong number of arguments.
80 name extra
#? [(?#error)syntax error: expected 0 arguments]*
81 known_command
#? [(?#error)syntax error: expected 1 argument]*
82 play b
#? [(?#error)syntax error: expected 2 arguments]*
83 play b D4 D6
#? [(?#error)syntax error: expected 2 arguments]*
84 lifeline-set a b c
#? [(?#error)syntax error: expected 0 to 2 arguments]*

# A very long line (over a thousand characters) is an ordinary line when under 64 KiB.
90 known_command xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
#? [false]
91 play b DDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDD4
#? [(?#error)syntax error: malformed move D{40}\.\.\.]*

# A refused command left everything as it was.
95 lifeline-turn
#? [black 2 opening]

# quit answers, then the engine exits; nothing after it is read.
99 quit
#? []
