"""The web page served by ``rulekeeper serve``: the cryptids online game at ``/``, any
ruleset at ``/play/RULESET``, the replay viewer at ``/replay``; and the JSON it needs beyond
the games and runs API (:mod:`.api`), whose boards and tables are the rulesets' typed views
(:mod:`rulekeeper.core.view`)."""

from __future__ import annotations

from fastapi import FastAPI

from rulekeeper.server.web import api, pages


def install(app: FastAPI) -> None:
    """Add the page, its assets (``/static``) and its endpoints to the app."""
    app.include_router(api.router)
    app.include_router(api.words_router)
    app.include_router(pages.router)
    app.mount("/static", pages.assets, name="static")
