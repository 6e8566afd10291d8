// The replay viewer: open a log file (`rulekeeper play --log`), one of your stored games or a
// battle; the server replays the record and sends the board as it was at each event.
import { api, clear, el, header, rulesOf, showError, signIn, store } from "./common.js";
import { offerLuck } from "./luck.js";
import { Viewer } from "./viewer.js";

const open = document.getElementById("open");
const stage = document.getElementById("viewer");
const params = new URLSearchParams(location.search);
let viewer = null;

async function start() {
  header({ title: "rulekeeper · replays" });
  if (!store.token) return signIn(open, () => location.reload());
  const file = el("input", { type: "file", id: "file", accept: ".jsonl,.json,application/json", onchange: () => file.files[0] && fromFile(file.files[0]) });
  const games = el("select", { id: "games", "aria-label": "your games" }, el("option", { value: "" }, "one of your games…"));
  for (const g of await api("/api/games?limit=100")) games.append(el("option", { value: g.id }, `${g.ruleset} · ${g.id}${g.over ? " · over" : ""}`));
  games.addEventListener("change", () => games.value && show(`/api/games/${games.value}/frames`, null, `/api/games/${games.value}/luck`));
  clear(open, el("h2", {}, "Open a replay"),
    el("div.row", {}, el("label", {}, "A log file ", file), games),
    el("p.muted", {}, "A log file is what `rulekeeper play --log FILE` or a game's \"Download the record\" writes; the record in its first line is replayed here, event by event. "
      + "Step with ◀ ▶ or the arrow keys, or drag the slider."));
  if (params.get("game")) show(`/api/games/${params.get("game")}/frames`, null, `/api/games/${params.get("game")}/luck`);
  else if (params.get("battle")) show(`/api/battles/${params.get("battle")}/frames?lang=${store.lang}`);
}

async function fromFile(file) {
  const text = await file.text();
  const first = text.split("\n").find((line) => line.trim());
  let head;
  try { head = JSON.parse(first); } catch { return showError(stage, new Error(`${file.name}: the first line is not JSON`)); }
  show("/api/replay", head, "/api/luck");
}

/** Replay `path` (with `body`, a POST); when the game is over, its luck ledger from `luck`
    beside the viewer. */
async function show(path, body, luck) {
  clear(stage, el("p.muted", {}, "Replaying…"));
  try {
    const film = await (body ? api(path, { method: "POST", body }) : api(path));
    const rules = await rulesOf(film.ruleset);
    if (viewer) viewer.destroy();
    const node = el("div");
    const ledger = el("section.panel", { id: "luck" });
    const steps = film.decisions || [];
    const judged = luck && film.result && steps.length;
    clear(stage, el("h2", { id: "replay-title" }, `${film.title}${film.seat ? ` — as ${film.seat} sees it` : ""}`),
      el(judged ? "div.with-luck" : "div", {}, node, judged && ledger));
    viewer = new Viewer(node, film, rules, {});
    if (judged) {
      offerLuck(ledger, luck, body, (step) => {
        viewer.show(steps[Math.min(step, steps.length - 1)].before);
        if (matchMedia("(max-width: 1099px)").matches) node.scrollIntoView({ block: "start" });
      });
    }
  } catch (error) { showError(stage, error); }
}

start().catch((error) => showError(open, error));
