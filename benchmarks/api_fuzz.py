"""The long run of the HTTP API's fuzzing harness (issue 30; tests/server/api_fuzz.py).

Every operation of the OpenAPI schema gets ``--examples`` derandomized cases (valid and not,
once with the ids hypothesis makes and once with a real game, run and battle of the player),
on a new SQLite file or on ``--db`` (a PostgreSQL URL of an empty database). It prints the
cases, the statuses answered, the slowest call and each failure (a 5xx, an undocumented status
or body, a call over 60 s); `make test` runs 4 cases of each operation.

Run: .venv/bin/python benchmarks/api_fuzz.py [--examples 50] [--db URL]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import warnings
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
warnings.simplefilter("ignore")

from tests.server.api_fuzz import fuzz  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=50)
    parser.add_argument("--db", help="an empty database's URL (default: a new SQLite file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.db or f"sqlite:///{folder}/fuzz.db"
        began = time.monotonic()
        found = fuzz(url, args.examples, keep_going=True)
        took = time.monotonic() - began
    print(f"{found.cases} calls in {took:.0f} s ({args.examples} cases an operation), "
          f"slowest {found.slowest:.2f} s")
    print("statuses:", ", ".join(f"{s}: {n}" for s, n in sorted(found.statuses.items())))
    print(f"failures: {len(found.failures)}")
    for line, count in Counter(found.failures).most_common():
        print(f"  {count} x {line}")
    sys.exit(1 if found.failures else 0)


if __name__ == "__main__":
    main()
