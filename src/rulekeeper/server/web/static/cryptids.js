// The cryptids online game: how to play, sign up, a run's shop (offers, gold, the row: reorder
// by drag or by keyboard, abilities, combining, freeze, reroll, sell) with the next thing to do
// pointed at during a first run, the opponent's row before the fight, the battle played back
// (1×/2×/4×, skip), what it cost, why it ended so and the odds the player had, the run history
// with each battle's replay, the battles other players' runs fought against the player's rows
// (counted, each one to watch), and the leaderboard. Every word through t() (common.js).
import { afterRefusal, api, clear, colon, el, header, loadWords, local, number, ruleButton, rulesOf, showError, signIn, store, t } from "./common.js";
import { cryptidCard } from "./cards.js";
import { tokenTools } from "./account.js";
import { Viewer } from "./viewer.js";

const ui = { run: null, viewer: null, rules: null, numbers: null, watching: 0, first: true, unseen: null };
const $ = (id) => document.getElementById(id);
const signed = (value, digits = 1) => `${value >= 0 ? "+" : "−"}${number(Math.abs(value), digits)}`;
/** A rating with one decimal, a negative one with the minus sign its change has ("−2.1", not
    "-2.1" beside "−1.8"), never "−0.0". */
const rating = (value) => { const r = Math.round(value * 10) / 10; return `${r < 0 ? "−" : ""}${number(Math.abs(r), 1)}`; };

async function start() {
  await loadWords();
  drawHeader();
  [ui.rules, ui.numbers] = await Promise.all([rulesOf("cryptids-run"), api("/api/runs/rules")]);
  if (!store.token) return welcome();
  loadAll().catch(tokenGone);
}

/** A newcomer (or a player signed out): what the game is, the sign-up, and how to play, in
    the wide column; `note`: why this browser asks again. */
function welcome(note = null) {
  $("signin").after($("howto"));
  howTo(true);
  signIn($("signin"), (me) => { drawHeader(); if (me.token) showToken(me); else clear($("signin")); loadAll().catch(tokenGone); },
    { intro: [el("p.lead", { id: "intro" }, t("Build a row of cryptids in the shop, then watch it fight another player's row: the dice decide which abilities fire. Choose a player name to play; no e-mail, no password.")), note] });
  leaderboard();
}

/** The page's first reads refused: a token that no longer works (a new one was made on
    another device, or the account was closed) is forgotten, and the page asks who you are,
    saying why (it stayed blank); any other refusal is said where the run goes. */
function tokenGone(error) {
  if (error.status !== 401) return showError($("run"), error);
  store.token = null; store.name = null;
  drawHeader();
  welcome(el("p.error", { id: "token-gone", role: "alert" }, t("The token this browser kept no longer works (a new one was made on another device, or the account was closed): sign in with your current token, or sign up.")));
}

function drawHeader() {
  document.querySelector("header.top")?.remove();
  header({ title: t("Cryptids online") });
}

function showToken(me) {
  clear($("signin"), el("div.panel", { id: "new-token" },
    el("h2", {}, t("Welcome, {name}!", { name: me.name })),
    el("p", {}, t("This is your token: it signs you in, here and on any other device. It is kept in this browser; keep a copy too (Account, at the top, shows it again).")),
    tokenTools(me.token, me.name, { shown: true }),
    el("button.primary", { id: "token-kept", onclick: () => clear($("signin")) }, t("I have kept it"))));
}

// -- how to play --------------------------------------------------------------------------

