"""The engine on Abstract Play (play.abstractplay.com): as a bot, an HTTP endpoint that answers
Abstract Play's signed challenges and move requests and posts the engine's moves back
(server.py, cli.py), with the translation between Abstract Play's Lifeline and the engine's
(notation.py); and the games of Abstract Play's records exports as the engine's game records
(records.py, import_cli.py). Python's standard library, and Debian's python3-cryptography for
the bot's signatures.
"""
