# The analysis commands, in the cases whose answers depend on no timing. lifeline-analyze runs
# until the next input line, which these runners send only after an answer: so it is only
# tested where it ends at once (errors, a finished game). Both runners start the engine with
# seed 1 and the random player, which reports no candidates, so no info line is written.

900 boardsize 3
#? []
901 lifeline-genmove_analyze b 10
#? [play [A-E]\d,[A-E]\d]
902 lifeline-turn
#? [white 2 opening]
903 lifeline-genmove_analyze b
#? [?illegal move: wrong color]
904 lifeline-genmove_analyze w 0
#? [?syntax error: out of range \[1\.\.360000\]: 0]
905 lifeline-genmove_analyze
#? [?syntax error: expected 1 to 2 arguments]
906 lifeline-analyze 100 50
#? [?syntax error: expected 0 to 1 arguments]
907 lifeline-analyze soon
#? [?syntax error: not an integer: soon]
908 lifeline-turn
#? [white 2 opening]

# A finished game: nothing to analyse, the answer ends at once; genmove_analyze resigns.
910 lifeline-loadgame records/base2-finished.txt
#? []
911 lifeline-analyze 1
#? []
912 lifeline-genmove_analyze w
#? [play resign]
913 lifeline-turn
#? [white 0 over]
