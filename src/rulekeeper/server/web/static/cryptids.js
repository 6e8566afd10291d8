// The cryptids online game: sign up, a run's shop (offers, gold, the row: reorder by drag or
// by keyboard, abilities, freeze, reroll, sell), end the shop, watch the battle, the run
// history with each battle's replay, and the leaderboard. In English or French.
import { afterRefusal, api, clear, el, header, local, rulesOf, showError, signIn, store } from "./common.js";
import { cryptidCard } from "./board.js";
import { Viewer } from "./viewer.js";

const FR = {
  "Cryptids online": "Cryptides en ligne", "Who are you?": "Qui êtes-vous ?",
  "Choose a player name": "Choisissez un nom de joueur", "Sign up": "S'inscrire",
  "or sign in with your token": "ou connectez-vous avec votre jeton", "Sign in": "Se connecter",
  "Your token is kept in this browser; keep a copy to sign in elsewhere.": "Votre jeton est gardé dans ce navigateur ; gardez-en une copie pour vous connecter ailleurs.",
  "Your token (keep it to sign in elsewhere)": "Votre jeton (gardez-le pour vous connecter ailleurs)",
  "Start a run": "Commencer une partie", "No run in progress.": "Aucune partie en cours.",
  "Round": "Manche", "lives": "vies", "victories": "victoires", "gold": "or", "rating": "classement",
  "Offers": "Offres", "Your row, left to right": "Votre rangée, de gauche à droite",
  "Buy": "Acheter", "Freeze": "Geler", "Unfreeze": "Dégeler", "Sell": "Vendre", "frozen": "gelée",
  "Reroll the offers": "Relancer les offres", "End the shop and fight": "Finir la boutique et combattre",
  "Which ability does it keep?": "Quelle capacité garde-t-il ?", "tier": "rang",
  "HP": "PV", "threat": "menace", "shield": "bouclier", "empty": "vide",
  "move left": "vers la gauche", "move right": "vers la droite",
  "Drag a cryptid to reorder, or focus it and press ← or →.": "Faites glisser un cryptide pour le déplacer, ou sélectionnez-le et appuyez sur ← ou →.",
  "Drag an offer onto a place to buy it there.": "Faites glisser une offre sur une place pour l'y acheter.",
  "Battle": "Bataille", "You": "Vous", "Opponent": "Adversaire", "ghost": "fantôme",
  "Back to the shop": "Retour à la boutique", "Play": "Lecture", "Pause": "Pause",
  "event": "événement", "Events": "Événements", "first event": "premier événement",
  "previous event": "événement précédent", "next event": "événement suivant", "last event": "dernier événement",
  "no roll yet": "pas encore de lancer", "no events": "aucun événement",
  "win": "victoire", "loss": "défaite", "tie": "égalité",
  "Run history": "Historique des parties", "Leaderboard": "Classement", "Replay": "Revoir",
  "in progress": "en cours", "won": "gagnée", "lost": "perdue", "Open": "Ouvrir",
  "no battles yet": "pas encore de bataille", "No finished run yet.": "Aucune partie terminée.",
  "player": "joueur", "runs": "parties", "best": "record",
  "The run is over": "La partie est finie", "You won the run!": "Vous avez gagné la partie !",
  "You lost the run.": "Vous avez perdu la partie.", "Rating change, applied now": "Variation du classement, appliquée maintenant",
  "Your row is empty: the battle is lost without a fight.": "Votre rangée est vide : la bataille est perdue sans combat.",
  "left": "gauche", "right": "droite", "wins": "gagne", "a tie": "égalité",
  "this run so far": "cette partie jusqu'ici", "applied when it ends": "appliqué à la fin",
  "actions": "actions",
};
const words = (s) => (store.lang === "fr" ? FR[s] ?? s : s);

const ui = { run: null, viewer: null, rules: null, watching: 0 };
const $ = (id) => document.getElementById(id);

async function start() {
  document.documentElement.lang = store.lang;
  header({ title: words("Cryptids online"), languages: ["en", "fr"], onLang: () => location.reload() });
  ui.rules = { ...(await rulesOf("cryptids")) };
  if (!store.token) {
    signIn($("signin"), (me) => { showToken(me); loadAll(); }, words);
    leaderboard();
    return;
  }
  loadAll();
}

