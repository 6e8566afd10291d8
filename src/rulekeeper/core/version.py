"""rulekeeper's version, declared once: the package metadata (pyproject's dynamic version)
and every file rulekeeper writes read it from here."""

VERSION = "0.1.0"
