"""Quiz questions from replays, answered and explained by the engine, reproducible by seed.

Three kinds of question, each taken from a replayed hand (a hand file or a random deal):

* **who wins this trick** — a complete trick, all its cards shown; the choices in the lesson
  site's fair order, and a seat that wins most tricks asked about less (:mod:`tutor.teach.asking`);
* **which cards may this player play** — a seat's hand and the trick so far;
* **what does this hand score** — the contract, the rules and the tricks each side took.

The answer, and the explanation shown with it, is always the engine's own ruling; this module
only chooses the questions, offers the choices and compares the learner's answer. A fourth
kind, **which card is best** (``best-card``), is answered by the double-dummy solver
(:mod:`tutor.teach.bestcard`) and asked only when requested.

>>> quiz = make_quiz(seed=7, count=3)
>>> [q.kind.value for q in quiz] == [q.kind.value for q in make_quiz(seed=7, count=3)]
True
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tutor.engine.auction import Contract
from tutor.engine.cards import Card, CardError, Joker, Suit
from tutor.engine.decision import choice_code, choice_pretty
from tutor.engine.hand import Hand
from tutor.engine.order import sorted_hand
from tutor.engine.play import IllegalPlay, Play, PlayContext
from tutor.engine.randomdeal import random_hand
from tutor.engine.replay import Replay, TrickRecord, build
from tutor.engine.rulings import TOPICS, Kind, Ruling
from tutor.engine.scoring import signed
from tutor.engine.seats import Seat, SeatError, Side
from tutor.engine.wording import rules_words
from tutor.teach.asking import asked_in, choice_order
from tutor.teach.bestcard import best_card_spots
from tutor.teach.keys import QuestionKind, deal_id, key_of
from tutor.teach.playalong import Turn, turns
from tutor.teach.reasons import legal_reasons
from tutor.teach.seatview import SeatView, SeatViewError, seat_view

__all__ = [
    "BASIC_KINDS",
    "TOPIC_CHOICES",
    "Choice",
    "Feedback",
    "Question",
    "QuestionKind",
    "QuizSession",
    "best_card_questions",
    "decision_question",
    "known_topics",
    "make_quiz",
    "matches_topic",
    "questions_from",
    "shortfall",
    "unknown_topics",
]

#: The topics a learner can pick from; any lesson tag (LESSONS.md) is accepted too.
TOPIC_CHOICES: tuple[str, ...] = ("left-bower", "joker", "no-trumps", "misere", "follow-suit", "scoring")


#: The kinds a quiz mixes unless told otherwise: the engine answers them without the solver.
BASIC_KINDS: tuple[QuestionKind, ...] = (QuestionKind.WHO_WINS, QuestionKind.LEGAL_PLAYS, QuestionKind.SCORE)


@dataclass(frozen=True)
class Choice:
    """One answer a learner may give: a short key (``N``, ``JD``, ``b``) and what it shows."""

    key: str
    label: str
    card: Card | None = None
    plain: str = ""

    def text(self, *, symbols: bool = True) -> str:
        """The label, or with ``symbols=False`` the same with card codes for suit symbols."""
        return self.label if symbols or not self.plain else self.plain


@dataclass(frozen=True)
class Feedback:
    """The verdict on an answer: right or not, the right answer, and the engine's reasons."""

    correct: bool
    given: frozenset[str]
    expected: frozenset[str]
    answer_text: str
    reasons: tuple[str, ...]

    @property
    def headline(self) -> str:
        return "Right." if self.correct else f"Not quite: {self.answer_text}."

    def __str__(self) -> str:
        return "\n".join([self.headline, *self.reasons])


