"""The JSON Schema for hand files, for editors' YAML support (``tutor schema``)."""

from __future__ import annotations

import json
from typing import Any

from tutor.engine.hand import LEVELS
from tutor.engine.rules import PRESET_NAMES, SETTINGS

__all__ = ["SCHEMA_ID", "schema", "schema_json"]

SCHEMA_ID = "https://tutor.invalid/schema/hand-file.json"


def _ci(word: str) -> str:
    """A case-insensitive regular expression for a word (JSON Schema has no (?i) flag)."""
    return "".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else c for c in word)


_SUIT = "[SCDHscdh♠♣♦♥]"
_RANK = "(?:10|1[123]|[2-9]|[AKQJTakqjt])"
_JOKER = f"{_ci('jo')}[12]?"
CARD = f"^(?:{_RANK}{_SUIT}|{_JOKER})$"
PLAY = f"^(?:{_RANK}{_SUIT}|{_JOKER}(?::{_SUIT})?)$"
CALL = (
    f"^(?:{_ci('pass')}|(?:[6-9]|10)(?:{_SUIT}|{_ci('nt')})|{_ci('misere')}|{_ci('misère')}"
    f"|{_ci('nullo')}|{_ci('open-misere')}|{_ci('open-misère')}|{_ci('open-nullo')}"
    # West Seventh Street: Seven No / Inkle No, grand nullo, ace – no face and the answer.
    f"|[67]{_ci('no')}|{_ci('grand-nullo')}|{_ci('granola')}|{_ci('ace-no-face')}"
    f"|{_ci('agree')}|{_ci('disagree')})$"
)
SEAT = "^(?:[NESWnesw]|[NSns][EWew])$"  # NE, SE, SW, NW at five or six


_KITTY: dict[str, Any] = {
    "type": "object",
    "required": ["seat", "brings", "percent"],
    "additionalProperties": False,
    "properties": {
        "seat": {"type": "string", "pattern": SEAT},
        "brings": {
            "type": "object",
            "additionalProperties": False,
            "oneOf": [{"required": ["suit"]}, {"required": ["any_of"]}],
            "properties": {
                "suit": {"anyOf": [
                    {"pattern": f"^(?:{_ci('trumps')}|{_ci('spades')}|{_ci('clubs')}|{_ci('diamonds')}"
                                f"|{_ci('hearts')})$"},
                    {"pattern": f"^{_SUIT}$"}], "type": "string"},
                "any_of": {"type": "array", "minItems": 1,
                           "items": {"type": "string", "pattern": CARD}},
                "at_least": {"type": "integer", "minimum": 1},
            },
        },
        "percent": {"type": "integer", "minimum": 0, "maximum": 100,
                    "description": "the exact chance, rounded to a whole percent"},
    },
}


def _setting_schema(name: str) -> dict[str, Any]:
    s = SETTINGS[name]
    if s.choices is not None:
        return {"enum": list(s.choices), "description": s.help}
    return {
        "type": "integer",
        "minimum": s.minimum,
        "maximum": s.maximum,
        "multipleOf": s.step,
        "description": s.help,
    }


