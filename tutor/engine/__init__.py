"""The rules of Five Hundred: cards, seats, rule sets, the auction, play, scoring and the replay.

Pure functions and immutable values, no I/O. Nothing here imports from the layers above
(``tutor.files``, ``tutor.teach``, ``tutor.views``, ``tutor.cli``).
"""
