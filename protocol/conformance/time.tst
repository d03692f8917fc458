# Time settings: validated and stored for the search; answers are empty on success.

500 time_settings 300 30 5
#? []
501 time_settings 300 0 0
#? []
502 time_settings 0 10 0
#? []
503 time_settings 1.5 0.5 1
#? []
504 time_settings -1 0 0
#? [(?#error)syntax error: invalid time -1]*
505 time_settings 300 30 -5
#? [(?#error)syntax error: out of range \[0\.\.1000000\]: -5]*
506 time_settings 300 30 2.5
#? [(?#error)syntax error: not an integer: 2\.5]*
507 time_settings 300 30
#? [(?#error)syntax error: expected 3 arguments]*
508 time_settings inf 0 0
#? [(?#error)syntax error: not a number: inf]*

510 time_left b 120 0
#? []
511 time_left white 25.5 3
#? []
512 time_left x 1 0
#? [(?#error)syntax error: invalid color x]*
513 time_left b -1 0
#? [(?#error)syntax error: invalid time -1]*
514 time_left b 10
#? [(?#error)syntax error: expected 3 arguments]*

520 kgs-time_settings none
#? []
521 kgs-time_settings absolute 600
#? []
522 kgs-time_settings byoyomi 600 30 5
#? []
523 kgs-time_settings canadian 600 300 25
#? []
524 kgs-time_settings fischer 600 10
#? []
525 kgs-time_settings byoyomi 600 30 0
#? [(?#error)syntax error: out of range \[1\.\.1000000\]: 0]*
526 kgs-time_settings canadian 600 300
#? [(?#error)syntax error: expected 4 arguments]*
527 kgs-time_settings none 5
#? [(?#error)syntax error: expected 1 argument]*
528 kgs-time_settings hourglass 60
#? [(?#error)syntax error: unknown time system hourglass]*
529 kgs-time_settings
#? [(?#error)syntax error: expected 1 to 4 arguments]*

# genmove works under every time system (the random player ignores the clock).
lifeline-set player random
530 boardsize 3
#? []
531 genmove b
#? [[A-E][1-5],[A-E][1-5]]
