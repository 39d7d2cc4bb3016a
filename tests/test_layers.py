"""The package is grouped by layer, and imports only go downward.

engine (the rules, no I/O) → solve (double-dummy analysis) → files (YAML in, engine objects
out) → teach (quiz, play-along) → views (terminal, HTML, widgets) → cli. A module may import
from its own layer and the layers below it, never from above; no module imports a private
name from another; and the modules import one another without a circle.
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


def test_the_check_catches_an_upward_import(tmp_path: Path) -> None:
    """The layer test itself: an engine module importing a view would be reported."""
    fake = tmp_path / "upward.py"
    fake.write_text("from tutor.views.shared.render import render_card\n", encoding="utf-8")
    (line, target, names), = _imports(fake)
    assert _layer("tutor.engine.upward") == 0 and _layer(target) == LAYERS.index("views")
    assert line == 1 and names == ["render_card"]
