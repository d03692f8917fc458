# The lifeline-* extensions: perft, options and game records.

# Perft counts whole actions; on an empty board it is the pairs of cells that are not
# neighbours: C(7,2)-12 on base 2, C(19,2)-42 on base 3, C(37,2)-90 on base 4.
600 boardsize 2
#? []
601 lifeline-perft 0
#? [1]
602 lifeline-perft 1
#? [9]
603 boardsize 3
#? []
604 lifeline-perft 1
#? [129]
605 boardsize 4
#? []
606 lifeline-perft 1
#? [576]
607 lifeline-perft -1
#? [(?#error)syntax error: out of range \[0\.\.20\]: -1]*
608 lifeline-perft
#? [(?#error)syntax error: expected 1 argument]*
609 lifeline-perft two
#? [(?#error)syntax error: not an integer: two]*

# lifeline-set: all options, one option, or a new value. The engine's options come first, the
# protocol's own (boardsize-diameter, gogui) last.
610 lifeline-set
#? [seed \d+ \(int[^\n]*\nbase 4 \(int 2\.\.13, default 7\)[^\n]*\nrules strong-pie [^\n]*\nkomi 0 [^\n]*\n[\s\S]*\nboardsize-diameter false [^\n]*\ngogui auto [^\n]*]
611 lifeline-set seed 42
#? []
612 lifeline-set seed
#? [42]
613 lifeline-set base 5
#? []
614 gogui-rules_board_size
#? [7 hex]
615 clear_board
#? []
616 gogui-rules_board_size
#? [9 hex]
617 lifeline-set base 14
#? [(?#error)invalid value for base: 14 \(2\.\.13\)]*
618 lifeline-set rules fast-pie
#? [(?#error)invalid value for rules: fast-pie \(strong-pie\|weak-pie\|komi-pie\)]*
619 lifeline-set gogui maybe
#? [(?#error)invalid value for gogui: maybe \(auto\|true\|false\)]*
620 lifeline-set colour
#? [(?#error)unknown option colour]*
621 lifeline-set boardsize-diameter true
#? []
622 boardsize 5
#? []
623 gogui-rules_board_size
#? [5 hex]
624 lifeline-set boardsize-diameter false
#? []
625 lifeline-set resign 0.25
#? []
626 lifeline-set resign
#? [0.25]
627 lifeline-set resign 1.5
#? [(?#error)invalid value for resign: 1\.5 \(0\.\.1\)]*
628 lifeline-set resign 0
#? []
629 lifeline-set settled
#? [false]
642 lifeline-set settled true
#? []
643 lifeline-set settled
#? [true]
644 lifeline-set settled false
#? []
645 lifeline-set ponder
#? [false]
646 lifeline-set ponder true
#? []
647 lifeline-set visits 50
#? []
648 clear_board
#? []
# After genmove the engine ponders until the next line, here already waiting: it answers it.
649 genmove b
#? [[A-G]\d+,[A-G]\d+]
650 lifeline-set ponder
#? [true]
651 lifeline-set ponder false
#? []
652 lifeline-set visits 0
#? []

# lifeline-loadgame: paths are relative to the working directory (a runner starts the engine
# in the directory of the .tst file). A record that fails anywhere changes nothing.
630 lifeline-loadgame records/base2-finished.txt 1
#? []
631 lifeline-turn
#? [white 2 opening]
632 lifeline-loadgame records/bad-move.txt
#? [(?#error)line 6: illegal move: wrong color]*
633 lifeline-loadgame records/bad-syntax.txt
#? [(?#error)line 2: syntax error: unexpected command genmove]*
634 lifeline-loadgame records/missing.txt
#? [(?#error)cannot read records/missing\.txt]*
635 lifeline-loadgame records
#? [(?#error)cannot read records]*
636 lifeline-loadgame records/base2-finished.txt -1
#? [(?#error)syntax error: out of range \[0\.\.2147483647\]: -1]*
637 lifeline-loadgame
#? [(?#error)syntax error: expected 1 to 2 arguments]*
638 lifeline-turn
#? [white 2 opening]
639 gogui-rules_board_size
#? [3 hex]
640 lifeline-loadgame records/base2-finished.txt 0
#? []
641 lifeline-turn
#? [black 2 opening]

# The network (option network, lifeline-network): which file is found depends on the
# installation, so only its absence and the refusals are pinned here; tests/engine and
# tests/network check a real network's answers.
642 lifeline-set network none
#? []
643 lifeline-network
#? [(?#error)no network \(network is none\)]*
644 lifeline-gfx_territory
#? [(?#error)no network \(network is none\)]*
645 lifeline-set network /nonexistent/lifeline.net
#? [(?#error)cannot read network file /nonexistent/lifeline.net]*
646 lifeline-set network
#? [none]
647 lifeline-network extra
#? [(?#error)syntax error: expected 'info' or nothing]*

# The opening book (option book, lifeline-book): which maps are found depends on the
# installation, so only its absence and the refusals are pinned here; tests/engine and
# tests/book check the maps' answers.
648 lifeline-set book none
#? []
649 lifeline-book
#? [(?#error)the opening book is off \(book none\)]*
650 lifeline-book_cells
#? [(?#error)the opening book is off \(book none\)]*
651 lifeline-gfx_book
#? [(?#error)the opening book is off \(book none\)]*
652 lifeline-set book /nonexistent/maps
#? [(?#error)no folder /nonexistent/maps]*
653 lifeline-set book
#? [none]
654 lifeline-book extra
#? [(?#error)syntax error: expected 0 arguments]*
655 lifeline-set book auto
#? []
