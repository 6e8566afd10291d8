"""The HTTP API fuzzed from its OpenAPI schema (tests/server/api_fuzz.py), a few derandomized
cases of every operation, on SQLite and PostgreSQL: no 500, no hang."""

from tests.server.api_fuzz import fuzz


def test_the_api_fuzzed_from_its_schema_answers_no_500(db_url):
    found = fuzz(db_url, examples=4)
    assert found.cases >= 150 and 500 not in found.statuses
