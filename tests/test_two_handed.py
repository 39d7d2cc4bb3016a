"""The two-handed game, from the rules page's "Two-Player Version" (Megan Corino, Barry Rigal).

Each test quotes the sentence it checks. The lesson hand two-handed-table-cards is the deal the
changes start from: South leads the joker from the table, North follows from hand, South plays a
hand card, North a table card; the joker wins, so trick 2 starts from South's table.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from tutor.engine.auction import parse_call
from tutor.engine.cards import Card
from tutor.engine.hand import Hand, RulesSpec
from tutor.engine.play import Play
from tutor.engine.replay import Replay, StepKind, build
from tutor.engine.rules import preset
from tutor.engine.rulings import Kind
from tutor.engine.seats import Seat, Side, table
from tutor.files import handfile
from tutor.teach.playalong import turns
from tutor.views.shared.render import render_piles
from tutor.views.terminal.replay import format_replay

ROOT = Path(__file__).resolve().parents[1]
LESSON = ROOT / "hands" / "two-handed-table-cards.yaml"


@pytest.fixture(scope="module")
def lesson() -> Hand:
    return handfile.load(LESSON)


def _cards(text: str) -> tuple[Play, ...]:
    return tuple(Play.parse(t) for t in text.split())


def _with_play(hand: Hand, *tricks: str) -> Hand:
    return dataclasses.replace(hand, play=tuple(_cards(t) for t in tricks))


def _problems(hand: Hand) -> list[str]:
    return [p.message for p in build(hand).problems]


def test_the_preset_uses_the_43_card_pack_two_players_and_no_open_misere() -> None:
    # "It uses the standard 43-card deck from the four-player game." "Each player receives 10
    # cards. Five piles of two cards are placed on the table" for each: 10 + 10 + 20 + 3 = 43.
    rules = preset("two-handed")
    assert rules.players == 2 and len(rules.the_pack) == 43 and rules.kitty_size == 3
    assert 2 * 10 + 2 * (5 + 5) + rules.kitty_size == len(rules.the_pack)
    # "Bidding follows standard 500 rules, except Open Misere is not allowed."
    assert rules.misere and not rules.open_misere
    at = table(2)
    assert at.seats == (Seat.N, Seat.S) and at.sides == (Side.ONLY_N, Side.ONLY_S)
    assert at.next(Seat.N) is Seat.S and at.next(Seat.S) is Seat.N


@pytest.mark.parametrize(
    ("overrides", "call", "refused"),
    [
        ({}, "open-misere", "has no open misère"),
        # "In Barry Rigal's version, Misere is not permitted at all."
        ({"misere": False}, "misere", "has no misère"),
        ({"misere": False}, "open-misere", "has no open misère"),
    ],
)
def test_open_misere_is_refused_and_rigal_refuses_misere(
    lesson: Hand, overrides: dict[str, object], call: str, refused: str
) -> None:
    hand = dataclasses.replace(
        lesson, rules_spec=RulesSpec("two-handed", overrides),
        auction=(parse_call("7S"), parse_call(call)), discard=None, play=(),
    )
    (message,) = _problems(hand)
    assert refused in message


def test_corino_allows_misere(lesson: Hand) -> None:
    hand = dataclasses.replace(lesson, auction=(parse_call("7S"), parse_call("misere")),
                               discard=None, play=())
    assert _problems(hand) == []


def test_the_lesson_replays_and_scores_as_the_four_handed_game(lesson: Hand) -> None:
    # "Scoring: Follows standard four-player Five Hundred rules": seven hearts is worth 200,
    # the opponent scores 10 a trick.
    rp = build(lesson)
    assert rp.problems == ()
    assert rp.result is not None
    assert rp.tricks_won() == {Side.ONLY_N: 3, Side.ONLY_S: 7}
    assert dict(rp.result.score) == {Side.ONLY_N: 30, Side.ONLY_S: 200}
    assert all(len(t.plays) == 4 for t in rp.tricks)


def test_four_cards_a_trick_one_from_each_hand_and_each_players_table(lesson: Hand) -> None:
    # "Tricks involve four cards - one from each player's hand and one from their face-up table
    # cards." North's 7 of hearts came from hand, so North's second card must come from the table.
    rp = build(lesson)
    first = rp.tricks[0]
    assert first.seats == (Seat.S, Seat.N, Seat.S, Seat.N)
    assert first.sources == ("table", "hand", "hand", "table")
    (message,) = _problems(_with_play(lesson, "Jo 7H 5H 10H"))
    assert "North has already played from hand to this trick" in message
    assert "must come from the table" in message


def test_the_winning_cards_place_decides_where_the_next_trick_starts(lesson: Hand) -> None:
    # "If won with a face-up card, the next trick starts with a face-up card."
    rp = build(lesson)
    assert rp.tricks[0].winner is Seat.S and rp.tricks[0].sources[0] == "table"
    assert "so South starts the next trick from the table" in str(rp.tricks[0].ruling)
    (message,) = _problems(_with_play(lesson, "Jo 7H 5H 6S", "QH"))
    assert "won with a face-up table card, so this trick starts from the table" in message
    # "If won with a hand card, the next trick starts with a hand card." North's right bower
    # wins trick 2 from hand; North may not lead trick 3 from the table.
    assert rp.tricks[1].winner is Seat.N and rp.tricks[1].sources[1] == "hand"
    assert rp.tricks[2].sources[0] == "hand"
    (message,) = _problems(_with_play(lesson, "Jo 7H 5H 6S", "AH JH 6H 4H", "JS"))
    assert "won with a hand card, so this trick starts from hand" in message


def test_a_face_down_card_is_turned_at_the_end_of_the_trick_that_uncovers_it(lesson: Hand) -> None:
    # "Any face-down cards revealed at the end of a trick become available for future play."
    (message,) = _problems(_with_play(lesson, "Jo 4H"))
    assert "4H is still face down" in message
    rp = build(lesson)
    turn = next(s for s in rp.steps if s.kind is StepKind.TURN)
    assert turn.trick == 1 and turn.ruling.kind is Kind.TABLE_CARD_TURNED
    assert turn.ruling.cards == (Card.parse("4H"), Card.parse("6D"))
    assert "North's face-down card is turned: the 4 of hearts" in turn.ruling.text
    # South's 6 of diamonds, under the joker, may lead trick 2 from the table.
    assert _problems(_with_play(lesson, "Jo 7H 5H 6S", "6D")) == []
    index = rp.steps.index(turn)
    before, after = rp.states[index - 1].piles, rp.states[index].piles
    assert before is not None and after is not None
    assert before[Seat.S][4].up is None and before[Seat.S][4].down == Card.parse("6D")
    assert after[Seat.S][4].up == Card.parse("6D") and after[Seat.S][4].down is None


def test_follow_suit_counts_the_hand_and_the_face_up_cards(lesson: Hand) -> None:
    # North's first card may come from hand or table, but North holds hearts in hand: a spade
    # from the table is a revoke.
    (message,) = _problems(_with_play(lesson, "Jo 6S"))
    assert "North plays 6S from the table" in message and "heart" in message
    # North's second card must come from the table, which has no heart: any card is allowed,
    # and the ruling says which place was void and that the other still holds the suit.
    rp = build(lesson)
    text = str(rp.tricks[0].rulings[3])
    assert "North has no hearts face up on the table" in text
    assert "North still has a heart in hand, but this card must come from the table" in text


def test_the_deal_needs_five_piles_of_two_for_each_player(lesson: Hand, tmp_path: Path) -> None:
    assert lesson.piles is not None
    text = LESSON.read_text("utf-8")
    short = text.replace("up: [6S, JS, 5C, 10S, 6C]", "up: [6S, JS, 5C, 10S]")
    _rp, problems = handfile.check(tmp_path / "short.yaml", short)
    assert problems and "North has 4 up cards on the table" in problems[0].message
    assert problems[0].line == short.splitlines().index("    up: [6S, JS, 5C, 10S]") + 1
    twice = text.replace("down: [4H, 9S, AC, 5D, 9H]", "down: [4H, 9S, AC, 5D, JH]")
    _rp, problems = handfile.check(tmp_path / "twice.yaml", twice)
    assert any("JH is dealt 2 times" in p.message for p in problems)
    no_piles = dataclasses.replace(lesson, piles=None)
    assert "deals five piles of table cards to each player" in _problems(no_piles)[0]


def test_piles_belong_to_the_two_handed_game_only() -> None:
    four = handfile.load(ROOT / "hands" / "first-night-seven-hearts.yaml")
    hand = dataclasses.replace(four, piles={})
    assert "only the two-handed game has piles" in _problems(hand)[0]


def test_the_hand_file_round_trips_and_validates(lesson: Hand) -> None:
    import jsonschema
    import yaml

    from tutor.files.schema import schema

    text = handfile.dumps(lesson)
    assert handfile.loads(text) == lesson
    jsonschema.Draft202012Validator(schema()).validate(yaml.safe_load(LESSON.read_text("utf-8")))
    with pytest.raises(handfile.HandFileError, match="need both up and down"):
        handfile.loads(text.replace("    down: [4H, 9S, AC, 5D, 9H]\n", ""))


def test_json_names_the_seats_the_piles_and_where_each_card_came_from(lesson: Hand) -> None:
    data = json.loads(json.dumps(build(lesson).to_json()))
    assert data["players"] == 2 and data["seats"] == ["N", "S"]
    assert data["piles"]["S"]["up"] == ["KH", "9C", "KD", "AH", "Jo"]
    assert data["tricks"][0]["sources"] == ["table", "hand", "hand", "table"]
    assert data["tricks_won"] == {"N": 3, "S": 7}
    assert "table-card-turned" in {s["kind"] for s in data["steps"]}


def test_the_terminal_shows_the_piles_the_table_cards_and_the_turned_cards(lesson: Hand) -> None:
    text = format_replay(build(lesson), symbols=False)
    assert "North's table piles (face up/face down): 6S/4H  JS/9S  5C/AC  10S/5D  6C/9H" in text
    assert "  South  Jo t * South leads first" in text
    assert "North's face-down card is turned: the 4 of hearts" in text
    assert "Score: North +30, South +200" in text


def test_play_along_offers_the_hand_and_face_up_cards_the_rules_allow(lesson: Hand) -> None:
    rp = build(lesson)
    all_turns = list(turns(rp))
    assert len(all_turns) == 40
    for turn in all_turns:
        assert turn.actual.card in turn.legal()
    lead = all_turns[0]  # trick 1 may start from hand or table: all ten hand cards and five up
    assert len(lead.hand) == 15
    second = all_turns[3]  # North's second card: the table only, no heart there
    assert set(second.hand) == {Card.parse(c) for c in ("6S", "JS", "5C", "10S", "6C")}


def test_the_widget_and_the_lesson_page_draw_the_table_piles(lesson: Hand, tmp_path: Path) -> None:
    from tutor.views.site.export import Site
    from tutor.views.widgets.replay import ReplayWidget

    rp = build(lesson)
    piles = rp.states[0].piles
    assert piles is not None
    html = str(render_piles(Seat.N, piles[Seat.N]))
    assert "North's table" in html and 'data-card="6S"' in html and 'data-card="4H"' not in html
    widget = ReplayWidget(rp, play_as="N")
    for i in range(len(rp.steps)):
        widget.step = i
        assert "North&#39;s table" in widget.table.value or "North's table" in widget.table.value
    out = tmp_path / "site"
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / LESSON.name).write_text(LESSON.read_text("utf-8"), "utf-8")
    Site([folder], out).build()
    page = (out / "lessons" / "two-handed-table-cards.html").read_text("utf-8")
    assert "South&#39;s table" in page and 'data-card="6D"' in page
    assert "South&#39;s face-down card is turned: the 6 of diamonds" in page


def test_random_two_handed_deals_offer_exactly_what_the_replay_allows() -> None:
    """For random deals (Corino's and Rigal's rules): every card played is among the cards the
    rules open to its player, each open card the engine calls legal replays without a problem,
    and the table cards run out with the hands."""
    from tutor.engine.play import IllegalPlay, judge_play, legal_plays
    from tutor.engine.randomdeal import random_hand

    for seed in range(40):
        spec = RulesSpec("two-handed", {"misere": False} if seed % 2 else {})
        rp = build(random_hand(700 + seed, spec))
        assert rp.problems == () and rp.complete and rp.context is not None
        final = rp.states[-1].piles
        assert final is not None and all(p.empty for s in final for p in final[s])
        for turn in turns(rp):
            legal = legal_plays(turn.hand, turn.plays, rp.context, shown_void=turn.shown_void,
                                led_before=turn.led_before)
            assert turn.actual.card in legal
            for card in dict.fromkeys(turn.hand):
                try:
                    judge_play(turn.seat, turn.hand, turn.plays, turn.play_for(card), rp.context,
                               shown_void=turn.shown_void, led_before=turn.led_before)
                    allowed = True
                except IllegalPlay:
                    allowed = False
                assert allowed == (card in legal), (seed, turn.index, card)


def test_the_cards_play_along_offers_are_the_cards_the_replay_accepts() -> None:
    import random

    from tutor.engine.play import legal_plays
    from tutor.engine.randomdeal import random_hand

    rng = random.Random(3)
    for seed in range(12):
        hand = random_hand(900 + seed, RulesSpec("two-handed"))
        rp = build(hand)
        all_turns = list(turns(rp))
        for turn in rng.sample(all_turns, 4):
            assert rp.context is not None
            before = rp.states[turn.index - 1]
            piles = (before.piles or {})[turn.seat]
            owned = {*before.hands[turn.seat], *(c for p in piles for c in (p.up, p.down) if c)}
            legal = legal_plays(turn.hand, turn.plays, rp.context, shown_void=turn.shown_void,
                                led_before=turn.led_before)
            t, c = turn.trick - 1, turn.position - 1
            for card in owned:
                cut = dataclasses.replace(
                    hand, play=(*hand.play[:t], (*hand.play[t][:c], turn.play_for(card)))
                )
                clean = build(cut).problems == ()
                assert clean == (card in legal), (seed, turn.index, card)


def test_a_joker_on_the_table_cannot_be_nominated(lesson: Hand) -> None:
    # South's joker lies face up on the table: "held by the contractor" is read as in hand.
    from tutor.engine.cards import Suit

    hand = dataclasses.replace(lesson, auction=(parse_call("pass"), parse_call("7NT")),
                               joker=Suit.HEARTS, play=())
    (message,) = _problems(hand)
    assert "South nominates the joker as a heart but does not hold it" in message
    assert _problems(dataclasses.replace(hand, joker=None)) == []


def test_the_left_bower_reminder_stops_once_the_jack_is_played() -> None:
    """As at four hands, "(the jack of diamonds is a heart this hand)" is said only while the
    jack is still to be played, and only to the player who could play it: in the replay's
    rulings and in every card play-along would accept or refuse. Play-along's turns know the
    jack is out once it is played (it may lie on the table, face up or face down, until then)."""
    from tutor.engine.play import IllegalPlay
    from tutor.engine.randomdeal import random_hand

    checked = 0
    for seed in range(60):
        rp = build(random_hand(400 + seed, RulesSpec("two-handed")))
        ctx = rp.context
        if rp.problems or ctx is None or ctx.left_bower is None or ctx.trumps is None:
            continue
        left = ctx.left_bower
        reminder = f"{left.words()} is a {ctx.trumps.singular} this hand"
        for turn in turns(rp):
            assert turn.left_bower_out is (left not in _still_dealt(rp, turn.index)), (seed, turn.index)
            said = [turn.ruling.text]
            for card in dict.fromkeys(turn.hand):
                try:
                    said.append(turn.judge(card).text)
                except IllegalPlay as err:
                    said.append(str(err))
            if turn.left_bower_out:
                checked += 1
                assert not any(reminder in text for text in said), (seed, turn.index, said)
            elif left not in turn.hand:
                assert not any(reminder in text for text in said), (seed, turn.index, said)
    assert checked >= 100


def _still_dealt(rp: Replay, index: int) -> set[Card]:
    """The cards in a hand or on the table, face up or down, just before step ``index``."""
    before = rp.states[index - 1]
    out: set[Card] = {c for cards in before.hands.values() for c in cards}
    out |= {c for piles in (before.piles or {}).values() for p in piles for c in (p.up, p.down) if c}
    return out


def test_play_along_knows_the_lessons_left_bower_is_out_after_trick_five() -> None:
    """South leads the jack of diamonds (the left bower in hearts) to trick 5."""
    rp = build(handfile.load(LESSON))
    out = {(t.trick, t.position): t.left_bower_out for t in turns(rp)}
    assert not any(v for (trick, pos), v in out.items() if (trick, pos) <= (5, 1))
    assert all(v for (trick, pos), v in out.items() if (trick, pos) > (5, 1))
