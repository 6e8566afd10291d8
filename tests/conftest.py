"""Shared fixtures. The ``rule`` marker names the rule ids a test checks."""
