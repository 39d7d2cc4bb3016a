"""The terminal front end: the hand told as text (``replay``), the practice table
(``practice``), single-dummy words (``singledummy``), the history's verbs
(``history_commands``), saving a hand (``handsave``), the command line's arguments and one-line
failures (``arguments``, ``failures``), and the safe text everything printed passes through
(``safe_text``)."""