/** The rules a newcomer needs, with the numbers of this server's content. */
function howTo(open) {
  const { run, shop, battle, odds_battles: battles } = ui.numbers;
  const costs = run.loss_costs.map((c) => t("{lives:life|lives} from round {round}", { lives: c.lives, round: c.from_round }));
  const tiers = shop.tiers.filter((tier) => tier.from_round > 1).map((tier) => t("tier {tier} from round {round}", { tier: tier.tier, round: tier.from_round }));
  clear($("howto"), el("details.panel", { id: "howto-text", open },
    el("summary", {}, el("h2", {}, t("How to play"))),
    el("ol", {},
      el("li", {}, t("Each round has two parts: the shop, then a battle against another player's row from the same round.")),
      el("li", {}, t("In the shop you have {gold} gold; what you do not spend is lost. Buy cryptids ({buy} gold each) into the {places} places of your row, sell one ({sell} gold back), reroll the offers ({reroll} gold), or freeze an offer to keep it for the next round.",
        { gold: shop.gold, buy: shop.prices.buy, places: shop.places, sell: shop.prices.sell, reroll: shop.prices.reroll })),
      el("li", {}, t("A cryptid you buy keeps one of its two abilities: you choose which when you buy it. Stronger cryptids come later: {tiers:and}.", { tiers })),
      el("li", {}, t("Combining: buy a copy of a cryptid onto the same cryptid in your row: +{hp} HP and +{threat} threat, up to ×{most}.", { hp: shop.combine.hp, threat: shop.combine.threat, most: shop.combine.most + 1 })),
      el("li", {}, t("Battles play by themselves. Each roll throws two dice: an ability fires on its total (“on 7”, “on 9 to 11”), on doubles, on an odd or even total, or when something happens (hurt, healed, a death, the start of the battle).")),
      el("li", {}, t("Threat order: cryptids act from the highest threat to the lowest, across both rows. An attack on one enemy hits the one with the highest threat, the leftmost on a tie: the order of your row matters.")),
      el("li", {}, t("A battle ends when a row is empty; after {rolls} rolls, or when neither side can deal damage, the side with more HP left wins. From roll {sudden} every hit gets stronger (sudden death).",
        { rolls: battle.roll_cap, sudden: battle.sudden_death })),
      el("li", {}, t("Lives: you start with {lives}. A lost battle costs more as the run goes on: {costs:and}. A tie costs nothing.", { lives: run.lives, costs })),
      el("li", {}, t("The run is won at {victories} victories, and lost when no life is left.", { victories: run.victories })),
      el("li", {}, t("After each battle you see what it cost, why it ended so, and the odds you had: your row against that row, fought {battles} times on the server.", { battles: number(battles) })))));
}

/** What to do next, said during a player's first run. */
function hint(text) {
  return ui.first && text ? el("p.hint", { id: "next-step", role: "note" }, el("span.badge.next", {}, t("Next")), " ", text) : null;
}

function nextStep(run) {
  if (run.pending?.kind === "ability") return t("Choose the ability {name} keeps: it is the one it will use in battle.", { name: local(run.buying?.name) });
  const row = run.row.filter(Boolean);
  const canBuy = run.pending?.options.some((o) => o.id.startsWith("buy-"));
  if (!row.length) return t("Buy a cryptid: press Buy under an offer (or drag the offer onto a place of your row).");
  if (canBuy) return t("You have {gold} gold: buy another cryptid (a copy of one in your row combines with it), or end the shop.", { gold: run.gold });
  if (row.length === run.row.length && run.gold + run.prices.sell >= run.prices.buy && run.offers.some(Boolean)) {
    return t("Your row is full: to make room for an offer, sell a cryptid (+{sell} gold); or put your row in order and press “End the shop and fight”.", { sell: run.prices.sell });
  }
  return t("Put your row in order (drag, or ← and →: the leftmost is hit first on a tie of threat), then press “End the shop and fight”.");
}

// -- runs and the shop --------------------------------------------------------------------

async function loadAll() {
  $("side-column").prepend($("howto"));
  const runs = await api(`/api/runs?lang=${store.lang}`);
  ui.first = !runs.some((r) => r.over && !r.unseen);
  howTo(ui.first);
  const unseen = runs.find((r) => r.unseen);
  if (unseen) return showUnseen(unseen, runs);
  const empty = runs.find((r) => r.unseen_empty_row);
  const active = runs.find((r) => !r.over);
  if (empty) emptyRow(await api(`/api/runs/${empty.id}?lang=${store.lang}`), empty.unseen_empty_row);
  else if (active) showRun(await api(`/api/runs/${active.id}?lang=${store.lang}`));
  else noRun();
  history(runs);
  metRows();
  leaderboard();
}

function noRun() {
  ui.run = null;
  clear($("run"), el("div.panel", {}, el("p", {}, t("No run in progress.")),
    hint(t("Start a run: you get {lives:life|lives} and {gold} gold to spend in the shop.", { lives: ui.numbers.run.lives, gold: ui.numbers.shop.gold })),
    el("button.primary", { id: "start-run", onclick: newRun }, t("Start a run"))));
}

