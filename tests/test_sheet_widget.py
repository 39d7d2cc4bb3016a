"""The score-sheet widget driven as a browser would: move its controls, read the sheet it shows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import traitlets

from tutor.views.sheet.model import score_match
from tutor.views.widgets import ScoreSheetWidget
from tutor.views.widgets.sheet import SHEET_CONTROLS

MATCHES = Path(__file__).parent.parent / "matches"
CARDZO = MATCHES / "cardzo-worked-example.yaml"


@pytest.fixture
def widget() -> ScoreSheetWidget:
    return ScoreSheetWidget.from_file(CARDZO)


def _totals(w: ScoreSheetWidget) -> list[list[str]]:
    """The running totals shown, hand by hand (N/S, E/W), read from the drawn table."""
    rows = re.findall(r'<tr class="hand-row[^"]*" data-hand="\d+">(.*?)</tr>', w.sheet_html.value, re.S)
    return [re.findall(r'<td class="total[^"]*"[^>]*>([^<]*)</td>', r) for r in rows]


def test_starts_with_the_file_settings_and_cardzos_running_totals(widget: ScoreSheetWidget) -> None:
    assert widget.changed == [] and widget.error == ""
    assert widget.target == 500 and widget.lose_at == -500 and widget.slam == "minimum250"
    assert widget.controls["target"].value == 500
    assert _totals(widget) == [["180", "20"], ["210", "−280"], ["210", "−30"], ["630", "−30"]]
    assert "Finished after hand 4." in widget.sheet_html.value
    assert "As the match file says:</b> North–South 630, East–West −30" in widget.summary_html.value
    assert widget.reset_button.disabled


def test_moving_the_lose_at_slider_ends_the_game_after_hand_two(widget: ScoreSheetWidget) -> None:
    widget.controls["lose_at"].value = -250  # the browser moves the slider; the link sets the trait
    assert widget.lose_at == -250 and widget.changed == ["lose_at"]
    assert _totals(widget) == [["180", "20"], ["210", "−280"], ["—", "—"], ["—", "—"]]
    assert "Finished after hand 2." in widget.sheet_html.value
    assert "out the back door" in widget.sheet_html.value
    assert "Played after the game ended (after hand 2): not scored." in widget.sheet_html.value
    summary = widget.summary_html.value
    assert "The file's settings:</b> North–South 630, East–West −30; finished after hand 4" in summary
    assert "These settings:</b> North–South 210, East–West −280; finished after hand 2" in summary
    assert not widget.reset_button.disabled


def test_defenders_scoring_in_misere_adds_north_souths_tricks(widget: ScoreSheetWidget) -> None:
    widget.controls["defenders_score_in_misere"].value = True
    assert _totals(widget)[2] == ["310", "−30"]  # N/S took all ten tricks of E/W's misère: +100
    assert _totals(widget)[3] == ["730", "−30"]
    assert "Defenders score during misère: on (the file: off)" in widget.sheet_html.value


def test_the_slam_dropdown_and_each_setting_match_score_match(widget: ScoreSheetWidget) -> None:
    widget.controls["slam"].value = "plus250"
    assert _totals(widget)[3] == ["880", "−30"]
    widget.target = 1000  # a trait set directly, as the browser's model would
    assert widget.controls["target"].value == 1000
    expected = score_match(widget.match, {"slam": "plus250", "target": 1000})
    assert widget.sheet is not None and dict(widget.sheet.totals) == dict(expected.totals)
    assert "Not finished" in widget.sheet_html.value


def test_reset_goes_back_to_the_file(widget: ScoreSheetWidget) -> None:
    widget.lose_at = -250
    widget.defender_trick_value = 20
    widget.reset_button.click()
    assert widget.changed == [] and widget.controls["lose_at"].value == -500
    assert _totals(widget)[-1] == ["630", "−30"]


@pytest.mark.parametrize(("name", "value", "message"), [
    ("target", 310, "setting target cannot be 310: expected 300 to 1500 in steps of 50"),
    ("lose_at", -100, "setting lose_at cannot be -100: expected -1500 to -200 in steps of 50"),
    ("slam", "double", "setting slam cannot be double"),
    ("defender_trick_value", 25, "setting defender_trick_value cannot be 25"),
])
def test_a_value_out_of_range_is_refused_and_the_sheet_kept(
    widget: ScoreSheetWidget, name: str, value: object, message: str
) -> None:
    with pytest.raises(traitlets.TraitError, match=re.escape(message)):
        setattr(widget, name, value)
    assert widget.changed == [] and _totals(widget)[-1] == ["630", "−30"]


def test_a_game_that_cannot_be_scored_so_says_why() -> None:
    # Three-handed American: trick points can win. Hand 4 passes two opponents at once, which
    # needs the trick order; without win_on_defence the game simply goes on.
    w = ScoreSheetWidget.from_file(MATCHES / "three-handed-american.yaml")
    assert "Cat won" in w.summary_html.value
    w.win_on_defence = False
    assert w.error == "" and "not finished" in w.summary_html.value
    assert [t[-1] for t in _totals(w)] == ["0", "420", "460", "510"]


def test_settings_can_be_given_up_front_and_unknown_ones_are_refused() -> None:
    w = ScoreSheetWidget.from_file(CARDZO, target=300)
    assert w.changed == ["target"] and "(the same outcome)" in w.summary_html.value
    with pytest.raises(ValueError, match="'pack' is not one of the sheet's settings"):
        ScoreSheetWidget.from_file(CARDZO, pack="43")


def test_repr_is_short_and_free_of_model_ids(widget: ScoreSheetWidget) -> None:
    widget.lose_at = -250
    assert repr(widget) == "ScoreSheetWidget(match='Cardzo worked example', changed=['lose_at'])"
    assert set(widget.controls) == set(SHEET_CONTROLS)


def test_the_widget_carries_its_own_score_sheet_styles(widget: ScoreSheetWidget) -> None:
    style = widget.children[1].value
    assert ".tutor-sheet .score-table" in style and ".tutor-sheet .score-table .negative" in style
    assert "http" not in style  # nothing loaded from other hosts
