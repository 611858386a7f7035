"""Club play (CLUB.md): the event, the seating, the messages and the standings, as values.

Pure like the rest of the core: the director (``hardware/director``) does the I/O.
"""
