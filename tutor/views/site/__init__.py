"""The lesson site (``tutor export``): a static site of lesson pages from hand files.

``Site(["hands/"], "site/").build()`` (:mod:`tutor.views.site.export`) writes it."""

from tutor.views.site.export import MANIFEST, BuildReport, ExportError, Page, Site

__all__ = ["MANIFEST", "BuildReport", "ExportError", "Page", "Site"]
