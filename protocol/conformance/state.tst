# lifeline-state: the whole game state as one line of JSON (protocol/lifeline-gtp.md, 4.2).
# The answers are pinned whole. In the patterns, the JSON characters that regexes read
# ([ ] { } +) are escaped with a backslash; nothing else is a pattern.

# The start of a strong-pie game on base 2: Black's double turn. B2 touches every other
# cell, so no legal pair starts there.
1100 boardsize 2
#? []
1101 lifeline-rules strong-pie
#? []
1102 lifeline-state
#? [\{"base":2,"rules":"strong-pie","komi":0,"to_move":"black","stones_to_place":2,"phase":"opening","pending":null,"can_swap":false,"can_spend_komi":false,"swapped":false,"komi_left":0,"legal":\["A1","B1","A2","C2","B3","C3"\],"black":\[\],"white":\[\],"removed":\{"black":0,"white":0\},"actions":0,"move_number":1,"last_move":null,"last_turn":null,"over":false,"winner":null,"result":null\}]
1103 known_command lifeline-state
#? [true]
1104 lifeline-state now
#? [(?#error)syntax error: expected 0 arguments]*

# A double turn entered stone by stone (base 3). While the first stone is pending,
# last_move is that stone and last_turn the turn before it (none yet: null); move_number
# counts the double turn once.
1110 boardsize 3
#? []
1111 play b A1
#? []
1112 lifeline-state
#? [\{"base":3,"rules":"strong-pie","komi":0,"to_move":"black","stones_to_place":1,"phase":"opening","pending":"A1","can_swap":false,"can_spend_komi":false,"swapped":false,"komi_left":0,"legal":\["C1","C2","D2","A3","B3","C3","D3","E3","B4","C4","D4","E4","C5","D5","E5"\],"black":\["A1"\],"white":\[\],"removed":\{"black":0,"white":0\},"actions":1,"move_number":1,"last_move":\{"color":"black","move":"A1","cells":\["A1"\],"removed":\{"black":\[\],"white":\[\]\}\},"last_turn":null,"over":false,"winner":null,"result":null\}]
1113 play b C3
#? []
1114 lifeline-state
#? [\{"base":3,"rules":"strong-pie","komi":0,"to_move":"white","stones_to_place":2,"phase":"opening","pending":null,"can_swap":true,"can_spend_komi":false,"swapped":false,"komi_left":0,"legal":\["B1","C1","A2","B2","C2","D2","A3","B3","D3","E3","B4","C4","D4","E4","C5","D5","E5"\],"black":\["A1","C3"\],"white":\[\],"removed":\{"black":0,"white":0\},"actions":2,"move_number":2,"last_move":\{"color":"black","move":"C3","cells":\["C3"\],"removed":\{"black":\[\],"white":\[\]\}\},"last_turn":\{"number":1,"color":"black","move":"A1,C3","cells":\["A1","C3"\],"removed":\{"black":\[\],"white":\[\]\}\},"over":false,"winner":null,"result":null\}]
1115 play w E5
#? []
1116 lifeline-state
#? [\{"base":3,"rules":"strong-pie","komi":0,"to_move":"white","stones_to_place":1,"phase":"opening","pending":"E5","can_swap":false,"can_spend_komi":false,"swapped":false,"komi_left":0,"legal":\["B1","C1","A2","B2","C2","D2","A3","B3","D3","E3","B4","C4","C5"\],"black":\["A1","C3"\],"white":\["E5"\],"removed":\{"black":0,"white":0\},"actions":3,"move_number":2,"last_move":\{"color":"white","move":"E5","cells":\["E5"\],"removed":\{"black":\[\],"white":\[\]\}\},"last_turn":\{"number":1,"color":"black","move":"A1,C3","cells":\["A1","C3"\],"removed":\{"black":\[\],"white":\[\]\}\},"over":false,"winner":null,"result":null\}]
1117 lifeline-turn
#? [white 1 opening]
# The halves joined: the move names the pair in board order, the cells keep the order in
# which the stones were placed.
1118 play w B2
#? []
1119 lifeline-state
#? [\{"base":3,"rules":"strong-pie","komi":0,"to_move":"black","stones_to_place":1,"phase":"play","pending":null,"can_swap":false,"can_spend_komi":false,"swapped":false,"komi_left":0,"legal":\["B1","C1","A2","C2","D2","A3","B3","D3","E3","B4","C4","D4","E4","C5","D5"\],"black":\["A1","C3"\],"white":\["B2","E5"\],"removed":\{"black":0,"white":0\},"actions":4,"move_number":3,"last_move":\{"color":"white","move":"B2","cells":\["B2"\],"removed":\{"black":\[\],"white":\[\]\}\},"last_turn":\{"number":2,"color":"white","move":"B2,E5","cells":\["E5","B2"\],"removed":\{"black":\[\],"white":\[\]\}\},"over":false,"winner":null,"result":null\}]
# undo takes back one half, then the other: the earlier answers come back.
1120 undo
#? []
1121 lifeline-state
#? [\{"base":3,"rules":"strong-pie","komi":0,"to_move":"white","stones_to_place":1,"phase":"opening","pending":"E5","can_swap":false,"can_spend_komi":false,"swapped":false,"komi_left":0,"legal":\["B1","C1","A2","B2","C2","D2","A3","B3","D3","E3","B4","C4","C5"\],"black":\["A1","C3"\],"white":\["E5"\],"removed":\{"black":0,"white":0\},"actions":3,"move_number":2,"last_move":\{"color":"white","move":"E5","cells":\["E5"\],"removed":\{"black":\[\],"white":\[\]\}\},"last_turn":\{"number":1,"color":"black","move":"A1,C3","cells":\["A1","C3"\],"removed":\{"black":\[\],"white":\[\]\}\},"over":false,"winner":null,"result":null\}]
1122 undo
#? []
1123 lifeline-state
#? [\{"base":3,"rules":"strong-pie","komi":0,"to_move":"white","stones_to_place":2,"phase":"opening","pending":null,"can_swap":true,"can_spend_komi":false,"swapped":false,"komi_left":0,"legal":\["B1","C1","A2","B2","C2","D2","A3","B3","D3","E3","B4","C4","D4","E4","C5","D5","E5"\],"black":\["A1","C3"\],"white":\[\],"removed":\{"black":0,"white":0\},"actions":2,"move_number":2,"last_move":\{"color":"black","move":"C3","cells":\["C3"\],"removed":\{"black":\[\],"white":\[\]\}\},"last_turn":\{"number":1,"color":"black","move":"A1,C3","cells":\["A1","C3"\],"removed":\{"black":\[\],"white":\[\]\}\},"over":false,"winner":null,"result":null\}]

