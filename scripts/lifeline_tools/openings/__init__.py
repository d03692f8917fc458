"""The opening maps that the engine reads (docs/openings.md): their file format (maps), how an
entry is computed with the engine (compute), runs that compute a whole map on the worker pool
and resume (runs), more visits for the entries nearest one half (refine), and their pictures
(plots, which needs matplotlib); and the fair komi measured by games rather than by the maps'
searches (fair_komi, with its fit in komi_fit).
"""
