"""What more than one front end draws: cards, hands, tricks and piles as HTML (``render``, with
the Jinja environment every template comes from and ``Pictures``, each picture drawn once), an
author's notes as paragraphs (``notes``), the count in words (``count``) and a learner's
progress (``progress``). It imports none of the front ends."""
