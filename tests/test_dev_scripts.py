"""The developer scripts: ``scripts/apt-install.sh`` (which ``scripts/test.sh`` uses to install
Chromium) waits for another package install instead of failing at once, and
``benchmarks/solver_vs_dds.py`` says how to install ``endplay`` when it is missing.

apt-get is replaced by a fake on ``PATH`` that records its arguments and plays the other
process's lock; faking dpkg's real locks would touch the machine's package system.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LOCKED = "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 4242 (apt-get)"

FAKE_APT_GET = """#!/usr/bin/env bash
echo "${DEBIAN_FRONTEND:-}|$*" >> "$FAKE_APT_LOG"
if [[ " $* " == *" update "* ]]; then
    n=$(cat "$FAKE_APT_FAILS")
    if [ "$n" != 0 ]; then
        echo "$((n - 1))" > "$FAKE_APT_FAILS"
        echo "$FAKE_APT_ERROR" >&2
        exit 100
    fi
fi
"""


def _apt_install(tmp_path: Path, fails: int, error: str, timeout: str | None = None
                 ) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    fake = bin_ / "apt-get"
    fake.write_text(FAKE_APT_GET, "utf-8")
    fake.chmod(0o755)
    (tmp_path / "fails").write_text(f"{fails}\n", "utf-8")
    log = tmp_path / "log"
    log.touch()
    env = {**os.environ, "PATH": f"{bin_}:{os.environ['PATH']}", "FAKE_APT_LOG": str(log),
           "FAKE_APT_FAILS": str(tmp_path / "fails"), "FAKE_APT_ERROR": error,
           "APT_LOCK_POLL": "0"}
    env.pop("DEBIAN_FRONTEND", None)
    env.pop("APT_LOCK_TIMEOUT", None)
    if timeout is not None:
        env["APT_LOCK_TIMEOUT"] = timeout
    done = subprocess.run(["bash", str(ROOT / "scripts" / "apt-install.sh"), "chromium"], env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    return done, log.read_text("utf-8").splitlines()


UPDATE = "|-o DPkg::Lock::Timeout=600 update -qq"
INSTALL = "noninteractive|-o DPkg::Lock::Timeout=600 install -y -qq chromium"


# (update calls refused for the lock, then what apt-get is asked, in order)
@pytest.mark.parametrize(("fails", "calls"), [
    (0, [UPDATE, INSTALL]),
    (2, [UPDATE, UPDATE, UPDATE, INSTALL]),
])
def test_apt_install_waits_for_another_package_install(tmp_path: Path, fails: int,
                                                       calls: list[str]) -> None:
    done, log = _apt_install(tmp_path, fails, LOCKED)
    assert done.returncode == 0, done.stderr
    assert log == calls  # every call waits up to 600 s for dpkg's lock
    first = done.stderr.splitlines()[0]
    assert "if another package install is running, this waits up to 600 seconds" in first
    assert ("another process holds apt's lock on the package lists; waiting" in done.stderr) == (fails > 0)


@pytest.mark.parametrize(("error", "timeout", "updates"), [
    (LOCKED, "0", 1),  # locked past the timeout: apt's own message, no install
    ("E: Failed to fetch http://deb.debian.org/debian/dists/bookworm/InRelease", None, 1),  # not a lock
])
def test_apt_install_gives_up_with_apts_message(tmp_path: Path, error: str, timeout: str | None,
                                                updates: int) -> None:
    done, log = _apt_install(tmp_path, 99, error, timeout)
    assert done.returncode == 100
    assert error in done.stderr
    assert len(log) == updates and all(" update " in f" {line} " for line in log)


def test_test_sh_installs_chromium_through_apt_install() -> None:
    script = (ROOT / "scripts" / "test.sh").read_text("utf-8")
    assert "scripts/apt-install.sh chromium" in script
    assert "apt-get" not in script  # no call that would fail at once on another's lock


BLOCK_ENDPLAY = """
import runpy, sys

class NoEndplay:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "endplay":
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, NoEndplay())
sys.argv = [sys.argv[1], "--deals", "1"]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def test_solver_vs_dds_without_endplay_says_how_to_install_it() -> None:
    done = subprocess.run([sys.executable, "-c", BLOCK_ENDPLAY, "benchmarks/solver_vs_dds.py"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2
    assert done.stdout == "" and "Traceback" not in done.stderr
    assert done.stderr == ("solver_vs_dds.py needs endplay (DDS) to compare with (No module named "
                           "'endplay'): install it with pip install -e '.[test]' (or pip install "
                           "endplay)\n")
