"""The engine as a bot on Abstract Play (play.abstractplay.com): an HTTP endpoint that answers
Abstract Play's signed challenges and move requests and posts the engine's moves back
(server.py, cli.py), with the translation between Abstract Play's Lifeline and the engine's
(notation.py). Python's standard library and Debian's python3-cryptography.
"""
