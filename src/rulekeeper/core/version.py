"""rulekeeper's version, declared once: the package metadata (pyproject's dynamic version)
and every file rulekeeper writes read it from here.

Semantic versioning (https://semver.org), as CHANGELOG.md states it: a release that changes
how any game plays, what a record or log file holds, or the service's API is a new minor
release while the major version is 0 (a new major one after 1.0); fixes that change none of
these are a patch release. A ruleset's own version (``cryptids-v1``) changes with its
behaviour, whatever the release (core/versions.py).
"""

VERSION = "0.2.0"
