"""The JSON Schema printed by ``tutor schema`` is true to the hand files tutor accepts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from tutor.engine.hand import RulesSpec
from tutor.engine.randomdeal import random_hand
from tutor.files import handfile
from tutor.files.schema import schema

ROOT = Path(__file__).parent.parent
SHIPPED = sorted((ROOT / "hands").rglob("*.yaml")) + sorted((ROOT / "tests" / "data").rglob("*.yaml"))


def as_editor_sees_it(text: str) -> Any:
    """YAML as an editor's YAML support validates it: mapping keys are strings."""

    def keys_to_str(value: Any) -> Any:
        if isinstance(value, dict):
            return {str(k): keys_to_str(v) for k, v in value.items()}
        if isinstance(value, list):
            return [keys_to_str(v) for v in value]
        return value

    return keys_to_str(yaml.safe_load(text))


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    jsonschema.Draft202012Validator.check_schema(schema())
    return jsonschema.Draft202012Validator(schema())


def test_tutor_schema_prints_the_schema() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "tutor", "schema"], capture_output=True, text=True, check=True
    )
    assert json.loads(out.stdout) == schema()


def test_there_are_shipped_hands_to_check() -> None:
    assert SHIPPED


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_hand_validates(path: Path, validator: jsonschema.Draft202012Validator) -> None:
    text = path.read_text("utf-8")
    handfile.loads(text, str(path))  # tutor reads it ...
    validator.validate(as_editor_sees_it(text))  # ... and so does the schema


def test_random_hands_validate(validator: jsonschema.Draft202012Validator) -> None:
    for seed in range(200):
        validator.validate(as_editor_sees_it(handfile.dumps(random_hand(seed))))


@pytest.mark.parametrize("name", ["canadian", "new-zealand", "west-seventh-street"])
def test_random_hands_of_the_later_presets_validate(
    name: str, validator: jsonschema.Draft202012Validator
) -> None:
    # West Seventh Street brings 6No/7No, grand nullo, ace – no face, partner_discard, grand_slam.
    for seed in range(150):
        validator.validate(as_editor_sees_it(handfile.dumps(random_hand(seed, RulesSpec(name)))))


EXAMPLE = (ROOT / "tests" / "data" / "spec-example.yaml").read_text("utf-8")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("dealer: N", "dealer: X"),
        ("dealer: N", "dealer: no"),
        ("  N: [10S, 6H,", "  N: [10S, 6X,"),
        ("kitty: [Jo, 6C, JC]", "kitty: [Jo, 6C, 1C]"),
        ("auction: [8NT, pass,", "auction: [8NT, 11S,"),
        ("auction: [8NT, pass,", "auction: [8NT, no,"),
        ("rules: avondale ", "rules: bridge "),
        ("rules: avondale ", "rules: {preset: avondale, target: 510} "),
        ("rules: avondale ", "rules: {preset: avondale, trumps: H} "),
        ("rules: avondale ", "rules: {slam: none} "),
        ("  - [9C, AC, 10C, 7C]", "  - [9C, AC, 10C, 7C, 8C, 9D, 9H]"),  # six players at most
        ("  - [Jo:S, 6S, AD, 7S]", "  - [Jo:X, 6S, AD, 7S]"),
        ("title: A first no-trump hand", "title: A first no-trump hand\ntrumps: H"),
        ("title: A first no-trump hand", "title: A first no-trump hand\nnotes: {later: x}"),
        ("title: A first no-trump hand\n", ""),
        ("title: A first no-trump hand", "title: A first no-trump hand\nlevel: expert"),
        ("title: A first no-trump hand", "title: A first no-trump hand\norder: 0"),
    ],
)
def test_invalid_samples_fail(old: str, new: str, validator: jsonschema.Draft202012Validator) -> None:
    assert old in EXAMPLE
    bad = as_editor_sees_it(EXAMPLE.replace(old, new, 1))
    with pytest.raises(jsonschema.ValidationError):
        validator.validate(bad)
    # and tutor refuses it too (the schema is never stricter than needed here)
    assert handfile.check("bad.yaml", EXAMPLE.replace(old, new, 1))[1]
