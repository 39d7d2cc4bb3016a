"""The lesson site (``tutor export``): a static site of lesson pages from hand files.

``Site(["hands/"], "site/").build()`` writes it. The build flows one way; :mod:`.export`
runs the steps in this order, and each module imports only the ones below it in the list
(``tests/test_layers.py`` holds it so):

1. :mod:`.export`: :class:`Site` and its report; checks that the sources exist, then runs the
   steps below.
2. :mod:`.plan`: the pages and how they link (index by stage, topics, lessons, embeds, extra
   pages), as :class:`~.templating.Page` values; draws nothing.
3. :mod:`.sources`: reads and checks each hand file once, and turns a good one into a
   :class:`~.sources.Lesson` with its page model (4), analysis (4) and viewer data (4); each
   match file into a score sheet page. Bad files are left out with their problems.
4. the lesson's models, which do not import one another: :mod:`.pages` (what the lesson page
   shows), :mod:`.analysed` (the solver's analysis added to it, and its cache), :mod:`.viewer`
   (the hand viewer's JSON).
5. :mod:`.templating`: the site's Jinja environment; draws each page to bytes, and the static
   files.
6. :mod:`.outfolder`: writes the files into the output folder (the manifest, the lock, stale
   pages removed).

Cards, hands and tricks are drawn by :mod:`tutor.views.shared.render` (the same pictures as the
notebook widgets) and score sheets by :mod:`tutor.views.sheet`.
"""

from tutor.views.site.export import MANIFEST, BuildReport, ExportError, Page, Site

__all__ = ["MANIFEST", "BuildReport", "ExportError", "Page", "Site"]
