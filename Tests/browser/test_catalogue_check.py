"""The catalogues' checker (Tests/web/check_catalogue.py) in the browser suite, so that CI's
web lane fails when a catalogue lacks a key English has, a placeholder differs, the code
uses a key English lacks, an error code has no words, or a view shows a literal word; and
the checker's own tests, which show each of those checks failing on a bad sample."""

import subprocess
import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "web"


def test_the_catalogues_hold_to_english_and_to_the_code():
    run = subprocess.run([sys.executable, str(WEB / "check_catalogue.py")], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "check_catalogue: OK" in run.stdout


def test_the_checker_fails_on_bad_samples():
    run = subprocess.run([sys.executable, "-m", "unittest", "discover", "-s", str(WEB), "-p", "test_*.py"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
