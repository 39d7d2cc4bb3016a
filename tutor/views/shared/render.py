"""One way to draw a card, a hand and a trick, for every front end that shows HTML.

The widget and the lesson pages both draw with the macros in ``templates/_cards.html``
through this module, from a Jinja environment with autoescape on.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path

import jinja2
from jinja2.loaders import split_template_path
from markupsafe import Markup

from tutor.engine.cards import Card, Joker, SuitedCard
from tutor.engine.order import sorted_hand
from tutor.engine.piles import Pile
from tutor.engine.play import Play, PlayContext
from tutor.engine.replay import TrickRecord
from tutor.engine.seats import Seat
from tutor.files.guard import UnreadableFile, read_text

__all__ = [
    "MAX_TEMPLATE_BYTES", "Pictures", "UnreadableTemplate", "card_view", "environment", "render_card",
    "render_hand", "render_piles", "render_trick", "sorted_hand",
]

#: The largest template read: 4 MB (the largest shipped, viewer.js, is under 20 kB).
MAX_TEMPLATE_BYTES = 4 * 1024 * 1024


class UnreadableTemplate(jinja2.TemplateError):
    """A template (or a file copied from the templates) that is not a regular file tutor reads:
    the message names the file and says why."""


class _GuardedLoader(jinja2.FileSystemLoader):
    """Jinja's loader of template folders, reading each template through the guard: a pipe, a
    device or a folder under a template's name is refused with the reason (not waited on, read
    for ever, or passed over for the shipped template), and so is a file over the size limit."""

    def get_source(self, environment: jinja2.Environment,
                   template: str) -> tuple[str, str, Callable[[], bool]]:
        pieces = split_template_path(template)
        for folder in self.searchpath:
            filename = posixpath.join(folder, *pieces)
            if os.path.lexists(filename):
                break
        else:
            raise jinja2.TemplateNotFound(template)
        try:
            text = read_text(filename, "template", limit=MAX_TEMPLATE_BYTES)
        except UnreadableFile as err:
            raise UnreadableTemplate(f"{filename}: {err}") from None
        return text, os.path.normpath(filename), lambda: True  # a build never reloads a template


def templates_dir() -> Path:
    """Where the default templates are: ``templates/`` in a checkout, ``tutor/templates`` in a wheel."""
    return Path(str(resources.files("tutor.templates")))


def environment(override: str | Path | None = None) -> jinja2.Environment:
    """A Jinja environment with autoescape on; templates in ``override`` win over the defaults."""
    paths = [str(override)] if override else []
    paths.append(str(templates_dir()))
    env = jinja2.Environment(
        loader=_GuardedLoader(paths),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,  # templates do not change while a process draws; skip a stat per lookup
    )
    env.globals["card_view"] = card_view
    env.globals["memo_card"] = memo_card
    env.filters["card_view"] = card_view
    env.filters["sorted_hand"] = sorted_hand
    env.filters["suits"] = suits
    return env


_SUIT_SPAN = {"♥": "suit-red", "♦": "suit-red", "♠": "suit-black", "♣": "suit-black"}


def suits(text: object) -> Markup:
    """Text (escaped) with each suit symbol in its colour: ``7♥`` → ``7<span class="suit-red">♥</span>``.

    For contracts and calls in running text, so a heart reads red there as it does on a card.
    """
    escaped = str(Markup.escape(text))
    return Markup("".join(
        f'<span class="{_SUIT_SPAN[ch]}">{ch}</span>' if ch in _SUIT_SPAN else ch for ch in escaped
    ))


@lru_cache(maxsize=1)
def _default_env() -> jinja2.Environment:
    return environment()


_CARD_MEMO: dict[tuple[object, ...], Markup] = {}


def memo_card(view: Mapping[str, object], state: str, body: jinja2.runtime.Macro) -> Markup:
    """The HTML that ``body`` (the card macro) draws for ``view`` in ``state``, drawn once."""
    key = (body, state, *view.items())
    hit = _CARD_MEMO.get(key)
    if hit is None:
        if len(_CARD_MEMO) > 4096:
            _CARD_MEMO.clear()
        hit = _CARD_MEMO[key] = Markup(body(view, state))
    return hit


def card_view(card: Card | Play) -> dict[str, object]:
    """What a template needs to draw a card: rank, suit symbol, colour, words for screen readers."""
    return dict(_card_view(card if isinstance(card, Play) else Play(card)))


@lru_cache(maxsize=512)
def _card_view(play: Play) -> tuple[tuple[str, object], ...]:
    """The view of one card as played, made once: a site draws the same cards thousands of times."""
    return tuple(_make_card_view(play).items())


def _make_card_view(play: Play) -> dict[str, object]:
    c = play.card
    named = play.names
    if isinstance(c, Joker):
        view: dict[str, object] = {
            "code": str(play),
            "rank": "Jo" if c.number == 1 else f"Jo{c.number}",
            "symbol": "",
            "colour": "joker",
            "label": c.words() + (f", naming {named.word}" if named else ""),
            "names": named.symbol if named else "",
            "names_colour": ("red" if named.is_red else "black") if named else "",
        }
        return view
    assert isinstance(c, SuitedCard)
    return {
        "code": str(c),
        "rank": c.rank.value,
        "symbol": c.suit.symbol,
        "colour": "red" if c.suit.is_red else "black",
        "label": c.words(),
        "names": "",
        "names_colour": "",
    }


def _macro(name: str, env: jinja2.Environment | None = None) -> jinja2.runtime.Macro:
    module = (env or _default_env()).get_template("_cards.html").module
    macro: jinja2.runtime.Macro = getattr(module, name)
    return macro


def render_card(card: Card | Play, *, state: str = "", env: jinja2.Environment | None = None) -> Markup:
    """One card as HTML; ``state`` adds classes such as ``played``, ``current`` or ``winner``."""
    return Markup(_macro("card", env)(card_view(card), state))


def render_hand(
    seat: Seat,
    cards: Sequence[Card],
    *,
    played: Sequence[Card] = (),
    hidden: bool = False,
    context: PlayContext | None = None,
    env: jinja2.Environment | None = None,
) -> Markup:
    """A seat's hand by suit; cards already played are greyed; ``hidden`` shows only their backs.

    ``context``: the contract's, once it is known; trumps are then drawn first (:func:`sorted_hand`).
    """
    return Markup(
        _macro("hand", env)(
            seat.word,
            [card_view(c) for c in sorted_hand(cards, context)],
            [card_view(c) for c in sorted_hand(played, context)],
            hidden,
        )
    )


def render_piles(
    seat: Seat,
    piles: Sequence[Pile],
    *,
    show_down: bool = False,
    env: jinja2.Environment | None = None,
) -> Markup:
    """The two-handed game: a player's table piles, face-up cards on face-down ones (drawn as
    backs unless ``show_down``, as the deal shows them)."""
    views = [
        {"up": card_view(p.up) if p.up is not None else None,
         "down": card_view(p.down) if p.down is not None else None,
         "down_shown": show_down}
        for p in piles if not p.empty
    ]
    return Markup(_macro("piles", env)(seat.word, views))


def render_trick(
    trick: TrickRecord, *, current: int | None = None, env: jinja2.Environment | None = None
) -> Markup:
    """A trick laid out by seat: the card led, the card just played and the winning card marked.

    Where a seat plays two cards to a trick (the two-handed game) the second has a place of its
    own (``slot`` ``N2``), and the trick is laid out for two players (``table-2``), so that no
    card is drawn over another.
    """
    seen: set[Seat] = set()
    cards = []
    for i, (seat, play) in enumerate(zip(trick.seats, trick.plays, strict=False)):
        state = " ".join(s for s in (
            "current" if current == i else "",
            "winner" if trick.winner_index == i else "",
            "led" if i == 0 else "",
        ) if s)
        cards.append({"seat": seat.value, "seat_word": seat.word, "card": card_view(play),
                      "state": state, "slot": f"{seat.value}2" if seat in seen else seat.value})
        seen.add(seat)
    two = len(set(trick.seats)) == 2 and len(trick.seats) > 2
    winner = trick.winner.word if trick.winner else None
    return Markup(_macro("trick", env)(trick.number, trick.leader.word, cards, winner,
                                       "table-2" if two else ""))


class Pictures:
    """Cards, hands and tricks drawn by this module with one Jinja environment.

    A page shows the same card many times (the deal, the trick, the quiz, the answer); a card's
    picture depends only on the card, its state and the templates, so each is drawn once.
    """

    def __init__(self, env: jinja2.Environment) -> None:
        self.env = env
        self._cards: dict[tuple[str, str], Markup] = {}

    def card(self, card: Card | Play, state: str = "") -> Markup:
        key = (str(card), state)
        found = self._cards.get(key)
        if found is None:
            found = self._cards[key] = render_card(card, state=state, env=self.env)
        return found

    def hand(self, seat: Seat, cards: Sequence[Card], context: PlayContext | None = None) -> Markup:
        """A hand; with a suit contract's ``context``, trumps first (:func:`sorted_hand`)."""
        return render_hand(seat, cards, context=context, env=self.env)

    def trick(self, trick: TrickRecord) -> Markup:
        return render_trick(trick, env=self.env)

    def piles(self, seat: Seat, piles: Sequence[Pile], *, show_down: bool = False) -> Markup:
        """The two-handed game's table piles (:func:`render_piles`)."""
        return render_piles(seat, piles, show_down=show_down, env=self.env)
