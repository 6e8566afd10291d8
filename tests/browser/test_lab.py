"""The lab in a browser (issue 33): a designer asks "what if the Butcher's melee were 2?" on
/lab, without a terminal, watches the job and reads the answer, the same numbers as the
command's."""

from __future__ import annotations

import json
import re

from tests.browser.conftest import unique
from tests.core.test_cli import run

MELEE = "factions.grievers.fighters.butcher.melee"


def test_what_if_the_butchers_melee_were_2(web, request, capsys, monkeypatch):
    page = web.page
    web.open("/lab")
    web.sign_up(unique("designer", request))
    battle = page.locator("#lab-ruleset option", has_text="(dire-alliance-battle-v")
    page.wait_for_selector("#lab-changes")  # the first ruleset's content has come
    page.select_option("#lab-ruleset", battle.get_attribute("value"))  # its current version
    page.check("#lab-kind input[value=sweep]")
    page.fill("#lab-games", "6")
    page.fill("#lab-seed", "3")
    page.click("#lab-changes")  # the content's tree, file by file, item by item
    for name in ("factions", "grievers", "fighters", "butcher"):
        page.locator(f"details.tree:has(> summary:text-is('{name}'))").last.locator(
            "> summary").click()
    melee = page.locator(f"input[data-path='{MELEE}']")
    assert melee.input_value() == "3"  # the sample's value
    melee.fill("2")
    melee.dispatch_event("change")
    assert f"{MELEE} = 2" in page.inner_text("#lab-changes")
    web.shot("lab-ask")  # (a full-page shot here left chromium's next click unsubmitted)
    page.click("#lab-ask")
    page.locator("#lab-state").filter(has_text=re.compile("^(done|failed|cancelled)$")).wait_for(
        timeout=120_000)
    assert page.inner_text("#lab-state") == "done", page.inner_text("#answer")
    assert "job=" in page.url  # the answer's permanent link
    rows = page.locator("#lab-sweep tbody tr")
    assert rows.count() == 2
    shown = [rows.nth(i).inner_text().split("\t") for i in range(2)]
    web.shot("lab-answer", full_page=True)

    code, out, err = run(["sweep", "dire-alliance-battle", "--games", "6", "--seed", "3",
                          "--set", f"{MELEE}=3,2", "--json"], capsys, monkeypatch)
    assert code == 0, err
    variants = json.loads(out)["variants"]
    for row, variant in zip(shown, variants, strict=True):  # the command's numbers
        win = variant["summary"]["outcomes"]["win"]
        assert row[0] == variant["label"].replace("factions.grievers.fighters.", "")
        assert row[1].startswith(f"{100 * win['value']:.1f}% ({100 * win['low']:.1f}–")

    page.reload()  # the link still shows the answer
    page.wait_for_selector("#lab-sweep")
    assert page.locator("#jobs li").count() == 1


def test_is_the_butcher_too_strong(web, request, capsys, monkeypatch):
    """The README's question on /lab: the culprits, ranked, with the ablation of each main
    stat; the same numbers as ``rulekeeper culprits``."""
    page = web.page
    web.open("/lab")
    web.sign_up(unique("designer", request))
    battle = page.locator("#lab-ruleset option", has_text="(dire-alliance-battle-v")
    page.wait_for_selector("#lab-changes")
    page.select_option("#lab-ruleset", battle.get_attribute("value"))
    page.check("#lab-kind input[value=culprits]")
    page.fill("#lab-games", "4")
    page.fill("#lab-seed", "1")
    page.fill("#lab-ablation-games", "-1")  # the browser's own check, said in one line
    page.click("#lab-ask")
    assert "Games per step" in page.inner_text("#lab-message")
    page.click("#lab-changes")  # the content's inputs follow its JSON Schema
    for name in ("factions", "grievers", "fighters", "butcher"):
        page.locator(f"details.tree:has(> summary:text-is('{name}'))").last.locator(
            "> summary").click()
    melee = page.locator(f"input[data-path='{MELEE}']")
    assert (melee.get_attribute("min"), melee.get_attribute("max"),
            melee.get_attribute("step")) == ("0", "10", "1")
    page.fill("#lab-ablation-games", "2")
    melee.fill("11")
    page.click("#lab-ask")
    assert page.inner_text("#lab-message").startswith(f"{MELEE}: ")
    assert melee.get_attribute("aria-invalid") == "true"
    melee.fill("3")
    page.fill("#lab-ablation-games", "2")
    page.fill("#lab-entities", "2")
    page.click("#lab-ask")
    page.locator("#lab-state").filter(has_text=re.compile("^(done|failed|cancelled)$")).wait_for(
        timeout=120_000)
    assert page.inner_text("#lab-state") == "done", page.inner_text("#answer")
    rows = page.locator("#lab-entities tbody tr")
    shown = {rows.nth(i).inner_text().split("\t")[1]: rows.nth(i).inner_text().split("\t")
             for i in range(rows.count())}
    assert "butcher" in shown and page.locator("#lab-ablation tbody tr").count() == 2
    assert page.inner_text("#lab-culprits").startswith("Strongest: ")
    page.evaluate("document.getElementById('answer').scrollIntoView()")
    web.shot("lab-culprits")  # docs/web/lab-culprits.png

    code, out, err = run(["culprits", "dire-alliance-battle", "--games", "4", "--seed", "1",
                          "--ablation-games", "2", "--entities", "2", "--json"],
                         capsys, monkeypatch)
    assert code == 0, err
    found = json.loads(out)["culprits"]
    butcher = next(e for e in found["entities"] if e["entity"] == "butcher")
    damage = butcher["means"]["damage"]
    fixed = lambda x: f"{x:.1f}" if abs(x) >= 10 else f"{x:.2f}"  # noqa: E731
    assert shown["butcher"][4] == (f"{fixed(damage['value'])} ({fixed(damage['low'])}–"
                                   f"{fixed(damage['high'])})")
    first = found["entities"][0]["entity"]
    assert rows.nth(0).inner_text().split("\t")[1] == first
