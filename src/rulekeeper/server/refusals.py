"""A refusal said in the language of the page that asked: /lab in French asks its jobs with
``?lang=fr``, and a question the server refuses comes back in French.

A refusal is made in English, in the words the command line prints; an English request gets
that English unchanged. A route that answers in its request's language declares it
(:func:`answer_in`, from a dependency that reads the route's ``lang``); when it refuses, the
error handlers (:mod:`.errors`) say the message through :func:`wording` (:mod:`.refusal_words`,
the words the terminal says a refusal in too), with the catalogs of the ruleset the request
names (:func:`concerning`).
"""

from __future__ import annotations

from typing import Any

from fastapi import Request

from rulekeeper.core import registry
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.server.refusal_words import wording


def answer_in(request: Request, lang: str) -> None:
    """``request``'s refusals are said in ``lang`` (a route's dependency calls it with the
    route's ``lang``, before anything may refuse it: ``server.sentences.SAID_IN``)."""
    request.state.refusal_lang = lang


def concerning(request: Request, ruleset: Any) -> None:
    """The request names ``ruleset`` (as given: anything): its refusals use that ruleset's
    catalogs too, when it is one."""
    try:
        request.state.refusal_ruleset = registry.resolve_id(ruleset) \
            if isinstance(ruleset, str) else None
    except RulekeeperError:
        request.state.refusal_ruleset = None


def said(request: Request, message: str) -> str:
    """``message`` (a refusal in English) in the language of ``request``'s route, where it
    declares one (:func:`answer_in`); else as it is."""
    lang = getattr(request.state, "refusal_lang", "en")
    return wording(lang, getattr(request.state, "refusal_ruleset", None))(message)
