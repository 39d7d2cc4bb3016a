"""The lesson topics in words: each tag of docs/topics.md as the short phrase a learner reads.

A hand file's ``tags`` and the quiz's ``--topic`` use the topic's name (``joker-in-no-trumps``);
a page shows the phrase ("the joker in no-trumps"). This table is the one place the phrases are
written; docs/topics.md says what each topic covers.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine.hand import LEVELS

__all__ = ["TOPIC_STAGES", "TOPIC_WORDS", "VARIANTS", "stage_of", "topic_words"]

#: Each topic of docs/topics.md (and of the quiz's --topic) as a short phrase.
TOPIC_WORDS: dict[str, str] = {
    "follow-suit": "following suit",
    "left-bower": "the left bower",
    "right-bower": "the right bower",
    "joker-in-trumps": "the joker in a trump suit",
    "joker-in-no-trumps": "the joker in no-trumps",
    "joker-nomination": "nominating the joker",
    "misere": "misère",
    "open-misere": "open misère",
    "no-trumps": "contracts in no-trumps",
    "bidding": "bidding",
    "kitty": "the kitty",
    "scoring": "scoring",
    "slam": "taking all ten tricks",
    "set-contract": "a contract set",
    "opening-lead": "the opening lead",
    "drawing-trumps": "drawing trumps",
    "bidding-judgement": "what to bid",
    "counting-trumps": "counting trumps",
    "joker-play": "playing the joker",
    "kitty-decision": "what to put away",
    "misere-defence": "defending a misère",
    "suit-defence": "defending a suit contract",
    "no-trump-technique": "playing a no-trumps contract",
    "game-end": "the end of a game",
    "auction-variations": "the auction's variations",
    "three-handed": "three players",
    "two-handed": "two players",
    "five-handed": "five players",
    "six-handed": "six players",
    "canadian": "Canadian rules",
    "new-zealand": "New Zealand rules",
    "west-seventh-street": "West Seventh Street",
    "competitive-bidding": "competitive bidding",
    "sacrifice": "a sacrifice",
    "kitty-odds": "what the kitty will bring",
    "signals": "signals",
    "no-trumps-defence": "defending no-trumps",
    "declarer-play": "declarer play",
    "misere-bidding": "when to bid misère",
    "open-misere-defence": "defending an open misère",
    "own-mistakes": "your own mistakes",
    # puzzle themes (tutor/teach/puzzles/themes.py) and the presets a puzzle names
    "ruffing": "ruffing",
    "over-ruffing": "trumping over a trump",
    "unblocking": "unblocking",
    "ducking": "ducking",
    "throw-in": "throwing the lead in (an endplay)",
    "keeping-a-guard": "keeping a guard",
    "keeping-the-joker": "keeping the joker",
    "joker-compulsory": "the joker forced out in misère",
    "misere-ducking": "ducking in misère",
    "misere-escaping": "getting out in misère",
    "australian": "Australian rules",
    "american": "American rules",
    "avondale": "Avondale rules",
    # the quiz's --topic joker: every joker topic at once
    "joker": "the joker",
}


def topic_words(tag: str) -> str:
    """A topic as a learner reads it: ``the joker in no-trumps``. A tag of the author's own,
    not in docs/topics.md, is said with spaces for its dashes."""
    return TOPIC_WORDS.get(tag) or tag.replace("-", " ")


#: The stage of the learning path (a key of :data:`~tutor.engine.hand.LEVELS`) each topic's
#: lessons belong to, by the lesson's first tag (its teaching point); see :func:`stage_of`.
TOPIC_STAGES: dict[str, str] = {
    # the rules: a first hand, the auction, following suit, the kitty, scoring
    "follow-suit": "start", "opening-lead": "start", "bidding": "start", "kitty": "start",
    "scoring": "start", "set-contract": "start", "slam": "start",
    # trumps and bowers: their ranks, counting and drawing them, the contractor's plan
    "left-bower": "trumps", "right-bower": "trumps", "counting-trumps": "trumps",
    "drawing-trumps": "trumps", "declarer-play": "trumps",
    # the joker's rules, in a trump suit and in no-trumps
    "joker-in-trumps": "joker", "joker-in-no-trumps": "joker", "joker-nomination": "joker",
    # what to bid, against whom, and what to put away
    "bidding-judgement": "bidding", "auction-variations": "bidding",
    "competitive-bidding": "bidding", "kitty-odds": "bidding", "kitty-decision": "bidding",
    # defending a suit contract
    "suit-defence": "defence", "signals": "defence",
    # no-trumps: playing and defending them, the joker as a card of its own
    "no-trumps": "no-trumps", "no-trump-technique": "no-trumps", "no-trumps-defence": "no-trumps",
    "joker-play": "no-trumps",
    # misère: the rules, bidding it, defending it
    "misere": "misere", "open-misere": "misere", "misere-bidding": "misere",
    "misere-defence": "misere", "open-misere-defence": "misere",
    # other tables and presets
    "three-handed": "tables", "two-handed": "tables", "five-handed": "tables",
    "six-handed": "tables", "canadian": "tables", "new-zealand": "tables",
    "west-seventh-street": "tables",
    # the score: the end of a game, and the sacrifice that stops it
    "game-end": "game-end", "sacrifice": "game-end",
    # the puzzle themes (tutor/teach/puzzles/themes.py), each with the stage of its technique
    "ruffing": "trumps", "throw-in": "trumps", "over-ruffing": "defence", "ducking": "defence",
    "unblocking": "no-trumps", "keeping-a-guard": "no-trumps", "keeping-the-joker": "joker",
    "joker-compulsory": "misere", "misere-ducking": "misere", "misere-escaping": "misere",
    # the presets a puzzle names: the Australian rules are the path's own, the others tables
    "australian": "start", "american": "tables", "avondale": "tables",
    # a hand of your own, reviewed (tutor review --save-lesson): the rules' stage until its
    # author gives it a teaching point
    "own-mistakes": "start",
}

#: The topics that name a table or a preset of its own: a lesson with one of them among its
#: tags is a lesson of that table, whatever its teaching point.
VARIANTS = frozenset(t for t, stage in TOPIC_STAGES.items() if stage == "tables")


def stage_of(tags: Sequence[str]) -> str | None:
    """The stage of the learning path a lesson with these tags belongs to (docs/hand-format.md):
    ``game-end`` when one of its tags is ``game-end`` (the end of a game comes last); else
    ``tables`` when one names a table or preset (``three-handed``, ``canadian`` …); else
    ``misere`` when one is ``misere``; else the stage of its first tag, its teaching point.
    None when the first tag is not a topic of docs/topics.md."""
    if "game-end" in tags:
        return "game-end"
    if VARIANTS & set(tags):
        return "tables"
    if "misere" in tags:
        return "misere"
    stage = TOPIC_STAGES.get(tags[0]) if tags else None
    assert stage is None or stage in LEVELS
    return stage