def schema() -> dict[str, Any]:
    """The schema as a Python value."""
    card_list = {"type": "array", "items": {"type": "string", "pattern": CARD}}
    settings = {name: _setting_schema(name) for name in SETTINGS}
    for name, s in SETTINGS.items():
        for alias in s.aliases:
            settings[alias] = settings[name]
    settings["slam"] = {"enum": [*(SETTINGS["slam"].choices or ()), True, False]}
    settings["slam_bonus"] = settings["slam"]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "tutor hand file",
        "description": "One deal of Five Hundred, replayable card by card.",
        "type": "object",
        "required": ["title", "rules", "dealer", "hands", "kitty", "auction"],
        "additionalProperties": False,
        "properties": {
            "title": {"type": "string"},
            "rules": {
                "oneOf": [
                    {"enum": list(PRESET_NAMES)},
                    {
                        "type": "object",
                        "required": ["preset"],
                        "properties": {"preset": {"enum": list(PRESET_NAMES)}, **settings},
                        "additionalProperties": False,
                    },
                ]
            },
            "dealer": {"type": "string", "pattern": SEAT},
            "hands": {
                "type": "object",
                "propertyNames": {"pattern": SEAT},
                "additionalProperties": card_list,
                "minProperties": 2,  # two (the two-handed game) to six
                "maxProperties": 6,
            },
            "kitty": card_list,
            "auction": {"type": "array", "items": {"type": "string", "pattern": CALL}},
            "discard": card_list,
            "joker": {"type": "string", "pattern": f"^{_SUIT}$"},
            "play": {
                "type": "array",
                "maxItems": 10,
                "items": {
                    "type": "array",
                    "maxItems": 6,
                    "items": {"type": "string", "pattern": PLAY},
                },
            },
            "notes": {
                "type": "object",
                # ASCII digits only, and nothing after (Python's $ would allow a trailing newline).
                "propertyNames": {
                    "pattern": r"^(?:intro|auction|discard|partner|outro|[0-9]+|[0-9]+\.[0-9]+)(?![\s\S])"
                },
                "additionalProperties": {
                    "oneOf": [
                        {"type": "string"},
                        {
                            "description": "a note with claims the solver verifies (tutor check); "
                                           "claims belong on a card's note (\"3.2\")",
                            "type": "object",
                            "required": ["text"],
                            "additionalProperties": False,
                            "properties": {
                                "text": {"type": "string"},
                                "best": {"type": "boolean",
                                         "description": "the card was a best card (false: it cost tricks)"},
                                "cost": {"type": "integer", "minimum": 0,
                                         "description": "how many tricks the card cost against best play"},
                                "only": {"const": True,
                                         "description": "the only best card among the legal plays"},
                                "make": {"type": "integer", "minimum": 0, "maximum": 100,
                                         "description": "single-dummy: the percent of layouts in which "
                                                        "the card makes the contract (a defender: sets "
                                                        "it), within 5 points"},
                                "best_chance": {"const": True,
                                                "description": "single-dummy: no other legal card makes "
                                                               "(sets) the contract more often"},
                                "kitty": {
                                    "description": "on the intro, auction or discard note: the "
                                                   "kitty's odds as a seat sees them, counted exactly",
                                    "anyOf": [_KITTY, {"type": "array", "minItems": 1, "items": _KITTY}],
                                },
                            },
                        },
                    ]
                },
            },
            "par": {
                "description": "the contractor's side's tricks with best play by everyone after the "
                               "discard, verified by the solver (tutor check)",
                "type": "integer",
                "minimum": 0,
                "maximum": 10,
            },
            "decision": _decision_schema(card_list),
            "tags": {"type": "array", "items": {"type": "string", "pattern": r"\S"}},
            "summary": {"type": "string"},
            "level": {
                "description": "the lesson's stage on the learning path, in this order",
                "enum": list(LEVELS),
            },
            "order": {
                "description": "the lesson's number along the learning path (1 is the first)",
                "type": "integer",
                "minimum": 1,
            },
            "partner": {
                "description": "five-handed: alone, a card to call, or a seat to name",
                "type": "string",
                "pattern": f"^(?:{_ci('alone')}|{CARD[4:-2]}|{SEAT[4:-2]})$",
            },
            # Extensions (West Seventh Street): grand nullo's exchange, grand slam's card.
            "partner_discard": card_list,
            "grand_slam": {"type": "string", "pattern": CARD},
            # Extension (the two-handed game): each player's five piles, up[i] on down[i].
            "piles": {
                "description": "two-handed: each player's table piles, up[i] lying face up on down[i]",
                "type": "object",
                "propertyNames": {"pattern": SEAT},
                "additionalProperties": {
                    "type": "object",
                    "required": ["up", "down"],
                    "additionalProperties": False,
                    "properties": {
                        "up": {**card_list, "minItems": 5, "maxItems": 5},
                        "down": {**card_list, "minItems": 5, "maxItems": 5},
                    },
                },
            },
        },
    }


def _decision_schema(card_list: dict[str, Any]) -> dict[str, Any]:
    """``decision:``: the question a lesson asks, its choices (calls, cards, discards or suits,
    as ``at`` says) and the answer."""
    call = {"type": "string", "pattern": CALL}
    play = {"type": "string", "pattern": PLAY}
    suit = {"type": "string", "pattern": f"^{_SUIT}$"}
    card_place = r"^[0-9]+\.[0-9]+(?![\s\S])"

    def kind(at: dict[str, Any], choice: dict[str, Any]) -> dict[str, Any]:
        return {"if": {"properties": {"at": at}},
                "then": {"properties": {"choices": {"items": choice}, "answer": choice}}}

    return {
        "description": "the question the lesson asks before it shows what was done; tutor check "
                       "verifies the answer with the solver",
        "type": "object",
        "required": ["at", "question", "choices", "answer"],
        "additionalProperties": False,
        "properties": {
            "at": {"description": "auction, discard, joker, or a card of the play (\"1.3\", quoted)",
                   "anyOf": [{"enum": ["auction", "discard", "joker"]},
                             {"type": "string", "pattern": card_place}]},
            "question": {"type": "string"},
            "choices": {"type": "array", "minItems": 2,
                        "items": {"anyOf": [call, play, suit, card_list]}},
            "answer": {"description": "what the hand goes on to do",
                       "anyOf": [call, play, suit, card_list]},
            "explanation": {"type": "string",
                            "description": "shown with the answer (default: the note at that place)"},
            "tricks": {"description": "auction or joker: the tricks each choice's contract takes "
                                      "with the best discard, verified by the solver",
                       "type": "object",
                       "propertyNames": {"anyOf": [{"pattern": CALL}, {"pattern": f"^{_SUIT}$"}]},
                       "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 10}},
            "call": {"description": "auction: the call's number, when the answer is called more "
                                    "than once", "type": "integer", "minimum": 1},
        },
        "allOf": [
            kind({"const": "auction"}, call),
            kind({"const": "discard"}, card_list),
            kind({"const": "joker"}, suit),
            kind({"type": "string", "pattern": card_place}, play),
        ],
    }


def schema_json() -> str:
    return json.dumps(schema(), indent=2, ensure_ascii=False)