# A double turn given at once, in any order, is written in board order.
1130 clear_board
#? []
1131 play b C3,A1
#? []
1132 lifeline-state
#? [\{"base":3,"rules":"strong-pie","komi":0,"to_move":"white","stones_to_place":2,"phase":"opening","pending":null,"can_swap":true,"can_spend_komi":false,"swapped":false,"komi_left":0,"legal":\["B1","C1","A2","B2","C2","D2","A3","B3","D3","E3","B4","C4","D4","E4","C5","D5","E5"\],"black":\["A1","C3"\],"white":\[\],"removed":\{"black":0,"white":0\},"actions":1,"move_number":2,"last_move":\{"color":"black","move":"A1,C3","cells":\["A1","C3"\],"removed":\{"black":\[\],"white":\[\]\}\},"last_turn":\{"number":1,"color":"black","move":"A1,C3","cells":\["A1","C3"\],"removed":\{"black":\[\],"white":\[\]\}\},"over":false,"winner":null,"result":null\}]

# The swap (strong pie), then a finished game: the record of records/base2-finished.txt
# after two actions, then whole. Black's last stone B2 takes off every white stone and then
# dies with its own groups: it counts among the removed stones (3 black) and is among the
# move's removed cells.
1140 lifeline-loadgame records/base2-finished.txt 2
#? []
1141 lifeline-state
#? [\{"base":2,"rules":"strong-pie","komi":0,"to_move":"white","stones_to_place":2,"phase":"opening","pending":null,"can_swap":false,"can_spend_komi":false,"swapped":true,"komi_left":0,"legal":\["A1","B1","A2","C3"\],"black":\["C2","B3"\],"white":\[\],"removed":\{"black":0,"white":0\},"actions":2,"move_number":3,"last_move":\{"color":"white","move":"swap","cells":\[\],"removed":\{"black":\[\],"white":\[\]\}\},"last_turn":\{"number":2,"color":"white","move":"swap","cells":\[\],"removed":\{"black":\[\],"white":\[\]\}\},"over":false,"winner":null,"result":null\}]
1142 lifeline-loadgame records/base2-finished.txt
#? []
1143 lifeline-state
#? [\{"base":2,"rules":"strong-pie","komi":0,"to_move":"white","stones_to_place":0,"phase":"over","pending":null,"can_swap":false,"can_spend_komi":false,"swapped":true,"komi_left":0,"legal":\[\],"black":\[\],"white":\[\],"removed":\{"black":3,"white":2\},"actions":4,"move_number":5,"last_move":\{"color":"black","move":"B2","cells":\["B2"\],"removed":\{"black":\["B2","C2","B3"\],"white":\["A1","C3"\]\}\},"last_turn":\{"number":4,"color":"black","move":"B2","cells":\["B2"\],"removed":\{"black":\["B2","C2","B3"\],"white":\["A1","C3"\]\}\},"over":true,"winner":"black","result":"B\+"\}]
1144 final_score
#? [B\+]
1145 gogui-rules_captured_count
#? [2 3]
1146 undo
#? []
1147 lifeline-state
#? [\{"base":2,"rules":"strong-pie","komi":0,"to_move":"black","stones_to_place":1,"phase":"play","pending":null,"can_swap":false,"can_spend_komi":false,"swapped":true,"komi_left":0,"legal":\["B1","A2","B2"\],"black":\["C2","B3"\],"white":\["A1","C3"\],"removed":\{"black":0,"white":0\},"actions":3,"move_number":4,"last_move":\{"color":"white","move":"A1,C3","cells":\["A1","C3"\],"removed":\{"black":\[\],"white":\[\]\}\},"last_turn":\{"number":3,"color":"white","move":"A1,C3","cells":\["A1","C3"\],"removed":\{"black":\[\],"white":\[\]\}\},"over":false,"winner":null,"result":null\}]

