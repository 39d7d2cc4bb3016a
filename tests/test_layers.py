"""The package is grouped by layer, and imports only go downward.

engine (the rules, no I/O) → solve (double-dummy analysis) → files (YAML in, engine objects
out) → teach (quiz, play-along) → views (terminal, HTML, widgets) → cli. A module may import
from its own layer and the layers below it, never from above; no module imports a private
name from another; and the modules import one another without a circle.

Within views, each front end is a package (terminal, site, widgets) that imports none of the
others, only what they share (shared) and the score sheets (sheet, which imports only shared);
within the site, a build's steps import only the steps after them (``SITE_FLOW``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "tutor"

#: Each layer and the layers it may import from (itself included).
LAYERS = ["engine", "solve", "files", "teach", "views", "cli"]

#: Outside libraries that only the layers from ``files`` up may use (I/O, pictures, widgets).
NOT_IN_THE_ENGINE = {"yaml", "jinja2", "markupsafe", "ipywidgets", "traitlets", "IPython"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _layer(module: str) -> int | None:
    """The layer index of a ``tutor.…`` module; None for the package root and __main__."""
    parts = module.split(".")
    if len(parts) < 2:
        return None
    name = parts[1]
    if name in LAYERS:
        return LAYERS.index(name)
    if name == "__main__":
        return LAYERS.index("cli")
    return None


def _imports(path: Path) -> list[tuple[int, str, list[str]]]:
    """(line, module, names) for every import in a file, lazy ones inside functions included."""
    found: list[tuple[int, str, list[str]]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, a.name, []) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}:{node.lineno}: imports are absolute (from tutor....)"
            assert node.module is not None
            found.append((node.lineno, node.module, [a.name for a in node.names]))
    return found


def _targets(module: str, names: list[str]) -> list[str]:
    """The tutor modules an import statement loads: ``from tutor.engine import play`` loads
    ``tutor.engine.play`` as well as ``tutor.engine``."""
    out = [module]
    out.extend(f"{module}.{n}" for n in names if f"{module}.{n}" in MODULES)
    return out


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_only_go_down(module: str) -> None:
    mine = _layer(module)
    for line, target, names in _imports(MODULES[module]):
        for t in _targets(target, names):
            if not t.startswith("tutor.") or mine is None:
                continue
            theirs = _layer(t)
            if theirs is None:
                continue
            assert theirs <= mine, (
                f"{module} (line {line}) imports {t}: {LAYERS[mine]} may not import from "
                f"{LAYERS[theirs]}, a layer above it"
            )


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _layer(m) == 0))
def test_the_engine_does_no_io_and_draws_nothing(module: str) -> None:
    for line, target, _names in _imports(MODULES[module]):
        assert target.split(".")[0] not in NOT_IN_THE_ENGINE, f"{module} (line {line}) imports {target}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_private_names_imported_from_another_module(module: str) -> None:
    for line, target, names in _imports(MODULES[module]):
        if target.startswith("tutor"):
            private = [n for n in names if n.startswith("_")]
            assert not private, f"{module} (line {line}) imports private {private} from {target}"


def test_no_import_circles() -> None:
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for module, path in MODULES.items():
        for _line, target, names in _imports(path):
            graph[module].update(t for t in _targets(target, names) if t in MODULES and t != module)
    # A package's __init__ is loaded with each of its modules; leave those edges out.
    for module in graph:
        graph[module] = {t for t in graph[module] if not module.startswith(t + ".")}
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> None:
        if node in path:
            circle = [*path[path.index(node):], node]
            raise AssertionError("import circle: " + " → ".join(circle))
        if node in done:
            return
        path.append(node)
        for nxt in sorted(graph[node]):
            visit(nxt)
        path.pop()
        done.add(node)

    for module in sorted(graph):
        visit(module)


def test_the_layers_are_the_folders() -> None:
    folders = sorted(p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists())
    assert set(folders) <= set(LAYERS), f"a subpackage that is not a layer: {folders}"
    assert {"engine", "files", "teach", "views"} <= set(folders)
    loose = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py", "cli.py"], f"modules outside the layers: {loose}"


#: The packages of views, and the others of them each may import (it may always import itself).
#: ``shared`` is below every front end. The one exception to "front ends do not import each
#: other" is ``sheet``: a score sheet is one model drawn by all three front ends (text on the
#: terminal, HTML on the site and in the widget), so they may import it; it imports only shared.
VIEW_GROUPS: dict[str, set[str]] = {
    "shared": set(),
    "sheet": {"shared"},
    "terminal": {"shared", "sheet"},
    "site": {"shared", "sheet"},
    "widgets": {"shared", "sheet"},
}

#: A site build's steps, in the order the build runs them (tutor/views/site/__init__.py): a site
#: module imports only modules of a later step; the modules of one step do not import each other.
SITE_FLOW = [["export"], ["plan"], ["sources"], ["pages", "analysed", "viewer", "puzzles"], ["templating"],
             ["outfolder"]]


def _view_group(module: str) -> str | None:
    """The views package a module is in (``tutor.views.site.pages`` → ``site``); None outside views
    and for ``tutor.views`` itself."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["tutor", "views"] else None