function showToken(me) {
  clear($("signin"), el("div.panel", {}, el("p", {}, words("Your token (keep it to sign in elsewhere)"), ": ",
    el("code", { id: "token" }, me.token))));
  const name = $("player-name");
  if (name) name.textContent = me.name;
}

async function loadAll() {
  const runs = await api("/api/runs");
  const active = runs.find((r) => !r.over);
  if (active) showRun(await api(`/api/runs/${active.id}`));
  else noRun();
  history(runs);
  leaderboard();
}

function noRun(note) {
  ui.run = null;
  clear($("run"), el("div.panel", {}, note || null, el("p", {}, words("No run in progress.")),
    el("button.primary", { id: "start-run", onclick: async () => {
      try { showRun(await api("/api/runs", { method: "POST", body: {} })); history(); } catch (e) { showError($("run"), e); }
    } }, words("Start a run"))));
}

const has = (run, id) => run.pending?.options.some((o) => o.id === id);

async function act(action) {
  const run = ui.run;
  try { showRun(await api(`/api/runs/${run.id}/actions`, { method: "POST", body: { action, version: run.version } })); }
  catch (e) { await afterRefusal(e, async () => showRun(await api(`/api/runs/${run.id}`)), () => $("shop-error")); }
}

function showRun(run) {
  ui.run = run;
  if (ui.viewer) { ui.viewer.destroy(); ui.viewer = null; }
  ui.watching++; // a battle still loading is not shown over the shop
  clear($("battle"));
  const r = run.rating, c = run.rating_change;
  const status = el("div.stats", { id: "status", "data-version": run.version },
    el("span", {}, `${words("Round")} ${run.round}`), el("span", { id: "lives" }, `♥ ${run.lives} ${words("lives")}`),
    el("span", { id: "victories" }, `★ ${run.victories}/${run.victories_needed} ${words("victories")}`),
    el("span", { id: "gold" }, `${run.gold} ${words("gold")}`),
    el("span.muted", {}, `${words("rating")} ${r.mu.toFixed(1)} ± ${r.sigma.toFixed(1)} (${words("this run so far")} ${c.mu >= 0 ? "+" : ""}${c.mu.toFixed(2)}, ${words("applied when it ends")})`));
  const error = el("div", { id: "shop-error" });
  if (run.over) {
    clear($("run"), el("div.panel", {}, status, runOver(run)));
    return;
  }
  const choosing = run.pending?.kind === "ability";
  clear($("run"), el("div.panel", {}, status, error,
    choosing ? abilityChoice(run) : null,
    el("h2", {}, words("Offers")), el("p.muted", {}, words("Drag an offer onto a place to buy it there.")),
    el("div.cards", { id: "offers" }, ...run.offers.map((o, i) => offerCard(run, o, i + 1, choosing))),
    el("div.row", { style: "margin:.5rem 0" },
      el("button", { id: "reroll", disabled: !has(run, "reroll"), onclick: () => act("reroll") }, `${words("Reroll the offers")} (${run.prices.reroll} ${words("gold")})`)),
    el("h2", {}, words("Your row, left to right")), el("p.muted", {}, words("Drag a cryptid to reorder, or focus it and press ← or →.")),
    el("div.cards", { id: "row" }, ...run.row.map((p, i) => placeCard(run, p, i + 1, choosing))),
    el("div.row", { style: "margin-top:.75rem" },
      el("button.primary", { id: "end-shop", disabled: !has(run, "end"), onclick: endShop }, words("End the shop and fight")))));
}

function offerCard(run, offer, number, choosing) {
  if (!offer) return el("div.cryptid.empty", {}, "—");
  const place = run.row.findIndex((_, i) => has(run, `buy-${number}-${i + 1}`)) + 1;
  const freeze = offer.frozen ? `unfreeze-${number}` : `freeze-${number}`;
  const card = cryptidCard({ ...offer, hp: [offer.hp, offer.hp] }, words, [
    el("button.small", { "data-buy": number, disabled: choosing || !place, onclick: () => act(`buy-${number}-${place}`) }, `${words("Buy")} (${run.prices.buy})`),
    el("button.small", { "data-freeze": number, disabled: !has(run, freeze), onclick: () => act(freeze) }, offer.frozen ? words("Unfreeze") : words("Freeze"))]);
  card.querySelector(".name").append(` · ${words("tier")} ${offer.tier}`, offer.frozen ? ` · ❄ ${words("frozen")}` : "");
  if (offer.frozen) card.classList.add("frozen");
  card.draggable = !choosing;
  card.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", `offer:${number}`));
  return card;
}