async function newRun() {
  try { showRun(await api(`/api/runs?lang=${store.lang}`, { method: "POST", body: {} })); history(); leaderboard(); } catch (e) { showError($("run"), e); }
}

const has = (run, id) => run.pending?.options.some((o) => o.id === id);

/** After a refused change: a stale version (another tab or device moved the run on) reads
    the run again (loadAll: the shop, or first a battle ended elsewhere and not yet seen) and
    says so there, in words, not by the run's id; any other refusal is said as it is. Either
    is scrolled into view: clicked far below it (an offer on a phone), it was not seen. */
async function refused(error) {
  await afterRefusal(error, loadAll,
    () => $("shop-error") || $("fight-note") || $("run").appendChild(el("div")),
    t("Your run changed meanwhile (in another tab or on another device): this is how it stands now."));
  document.querySelector("#shop-error > p, #fight-note > p")?.scrollIntoView({ block: "nearest" });
}

/** A change of the run on its way: until its answer, the run's buttons wait, disabled (a
    second click answered the version the first one was changing: refused as stale, and said as
    "changed in another tab"); refused, they are enabled again where it is said. */
async function waiting(change) {
  const panel = $("run");
  const buttons = [...panel.querySelectorAll("button:not([disabled])")];
  panel.setAttribute("aria-busy", "true");
  for (const button of buttons) button.disabled = true;
  try { await change(); } finally {
    panel.removeAttribute("aria-busy");
    for (const button of buttons) if (button.isConnected) button.disabled = false; // not drawn again
  }
}

async function act(action) {
  const run = ui.run;
  await waiting(async () => {
    try { showRun(await api(`/api/runs/${run.id}/actions?lang=${store.lang}`, { method: "POST", body: { action, version: run.version } })); }
    catch (e) { await refused(e); }
  });
}

function status(run) {
  const r = run.rating, change = run.rating_change.shown;
  return el("div.stats", { id: "status", "data-version": run.version },
    el("span", {}, t("Round {round}", { round: run.round })),
    el("span", { id: "lives" }, `♥ ${t("{lives:life|lives}", { lives: run.lives })}`),
    el("span", { id: "victories" }, `★ ${t("{victories}/{needed} victories", { victories: run.victories, needed: run.victories_needed })}`),
    run.over ? null : el("span", { id: "gold" }, t("{gold} gold", { gold: run.gold })), // no shop is coming
    el("span.muted", { id: "rating", title: t("Your rating is mu − 3σ: the skill the game is sure you have. The run's change is applied when it ends.") },
      run.over ? t("rating {rating}", { rating: rating(r.shown + change) })
        : t("rating {rating} (this run: {change}, applied when it ends)", { rating: rating(r.shown), change: signed(change) })));
}

function showRun(run) {
  ui.run = run;
  if (run.over && ui.first) { ui.first = false; howTo(false); } // the first run over: how to play folds
  if (ui.viewer) { ui.viewer.destroy(); ui.viewer = null; }
  ui.watching++; // a battle still loading is not shown over the shop
  clear($("battle"));
  if (run.over) {
    clear($("run"), el("div.panel", {}, status(run), runOver(run)));
    return;
  }
  const choosing = run.pending?.kind === "ability";
  clear($("run"), el("div.panel", {}, status(run), hint(nextStep(run)), el("div", { id: "shop-error" }),
    choosing ? abilityChoice(run) : null,
    el("h2", {}, t("Offers")), el("p.muted", {}, t("Drag an offer onto a place to buy it there.")),
    el("div.cards", { id: "offers" }, ...run.offers.map((o, i) => offerCard(run, o, i + 1, choosing))),
    el("div.row.gap", {},
      el("button", { id: "reroll", disabled: !has(run, "reroll"), onclick: () => act("reroll"), title: t("Every offer that is not frozen is drawn again.") },
        t("Reroll the offers ({price} gold)", { price: run.prices.reroll }))),
    el("h2", {}, t("Your row, left to right")), el("p.muted", {}, t("Drag a cryptid to reorder, or focus it and press ← or →.")),
    el("div.cards", { id: "row" }, ...run.row.map((p, i) => placeCard(run, p, i + 1, choosing))),
    el("div.row.gap", {},
      el("button.primary", { id: "end-shop", disabled: !has(run, "end"), onclick: endShop }, t("End the shop and fight")),
      el("span.muted", {}, t("Unspent gold is lost.")))));
}