# Weak pie (base 3): one stone a turn, the swap after Black's first stone, a setup of four
# stones in which a player's second stone may not touch its first.
1150 boardsize 3
#? []
1151 lifeline-rules weak-pie
#? []
1152 play b C3
#? []
1153 lifeline-state
#? [\{"base":3,"rules":"weak-pie","komi":0,"to_move":"white","stones_to_place":1,"phase":"opening","pending":null,"can_swap":true,"can_spend_komi":false,"swapped":false,"komi_left":0,"legal":\["A1","B1","C1","A2","B2","C2","D2","A3","B3","D3","E3","B4","C4","D4","E4","C5","D5","E5"\],"black":\["C3"\],"white":\[\],"removed":\{"black":0,"white":0\},"actions":1,"move_number":2,"last_move":\{"color":"black","move":"C3","cells":\["C3"\],"removed":\{"black":\[\],"white":\[\]\}\},"last_turn":\{"number":1,"color":"black","move":"C3","cells":\["C3"\],"removed":\{"black":\[\],"white":\[\]\}\},"over":false,"winner":null,"result":null\}]
1154 play w swap
#? []
1155 lifeline-state
#? [\{"base":3,"rules":"weak-pie","komi":0,"to_move":"white","stones_to_place":1,"phase":"opening","pending":null,"can_swap":false,"can_spend_komi":false,"swapped":true,"komi_left":0,"legal":\["A1","B1","C1","A2","B2","C2","D2","A3","B3","D3","E3","B4","C4","D4","E4","C5","D5","E5"\],"black":\["C3"\],"white":\[\],"removed":\{"black":0,"white":0\},"actions":2,"move_number":3,"last_move":\{"color":"white","move":"swap","cells":\[\],"removed":\{"black":\[\],"white":\[\]\}\},"last_turn":\{"number":2,"color":"white","move":"swap","cells":\[\],"removed":\{"black":\[\],"white":\[\]\}\},"over":false,"winner":null,"result":null\}]
1156 play w A1
#? []
1157 play b E5
#? []
1158 lifeline-state
#? [\{"base":3,"rules":"weak-pie","komi":0,"to_move":"white","stones_to_place":1,"phase":"opening","pending":null,"can_swap":false,"can_spend_komi":false,"swapped":true,"komi_left":0,"legal":\["C1","C2","D2","A3","B3","D3","E3","B4","C4","D4","E4","C5","D5"\],"black":\["C3","E5"\],"white":\["A1"\],"removed":\{"black":0,"white":0\},"actions":4,"move_number":5,"last_move":\{"color":"black","move":"E5","cells":\["E5"\],"removed":\{"black":\[\],"white":\[\]\}\},"last_turn":\{"number":4,"color":"black","move":"E5","cells":\["E5"\],"removed":\{"black":\[\],"white":\[\]\}\},"over":false,"winner":null,"result":null\}]
1159 play w C1
#? []
1160 lifeline-state
#? [\{"base":3,"rules":"weak-pie","komi":0,"to_move":"black","stones_to_place":1,"phase":"play","pending":null,"can_swap":false,"can_spend_komi":false,"swapped":true,"komi_left":0,"legal":\["B1","A2","B2","C2","D2","A3","B3","D3","E3","B4","C4","D4","E4","C5","D5"\],"black":\["C3","E5"\],"white":\["A1","C1"\],"removed":\{"black":0,"white":0\},"actions":5,"move_number":6,"last_move":\{"color":"white","move":"C1","cells":\["C1"\],"removed":\{"black":\[\],"white":\[\]\}\},"last_turn":\{"number":5,"color":"white","move":"C1","cells":\["C1"\],"removed":\{"black":\[\],"white":\[\]\}\},"over":false,"winner":null,"result":null\}]