function placeCard(run, place, number, choosing) {
  const extra = place ? [
    el("button.small", { disabled: !has(run, `move-${number}-left`), onclick: () => act(`move-${number}-left`), "aria-label": words("move left") }, "←"),
    el("button.small", { disabled: !has(run, `move-${number}-right`), onclick: () => act(`move-${number}-right`), "aria-label": words("move right") }, "→"),
    el("button.small", { "data-sell": number, disabled: !has(run, `sell-${number}`), onclick: () => act(`sell-${number}`) }, `${words("Sell")} (+${run.prices.sell})`)] : [];
  const card = place ? cryptidCard({ ...place, abilities: [place.ability], hp: [place.hp, place.hp] }, words, extra)
    : el("div.cryptid.empty", {}, `${number}. ${words("empty")}`);
  card.dataset.place = number;
  if (place && !choosing) {
    card.tabIndex = 0;
    card.draggable = true;
    card.setAttribute("aria-label", `${number}. ${local(place.name)}`);
    card.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", `place:${number}`));
    card.addEventListener("keydown", (e) => {
      const way = { ArrowLeft: "left", ArrowRight: "right" }[e.key];
      if (way && has(run, `move-${number}-${way}`)) { e.preventDefault(); act(`move-${number}-${way}`).then(() => focusPlace(number + (way === "left" ? -1 : 1))); }
    });
  }
  card.addEventListener("dragover", (e) => { e.preventDefault(); card.classList.add("dragover"); });
  card.addEventListener("dragleave", () => card.classList.remove("dragover"));
  card.addEventListener("drop", (e) => { e.preventDefault(); card.classList.remove("dragover"); dropOn(number, e.dataTransfer.getData("text/plain")); });
  return card;
}

function focusPlace(number) { document.querySelector(`#row [data-place="${number}"]`)?.focus(); }

/** A drop on place `to`: buy an offer there, or walk a row cryptid there one step at a time. */
async function dropOn(to, what) {
  const [kind, value] = what.split(":");
  const from = Number(value);
  if (kind === "offer") return act(`buy-${from}-${to}`);
  let at = from;
  while (at !== to) {
    const way = to < at ? "left" : "right";
    if (!has(ui.run, `move-${at}-${way}`)) break;
    await act(`move-${at}-${way}`);
    at += way === "left" ? -1 : 1;
  }
}

function abilityChoice(run) {
  const buying = run.buying || {};
  const byId = Object.fromEntries((buying.abilities || []).map((a) => [a.id, a]));
  return el("div.panel", { id: "ability-choice", style: "border-color:var(--accent)" },
    el("h3", {}, `${local(buying.name) || ""} — ${words("Which ability does it keep?")}`),
    el("div.options", {}, ...run.pending.options.map((o) => {
      const a = byId[o.id];
      return el("button", { "data-ability": o.id, onclick: () => act(o.id) }, a ? [el("b", {}, local(a.name)), `: ${a.text}`] : o.label);
    })));
}

async function endShop() {
  const run = ui.run;
  try {
    const ended = await api(`/api/runs/${run.id}/end-shop`, { method: "POST", body: { version: run.version } });
    ui.run = ended.run;
    if (!ended.battle) {
      clear($("run"), el("div.panel", {}, el("p", {}, words("Your row is empty: the battle is lost without a fight.")), backButton(ended.run)));
      return;
    }
    clear($("run"));
    await watch(ended.battle.id, ended.outcome, ended.run);
  } catch (e) { await afterRefusal(e, async () => showRun(await api(`/api/runs/${run.id}`)), () => $("shop-error")); }
}

function backButton(run) {
  return el("button.primary", { id: "back-to-shop", onclick: () => { showRun(run); history(); leaderboard(); } },
    run.over ? words("The run is over") : words("Back to the shop"));
}

/** Watch a battle (or replay it from the history): rows, dice, HP, each event. The battle
    shown before is taken down at once (not when the new one has loaded: until then its
    controls would still answer, for the wrong battle), and only the latest request is shown. */
