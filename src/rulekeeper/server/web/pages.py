"""The web page's documents and assets (plain HTML, CSS and JavaScript modules, shipped in
the package: nothing is fetched from elsewhere), and the API references (/docs, /redoc),
whose scripts are vendored under ``static/vendor`` (static/vendor/README.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from fastapi import APIRouter
from fastapi import Path as UrlPath
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).with_name("static")

router = APIRouter(include_in_schema=False)
assets = StaticFiles(directory=STATIC)


def page(name: str, status_code: int = 200) -> FileResponse:
    return FileResponse(STATIC / name, status_code, media_type="text/html",
                        headers={"Cache-Control": "no-cache"})


def missing_page() -> FileResponse:
    """What a browser gets at an address that is no page (a 404): a page that says so in
    its language and links the site's pages, not the API's JSON refusal."""
    return page("missing.html", 404)


@router.get("/")
def cryptids_page() -> FileResponse:
    """The cryptids online game: sign up, the shop, battles, history, leaderboard."""
    return page("index.html")


@router.get("/play")
def choose_page() -> FileResponse:
    """Choose a ruleset to play."""
    return page("play.html")


@router.get("/play/{ruleset_id}")
def play_page(ruleset_id: Annotated[str, UrlPath(max_length=64)]) -> FileResponse:
    """Any ruleset against bots or hot-seat (the page reads the ruleset from its address)."""
    return page("play.html")


@router.get("/watch/{game_id}")
def watch_page(game_id: Annotated[str, UrlPath(max_length=32)]) -> FileResponse:
    """A game watched as a spectator (a public game, or with its watch link's key)."""
    return page("watch.html")


@router.get("/replay")
def replay_page() -> FileResponse:
    """The replay viewer: a log file, a stored game or a battle, step by step."""
    return page("replay.html")


@router.get("/docs")
def api_docs() -> FileResponse:
    """The API's reference, to try calls in (Swagger UI, shipped under /static/vendor)."""
    return page("docs.html")


@router.get("/redoc")
def api_reference() -> FileResponse:
    """The API's reference to read (Redoc, shipped under /static/vendor)."""
    return page("redoc.html")


@router.get("/lab")
def lab_page() -> FileResponse:
    """The designer's workbench: ask the lab's questions, watch them run, read the answers
    (a job's permanent link: ``/lab?job=ID``; two side by side: ``?job=ID&vs=ID``)."""
    return page("lab.html")