# Komi pie (base 2, komi 1). Black's fifth stone B2 clears the board; White, with no stone
# and so no placement, may still spend its point of komi: legal is empty, the game goes on.
# Spending it leaves Black without a legal action: White wins.
1170 boardsize 2
#? []
1171 lifeline-rules komi-pie
#? []
1172 komi 1
#? []
1173 play b C3
#? []
1174 play w B1
#? []
1175 play b A1
#? []
1176 play w A2
#? []
1177 lifeline-state
#? [\{"base":2,"rules":"komi-pie","komi":1,"to_move":"black","stones_to_place":1,"phase":"play","pending":null,"can_swap":false,"can_spend_komi":false,"swapped":false,"komi_left":1,"legal":\["B2","C2","B3"\],"black":\["A1","C3"\],"white":\["B1","A2"\],"removed":\{"black":0,"white":0\},"actions":4,"move_number":5,"last_move":\{"color":"white","move":"A2","cells":\["A2"\],"removed":\{"black":\[\],"white":\[\]\}\},"last_turn":\{"number":4,"color":"white","move":"A2","cells":\["A2"\],"removed":\{"black":\[\],"white":\[\]\}\},"over":false,"winner":null,"result":null\}]
1178 play b B2
#? []
1179 lifeline-state
#? [\{"base":2,"rules":"komi-pie","komi":1,"to_move":"white","stones_to_place":1,"phase":"play","pending":null,"can_swap":false,"can_spend_komi":true,"swapped":false,"komi_left":1,"legal":\[\],"black":\[\],"white":\[\],"removed":\{"black":3,"white":2\},"actions":5,"move_number":6,"last_move":\{"color":"black","move":"B2","cells":\["B2"\],"removed":\{"black":\["A1","B2","C3"\],"white":\["B1","A2"\]\}\},"last_turn":\{"number":5,"color":"black","move":"B2","cells":\["B2"\],"removed":\{"black":\["A1","B2","C3"\],"white":\["B1","A2"\]\}\},"over":false,"winner":null,"result":null\}]
1180 play w pass
#? []
1181 lifeline-state
#? [\{"base":2,"rules":"komi-pie","komi":1,"to_move":"black","stones_to_place":0,"phase":"over","pending":null,"can_swap":false,"can_spend_komi":false,"swapped":false,"komi_left":0,"legal":\[\],"black":\[\],"white":\[\],"removed":\{"black":3,"white":2\},"actions":6,"move_number":7,"last_move":\{"color":"white","move":"pass","cells":\[\],"removed":\{"black":\[\],"white":\[\]\}\},"last_turn":\{"number":6,"color":"white","move":"pass","cells":\[\],"removed":\{"black":\[\],"white":\[\]\}\},"over":true,"winner":"white","result":"W\+"\}]
1182 final_score
#? [W\+]
1183 undo
#? []
1184 lifeline-state
#? [\{"base":2,"rules":"komi-pie","komi":1,"to_move":"white","stones_to_place":1,"phase":"play","pending":null,"can_swap":false,"can_spend_komi":true,"swapped":false,"komi_left":1,"legal":\[\],"black":\[\],"white":\[\],"removed":\{"black":3,"white":2\},"actions":5,"move_number":6,"last_move":\{"color":"black","move":"B2","cells":\["B2"\],"removed":\{"black":\["A1","B2","C3"\],"white":\["B1","A2"\]\}\},"last_turn":\{"number":5,"color":"black","move":"B2","cells":\["B2"\],"removed":\{"black":\["A1","B2","C3"\],"white":\["B1","A2"\]\}\},"over":false,"winner":null,"result":null\}]

