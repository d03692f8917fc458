"""The engine's exact solver put to work on whole boards: each first turn's swap verdict under
strong and weak pie, each komi's winner under komi pie (solver). scripts/solve_board.py and
scripts/solver_timing.py print its tables.
"""