@dataclass(frozen=True)
class Question:
    """One question, with everything a front end needs to show it and check an answer."""

    kind: QuestionKind
    source: str
    prompt: str
    contract: Contract
    rules: str
    """The rules in words, with every setting changed from the preset (never a setting name)."""
    choices: tuple[Choice, ...]
    answer: frozenset[str]
    ruling: Ruling
    topics: frozenset[str]
    multiple: bool = False
    trick: TrickRecord | None = None
    seat: Seat | None = None
    hand: tuple[Card, ...] = ()
    tricks_won: dict[Side, int] = field(default_factory=dict)
    turn: Turn | None = None
    #: The explanation shown with the answer, when it is not the engine's ruling (best-card).
    explanation: tuple[str, ...] = ()
    #: The deal the question is taken from: the history keeps it, to ask the question again.
    deal: Hand | None = None
    #: A lesson's decision: what the deciding seat knows (its hand, the calls and cards so far,
    #: the kitty once taken), all the question shows of the deal; the rest comes with the answer.
    view: SeatView | None = None

    def notation_example(self) -> tuple[Card, ...]:
        """Two cards to show how an answer is written: never cards of this hand (nor of the
        choices), so the example cannot give any of the answer away."""
        held = set(self.hand) | {c.card for c in self.choices if c.card is not None}
        return tuple(c for c in _EXAMPLE_CARDS if c not in held)[:2]

    def answer_hint(self) -> str:
        """How to write an answer of cards: notation shown with cards not in the hand, in words."""
        examples = self.notation_example()
        shown = ", ".join(f"{c} {'is ' if i == 0 else ''}{c.words()}" for i, c in enumerate(examples))
        return f"Answer with the playable cards in notation ({shown})"

    def hand_in_order(self) -> list[Card]:
        """The seat's hand as every front end shows it: trumps first once the contract is known
        (:func:`~tutor.engine.order.sorted_hand` with the turn's context)."""
        return sorted_hand(self.hand, self.turn.ctx if self.turn is not None else None)

    @property
    def answer_text(self) -> str:
        return self.answer_words()

    def answer_words(self, *, symbols: bool = True) -> str:
        """The right answer in words: ``West (J♠) wins``."""
        if self.multiple:
            cards = [c.text(symbols=symbols) for c in self.choices if c.key in self.answer]
            return "the playable cards are " + ", ".join(cards)
        if self.kind is QuestionKind.BEST_CARD:
            cards = [c.text(symbols=symbols) for c in self.choices if c.key in self.answer]
            return ("the best card is " if len(cards) == 1 else "the best cards are ") + ", ".join(cards)
        (key,) = self.answer
        label = next(c.text(symbols=symbols) for c in self.choices if c.key == key)
        return {
            QuestionKind.WHO_WINS: f"{label} wins",
            QuestionKind.SCORE: label,
        }.get(self.kind, label)

    def parse(self, text: str) -> frozenset[str]:
        """Read a typed answer: a seat or the card it played; card codes; a letter or two scores.

        Raises ``ValueError`` with a message that says what was expected.
        """
        raw = text.strip()
        keys = {c.key.upper(): c.key for c in self.choices}
        if self.kind is QuestionKind.WHO_WINS:
            if raw.upper() in keys:
                return frozenset({keys[raw.upper()]})
            try:
                seat = Seat.parse(raw)
                if seat.value in keys.values():
                    return frozenset({seat.value})
            except SeatError:
                pass
            for choice in self.choices:
                if choice.card is not None and _same_card(raw, choice.card):
                    return frozenset({choice.key})
            if any(c.key == str(c.card) for c in self.choices):
                raise ValueError(f"cannot read {raw!r}: answer with one of the cards played "
                                 f"({', '.join(c.key for c in self.choices)})")
            raise ValueError(f"cannot read {raw!r}: answer with a seat (N, E, S, W) or the card it played")
        if self.kind is QuestionKind.DECISION:
            return self._parse_decision(raw)
        if self.kind in (QuestionKind.LEGAL_PLAYS, QuestionKind.BEST_CARD):
            picked: set[str] = set()
            for part in re.split(r"[\s,]+", raw):
                if not part:
                    continue
                match = next((c for c in self.choices if c.card and _same_card(part, c.card)), None)
                if match is None:
                    shown = " ".join(str(c) for c in self.notation_example())
                    raise ValueError(f"cannot read {part!r}: answer with cards from the hand, each "
                                     f"written as in {shown} (not cards of this hand)")
                picked.add(match.key)
            if not picked:
                raise ValueError("answer with at least one card: every player has a card to play")
            return frozenset(picked)
        if raw.lower() in {k.lower() for k in keys}:
            return frozenset({next(v for k, v in keys.items() if k.lower() == raw.lower())})
        numbers = re.findall(r"[-+−]?\d+", raw)
        if len(numbers) == 2:
            ns, ew = (int(n.replace("−", "-")) for n in numbers)
            for choice in self.choices:
                if choice.label == _score_label(ns, ew):
                    return frozenset({choice.key})
            return frozenset({f"{ns} {ew}"})
        raise ValueError(
            f"cannot read {raw!r}: answer with a letter ({', '.join(c.key for c in self.choices)}) "
            f"or the two scores, North–South then East–West"
        )

    def _parse_decision(self, raw: str) -> frozenset[str]:
        """A letter, or the choice in notation (a discard's cards in any order, a suit's name)."""
        wanted = sorted(p.upper().replace("JO", "Jo") for p in re.split(r"[\s,]+", raw) if p)
        for choice in self.choices:
            names = {choice.key.upper(), choice.plain.upper(), choice.label.upper()}
            if raw.upper() in names or wanted == sorted(p.upper().replace("JO", "Jo")
                                                        for p in choice.plain.split()):
                return frozenset({choice.key})
            try:
                suit = Suit.parse(choice.plain)
            except CardError:
                continue
            if raw.lower() in (suit.word, suit.singular, suit.value.lower(), suit.symbol):
                return frozenset({choice.key})
        raise ValueError(f"cannot read {raw!r}: answer with a letter "
                         f"({', '.join(c.key for c in self.choices)}) or one of "
                         f"{', '.join(c.plain for c in self.choices)}")

    def check(self, given: Iterable[str]) -> Feedback:
        """Compare an answer (choice keys) with the engine's; the reasons are the engine's rulings."""
        picked = frozenset(given)
        correct = picked == self.answer
        if self.kind is QuestionKind.BEST_CARD:  # any one of the best cards is right
            correct = bool(picked) and picked <= self.answer
        reasons: list[str] = []
        if self.explanation:
            reasons = list(self.explanation)
        elif self.kind is QuestionKind.LEGAL_PLAYS and self.turn is not None:
            offered = [(c.key, c.card) for c in self.choices if c.card is not None]
            reasons = legal_reasons(self.turn, offered, self.answer, picked)
        else:
            reasons = [self.ruling.text]
        return Feedback(correct, picked, self.answer, self.answer_text, tuple(reasons))

    def check_text(self, text: str) -> Feedback:
        return self.check(self.parse(text))