function offerCard(run, offer, number, choosing) {
  if (!offer) return el("div.cryptid.empty", {}, "—");
  const places = run.row.map((_, i) => i + 1).filter((p) => has(run, `buy-${number}-${p}`));
  const copyAt = places.find((p) => run.row[p - 1]?.cryptid === offer.cryptid);
  const place = copyAt || places.find((p) => !run.row[p - 1]);
  const freeze = offer.frozen ? `unfreeze-${number}` : `freeze-${number}`;
  const card = cryptidCard({ ...offer, hp: [offer.hp, offer.hp] }, [
    el("button.small", { "data-buy": number, disabled: choosing || !place, onclick: () => act(`buy-${number}-${place}`),
      title: copyAt ? t("Combine with the {name} at place {place}", { name: local(offer.name), place: copyAt }) : null },
    copyAt ? t("Combine ({price})", { price: run.prices.buy }) : t("Buy ({price})", { price: run.prices.buy })),
    el("button.small", { "data-freeze": number, disabled: !has(run, freeze), onclick: () => act(freeze),
      title: offer.frozen ? t("Let this offer go: the next round or a reroll draws another in its place.") : t("Keep this offer for the next round: a reroll leaves it too, until you buy it or unfreeze it.") },
    offer.frozen ? t("Unfreeze") : t("Freeze"))]);
  card.querySelector(".name").append(` · ${t("tier {tier}", { tier: offer.tier })}`, offer.frozen ? ` · ❄ ${t("frozen")}` : "");
  if (offer.frozen) card.classList.add("frozen");
  card.draggable = !choosing;
  card.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", `offer:${number}`));
  return card;
}

