"""The browser front end: an HTTP server (server.py) that gives each game its own engine
process (session.py), and the page it serves (static/). Python 3 standard library only.
"""
