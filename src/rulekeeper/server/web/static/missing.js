// The page of an address the server has no page for (a mistyped or cut link): it says so in
// the page's language and offers the site's pages, instead of the API's JSON refusal.
import { clear, el, header, loadWords, t } from "./common.js";

async function start() {
  await loadWords();
  header();
  clear(document.getElementById("missing"), el("h2", {}, t("No such page")),
    el("p", {}, t("This address is not a page of this server: the link may be mistyped or cut short.")),
    el("ul", {},
      el("li", {}, el("a", { href: "/" }, t("Cryptids online"))),
      el("li", {}, el("a", { href: "/play" }, t("Play a ruleset"))),
      el("li", {}, el("a", { href: "/replay" }, t("Replays"))),
      el("li", {}, el("a", { href: "/lab" }, t("Lab")))));
}

start();
