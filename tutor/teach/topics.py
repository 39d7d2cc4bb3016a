"""The lesson topics in words: each tag of docs/topics.md as the short phrase a learner reads.

A hand file's ``tags`` and the quiz's ``--topic`` use the topic's name (``joker-in-no-trumps``);
a page shows the phrase ("the joker in no-trumps"). This table is the one place the phrases are
written; docs/topics.md says what each topic covers.
"""

from __future__ import annotations

__all__ = ["TOPIC_WORDS", "topic_words"]

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
    # the quiz's --topic joker: every joker topic at once
    "joker": "the joker",
}


def topic_words(tag: str) -> str:
    """A topic as a learner reads it: ``the joker in no-trumps``. A tag of the author's own,
    not in docs/topics.md, is said with spaces for its dashes."""
    return TOPIC_WORDS.get(tag) or tag.replace("-", " ")
