"""One package per rule system; each stands on rulekeeper.core alone."""
