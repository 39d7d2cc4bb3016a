"""What more than one front end draws: cards, hands and tricks as HTML (``render``, with the
Jinja environment every template comes from), the count in words (``count``) and a learner's
progress (``progress``). It imports none of the front ends."""
