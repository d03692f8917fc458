"""Playing the engine: one game under a referee (game, clock), a match of many and its schedule,
records and results file (match, runner, record, results, tally, stats), and the regression
files run the way gogui-regress runs them (regression). The referee, regress and match summary
command lines (cli/) are built on these.
"""
