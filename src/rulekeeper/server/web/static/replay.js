// The replay viewer: open a log file (`rulekeeper play --log`), one of your stored games or a
// battle; the server replays the record and sends the board as it was at each event.
import {
  ago, api, clear, el, header, holder, langOf, loadWords, rulesOf, scenarioName, showError, sideName, signIn, store, t, winnerWords,
} from "./common.js";
import { offerLuck } from "./luck.js";
import { Viewer, sideName as filmSide } from "./viewer.js";

const open = document.getElementById("open");
const stage = document.getElementById("viewer");
const params = new URLSearchParams(location.search);
let viewer = null;

async function start() {
  await loadWords();
  rulesets = api(`/api/rulesets?lang=${store.lang}`).catch(() => []); // not before: a link's ?lang= chooses it
  header({ title: t("rulekeeper · replays") });
  if (!store.token) { // what the page is for, above the sign-up (it was a bare "Who are you?")
    return signIn(open, () => location.reload(), { intro: el("div", { id: "intro" },
      el("p.lead", {}, t("Step through a game event by event, its board as it was at each: one of your games, or a log file (what `rulekeeper play --log FILE` or a game's “Download the record” writes).")),
      el("p", {}, t("Choose a player name to start; no e-mail, no password."))) });
  }
  const file = el("input", { type: "file", id: "file", accept: ".jsonl,.json,application/json", onchange: () => file.files[0] && fromFile(file.files[0]) });
  const games = el("select", { id: "games", "aria-label": t("your games") }, el("option", { value: "" }, t("one of your games…")));
  const played = await api("/api/games?limit=100");
  const known = await rulesets;
  for (const g of played) games.append(el("option", { value: g.id }, gameWords(g, known.find((r) => r.id === g.ruleset))));
  games.addEventListener("change", () => games.value && show(frames(games.value, played), null, `/api/games/${games.value}/luck?lang=${store.lang}`));
  clear(open, el("h2", {}, t("Open a replay")),
    el("div.row", {}, el("label", {}, `${t("A log file")} `, file), games),
    el("p.muted", {}, t("A log file is what `rulekeeper play --log FILE` or a game's “Download the record” writes; the record in its first line is replayed here, event by event. Step with ◀ ▶ or the arrow keys, or drag the slider.")));
  if (params.get("game")) show(frames(params.get("game"), played), null, `/api/games/${params.get("game")}/luck?lang=${store.lang}`);
  else if (params.get("battle")) show(`/api/battles/${params.get("battle")}/frames?lang=${store.lang}`);
}

async function fromFile(file) {
  const text = await file.text();
  const first = text.split("\n").find((line) => line.trim());
  let head;
  try { head = JSON.parse(first); } catch { return showError(stage, new Error(t("{file}: the first line is not JSON", { file: file.name }))); }
  show(`/api/replay?lang=${await langFor(head?.record?.ruleset ?? head?.ruleset)}`, head, `/api/luck?lang=${store.lang}`);
}

/** Replay `path` (with `body`, a POST); when the game is over, its luck ledger from `luck`
    beside the viewer. */
async function show(path, body, luck) {
  clear(stage, el("p.muted", {}, t("Replaying…")));
  try {
    const film = await (body ? api(path, { method: "POST", body }) : api(await path));
    const rules = await rulesOf(film.ruleset);
    if (viewer) viewer.destroy();
    const node = el("div");
    const ledger = el("section.panel", { id: "luck" });
    const steps = film.decisions || [];
    const judged = luck && film.result && steps.length;
    clear(stage, el("h2", { id: "replay-title" }, film.seat ? t("{title} — as {seat} sees it", { title: film.title, seat: filmSide(film, film.seat) }) : film.title),
      el(judged ? "div.with-luck" : "div", {}, node, judged && ledger));
    viewer = new Viewer(node, film, rules, {});
    if (judged) {
      offerLuck(ledger, luck, body, (step) => {
        viewer.show(steps[Math.min(step, steps.length - 1)].before);
        if (matchMedia("(max-width: 1099px)").matches) node.scrollIntoView({ block: "start" });
      }, (seat) => filmSide(film, seat));
    }
  } catch (error) {
    if (error.status === 404 && !body && luck) { // a stored game that is not the player's (the server's words name it by its id)
      clear(stage, el("p.error", { role: "alert", id: "not-yours" }, t("This game is not one of yours: you hold no seat in it, or its address is cut short. A friend's game is joined by the invitation to your seat, and watched by its watch link: ask for them.")));
    } else showError(stage, error);
  }
}

/** One of your games as the list says it: the ruleset's and the scenario's names, who held
    the other seats (with you: a seat of one of your seats' sides; else against you), when it
    was made, and how it stands. */
function gameWords(g, info) {
  const mySides = new Set(g.seats.filter((s) => g.mine.includes(s.seat) && s.side).map((s) => s.side));
  const others = g.seats.filter((s) => !g.mine.includes(s.seat));
  const names = (seats) => seats.map(holder).join(", "); // "against bot heuristic": "against heuristic" named no bot
  const allies = others.filter((s) => mySides.has(s.side)); // a seat of no known side plays against you
  const rivals = others.filter((s) => !mySides.has(s.side));
  const state = g.over ? winnerWords(g.result, info) : g.your_turn ? t("your turn") : t("in progress");
  return [info?.title || g.title, scenarioName(info, g.scenario), t("as {seats}", { seats: g.mine.map((s) => sideName(info, s)).join(", ") }),
    allies.length && t("with {players}", { players: names(allies) }), rivals.length && t("against {players}", { players: names(rivals) }),
    others.length ? null : t("alone"), ago(g.created), state].filter(Boolean).join(" · ");
}

/** A stored game's frames, in the language langFor() gives its ruleset. */
function frames(id, played) {
  return langFor(played.find((g) => g.id === id)?.ruleset).then((lang) => `/api/games/${id}/frames?lang=${lang}`);
}

/** The language to ask a ruleset's words in (its title, its events): the page's, where the
    ruleset has it; else English. A ruleset the server does not list (a file's record that
    names none, or one misspelt): the page's, in which the server says why it refuses it. */
function langFor(ruleset) {
  return rulesets.then((all) => {
    const base = (id) => String(id).replace(/-v\d+$/, ""); // a record names its version
    const info = all.find((r) => r.id === ruleset) ?? all.find((r) => base(r.id) === base(ruleset));
    return info ? langOf(info.languages) : store.lang;
  });
}

let rulesets = Promise.resolve([]); // the rulesets in the page's language, once loadWords() has settled it

start().catch((error) => showError(open, error));
