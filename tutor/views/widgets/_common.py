"""What the widgets share: the Jinja environment, their stylesheet, and card buttons."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import ipywidgets as widgets
import jinja2

from tutor.engine.cards import Card, Joker, SuitedCard
from tutor.views.shared import render


@lru_cache(maxsize=1)
def env() -> jinja2.Environment:
    return render.environment()


def macros(template: str) -> Any:
    """The macros of one of the widget templates."""
    return env().get_template(template).module


@lru_cache(maxsize=1)
def style_html() -> str:
    return env().get_template("widget_style.html").render()


def style_widget() -> widgets.HTML:
    return widgets.HTML(style_html(), layout=widgets.Layout(display="none"))


def card_button(card: Card, *, toggle: bool = False) -> widgets.Button | widgets.ToggleButton:
    """A button that shows one card (its face as the renderer writes it) and knows its code."""
    face = card.pretty()
    colour = "#5a2a91" if isinstance(card, Joker) else (
        "#c0161d" if isinstance(card, SuitedCard) and card.suit.is_red else "#111111"
    )
    layout = widgets.Layout(width="auto", min_width="3.2em")
    button: widgets.Button | widgets.ToggleButton
    if toggle:
        button = widgets.ToggleButton(value=False, description=face, tooltip=card.words(), layout=layout)
    else:
        button = widgets.Button(description=face, tooltip=card.words(), layout=layout)
        button.style.text_color = colour
    button.style.font_weight = "bold"
    button.add_class("tutor-card-button")
    button.add_class(f"tutor-card-{card}")
    return button
