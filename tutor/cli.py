"""The ``tutor`` command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

__all__ = ["main"]


def _hand_files(paths: Sequence[str]) -> Iterator[Path]:
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
        else:
            yield path


def cmd_check(args: argparse.Namespace) -> int:
    from .handfile import check

    bad = 0
    count = 0
    for path in _hand_files(args.paths):
        count += 1
        if not path.exists():
            print(f"{path}:1: no such file", flush=False)
            bad += 1
            continue
        problems: list[object]
        try:
            problems = list(check(path)[1])
        except Exception as err:  # a bug in tutor must not stop the other files being checked
            problems = [f"{path}:1: tutor could not check this file ({type(err).__name__}: {err}); "
                        f"please report it"]
        if problems:
            bad += 1
            for problem in problems:
                print(problem)
    if not args.quiet:
        print(f"{count} file{'s' if count != 1 else ''} checked, {bad} with problems", file=sys.stderr)
    return 1 if bad else 0


def cmd_replay(args: argparse.Namespace) -> int:
    from .handfile import check
    from .terminal import format_replay

    result, problems = check(args.file)
    for problem in problems:
        print(problem, file=sys.stderr)
    if result is None or problems:
        return 1
    if args.json:
        print(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(format_replay(result, symbols=not args.ascii))
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    from .schema import schema_json

    print(schema_json())
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    from .rules import PRESET_NAMES, SETTINGS, preset

    if args.preset is None:
        for name in PRESET_NAMES:
            print(f"{name:<12} {preset(name).title}")
        return 0
    rules = preset(args.preset)
    print(f"{rules.name}: {rules.title}\nsource: {rules.source}\n")
    for key, value in rules.settings().items():
        shown = ("on" if value else "off") if isinstance(value, bool) else value
        print(f"  {key:<30} {shown!s:<12} {SETTINGS[key].help}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tutor", description="Learn Five Hundred by replaying real deals trick by trick."
    )
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("replay", help="tell a hand trick by trick, with the ruling behind every card")
    p.add_argument("file")
    p.add_argument("--json", action="store_true", help="print one JSON object instead")
    p.add_argument("--ascii", action="store_true", help="letters instead of suit symbols")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("check", help="check hand files (folders recursively); one line a problem")
    p.add_argument("paths", nargs="+")
    p.add_argument("-q", "--quiet", action="store_true", help="no summary line")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("schema", help="print the JSON Schema for hand files")
    p.set_defaults(func=cmd_schema)

    p = sub.add_parser("rules", help="list the presets, or show one preset's settings")
    p.add_argument("preset", nargs="?")
    p.set_defaults(func=cmd_rules)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except BrokenPipeError:  # pragma: no cover - e.g. `tutor replay … | head`
        return 0
