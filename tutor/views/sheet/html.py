"""A score sheet as HTML, for the notebook and the exported pages alike.

Drawn by the ``score_sheet`` macro in ``templates/_score_sheet.html`` from
:meth:`tutor.views.sheet.model.ScoreSheet.view`, in the same autoescaping Jinja environment as the cards
(:func:`tutor.views.shared.render.environment`); pass that environment's override folder to restyle it.
"""

from __future__ import annotations

from functools import lru_cache

import jinja2
from markupsafe import Markup

from tutor.views.shared.render import environment
from tutor.views.sheet.model import ScoreSheet

__all__ = ["render_score_sheet"]


@lru_cache(maxsize=1)
def _default_env() -> jinja2.Environment:
    return environment()


def render_score_sheet(
    sheet: ScoreSheet, *, symbols: bool = True, env: jinja2.Environment | None = None
) -> Markup:
    """The whole sheet: settings, the running table with each hand's ruling, the end, the standings."""
    module = (env or _default_env()).get_template("_score_sheet.html").module
    macro: jinja2.runtime.Macro = getattr(module, "score_sheet")  # noqa: B009
    return Markup(macro(sheet.view(symbols)))
