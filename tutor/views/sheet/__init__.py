"""Score sheets: a match scored hand by hand (``model``), in words (``words``), as terminal text
(``text``) and as HTML (``html``)."""
