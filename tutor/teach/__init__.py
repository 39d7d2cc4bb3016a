"""Teaching on top of the engine and the files: the quiz and play-along.

Imports only from :mod:`tutor.engine` and :mod:`tutor.files`.
"""
