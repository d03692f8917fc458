"""What the engine learns from: self-play games (selfplay), the network's data, model, training
and export (network_*), the learning loop that plays, trains and gates round after round
(learning_loop, loop_settings, run_archive, example_cache), the territory check
(territory_check), and the move model fitted to match records (move_data, move_model).
Everything but selfplay and learning_loop's bookkeeping needs the extra `network` (numpy,
PyTorch, matplotlib).
"""