async function watch(battleId, outcome, after) {
  const asked = ++ui.watching;
  if (ui.viewer) { ui.viewer.destroy(); ui.viewer = null; }
  clear($("battle"), el("div.panel", { "aria-busy": "true" }, el("p.muted", {}, `${words("Battle")}…`)));
  let film, summary;
  try {
    [film, summary] = await Promise.all([api(`/api/battles/${battleId}/frames?lang=${store.lang}`), api(`/api/battles/${battleId}?lang=${store.lang}`)]);
  } catch (e) {
    if (asked === ui.watching) { showError($("battle"), e); if (after) $("battle").append(backButton(after)); }
    return;
  }
  if (asked !== ui.watching) return;
  const node = el("div");
  const done = el("div.row", { style: "margin-top:.5rem" });
  clear($("battle"), el("div.panel", { id: "battle-view" },
    el("h2", {}, `${words("Battle")} — ${words("Round")} ${summary.round}: ${summary.player} vs ${summary.opponent}${summary.ghost ? ` (${words("ghost")})` : ""}`),
    node, done));
  ui.viewer = new Viewer(node, film, ui.rules, {
    words, reveal: true, outcome, sides: { left: `${words("You")} (${summary.player})`, right: `${words("Opponent")} (${summary.opponent})` },
    endTitle: () => `${words(outcome)}`,
    onEnd: () => clear(done, after ? backButton(after) : null),
  });
  ui.viewer.play(220);
  $("battle").scrollIntoView({ block: "start" });
}

function runOver(run) {
  const won = run.result?.winner === "player";
  return el("div", { id: "run-over" },
    el("div.banner." + (won ? "win" : "loss"), { role: "status" }, won ? words("You won the run!") : words("You lost the run."),
      el("div", { style: "font-weight:400" }, `${words("Rating change, applied now")}: ${run.rating_change.mu >= 0 ? "+" : ""}${run.rating_change.mu.toFixed(2)}`)),
    battleList(run), el("p"),
    el("button.primary", { id: "new-run", onclick: async () => { showRun(await api("/api/runs", { method: "POST", body: {} })); history(); leaderboard(); } }, words("Start a run")));
}

function battleList(run) {
  if (!run.battles.length) return el("p.muted", {}, words("no battles yet"));
  return el("table.board-table", { "data-run": run.id }, el("tbody", {}, ...run.battles.map((b) => el("tr", {},
    el("td", {}, `${words("Round")} ${b.round}`), el("td", {}, words(b.outcome)),
    el("td", {}, b.opponent + (b.ghost ? ` (${words("ghost")})` : "")),
    el("td", {}, b.rating_change >= 0 ? `+${b.rating_change.toFixed(2)}` : b.rating_change.toFixed(2)),
    el("td", {}, b.id ? el("button.small", { "data-replay": b.id, onclick: () => watch(b.id, b.outcome, null) }, words("Replay")) : "")))));
}

async function history(runs) {
  runs = runs || await api("/api/runs");
  const box = $("history");
  const detail = el("div", { id: "run-detail" });
  clear(box, el("h2", {}, words("Run history")),
    runs.length ? el("table.board-table", { id: "runs" }, el("tbody", {}, ...runs.map((r) => el("tr", {},
      el("td", {}, new Date(r.created_at).toLocaleDateString(store.lang)),
      el("td", {}, r.over ? (r.winner === "player" ? words("won") : words("lost")) : words("in progress")),
      el("td", {}, `★ ${r.victories} · ♥ ${r.lives}`),
      el("td", {}, el("button.small", { "data-run": r.id, onclick: async () => clear(detail, battleList(await api(`/api/runs/${r.id}`))) }, words("Open"))))))) : el("p.muted", {}, words("No run in progress.")),
    detail);
}

async function leaderboard() {
  const box = $("leaderboard");
  try {
    const rows = await api("/api/leaderboard?limit=20");
    clear(box, el("h2", {}, words("Leaderboard")),
      rows.length ? el("table.board-table", { id: "standings" },
        el("thead", {}, el("tr", {}, ...["#", words("player"), words("rating"), words("runs"), words("won"), words("best")].map((h) => el("th", {}, h)))),
        el("tbody", {}, ...rows.map((s) => el("tr", {}, el("td", {}, s.rank), el("td", {}, s.name), el("td", {}, s.ordinal.toFixed(1)),
          el("td", {}, s.runs), el("td", {}, s.won), el("td", {}, s.best)))))
        : el("p.muted", {}, words("No finished run yet.")));
  } catch (e) { showError(box, e); }
}

start().catch((e) => showError($("run"), e));