function placeCard(run, place, number, choosing) {
  const extra = place ? [
    el("button.small", { disabled: !has(run, `move-${number}-left`), onclick: () => act(`move-${number}-left`), "aria-label": t("move left") }, "←"),
    el("button.small", { disabled: !has(run, `move-${number}-right`), onclick: () => act(`move-${number}-right`), "aria-label": t("move right") }, "→"),
    el("button.small", { "data-sell": number, disabled: !has(run, `sell-${number}`), onclick: () => act(`sell-${number}`),
      title: t("Sell {name} for {price} gold: its place is free for another cryptid.", { name: local(place.name), price: run.prices.sell }) },
    t("Sell (+{price})", { price: run.prices.sell }))] : [];
  const card = place ? cryptidCard({ ...place, abilities: [place.ability], hp: [place.hp, place.hp] }, extra)
    : el("div.cryptid.empty", {}, `${number}. ${t("empty")}`);
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

/** After a buy: the cryptid bought, named and shown, and the abilities it may keep. */
function abilityChoice(run) {
  const buying = run.buying || {};
  const byId = Object.fromEntries((buying.abilities || []).map((a) => [a.id, a]));
  return el("div.panel.asking", { id: "ability-choice" },
    el("h3", {}, t("{name} joins your row at place {place}: which ability does it keep?", { name: local(buying.name), place: buying.place })),
    el("div.row.top", {},
      el("div.bought", {}, cryptidCard({ ...buying, hp: [buying.hp, buying.hp], abilities: [] })),
      el("div.options", {}, ...run.pending.options.map((o) => {
        const a = byId[o.id];
        return el("button", { "data-ability": o.id, onclick: () => act(o.id) }, a ? [el("b", {}, local(a.name)), colon(), local(a.text)] : o.label);
      }))));
}

// -- the battle ---------------------------------------------------------------------------

async function endShop() {
  const run = ui.run;
  await waiting(async () => {
    try {
      const ended = await api(`/api/runs/${run.id}/end-shop?lang=${store.lang}`, { method: "POST", body: { version: run.version } });
      ui.run = ended.run;
      if (!ended.battle) return emptyRow(ended.run, ended.round);
      clear($("run"));
      beforeFight(ended.battle, ended.run);
    } catch (e) { await refused(e); }
  });
}

/** A round lost without a fight (the row was empty: no battle), said once wherever its player
    is: just after the shop, or on the next visit, here or on another device, if the page did
    not say it then (it is marked seen as it is said). */
function emptyRow(run, round) {
  ui.run = run;
  const lost = run.battles.find((b) => b.round === round);
  const note = el("div");
  clear($("run"), el("div.panel", { id: "empty-row" }, el("h2", {}, t("Round {round}", { round })),
    el("p", {}, t("Your row is empty: the battle is lost without a fight.")),
    el("p", {}, cost(lost.outcome, lost.lives_lost, { ...run, lives: lost.lives })), note, backButton(run)));
  api(`/api/runs/${run.id}/empty-row-seen?lang=${store.lang}`, { method: "POST", body: { round } }).catch((e) => showError(note, e));
}

/** A battle whose result its player has not been shown (the page was reloaded or closed
    before, here or on another device): shown first, as end-shop showed it, the run history
    as it was before it. */
async function showUnseen(summary, runs) {
  const [battle, run] = await Promise.all([api(`/api/battles/${summary.unseen}?lang=${store.lang}`), api(`/api/runs/${summary.id}?lang=${store.lang}`)]);
  ui.run = run;
  ui.unseen = battle.id; // replayed from the history instead, it is seen all the same
  clear($("run"));
  beforeFight(battle, run);
  history(runs, battle);
  metRows();
  leaderboard();
}

/** A player as the page names them: a bot player of the offline pool by a name ("bot-3":
    "Bot 3"; no person's name starts with "bot-"), anyone else by their name. */
function playerName(player) {
  const bot = /^bot-(\d+)$/.exec(player || "");
  return bot ? t("Bot {number}", { number: bot[1] }) : player;
}

/** Who the opponent is, as the page says it. */
function opponentName(battle) {
  if (battle.opponent === "ghost") return t("a ghost (a row built by a bot)");
  const name = playerName(battle.opponent);
  return battle.ghost ? t("{name}'s ghost (a row built by a bot)", { name }) : t("{name}, a player", { name });
}

/** Before the fight: the opponent, their row and yours; then watch, or skip to the result. */
function beforeFight(battle, after) {
  ui.watching++;
  const row = (cryptids) => el("div.cards", {}, ...cryptids.map((c) => cryptidCard(withAbility(c))));
  clear($("battle"), el("div.panel", { id: "before-fight" },
    el("h2", {}, t("Round {round}: your opponent is {who}", { round: battle.round, who: opponentName(battle) })),
    el("div", { id: "fight-note" }),
    el("p.muted", { id: "opponent" }, t("Their row as it left the shop at round {round}, left to right:", { round: battle.round }),
      battle.ghost ? el("span.badge.ghost", {}, t("ghost")) : null),
    row(battle.rows.opponent),
    el("h3", {}, t("Your row")), row(battle.rows.player),
    hint(t("The battle plays by itself: the dice decide which abilities fire. Watch it, at the speed you like.")),
    el("div.row.gap", {},
      el("button.primary", { id: "watch-battle", onclick: () => watch(battle, after) }, t("Watch the battle")),
      el("button", { id: "skip-battle", onclick: () => watch(battle, after, { skip: true }) }, t("Skip to the result")))));
  $("battle").scrollIntoView({ block: "start" });
}

const withAbility = (c) => ({ ...c, hp: [c.hp, c.hp], abilities: c.ability ? [c.ability] : c.abilities });

/** The battle's cards completed with what the frames do not carry: the ability each cryptid
    kept and the copies it combined (from the rows it fought, by its name in the battle), and
    the abilities of the cryptids summoned. */
function cardsOf(battle, film) {
  const first = film.events.length ? film.frames[film.events[0].frame].rows : {};
  const known = {};
  for (const [side, mine] of [["left", battle.rows.player], ["right", battle.rows.opponent]]) {
    (first[side] || []).forEach((c, i) => { if (c && mine[i]) known[`${side}:${c.name.en}`] = mine[i]; });
  }
  return (c, side) => {
    const fought = known[`${side}:${c.name.en}`];
    if (fought) return { ...c, combined: fought.combined, abilities: [fought.ability] };
    const summoned = battle.summons[c.id];
    return summoned ? { ...c, abilities: summoned.abilities } : c;
  };
}

/** Play a battle back (or replay it from the history), then its story. The battle shown
    before is taken down at once (until the new one has loaded its controls would still
    answer, for the wrong battle), and only the latest request is shown. `theirs`: another
    player's run fought it against the player's row (on the right), told for that row. */
async function watch(summary, after, { skip = false, theirs = false } = {}) {
  const asked = ++ui.watching;
  if (ui.viewer) { ui.viewer.destroy(); ui.viewer = null; }
  clear($("battle"), el("div.panel", { "aria-busy": "true" }, el("p.muted", {}, `${t("Battle")}…`)));
  let film, battle;
  try {
    [film, battle] = await Promise.all([api(`/api/battles/${summary.id}/frames?lang=${store.lang}`), api(`/api/battles/${summary.id}?lang=${store.lang}`)]);
  } catch (e) {
    if (asked === ui.watching) { showError($("battle"), e); if (after) $("battle").append(backButton(after)); }
    return;
  }
  if (asked !== ui.watching) return;
  const node = el("div");
  const told = el("div", { id: "story-box" });
  const outcome = theirs ? FOR_THE_ROW[battle.outcome] : battle.outcome;
  clear($("battle"), el("div.panel", { id: "battle-view", "data-theirs": theirs ? "true" : null },
    el("h2", {}, theirs ? t("Battle of round {round}: {player}'s run against your row", { round: battle.round, player: battle.player })
      : t("Battle of round {round}: {player} against {who}", { round: battle.round, player: battle.player, who: opponentName(battle) })),
    told, node));
  ui.viewer = new Viewer(node, film, ui.rules, {
    reveal: true, outcome, card: cardsOf(battle, film),
    sides: theirs ? { left: t("{name}'s run", { name: battle.player }), right: t("Your row ({name})", { name: playerName(battle.opponent) }) }
      : { left: t("You ({name})", { name: battle.player }), right: t("Opponent: {who}", { who: opponentName(battle) }) },
    endTitle: () => outcomeWord(outcome),
    onEnd: () => { if (!told.childElementCount) (theirs ? storyOfTheirs : story)(told, battle, after); },
  });
  if (skip) ui.viewer.show(film.events.length - 1);
  else ui.viewer.play();
  $("battle").scrollIntoView({ block: "start" });
}

function outcomeWord(outcome) {
  return { win: t("A victory!"), loss: t("A loss"), tie: t("A tie") }[outcome] || outcome;
}

/** What a battle did to the run, in a sentence. */
function cost(outcome, lost, run) {
  if (outcome === "win") return t("{victories} of {needed} victories.", { victories: run.victories, needed: run.victories_needed });
  if (outcome === "loss") return t("It cost you {lost:life|lives}: {lives:life|lives} left.", { lost, lives: run.lives });
  return t("A tie costs no life and is no victory.");
}

/** The story of a battle: what it cost, the run so far, why it ended so, the odds. */
function story(node, battle, after) {
  const odds = el("p", { id: "odds" }, el("span.muted", {}, t("Working out the odds…")));
  const run = { lives: battle.lives, victories: battle.victories, victories_needed: battle.victories_needed };
  clear(node, el("section.story", { id: "battle-summary" },
    el("p", { id: "cost" }, el("b", {}, { win: t("A victory!"), loss: t("A loss."), tie: t("A tie.") }[battle.outcome]), " ", battle.lives !== null ? cost(battle.outcome, battle.lives_lost, run) : null),
    battle.lives !== null ? el("p", { id: "run-so-far" }, t("Your run: {lives:life|lives} and {victories} of {needed} victories.", { lives: battle.lives, victories: battle.victories, needed: battle.victories_needed })) : null,
    odds,
    el("h4", {}, t("Why")),
    el("ol.deciding", { id: "deciding" }, ...battle.deciding.map((m) => whyLine(m, battle.side))),
    after ? el("div.row.gap", {}, backButton(after)) : null));
  if (after || battle.id === ui.unseen) { // its result is shown: seen, and the history says it
    ui.unseen = null;
    api(`/api/battles/${battle.id}/seen?lang=${store.lang}`, { method: "POST" }).then(() => { history(); leaderboard(); }, (e) => showError(node, e));
  }
  const shown = (o) => {
    odds.dataset.odds = o.odds;
    const chance = o.odds * 100, margin = Math.max(1, Math.round((o.odds_interval[1] - o.odds_interval[0]) * 50));
    // a rounded 100% or 0% would say the dice could not have gone otherwise
    const said = chance >= 99.5 ? t("You had over 99% to win this battle.") : chance < 0.5 ? t("You had under 1% to win this battle.")
      : t("You had {chance}% (±{margin}) to win this battle.", { chance: Math.round(chance), margin });
    clear(odds, said,
      " ", el("span.muted", {}, t("Your row against theirs, fought {battles} times on the server with the same rules.", { battles: number(o.odds_battles) })));
  };
  if (battle.odds !== null) shown(battle);
  else api(`/api/battles/${battle.id}/odds?lang=${store.lang}`).then(shown, (e) => showError(odds, e));
}

/** A line of a battle's why: a death after the blow that caused it, by that blow's rule (damage
    over time with the ability that put it on, and when), badged by whose cryptid it was
    (`mine`: the side of the player's row); the end by its own rule. */
function whyLine(m, mine) {
  const line = el("li", { "data-kind": m.kind }, m.roll ? el("b", {}, t("Roll {roll}", { roll: m.roll }), colon()) : null,
    m.cause ? el("span.cause", {}, m.cause.text, " ") : null,
    m.source ? el("span.source", {}, t("(Since roll {roll}: {text})", { roll: m.source.roll, text: m.source.text }), " ") : null, m.text,
    m.side ? el("span.badge", {}, m.side === mine ? t("yours") : t("theirs")) : null);
  line.append(ruleButton((m.cause || m).rule, ui.rules, line));
  return line;
}

const FOR_THE_ROW = { win: "loss", loss: "win", tie: "tie" }; // a battle's outcome for its opponent's row

/** The story of a battle another player's run fought against the player's row: how it
    ended for that row, and why (whose cryptid died, told for the row's owner). */
function storyOfTheirs(node, battle) {
  clear(node, el("section.story", { id: "battle-summary" },
    el("p", { id: "cost" }, el("b", {}, { win: t("Your row won."), loss: t("Your row lost."), tie: t("A tie.") }[FOR_THE_ROW[battle.outcome]])),
    el("h4", {}, t("Why")),
    el("ol.deciding", { id: "deciding" }, ...battle.deciding.map((m) => whyLine(m, battle.side))))); // the row fought on the right
}

function backButton(run) {
  return el("button.primary", { id: "back-to-shop", onclick: () => { showRun(run); history(); metRows(); leaderboard(); } },
    run.over ? t("The run is over") : t("Back to the shop"));
}

// -- the run's end, the history, the leaderboard ------------------------------------------

function runOver(run) {
  const won = run.result?.winner === "player";
  const before = run.rating.shown, change = run.rating_change.shown;
  return el("div", { id: "run-over" },
    el("div.banner." + (won ? "win" : "loss"), { role: "status" }, won ? t("You won the run!") : t("You lost the run."),
      el("div.why", { id: "rating-change" }, t("Your rating: {before} → {after} ({change}).", { before: rating(before), after: rating(before + change), change: signed(change) }))),
    battleList(run), el("p"),
    el("button.primary", { id: "new-run", onclick: newRun }, t("Start a run")));
}

function battleList(run) {
  if (!run.battles.length) return el("p.muted", {}, t("no battles yet"));
  return el("table.board-table", { "data-run": run.id },
    el("thead", {}, el("tr", {}, ...[t("Result"), t("Opponent"), t("Lives"), t("Rating"), ""].map((h) => el("th", {}, h)))),
    el("tbody", {}, ...run.battles.map((b) => el("tr", { "data-round": b.round }, // its round under its result: a phone's width
      el("td", {}, outcomeWord(b.outcome), el("div.muted", {}, t("Round {round}", { round: b.round }))),
      el("td", {}, !b.id ? t("nobody: your row was empty") : b.opponent === "ghost" ? t("ghost") : playerName(b.opponent),
        b.ghost && b.opponent !== "ghost" ? [" ", el("span.badge.ghost", {}, t("ghost"))] : null),
      el("td", {}, b.lives_lost ? `♥ ${b.lives} (−${b.lives_lost})` : `♥ ${b.lives}`),
      el("td", {}, signed(b.rating_change)),
      el("td", {}, b.id ? el("button.small", { "data-replay": b.id, onclick: () => watch({ id: b.id }, null) }, t("Replay")) : "")))));
}

/** The run history; `before`: a battle not seen yet, its run's row shown as before it. */
async function history(runs, before = null) {
  runs = runs || await api(`/api/runs?lang=${store.lang}`);
  const counts = (r) => before?.run === r.id
    ? `★ ${before.victories - (before.outcome === "win" ? 1 : 0)} · ♥ ${before.lives + before.lives_lost}` : `★ ${r.victories} · ♥ ${r.lives}`;
  const detail = el("div", { id: "run-detail" });
  clear($("history"), el("h2", {}, t("Run history")),
    runs.length ? el("table.board-table", { id: "runs" }, el("tbody", {}, ...runs.map((r) => el("tr", {},
      el("td", {}, new Date(r.created_at).toLocaleDateString(store.lang)),
      el("td", {}, r.over ? (r.winner === "player" ? t("won") : t("lost")) : t("in progress")),
      el("td", {}, counts(r)),
      el("td", { title: t("its change of your rating") }, r.rating_shown_change === null ? "" : signed(r.rating_shown_change)),
      el("td", {}, el("button.small", { "data-run": r.id, onclick: async () => clear(detail, battleList(await api(`/api/runs/${r.id}?lang=${store.lang}`))) }, t("Open"))))))) : el("p.muted", {}, t("No run yet.")),
    detail);
}

/** The battles other players' runs fought against the player's rows: how many, how they
    ended for the rows, and the latest, each one to watch. Only its owner sees it. */
async function metRows() {
  const box = $("met");
  try {
    const met = await api("/api/battles/met?limit=10");
    const word = { win: t("won"), loss: t("lost"), tie: t("tie") };
    clear(box, el("h2", {}, t("Your rows met")),
      el("p", { id: "met-counts", "data-met": met.met },
        met.met ? t("Other players' runs met your rows {met:time|times}: your rows won {won}, lost {lost}, tied {tied}.", met)
          : t("No other player's run has met your rows yet: each row you end a shop with joins the pool they are matched from.")),
      met.battles.length ? el("table.board-table", { id: "met-battles" },
        el("thead", {}, el("tr", {}, ...[t("Opponent"), t("Result"), ""].map((h) => el("th", {}, h)))),
        el("tbody", {}, ...met.battles.map((b) => el("tr", { "data-battle": b.id },
          el("td", {}, b.player, el("div.muted", {}, t("Round {round}", { round: b.round }))),
          el("td", { "data-outcome": b.outcome }, word[b.outcome] || b.outcome),
          el("td", {}, el("button.small", { "data-watch": b.id, onclick: () => watch({ id: b.id }, null, { theirs: true }) }, t("Watch"))))))) : null);
  } catch (e) { showError(box, e); }
}

async function leaderboard() {
  const box = $("leaderboard");
  try {
    const rows = await api("/api/leaderboard?limit=20");
    clear(box, el("h2", {}, t("Leaderboard")),
      el("p.muted", { id: "rating-explained" }, t("Players are ranked by their rating, mu − 3σ (openskill): the skill the game is sure they have. Everyone starts at 0; it rises with wins, and as the game grows surer of you. A run's change is applied when it ends.")),
      rows.length ? el("table.board-table", { id: "standings" },
        el("thead", {}, el("tr", {}, ...[["#"], [t("player")], [t("rating")], [t("runs"), t("runs finished")],
          [t("runs won"), t("runs ended with {victories} victories", { victories: ui.numbers.run.victories })],
          [t("best"), t("the most victories in one run")]].map(([h, title]) => el("th", { title }, h)))),
        el("tbody", {}, ...rows.map((s) => el("tr", {}, el("td", {}, s.rank), el("td", {}, s.name), el("td", {}, rating(s.ordinal)),
          el("td", {}, s.runs), el("td", {}, s.won), el("td", {}, s.best)))))
        : el("p.muted", {}, t("No finished run yet.")));
  } catch (e) { showError(box, e); }
}

start().catch((e) => showError($("run"), e));
