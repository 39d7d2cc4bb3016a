"""Settings said in words, for learners: never a setting's name, never ``True``.

A lesson, a quiz question or a ruling that depends on a setting changed from its preset says
the change as a sentence a player at the table would understand: "misère may be bid at any
time", not ``misere_any_time = True``. Authors still write the names in hand files.
"""

from __future__ import annotations

from tutor.engine.rules import RuleSet

__all__ = ["rules_words", "setting_words"]

#: On/off settings: what each means when on, and when off.
_SWITCHES: dict[str, tuple[str, str]] = {
    "misere": ("misère may be bid", "no misère"),
    "open_misere": ("open misère may be bid", "no open misère"),
    "joker_nomination": ("the contractor may nominate the joker's suit in no-trumps and misère",
                         "the joker cannot be nominated to a suit"),
    "joker_compulsory_in_misere": ("in misère the joker must be played as soon as its holder is void",
                                   "in misère the joker need not be played when void"),
    "misere_needs_joker_nominated": ("a misère contractor who keeps the joker must nominate it",
                                     "a misère contractor may keep the joker without nominating it"),
    "defenders_score_in_misere": ("the defenders score for tricks on a misère too",
                                  "the defenders score nothing on a misère"),
    "win_on_defence": ("a side may reach the target on defenders' points",
                       "the target is reached only on a made contract"),
    "three_handed": ("each player scores alone", "partners score together"),
    "secret_alone": ("the contractor may call a card they hold, to play alone secretly",
                     "the contractor may not call a card they hold"),
    "joker_nomination_in_no_trumps": ("the joker may be nominated in no-trumps too",
                                      "the joker may be nominated only in misère"),
    "joker_loses_power": (
        "the house rule that the joker loses its power once its holder has discarded on a suit led, "
        "tutor's reading of \"after discarding in a suit\"",
        "the joker keeps its power until it is played",
    ),
    "bid_after_pass": ("a player who passed may bid again", "a pass is final"),
    "raise_final_bid": ("the contractor may raise the final bid", "the final bid stands"),
    "misere_any_time": ("misère may be bid at any time",
                        "misère may be bid only once someone has bid seven"),
    "open_misere_520": ("open misère is worth 520", "open misère is worth twice misère"),
    "inkle": ("a six-bid is an inkle, made only by the first two to call", "no inkle"),
    "informative_no_trumps": ("Seven No and Inkle No may be bid", "no Seven No or Inkle No"),
    "ace_no_face": ("a hand with one ace and no face card may propose a redeal", "no ace-no-face redeal"),
    "grand_nullo": ("grand nullo may be bid over partner's nullo", "no grand nullo"),
    "grand_slam": ("the contractor may declare a grand slam", "no grand slam"),
}

#: Settings with named values: the words for each value.
_CHOICES: dict[str, dict[object, str]] = {
    "auction": {"australian": "bidding goes round until all but one have passed",
                "one-round": "one round of bidding: each player speaks once"},
    "first_leader": {"contractor": "the contractor leads first",
                     "left-of-dealer": "the player left of the dealer leads first"},
    "slam": {"minimum250": "all ten tricks score at least 250",
             "none": "all ten tricks earn nothing extra",
             "plus250": "all ten tricks add 250 to the contract, tutor's own option"},
    "joker_lead": {
        "not-yet-led": "a led joker names a suit not yet led, and after all four suits only the last trick",
        "not-shown-void": "a led joker names any suit its leader has not shown void in",
        "unless-void": "the joker may be led any time, naming a suit its leader holds",
    },
    "misere_defenders_count": {"their-tricks": "defenders on a misère count their own tricks",
                               "contractor-tricks": "defenders on a misère score the contractor's tricks"},
    "partner_call": {"card": "the contractor calls a partner by naming a card",
                     "seat": "the contractor calls a partner by naming a player"},
    "called_card": {"not-joker-or-bower": "any card but the joker or a bower may be called",
                    "not-trump": "no trump may be called",
                    "not-joker": "any card but the joker may be called"},
    "partner_revealed": {"when-played": "the called partner is revealed when the card is played",
                         "at-once": "the called partner says so at once"},
    "defenders_score": {"always": "the defenders always score their tricks",
                        "when-set": "the defenders score their tricks only when the contract is set",
                        "winner-only": "only the side that won the hand scores"},
    "all_pass": {"redeal": "if everyone passes, the cards are dealt again",
                 "no-trumps": "if everyone passes, the hand is played at no-trumps"},
    "defenders_cap": {False: "no cap on the defenders' trick points"},
}

#: Settings with a number or a word: how the value is said.
_AMOUNTS: dict[str, str] = {
    "target": "the game is played to {}",
    "lose_at": "a side loses at {}",
    "misere_value": "misère is worth {}",
    "defender_trick_value": "the defenders score {} a trick",
    "lowest_bid": "the lowest bid is {} tricks",
    "players": "{} players",
    "kitty_size": "a kitty of {} cards",
    "pack": "the {}-card pack",
    "misere_ranks_above": "misère ranks just above {}",
    "open_misere_ranks_above": "open misère ranks just above {}",
    "kitty_word": "the kitty is called the {}",
    "misere_word": "misère is called {}",
    "deal_pattern": "the deal goes the {} way",
    "defenders_cap": "the defenders' trick points cannot take a side above {}",
}


def setting_words(name: str, value: object) -> str:
    """One setting's value as a learner reads it: ``misère may be bid at any time``."""
    if name in _SWITCHES and isinstance(value, bool):
        on, off = _SWITCHES[name]
        return on if value else off
    said = _CHOICES.get(name, {})
    for key, words in said.items():
        if key == value and type(key) is type(value):
            return words
    if name in _AMOUNTS:
        return _AMOUNTS[name].format(value)
    return f"{name.replace('_', ' ')}: {value}"


def rules_words(rules: RuleSet) -> str:
    """The rules a hand is played under, with every setting changed from its preset said in words:
    ``Australian four-handed Five Hundred, with a change: misère may be bid at any time``."""
    changed = [setting_words(k, v) for k, v in rules.differences().items()]
    if not changed:
        return rules.title
    label = "a change" if len(changed) == 1 else "changes"
    return f"{rules.title}, with {label}: " + "; ".join(changed)
