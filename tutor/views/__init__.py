"""What a learner sees: terminal text, HTML pictures, the lesson site, score sheets and widgets.

Draws the engine's states and rulings; decides no rule of its own.
"""