def _site_step(module: str) -> int | None:
    parts = module.split(".")
    if len(parts) != 4 or parts[:3] != ["tutor", "views", "site"]:
        return None
    return next((i for i, step in enumerate(SITE_FLOW) if parts[3] in step), None)


def _views_breaks(module: str, imports: list[tuple[int, str]]) -> list[str]:
    """What in ``imports`` ((line, imported module) of ``module``) breaks the rules within views."""
    found: list[str] = []
    mine, my_step = _view_group(module), _site_step(module)
    for line, target in imports:
        theirs = _view_group(target)
        if mine is not None and theirs is not None and theirs != mine and theirs not in VIEW_GROUPS[mine]:
            found.append(f"{module} (line {line}) imports {target}: views/{mine} may import only "
                         f"{', '.join(sorted(VIEW_GROUPS[mine])) or 'no other views package'}")
        their_step = _site_step(target)
        if my_step is not None and their_step is not None and their_step <= my_step and target != module:
            found.append(f"{module} (line {line}) imports {target}: a site step imports only the "
                         f"steps after it ({' → '.join('/'.join(s) for s in SITE_FLOW)})")
    return found


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _view_group(m) is not None))
def test_the_front_ends_import_only_what_they_share(module: str) -> None:
    imports = [(line, t) for line, target, names in _imports(MODULES[module])
               for t in _targets(target, names)]
    breaks = _views_breaks(module, imports)
    assert not breaks, "\n".join(breaks)


def test_views_holds_only_its_packages_and_the_site_its_steps() -> None:
    views = PACKAGE / "views"
    packages = {p.name for p in views.iterdir() if (p / "__init__.py").exists()}
    assert packages == set(VIEW_GROUPS), f"views packages {sorted(packages)}; rules for {sorted(VIEW_GROUPS)}"
    loose = sorted(p.name for p in views.glob("*.py"))
    assert loose == ["__init__.py"], f"modules in views outside its packages: {loose}"
    steps = {p.stem for p in (views / "site").glob("*.py")} - {"__init__"}
    assert steps == {m for step in SITE_FLOW for m in step}, f"site modules not in SITE_FLOW: {sorted(steps)}"
    assert all(_view_group(m) in VIEW_GROUPS for m in MODULES if _view_group(m) is not None)


@pytest.mark.parametrize(("module", "target", "broken"), [
    ("tutor.views.widgets.replay", "tutor.views.site.pages", True),
    ("tutor.views.site.export", "tutor.views.terminal.replay", True),
    ("tutor.views.terminal.practice", "tutor.views.widgets.practice", True),
    ("tutor.views.shared.render", "tutor.views.sheet.html", True),
    ("tutor.views.sheet.html", "tutor.views.site.templating", True),
    ("tutor.views.site.viewer", "tutor.views.site.pages", True),  # one step: no import between
    ("tutor.views.site.templating", "tutor.views.site.plan", True),  # back up the flow
    ("tutor.views.site.export", "tutor.views.sheet.model", False),
    ("tutor.views.widgets.sheet", "tutor.views.sheet.html", False),
    ("tutor.views.widgets.replay", "tutor.views.shared.render", False),
    ("tutor.views.site.plan", "tutor.views.site.viewer", False),
    ("tutor.views.site.sources", "tutor.views.site.templating", False),
    ("tutor.views.widgets.quiz", "tutor.views.widgets._common", False),
    ("tutor.cli", "tutor.views.site.export", False),
])
def test_the_views_check_catches_a_front_end_importing_another(module: str, target: str,
                                                                broken: bool) -> None:
    """The views rules themselves, on made-up imports: each break is reported, with its line."""
    breaks = _views_breaks(module, [(7, target)])
    assert bool(breaks) is broken, breaks
    assert all(f"{module} (line 7) imports {target}" in b for b in breaks)


def test_the_check_catches_an_upward_import(tmp_path: Path) -> None:
    """The layer test itself: an engine module importing a view would be reported."""
    fake = tmp_path / "upward.py"
    fake.write_text("from tutor.views.shared.render import render_card\n", encoding="utf-8")
    (line, target, names), = _imports(fake)
    assert _layer("tutor.engine.upward") == 0 and _layer(target) == LAYERS.index("views")
    assert line == 1 and names == ["render_card"]
