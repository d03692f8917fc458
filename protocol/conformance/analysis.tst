# The analysis commands, in the cases whose answers depend on no timing. lifeline-analyze runs
# until the next input line, which regression runners send only after an answer: so it is
# only tested where it ends at once (errors, a finished game). The random player reports no
# candidates, so it writes no info line.

899 lifeline-set player random
#? []
900 boardsize 3
#? []
901 lifeline-genmove_analyze b 10
#? [play [A-E]\d,[A-E]\d]
902 lifeline-turn
#? [white 2 opening]
903 lifeline-genmove_analyze b
#? [(?#error)illegal move: wrong color]*
904 lifeline-genmove_analyze w 0
#? [(?#error)syntax error: out of range \[1\.\.360000\]: 0]*
905 lifeline-genmove_analyze
#? [(?#error)syntax error: expected 1 to 3 arguments]*
906 lifeline-analyze 100 50
#? [(?#error)syntax error: expected 'territory' after the interval]*
907 lifeline-analyze soon
#? [(?#error)syntax error: not an integer: soon]*
908 lifeline-turn
#? [white 2 opening]
909 lifeline-analyze 100 territory 5
#? [(?#error)syntax error: too many arguments]*

# A finished game: nothing to analyse, the answer ends at once; genmove_analyze resigns.
910 lifeline-loadgame records/base2-finished.txt
#? []
911 lifeline-analyze 1
#? []
912 lifeline-genmove_analyze w
#? [play resign]
913 lifeline-turn
#? [white 0 over]

# The search writes info lines while genmove_analyze runs (at least one, at the end; each
# holds every candidate), then the move.
920 lifeline-set player mcts
#? []
921 lifeline-set visits 50
#? []
922 clear_board
#? []
923 lifeline-genmove_analyze b 10
#? [(info move [A-E]\d,[A-E]\d visits \d+ winrate [01]\.\d{4} prior [01]\.\d{4} order 0 (proof (win|loss) )?pv [^\n]*\n)+play [A-E]\d,[A-E]\d]
924 lifeline-turn
#? [white 2 opening]

# With `territory`, each info line ends with the territory the playouts foresee: the word,
# then one value from -1 (White's) to 1 (Black's) for each of the board's 37 cells.
925 boardsize 4
#? []
926 play b A1,D4
#? []
927 play w G7,D1
#? []
928 lifeline-genmove_analyze b 10 territory
#? [(info move [A-G][1-7] visits \d+ [^\n]* territory( -?[01]\.\d\d){37}\n)+play [A-G][1-7]]

# The learned move model's view: no features in the opening, then one line per legal
# placement with its probability and five features (the probabilities follow the committed
# weights, so only their form is pinned).
930 boardsize 4
#? []
931 lifeline-move_features
#? []
932 play b A1,D4
#? []
933 play w G7,D1
#? []
934 lifeline-move_features extra
#? [(?#error)syntax error: expected 0 arguments]*
935 lifeline-move_features
#? [([A-G][1-7] [01]\.\d{6} tactic:\d near:[0-4] own:[0-4] ring:\d+ shape:\d+\n?){33}]
