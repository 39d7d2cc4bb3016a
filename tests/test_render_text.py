"""Suit symbols in running text are coloured, and the text around them stays escaped."""

from __future__ import annotations

from tutor.views.shared.render import environment, suits


def test_suit_symbols_get_their_colour_and_markup_stays_text() -> None:
    out = str(suits("<b>7♥</b> & 8♠"))
    assert out == ('&lt;b&gt;7<span class="suit-red">♥</span>&lt;/b&gt; &amp; '
                   '8<span class="suit-black">♠</span>')
    assert str(suits("9NT by East")) == "9NT by East"


def test_notes_colour_suits_through_the_template() -> None:
    macro = environment().get_template("_notes.html").module.note  # type: ignore[attr-defined]
    html = str(macro(["Lead the K♦ <now>"]))
    assert 'K<span class="suit-red">♦</span> &lt;now&gt;' in html
