"""``tutor puzzle``'s arguments, apart from the command itself: the command line is built on
every run (``tutor check`` too), and the puzzle command's imports (the history, the rendering)
are paid only when it runs."""

from __future__ import annotations

import argparse

__all__ = ["add_parser"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``tutor puzzle``'s arguments (added to the command line by :mod:`tutor.cli`)."""
    from tutor.views.terminal.arguments import positive
    from tutor.views.terminal.history_commands import add_history_options

    p = sub.add_parser("puzzle", help="solve puzzles near your rating, one after another (answers on stdin)")
    p.add_argument("--theme", metavar="T", help="only puzzles of this theme (shown, so a solve counts "
                   "for less)")
    p.add_argument("--from", dest="folder", metavar="DIR",
                   help="a folder of puzzle files (default: the shipped puzzles/ folder)")
    p.add_argument("--count", type=positive, metavar="N", help="stop after N puzzles (default: when "
                   "you type q, or at the end of input)")
    p.add_argument("--seed", type=int, default=0, help="orders puzzles equally near your rating")
    p.add_argument("--answers", metavar="A;B", help="answer without asking: one card a puzzle, "
                   "separated by ';'")
    p.add_argument("--ascii", action="store_true", help="letters instead of suit symbols")
    add_history_options(p)
    p.set_defaults(func=_cmd_puzzle)



def _cmd_puzzle(args: argparse.Namespace) -> int:
    from tutor.views.terminal.puzzle import cmd_puzzle

    return cmd_puzzle(args)