# A capture in play (base 3, strong pie): White's B2 closes the corner A1 around Black's
# stone, whose region then holds no other black group. The game goes on. The option komi
# still holds 1 from the komi-pie game above: outside komi pie the komi field is 0.
1190 boardsize 3
#? []
1191 lifeline-rules strong-pie
#? []
1192 play b A1,E5
#? []
1193 play w B1,D4
#? []
1194 play b C5
#? []
1195 play w A2
#? []
1196 play b E3
#? []
1197 play w B2
#? []
1198 lifeline-state
#? [\{"base":3,"rules":"strong-pie","komi":0,"to_move":"black","stones_to_place":1,"phase":"play","pending":null,"can_swap":false,"can_spend_komi":false,"swapped":false,"komi_left":0,"legal":\["C1","C2","D2","A3","B3","C3","D3","B4","C4","E4","D5"\],"black":\["E3","C5","E5"\],"white":\["B1","A2","B2","D4"\],"removed":\{"black":1,"white":0\},"actions":6,"move_number":7,"last_move":\{"color":"white","move":"B2","cells":\["B2"\],"removed":\{"black":\["A1"\],"white":\[\]\}\},"last_turn":\{"number":6,"color":"white","move":"B2","cells":\["B2"\],"removed":\{"black":\["A1"\],"white":\[\]\}\},"over":false,"winner":null,"result":null\}]
1199 gogui-rules_captured_count
#? [0 1]
1200 undo
#? []
1201 lifeline-state
#? [\{"base":3,"rules":"strong-pie","komi":0,"to_move":"white","stones_to_place":1,"phase":"play","pending":null,"can_swap":false,"can_spend_komi":false,"swapped":false,"komi_left":0,"legal":\["C1","B2","C2","D2","A3","B3","C3","D3","B4","C4","E4","D5"\],"black":\["A1","E3","C5","E5"\],"white":\["B1","A2","D4"\],"removed":\{"black":0,"white":0\},"actions":5,"move_number":6,"last_move":\{"color":"black","move":"E3","cells":\["E3"\],"removed":\{"black":\[\],"white":\[\]\}\},"last_turn":\{"number":5,"color":"black","move":"E3","cells":\["E3"\],"removed":\{"black":\[\],"white":\[\]\}\},"over":false,"winner":null,"result":null\}]
