"""The complete example of the hand-file spec replays to the spec's own figures."""

import json
import subprocess
import sys
from pathlib import Path

from tutor.engine.seats import Side
from tutor.files import handfile

EXAMPLE = Path(__file__).parent / "data" / "spec-example.yaml"


def test_spec_example_replays_cleanly() -> None:
    result, problems = handfile.check(EXAMPLE)
    assert problems == []
    assert result is not None and result.result is not None
    assert result.tricks_won() == {Side.NS: 6, Side.EW: 4}
    assert dict(result.result.score) == {Side.NS: 60, Side.EW: -320}


def test_replay_json_has_the_spec_keys() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "tutor", "replay", str(EXAMPLE), "--json"],
        capture_output=True, text=True, check=True,
    )
    data = json.loads(out.stdout)
    assert data["contract"] == {"bid": "8NT", "declarer": "E"}
    assert data["tricks_won"] == {"NS": 6, "EW": 4}
    assert data["score"] == {"NS": 60, "EW": -320}
    first = data["tricks"][0]
    assert first["leader"] == "E"
    assert first["seats"] == ["E", "S", "W", "N"]
    assert first["cards"] == ["9C", "AC", "10C", "7C"]
    assert first["winner"] == "S"
    assert data["tricks"][5]["cards"][0] == "Jo:S"
