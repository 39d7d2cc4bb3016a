"""What a learner sees, grouped by front end: the terminal (``terminal/``), the lesson site
(``site/``), the JupyterLab widgets (``widgets/``) and the score sheets (``sheet/``, drawn in all
three), over the card and hand pictures they share (``shared/``).

Draws the engine's states and rulings; decides no rule of its own.
"""