#: The cards an answer hint may show as examples of notation (the first two not in the hand):
#: a ten and a court card, so both ways a rank is written are seen.
_EXAMPLE_CARDS: tuple[Card, ...] = tuple(
    Card.parse(t) for t in ("10S", "QH", "9D", "KC", "10H", "QS", "9C", "KD", "10D", "QC", "9H", "KS",
                            "10C", "QD", "9S", "KH")
)


def _same_card(text: str, card: Card) -> bool:
    """True when ``text`` writes ``card`` (any case; a led joker's ``:S`` is allowed)."""
    try:
        return Play.parse(text.strip().upper().replace("JO", "Jo")).card == card
    except CardError:
        return False


def _score_label(ns: int, ew: int) -> str:
    return f"North–South {signed(ns)}, East–West {signed(ew)}"


def _tricks(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


# --------------------------------------------------------------------------- topics

def _contract_topics(contract: Contract) -> set[str]:
    bid = contract.bid
    if bid.is_misere:
        return {"misere"}
    return {"no-trumps"} if bid.is_no_trumps else set()


def _card_topics(cards: Iterable[Card], ctx: PlayContext) -> set[str]:
    out: set[str] = set()
    for card in cards:
        if ctx.is_left_bower(card):
            out.add("left-bower")
        if ctx.is_right_bower(card):
            out.add("right-bower")
        if isinstance(card, Joker):
            out.add("joker-in-trumps" if ctx.trumps is not None else "joker-in-no-trumps")
    return out


#: The topic only the first trick's lead teaches (docs/topics.md): a lead later in the hand is
#: a ruling of the same kind, but not on that topic.
_FIRST_TRICK_ONLY = "opening-lead"


def _kind_topics(kinds: Iterable[Kind], trick: int | None) -> set[str]:
    """The topics of these rulings at this trick (``None``: not at a trick, such as the score)."""
    return {t for k in kinds for t in TOPICS[k] if t != _FIRST_TRICK_ONLY or trick == 1}


def known_topics() -> tuple[str, ...]:
    """Every topic a question can have, sorted: what ``--topic`` may ask for."""
    found = {t for ts in TOPICS.values() for t in ts} | set(TOPIC_CHOICES)
    found |= {"right-bower", "joker-in-trumps", "joker-in-no-trumps"}  # from the cards (_card_topics)
    return tuple(sorted(found))


def unknown_topics(wanted: Iterable[str]) -> list[str]:
    """The topics in ``wanted`` that no question can have (a typo), in the order given."""
    known = set(known_topics())
    return [w for w in wanted if not matches_topic(known, [w])]


def matches_topic(topics: Iterable[str], wanted: Iterable[str]) -> bool:
    """True when any wanted topic is among ``topics``; ``joker`` matches every joker topic."""
    have = set(topics)
    for w in wanted:
        key = w.strip().lower().replace("è", "e").replace(" ", "-")
        if key in have or (key == "joker" and any(t.startswith("joker") for t in have)):
            return True
    return False


# --------------------------------------------------------------------------- question makers

def _who_wins(rp: Replay, trick: TrickRecord, deal: str) -> Question:
    assert rp.contract is not None and trick.ruling is not None and trick.winner is not None
    assert rp.context is not None
    seats = trick.seats[: len(trick.plays)]
    # A seat that plays two cards to a trick (the two-handed game): "South" would not say
    # which of South's cards won, so the answers are the cards.
    by_card = len(set(seats)) < len(seats)
    played = [
        Choice(str(play) if by_card else seat.value, f"{seat.word} ({play.pretty()})", play.card,
               f"{seat.word} ({play})")
        for seat, play in zip(seats, trick.plays, strict=False)
    ]
    # In the order played the leader, who wins most tricks, would come first: the choices go
    # round the table from a place drawn from the question's key, as on the lesson site.
    order = choice_order(key_of(deal, QuestionKind.WHO_WINS, trick.number, None), len(played))
    choices = tuple(played[i] for i in order)
    assert trick.winner_index is not None
    answer = str(trick.plays[trick.winner_index]) if by_card else trick.winner.value
    led = trick.plays[0]
    question = "which card wins this trick?" if by_card else "who wins this trick?"
    shown = dataclasses.replace(trick, winner=None, winner_index=None, ruling=None)
    topics = (
        _kind_topics([trick.ruling.kind, *(r.kind for r in trick.rulings)], trick.number)
        | _contract_topics(rp.contract)
        | _card_topics(trick.cards, rp.context)
    )
    return Question(
        kind=QuestionKind.WHO_WINS,
        source=rp.hand.title,
        prompt=f"Trick {trick.number} of {rp.contract.words()}: {trick.leader.word} led "
        f"{led.card.words()}; {question}",
        contract=rp.contract,
        rules=rules_words(rp.rules),
        choices=choices,
        answer=frozenset({answer}),
        ruling=trick.ruling,
        topics=frozenset(topics),
        trick=shown,
        deal=rp.hand,
    )


def _legal_plays(rp: Replay, turn: Turn) -> Question:
    assert rp.contract is not None
    legal = set(turn.legal())
    # In the order the hand is shown (trumps first), so the feedback lists cards in that order.
    choices = tuple(Choice(str(c), c.pretty(), c, str(c))
                    for c in sorted_hand(dict.fromkeys(turn.hand), turn.ctx))
    kinds: list[Kind] = []
    for card in dict.fromkeys(turn.hand):
        try:
            kinds.append(turn.judge(card).kind)
        except IllegalPlay as err:
            kinds.append(err.rule)
    topics = (
        _kind_topics(kinds, turn.trick) | _contract_topics(rp.contract)
        | _card_topics(turn.hand, turn.ctx) | {"follow-suit"}
    )
    trick = TrickRecord(turn.trick, turn.seats[0] if turn.seats else turn.seat, turn.seats, turn.plays, ())
    where = "leads" if not turn.plays else "is next to play"
    return Question(
        kind=QuestionKind.LEGAL_PLAYS,
        source=rp.hand.title,
        prompt=f"Trick {turn.trick} of {rp.contract.words()}: {turn.seat.word} {where}. "
        f"Which cards may {turn.seat.word} play?",
        contract=rp.contract,
        rules=rules_words(rp.rules),
        choices=choices,
        answer=frozenset(str(c) for c in legal),
        ruling=turn.ruling,
        topics=frozenset(topics),
        multiple=True,
        trick=trick,
        seat=turn.seat,
        hand=turn.hand,
        turn=turn,
        deal=rp.hand,
    )


def _score(rp: Replay, rng: random.Random) -> Question:
    result = rp.result
    assert result is not None and rp.contract is not None
    ns, ew = result.score[Side.NS], result.score[Side.EW]
    declarer = rp.contract.declarer.side
    d, e = result.score[declarer], result.score[declarer.other]
    # Wrong answers a learner might give: made and set confused, the defenders' tricks forgotten
    # or counted against them, the contract's value taken as the score either way.
    wrong: list[tuple[int, int]] = [(-d, e), (d, 0), (-d, 0), (d, e + 10), (d + 250, e)]
    options = [(d, e)]
    for pair in wrong:
        if pair not in options:
            options.append(pair)
    picked = [options[0], *rng.sample(options[1:], min(3, len(options) - 1))]
    rng.shuffle(picked)
    choices = []
    answer = ""
    for i, (a, b) in enumerate(picked):
        pair = (a, b) if declarer is Side.NS else (b, a)
        key = "abcd"[i]
        choices.append(Choice(key, _score_label(*pair)))
        if pair == (ns, ew):
            answer = key
    won = dict(result.tricks_won)
    topics = _kind_topics([result.ruling.kind], None) | _contract_topics(rp.contract) | {"scoring"}
    return Question(
        kind=QuestionKind.SCORE,
        source=rp.hand.title,
        prompt=(
            f"{rp.contract.words().capitalize()}, {rp.rules.title} rules: North–South took "
            f"{_tricks(won[Side.NS])}, East–West {won[Side.EW]}. What does each side score?"
        ),
        contract=rp.contract,
        rules=rules_words(rp.rules),
        choices=tuple(choices),
        answer=frozenset({answer}),
        ruling=result.ruling,
        topics=frozenset(topics),
        tricks_won=won,
        deal=rp.hand,
    )


def questions_from(
    rp: Replay, rng: random.Random, kinds: Sequence[QuestionKind] = BASIC_KINDS
) -> list[Question]:
    """Every question a replay offers: each trick, each following card worth asking, the score."""
    if rp.contract is None or rp.context is None or rp.problems:
        return []
    out: list[Question] = []
    if QuestionKind.WHO_WINS in kinds:
        deal = deal_id(rp.hand)
        out += [_who_wins(rp, t, deal) for t in rp.tricks if t.complete]
    if QuestionKind.LEGAL_PLAYS in kinds:
        for turn in turns(rp):
            # A lead is free and a last card is forced: ask only where there is a choice to learn.
            if turn.plays and len(set(turn.hand)) > 1:
                out.append(_legal_plays(rp, turn))
    # The score question offers pairs of partnership scores: the four-handed game only, so far.
    if QuestionKind.SCORE in kinds and rp.result is not None and rp.rules.players == 4:
        out.append(_score(rp, rng))
    if QuestionKind.BEST_CARD in kinds:
        out += best_card_questions(rp)
    if QuestionKind.DECISION in kinds:
        asked = decision_question(rp)
        out += [asked] if asked is not None else []
    return out


#: The topic each place of decision teaches, besides the lesson's own tags.
_DECISION_TOPICS = {"auction": "bidding", "discard": "kitty", "joker": "joker-nomination"}


def decision_question(rp: Replay) -> Question | None:
    """The lesson's decision as a question (None when the hand asks none or does not reach it).

    The prompt is the lesson's introduction and its question; the choices are lettered (a, b, c)
    and may also be answered in notation (``7H``, ``10C 8C KD``, ``H``); the explanation is the
    lesson's own (the note at that place, or the decision's ``explanation:``).
    """
    decision = rp.hand.decision
    index = rp.decision_step()
    if decision is None or index is None or rp.contract is None:
        return None
    step = rp.steps[index]
    choices = tuple(
        Choice("abcdefgh"[i], choice_pretty(c), c.card if isinstance(c, Play) else None, choice_code(c))
        for i, c in enumerate(decision.choices)
    )
    intro = " ".join((rp.hand.note("intro") or "").split())
    topics = set(rp.hand.tags)
    topics.add(_DECISION_TOPICS.get(decision.kind, "opening-lead" if decision.card == (1, 1) else "play"))
    explanation = " ".join(decision.explained_by(rp.hand.notes).split())
    who = step.seat.word if step.seat is not None else "The player"
    try:
        view: SeatView | None = seat_view(rp, decision)
    except SeatViewError:
        view = None
    return Question(
        kind=QuestionKind.DECISION,
        # not the lesson's title: a strategy lesson's title states its point, the answer
        source=f"{who} decides",
        prompt=f"{intro} {decision.question}".strip(),
        contract=rp.contract,
        rules=rules_words(rp.rules),
        choices=choices,
        answer=frozenset({choices[decision.answer].key}),
        ruling=step.ruling,
        topics=frozenset(topics - {"play"}),
        seat=step.seat,
        explanation=(explanation,) if explanation else (),
        deal=rp.hand,
        view=view,
    )


def best_card_questions(rp: Replay) -> list[Question]:
    """The best-card questions a replay offers (the solver answers them; none for two-handed)."""
    out: list[Question] = []
    for spot in best_card_spots(rp):
        turn = spot.turn
        assert rp.contract is not None
        trick = TrickRecord(turn.trick, turn.seats[0] if turn.seats else turn.seat, turn.seats,
                            turn.plays, ())
        out.append(Question(
            kind=QuestionKind.BEST_CARD,
            source=rp.hand.title,
            prompt=spot.prompt,
            contract=rp.contract,
            rules=rules_words(rp.rules),
            choices=tuple(Choice(str(c), c.pretty(), c, str(c)) for c in spot.legal),
            answer=frozenset(str(c) for c in spot.best),
            ruling=turn.ruling,
            topics=spot.topics,
            trick=trick,
            seat=turn.seat,
            hand=turn.hand,
            turn=turn,
            explanation=spot.explanation,
            deal=rp.hand,
        ))
    return out


def make_quiz(
    replays: Sequence[Replay] = (),
    *,
    seed: int = 0,
    count: int = 5,
    topics: Sequence[str] = (),
    kinds: Sequence[QuestionKind] = BASIC_KINDS,
    max_deals: int = 400,
) -> list[Question]:
    """``count`` questions, the same for the same arguments.

    From ``replays`` when given (hand files), else from random deals whose seeds come from
    ``seed``. ``topics`` keeps only questions on those topics; kinds are mixed in turn.
    """
    if not kinds:
        raise ValueError("make_quiz needs at least one kind of question (kinds is empty)")
    if count < 1:
        raise ValueError(f"a quiz has at least one question, not {count}")
    rng = random.Random(seed)
    # Only a lesson asks a decision: random deals are not searched for one.
    kinds = tuple(kinds) if replays else tuple(k for k in kinds if k is not QuestionKind.DECISION)
    if not kinds:
        return []
    pool: dict[QuestionKind, list[Question]] = {k: [] for k in kinds}

    def add(rp: Replay) -> None:
        # A seat that wins most tricks would answer most "who wins?": ask only the tricks the
        # lesson site asks (tutor.teach.asking.asked_in caps that seat's share).
        asked = asked_in(rp) if QuestionKind.WHO_WINS in kinds else frozenset()
        for q in questions_from(rp, rng, kinds):
            if q.kind is QuestionKind.WHO_WINS and q.trick is not None and q.trick.number not in asked:
                continue
            if not topics or matches_topic(q.topics, topics):
                pool[q.kind].append(q)

    if replays:
        for rp in replays:
            add(rp)
        for qs in pool.values():
            rng.shuffle(qs)
    else:
        deals = 0
        share = -(-count // len(kinds))

        def enough() -> bool:
            if all(len(v) >= share for v in pool.values()):
                return True
            # A topic some kinds never touch (scoring): settle for the kinds that do.
            return deals >= 60 and sum(len(v) for v in pool.values()) >= count

        while deals < max_deals and not enough():
            deal = random_hand(rng.randrange(2**31))
            deals += 1
            rp = build(deal)
            before = {k: len(v) for k, v in pool.items()}
            add(rp)
            # One question of each kind a deal, so a quiz is not one hand asked over and over.
            for k, v in pool.items():
                if len(v) > before[k] + 1:
                    keep = rng.choice(v[before[k]:])
                    del v[before[k]:]
                    v.append(keep)
    out: list[Question] = []
    order = [k for k in kinds if pool[k]]
    while len(out) < count and order:
        for k in list(order):
            if len(out) >= count:
                break
            if pool[k]:
                out.append(pool[k].pop(0))
            else:
                order.remove(k)
    return out


def shortfall(asked: int, got: int, topic: str = "") -> str:
    """What to tell a learner whose quiz is shorter than asked for (``""`` when it is not)."""
    if got >= asked:
        return ""
    on = f" on {topic.replace('-', ' ').replace('misere', 'misère')}" if topic else ""
    if not got:
        return f"No questions were available{on}, of the {asked} asked for."
    were = "question was" if got == 1 else "questions were"
    return f"Only {got} {were} available{on}, of the {asked} asked for."


@dataclass
class QuizSession:
    """A learner working through questions: where they are, what they answered, the tally."""

    questions: list[Question]
    index: int = 0
    answers: dict[int, Feedback] = field(default_factory=dict)

    @property
    def question(self) -> Question | None:
        return self.questions[self.index] if self.index < len(self.questions) else None

    @property
    def right(self) -> int:
        return sum(1 for f in self.answers.values() if f.correct)

    @property
    def asked(self) -> int:
        return len(self.answers)

    @property
    def tally(self) -> str:
        return f"{self.right} of {self.asked} right"

    def answer(self, given: Iterable[str]) -> Feedback:
        """Check an answer to the current question; the first answer to each question counts."""
        q = self.question
        if q is None:
            raise IndexError("the quiz is over: there is no question to answer")
        feedback = q.check(given)
        self.answers.setdefault(self.index, feedback)
        return feedback

    def next(self) -> Question | None:
        if self.index < len(self.questions):
            self.index += 1
        return self.question

