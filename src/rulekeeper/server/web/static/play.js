// Play any ruleset: against bots, hot-seat, or with people anywhere. /play lists your games
// (whose turn, since when), the lobby's public games and the rulesets; a ruleset's page sets a
// game up (scenario, options from the content's lists, who holds each seat: you, a bot, or an
// invited player; public or not; a turn clock); then the board, the seat's hands and piles, the
// pending decision as buttons, the clocks, undo, the record, the log. The page follows the
// seat's live stream, and asks the API only for the seat's view: what another seat hides never
// reaches it. Hot-seat play hides everything behind a "pass the device" screen between seats.
import {
  afterRefusal, ago, api, botName, clear, clockPanel, clockWords, colon, copyButton, dialog, download, el, endWhy, follow, header, holder, labelled, langOf,
  loadWords, logLine, mergeEvents, nameForm, newestOnly, notificationsButton, notifyTurn, overWords, readOn, rulesOf, scenarioName, seatOptions, showError, sideName,
  signIn, store, t, winnerWords, yourTurn,
} from "./common.js";
import { areaNotes, describeSelection, drawBoard, drawPanels, keepInView, side, sidesKey, swipeHint, symbolsLine } from "./board.js";
import { cryptidCard } from "./cards.js";
import { Viewer } from "./viewer.js";

const main = document.getElementById("main");
const rulesetId = decodeURIComponent(location.pathname.split("/")[2] || "");
const params = new URLSearchParams(location.search);
const ui = { rulesets: [], game: null, board: null, events: [], seat: params.get("seat"), selected: null, rules: null, info: null, stream: null, skew: 0, myGames: new Map(), drawn: null };

async function start() {
  await loadWords();
  header({ title: t("rulekeeper · play") });
  if (!store.token && params.get("game") && params.get("invite")) return invited(params.get("game"), params.get("seat"), params.get("invite"));
  if (!store.token) return signIn(main, () => location.reload(), { intro: await playIntro() });
  const rulesets = ui.rulesets = await api(`/api/rulesets?lang=${store.lang}`);
  if (!rulesetId) return chooser(rulesets);
  ui.info = askedRuleset(rulesets);
  if (!ui.info) return clear(main, el("p.error", {}, t("No ruleset {ruleset}.", { ruleset: rulesetId }), " "), el("a", { href: "/play" }, t("Choose one")));
  ui.rules = await rulesOf(ui.info.id);
  if (params.get("game") && params.get("invite") !== null) return accept(params.get("game"), params.get("seat"), params.get("invite"));
  if (params.get("game")) return load(params.get("game")).catch(notYours);
  setup();
}

/** The ruleset the page's address names, among ``rulesets``: its own version, else today's
    (a link to another version opens today's). */
function askedRuleset(rulesets) {
  const named = (id) => id.replace(/-v\d+$/, "");
  return rulesets.find((r) => r.id === rulesetId) || rulesets.find((r) => named(r.id) === named(rulesetId));
}

/** Before signing in, what the page is for (a newcomer, or a friend sent its address rather
    than an invitation): the rulesets played here (the one asked for, on its own page), how
    (bots, hot-seat, friends anywhere), and that a name is all it takes. */
async function playIntro() {
  let rulesets = [];
  try { rulesets = await api(`/api/rulesets?lang=${store.lang}`); } catch { /* said without their names */ }
  const asked = rulesetId && askedRuleset(rulesets);
  const titles = asked ? [asked.title] : rulesets.filter((r) => r.decisions && !r.online).map((r) => r.title);
  return el("div", { id: "intro" }, titles.length ? el("p.lead", {}, t("Play {titles:or} in your browser: against the bots, hot-seat on one device, or with friends anywhere (leave them a seat and send them its invitation link: every move reaches their page live).", { titles })) : null,
    el("p", {}, t("Choose a player name to start; no e-mail, no password.")));
}

/** A game's address that is not one of the player's games (404: no seat of theirs, or its
    address cut short), said in the page's words (the server's name the game by its id). */
function notYours(error) {
  if (error.status !== 404) throw error;
  clear(main, el("h2", {}, ui.info.title), el("p.error", { role: "alert", id: "not-yours" },
    t("This game is not one of yours: you hold no seat in it, or its address is cut short. A friend's game is joined by the invitation to your seat, and watched by its watch link: ask for them.")),
  el("a", { href: "/play" }, t("Your games and the lobby")));
}

// -- /play: your games, the lobby, the rulesets ---------------------------------------------

function chooser(rulesets) {
  const invitations = el("div", { id: "invitations" });
  const mine = el("section.panel", { id: "my-games" }, el("h2", {}, t("Your games")), el("p.muted", {}, t("Loading…")));
  const lobbyGames = el("div", { id: "lobby-games" }, el("p.muted", {}, t("Loading…")));
  const asked = { ruleset: "", order: "waiting", limit: LOBBY_PAGE }; // the lobby's choices, kept while it is read again
  const readLobby = newestOnly(() => api(lobbyPath(asked)), (games) => drawLobby(lobbyGames, games, asked, refresh, readLobby),
    (error) => showError(lobbyGames, error));
  const lobby = el("section.panel", { id: "lobby" }, el("h2", {}, t("The lobby")), el("p.muted", {}, t("Public games waiting for players: take a seat, no invitation needed.")),
    lobbyChoices(rulesets, asked, readLobby), lobbyGames);
  clear(main, el("div.layout", {}, el("div", {}, invitations, mine), el("div", {}, lobby)),
    el("h2", {}, t("Play a ruleset")), el("p.muted", {}, t("Against the bots, hot-seat (hold several seats yourself), or with friends: leave a seat open and send its invitation.")),
    el("div.panels", {}, ...rulesets.map((r) => el("section.panel", {},
      el("h3", {}, r.title), el("p.muted", {}, `${t("seats: {seats}", { seats: r.seats.map((s) => sideName(r, s)).join(", ") })}${r.hidden_information ? ` · ${t("hidden information")}` : ""}`),
      r.online ? el("p", {}, el("a", { href: r.online }, t("The online game")), " ", t("plays it against other players' snapshots; here it is played offline against bot ghosts.")) : null,
      el("a", { href: `/play/${r.id}`, "data-ruleset": r.id }, r.decisions ? t("Play {title}", { title: r.title }) : t("Watch {title}", { title: r.title }))))));
  const readInvitations = newestOnly(() => api(`/api/invitations?lang=${store.lang}`), (sent) => drawInvitations(invitations, sent, refresh),
    (error) => showError(invitations, error));
  const readMine = newestOnly(() => api("/api/games"), (games) => drawMyGames(mine, games, refresh), (error) => showError(mine, error));
  const refresh = async () => {
    await readInvitations();
    await readMine();
    await readLobby();
  };
  refresh();
  setInterval(refresh, 10000);
}

/** The ruleset a game of the list is played by (GET /api/rulesets), for its names. */
function rulesetOf(game) {
  return ui.rulesets.find((r) => r.id === game.ruleset);
}

/** A seat's name in the game's ruleset (``seat``: ui.info's). */
function seatName(seat, info = ui.info) {
  return sideName(info, seat);
}

function seatWords(seats, info) {
  return seats.map((s) => labelled(seatName(s.seat, info), holder(s))).join(" · ");
}

function drawMyGames(node, games, refresh) {
  ui.myGames = new Map(games.map((g) => [g.id, g])); // as listed last (a Resign confirmed meanwhile resigns this version)
  const turns = games.filter((g) => g.your_turn);
  yourTurn(turns.length);
  for (const g of turns) notifyTurn(`${g.id}:${g.version}`, t("Your turn in {title}", { title: g.title }));
  const rows = games.map((g) => {
    const info = rulesetOf(g);
    const open = g.seats.filter((s) => s.kind === "open").map((s) => seatName(s.seat, info));
    const status = g.closed === "expired" ? t("Expired: nobody took its open seats") : g.closed === "cancelled" ? t("Cancelled")
      : g.over ? overLine(g, info)
      : open.length ? t("waiting for {seats}", { seats: open.join(", ") }) : g.your_turn ? t("your turn ({seat})", { seat: seatName(g.turn, info) })
      : g.mine.every((seat) => g.out.includes(seat)) ? t("out of play") : t("{seat}'s turn", { seat: seatName(g.turn, info) });
    return el("tr", { "data-game": g.id, class: g.your_turn ? "your-turn" : "" },
      el("td", {}, el("a", { href: `/play/${g.ruleset}?game=${g.id}` }, info?.title || g.title), el("div.muted", {}, scenarioName(info, g.scenario))),
      el("td", {}, g.your_turn ? el("span.badge.turn", {}, status) : status, el("div.muted", {}, g.over ? "" : ago(g.since)),
        g.can_cancel ? cancelButton(g, refresh) : null,
        !g.over && !g.closed && !open.length && !g.can_cancel ? resignLine(g, node, refresh) : null),
      el("td.muted", {}, seatWords(g.seats, info)));
  });
  clear(node, el("h2", {}, t("Your games")), notificationsButton(),
    games.length ? el("table.board-table", {}, el("thead", {}, el("tr", {}, el("th", {}, t("game")), el("th", {}, t("turn")), el("th", {}, t("seats")))), el("tbody", {}, ...rows))
      : el("p.muted", {}, t("No games yet: start one below, or join one from the lobby.")));
}

/** A game over, in Your games: who won, and whether you did ("Over · Winner: Red · you lost"). */
function overLine(game, info) {
  const result = winnerWords(game.result, info), verdict = myOutcome(game);
  return verdict === "win" ? t("Over · {result} · you won", { result }) : verdict === "loss" ? t("Over · {result} · you lost", { result })
    : t("Over · {result}", { result });
}

/** The seats other players named you for: take one, or decline it (it is then open to
    anyone they send its invitation to). */
function drawInvitations(node, invitations, refresh) {
  const answer = (inv, taken) => async (e) => {
    try {
      await api(`/api/games/${inv.game}/${taken ? "join" : "decline"}?lang=${store.lang}`, { method: "POST", body: { seat: inv.seat } });
      if (taken) location.href = `/play/${inv.ruleset}?game=${inv.game}&seat=${encodeURIComponent(inv.seat)}`;
      else await refresh();
    } catch (error) {
      if (error.status !== 404 && error.status !== 409) return showError(e.target.parentNode, error);
      await refresh(); // gone meanwhile: said above the invitations left
      node.prepend(el("p.error", { role: "alert", "data-refused": inv.game }, t("The invitation of {inviter} to {title} is no longer open: its game was cancelled or has ended, or you answered it on another device.", { inviter: inv.inviter, title: inv.title })));
    }
  };
  if (!invitations.length) return clear(node);
  clear(node, el("section.panel", {}, el("h2", {}, t("Invitations for you")),
    ...invitations.map((inv) => el("div", { "data-invitation": `${inv.game}:${inv.seat}` },
      el("p", {}, t("{inviter} invites you to play {title}", { inviter: inv.inviter, title: inv.title }), inv.scenario ? ` · ${inv.scenario}` : "", el("br"),
        t("Your seat: {seat}.", { seat: el("b", {}, inv.seat_name) }), inv.clock ? [el("br"), el("span.muted", { "data-clock": "" }, clockWords(inv.clock))] : null),
      el("div.row", {}, el("button.primary.small", { "data-accept": inv.game, onclick: answer(inv, true) }, t("Accept and take the seat")),
        el("button.small", { "data-decline": inv.game, onclick: answer(inv, false) }, t("Decline")))))));
}

const LOBBY_PAGE = 50;
const LOBBY_MOST = 200; // (GET /api/lobby's limit at most)

/** GET /api/lobby with the lobby's choices (its ruleset, order and how many games). */
function lobbyPath(asked) {
  return `/api/lobby?order=${asked.order}&limit=${asked.limit}&lang=${store.lang}${asked.ruleset ? `&ruleset=${encodeURIComponent(asked.ruleset)}` : ""}`;
}

/** The lobby's choices: one ruleset's games or every ruleset's, the longest waiting or the
    newest first; a change reads the lobby again (``changed``). */
function lobbyChoices(rulesets, asked, changed) {
  const chosen = (key) => (e) => { asked[key] = e.target.value; asked.limit = LOBBY_PAGE; changed(); };
  const ruleset = el("select", { id: "lobby-ruleset", onchange: chosen("ruleset") }, el("option", { value: "" }, t("Every ruleset")),
    ...rulesets.filter((r) => r.decisions && r.seats.length > 1).map((r) => el("option", { value: r.id }, r.title))); // (one seat: never in the lobby)
  const order = el("select", { id: "lobby-order", onchange: chosen("order") },
    el("option", { value: "waiting" }, t("Longest waiting first")), el("option", { value: "newest" }, t("Newest first")));
  return el("div.row", { style: "gap:.5rem;flex-wrap:wrap;margin:.25rem 0" },
    el("label", {}, t("Ruleset"), colon(), ruleset), el("label", {}, t("Order"), colon(), order));
}

function drawLobby(node, games, asked, refresh, more) {
  const take = (g, seat) => el("button.small", { "data-join": seat, onclick: async (e) => {
    try {
      await api(`/api/games/${g.id}/join?lang=${store.lang}`, { method: "POST", body: { seat } });
      location.href = `/play/${g.ruleset}?game=${g.id}&seat=${encodeURIComponent(seat)}`;
    } catch (error) {
      if (error.status !== 409) return showError(e.target.parentNode, error);
      await refresh(); // taken, or the game closed, meanwhile: the lobby as it is now, and why
      node.prepend(el("p.error", { role: "alert", "data-refused": g.id }, t("{seat} of {title} was taken by someone else just before you, or its game has closed: the lobby shows the seats still open.",
        { seat: seatName(seat, rulesetOf(g)), title: rulesetOf(g)?.title || g.title })));
    }
  } }, t("Take {seat}", { seat: seatName(seat, rulesetOf(g)) }));
  const rows = games.map((g) => el("tr", { "data-lobby": g.id },
    el("td", {}, rulesetOf(g)?.title || g.title, el("div.muted", {}, scenarioName(rulesetOf(g), g.scenario))),
    el("td", {}, g.waiting.join(", "), el("div.muted", {}, t("opened {when}", { when: ago(g.since) })),
      g.clock ? el("div.muted", {}, clockWords(g.clock)) : null),
    el("td", {}, ...(g.waiting.includes(store.name) // one's own game: its open seats are for others
      ? [el("a", { href: `/play/${g.ruleset}?game=${g.id}`, "data-mine": g.id }, t("Open your game"))] : g.open.map((seat) => take(g, seat))))));
  const title = asked.ruleset && (ui.rulesets.find((r) => r.id === asked.ruleset)?.title || asked.ruleset);
  const none = title ? t("No public game of {title} is waiting.", { title }) : t("No public game is waiting.");
  const full = games.length >= asked.limit && asked.limit < LOBBY_MOST; // there may be more
  clear(node, games.length ? el("table.board-table", {}, el("tbody", {}, ...rows)) : el("p.muted", {}, none),
    full ? el("button.small", { id: "lobby-more", onclick: () => { asked.limit = Math.min(asked.limit + LOBBY_PAGE, LOBBY_MOST); more(); } }, t("Show more games")) : null);
}

// -- setting up a game ------------------------------------------------------------------------

function optionField(name, schema, choices) {
  const label = schema.title || name;
  const value = schema.default;
  let input;
  if (schema["x-seats"]) {  // the game's seats, listed once the other options give them
    input = schema.type === "array" ? el("span.row", { "data-choices": name, "data-seats": name })
      : el("select", { name, "data-seats": name, "data-default": "null" });
    return el("label", { style: "display:block;margin:.25rem 0" }, `${label} `, input, schema.description ? el("span.muted", {}, ` — ${schema.description}`) : null);
  }
  if (choices && (schema.type === "array")) {
    input = el("span.row", { "data-choices": name }, ...choices.map((c) => el("label", {}, el("input", { type: "checkbox", value: c.id, name }), ` ${c.label}`)));
    return el("label", { style: "display:block;margin:.25rem 0" }, `${label} `, input, el("span.muted", {}, ` ${t("(in seat order; none: the content's order)")}`));
  }
  if (choices) input = el("select", {}, ...choices.map((c) => el("option", { value: c.id, selected: c.id === value }, c.label)));
  else if (schema.enum) input = el("select", {}, ...schema.enum.map((v) => el("option", { value: v, selected: v === value }, v)));
  else if (schema.type === "integer" || schema.type === "number") input = el("input", { type: "number", value: value ?? "", min: schema.minimum, max: schema.maximum });
  else if (schema.type === "boolean") input = el("input", { type: "checkbox", checked: !!value });
  else if (schema.type === "string" || (schema.anyOf || []).some((s) => s.type === "string")) input = el("input", { value: value ?? "" });
  else return null;
  input.name = name;
  input.dataset.default = JSON.stringify(value ?? null);
  return el("label", { style: "display:block;margin:.25rem 0", "data-of-seat": schema["x-seat"], className: schema["x-seat"] && "hidden" }, `${label} `, input, schema.description && !choices ? el("span.muted", {}, ` — ${schema.description}`) : null);
}

/** The options whose values are seats list the seats of the options chosen (those kept that
 * still exist); an option of one seat shows only when the game has that seat (hidden until
 * the seats are known). */
function listSeats(form, seats) {
  seatOptions(form, seats);
  for (const node of form.querySelectorAll("[data-seats]")) {
    if (node.tagName === "SELECT") {
      const kept = node.value;
      clear(node, el("option", { value: "" }, t("(the default)")), ...seats.map((s) => el("option", { value: s, selected: s === kept }, seatName(s))));
    } else {
      const kept = new Set([...node.querySelectorAll("input:checked")].map((i) => i.value));
      clear(node, ...seats.map((s) => el("label", {}, el("input", { type: "checkbox", value: s, name: node.dataset.seats, checked: kept.has(s) }), ` ${seatName(s)} `)));
    }
  }
}

function readOptions(form) {
  const options = {};
  for (const input of form.querySelectorAll("[data-default]")) {
    const fallback = JSON.parse(input.dataset.default);
    let value = input.type === "checkbox" ? input.checked : input.value;
    if (input.type === "number") value = value === "" ? null : Number(value);
    if (value !== fallback && !(value === "" && fallback === null)) options[input.name] = value;
  }
  for (const box of form.querySelectorAll("[data-choices]")) {
    const chosen = [...box.querySelectorAll("input:checked")].map((i) => i.value);
    if (chosen.length) options[box.dataset.choices] = chosen;
  }
  return options;
}

function seatChoice(seat, index, info) {
  return el("select", { name: seat, "data-seat": seat },
    el("option", { value: "human", selected: index === 0 }, t("you")),
    el("option", { value: "open" }, t("a friend (an invitation to send)")),
    el("option", { value: "named" }, t("a player, by name (invited on their page)")),
    ...info.bots.map((b) => el("option", { value: `bot:${b}`, selected: index > 0 && b === info.default_bot }, labelled(t("bot"), botName(b)))));
}

function clockFields(info) {
  return el("fieldset", { id: "clock" }, el("legend", {}, t("Turn clock (optional)")),
    el("label", { style: "display:block" }, `${t("Seconds a decision")} `, el("input", { type: "number", id: "clock-decision", min: 1, placeholder: t("none") })),
    el("label", { style: "display:block;margin-top:.25rem" }, `${t("Minutes in all, per seat")} `, el("input", { type: "number", id: "clock-total", min: 1, placeholder: t("none") })),
    el("label", { style: "display:block;margin-top:.25rem" }, `${t("When a clock runs out")} `,
      el("select", { id: "clock-expiry" }, el("option", { value: "bot" }, t("its bot decides for it")), el("option", { value: "forfeit" }, t("its side loses the game"))), " ",
      el("select", { id: "clock-bot", "aria-label": t("the bot that decides") }, ...info.clock.bots.map((b) => el("option", { value: b, selected: b === info.default_bot }, labelled(t("bot"), botName(b)))))));
}

function readClock() {
  const decision = document.getElementById("clock-decision").value, total = document.getElementById("clock-total").value;
  if (decision === "" && total === "") return null;
  const clock = { expiry: document.getElementById("clock-expiry").value };
  if (decision !== "") clock.decision = Number(decision);
  if (total !== "") clock.total = Math.round(Number(total) * 60);
  if (clock.expiry === "bot") clock.bot = document.getElementById("clock-bot").value;
  return clock;
}

async function setup() {
  const info = ui.info;
  if (!info.decisions) return watchSetup(info);
  const props = info.options.properties || {};
  const optionsBox = el("fieldset", {}, el("legend", {}, t("Options")), ...Object.entries(props).map(([n, s]) => optionField(n, s, info.choices[n])).filter(Boolean));
  const scenario = info.scenarios.length ? el("select", { id: "scenario" }, ...info.scenarios.map((s) => el("option", { value: s.id }, s.label))) : null;
  const seatsBox = el("fieldset", { id: "seats" }, el("legend", {}, t("Seats")));
  const rulings = el("details", {}, el("summary", {}, t("Rulings")), ...info.rulings.map((r) => el("label", { style: "display:block" }, `${r.question} `,
    el("select", { name: r.id, "data-ruling": r.id }, ...r.options.map((o) => el("option", { value: o, selected: o === r.default }, r.labels[o]))))));
  const seed = el("input", { type: "number", id: "seed", min: 0, placeholder: t("random") });
  const isPublic = el("input", { type: "checkbox", id: "public" });
  const preview = el("div.board", { id: "preview" });
  const message = el("div", { id: "setup-message" });
  const form = el("form", { id: "setup", onsubmit: async (e) => {
    e.preventDefault();
    await seatsDrawn; // the seats of the options chosen last, not of the ones before
    const seats = {};
    for (const select of seatsBox.querySelectorAll("select")) {
      const named = seatsBox.querySelector(`[data-player-for="${select.name}"]`).value.trim();
      const trouble = select.value === "named" && nameTrouble(named, seatName(select.name));
      if (trouble) return showError(message, new Error(trouble));
      seats[select.name] = select.value.startsWith("bot:") ? { kind: "bot", bot: select.value.slice(4) }
        : select.value === "named" ? { kind: "human", player: named } : { kind: select.value };
    }
    const chosen = {};
    for (const select of rulings.querySelectorAll("select")) if (select.value !== info.rulings.find((r) => r.id === select.name).default) chosen[select.name] = select.value;
    const body = { ruleset: info.id, options: readOptions(form), seats, rulings: chosen, public: isPublic.checked };
    const clock = readClock();
    if (clock) body.clock = clock;
    if (scenario) body.scenario = scenario.value;
    if (seed.value !== "") body.seed = Number(seed.value);
    try {
      const view = await api(`/api/games?lang=${langOf(info.languages)}`, { method: "POST", body });
      history.replaceState(null, "", `/play/${info.id}?game=${view.id}`);
      await show(view);
    } catch (error) { showError(message, createTrouble(error)); }
  } },
    scenario ? el("label", {}, `${t("Scenario")} `, scenario) : null, optionsBox, seatsBox,
    el("label", { style: "display:block;margin:.25rem 0" }, isPublic, ` ${t("Public: listed in the lobby while a seat is open (anyone may take it), and anyone may watch")}`),
    clockFields(info), rulings,
    el("label", {}, `${t("Seed")} `, seed, el("span.muted", {}, ` ${t("(only when you hold every seat that is not a bot's)")}`)), el("p"), el("button.primary", { type: "submit", id: "start-game" }, t("Start the game")), message);
  let seatsDrawn = Promise.resolve();
  let seatsAsked = 0;
  const drawSeats = () => (seatsDrawn = (async (asked) => {
    let seats = info.seats;
    clear(message);
    try { seats = await api(`/api/rulesets/${info.id}/seats?lang=${store.lang}&options=${encodeURIComponent(JSON.stringify(readOptions(form)))}`); } catch (error) {
      showError(message, error);
      if (asked === seatsAsked && seatsBox.querySelector("select")) return; // options refused: the seats drawn last stay
    }
    if (asked !== seatsAsked) return; // newer options are being drawn
    listSeats(form, seats);
    const kept = Object.fromEntries([...seatsBox.querySelectorAll("select")].map((select) => [select.name, select.value]));
    const choices = seats.map((s, i) => seatChoice(s, i, info));
    for (const select of choices) if (kept[select.name]) select.value = kept[select.name]; // the seats chosen stay chosen
    const named = (select) => {
      const input = el("input", { "data-player-for": select.name, "aria-label": t("the player's name"), placeholder: t("their player name"), maxLength: 32, hidden: select.value !== "named" });
      select.addEventListener("change", () => { input.hidden = select.value !== "named"; if (!input.hidden) input.focus(); });
      return input;
    };
    clear(seatsBox, el("legend", {}, t("Seats")), ...seats.map((s, i) => el("label", { style: "display:block", "data-seat-row": s }, `${seatName(s)} `, choices[i], " ", named(choices[i]))),
      el("p.muted", {}, t("Hold several seats yourself to play hot-seat on this device; a friend's seat gets an invitation link to send.")));
  })(++seatsAsked));
  const drawPreview = async () => {
    const geometry = await api(`/api/rulesets/${info.id}/board?lang=${store.lang}${scenario ? `&scenario=${scenario.value}` : ""}`);
    drawBoard(preview, geometry, { areas: {} }, {});
  };
  optionsBox.addEventListener("change", drawSeats);
  if (scenario) scenario.addEventListener("change", drawPreview);
  clear(main, el("h2", {}, info.title), el("div.layout", {}, el("div.panel", {}, form), el("div", {}, preview)));
  await drawSeats();
  await drawPreview();
}

/** A ruleset in which nobody decides (a cryptids battle): choose what fights, then watch. */
function watchSetup(info) {
  const props = info.options.properties || {};
  const message = el("div", { id: "setup-message" });
  const form = el("form", { id: "setup", onsubmit: async (e) => {
    e.preventDefault();
    try {
      const view = await api(`/api/games?lang=${langOf(info.languages)}`, { method: "POST", body: { ruleset: info.id, options: readOptions(form) } });
      history.replaceState(null, "", `/play/${info.id}?game=${view.id}`);
      await show(view);
    } catch (error) { showError(message, error); }
  } }, el("p.muted", {}, t("Nobody decides in this game: the rules play it out. Choose what fights, then watch the battle.")),
    ...Object.entries(props).map(([n, s]) => optionField(n, s, info.choices[n])).filter(Boolean),
    el("p"), el("button.primary", { type: "submit", id: "start-game" }, t("Watch the battle")), message);
  clear(main, el("h2", {}, info.title), el("div.panel", {}, form));
}

// -- joining ----------------------------------------------------------------------------------

/** An invitation opened by someone not signed in: who invites them, to which game and seat;
    then their name, to take it (the page comes back signed in, and takes the seat). An
    invitation unknown or no longer open is said so, with the way on (the lobby), and no
    sign-up: there is no seat to take with it. One used offers only a sign-in, for whoever
    took its seat on another device (signed in, the game opens at their seat). */
async function invited(id, seat, invite) {
  const signing = el("div");
  try {
    const inv = await api(`/api/games/${encodeURIComponent(id)}/invitation?seat=${encodeURIComponent(seat || "")}&invite=${encodeURIComponent(invite)}&lang=${store.lang}`);
    const others = inv.players.filter((p) => p !== inv.inviter);
    clear(main, el("section.panel", { id: "invitation" },
      el("h2", {}, t("{inviter} invites you to play {title}", { inviter: inv.inviter, title: inv.title })),
      inv.scenario ? el("p", {}, labelled(t("Scenario"), inv.scenario)) : null,
      el("p", { id: "invited-seat" }, t("Your seat: {seat}.", { seat: el("b", {}, inv.seat_name) })),
      others.length ? el("p.muted", {}, t("Also at the table: {players:and}.", { players: others })) : null,
      inv.bots ? el("p.muted", {}, t("Bots hold {count:seat|seats}.", { count: inv.bots })) : null,
      inv.clock ? el("p", { id: "invited-clock" }, clockWords(inv.clock)) : null), signing); // (a clock that loses the game, known before taking the seat)
    signIn(signing, () => location.reload(), { title: t("Choose a player name to take your seat") });
  } catch (error) {
    const used = error.refusal === "seat-taken"; // by whoever took the seat: maybe the one opening it here, on another device
    clear(main, el("section.panel", { id: "invitation" }, el("p.error", { role: "alert", id: "invitation-error" }, invitationTrouble(error)),
      el("a", { href: "/play", id: "invitation-way-on" }, t("Your games and the lobby"))), signing);
    if (used) signIn(signing, () => location.reload(), { title: t("Is the seat yours? Sign in with your token: the game opens at your seat."), signUp: false });
  }
}

async function accept(id, seat, invite) {
  const take = async () => {
    await api(`/api/games/${id}/join?lang=${lang()}`, { method: "POST", body: { seat, invite } });
    history.replaceState(null, "", `/play/${ui.info.id}?game=${id}&seat=${encodeURIComponent(seat)}`);
    await load(id, seat);
  };
  try {
    const inv = await api(`/api/games/${encodeURIComponent(id)}/invitation?seat=${encodeURIComponent(seat || "")}&invite=${encodeURIComponent(invite)}&lang=${store.lang}`);
    if (inv.players.includes(store.name)) return ownInvitation(id, inv, take); // its sender, trying the link
    await take();
  } catch (error) {
    if (error.refusal === "seat-taken") {  // taken: by me, on an earlier visit?
      try { return await load(id, seat); } catch { /* not mine */ }
    }
    return clear(main, el("h2", {}, ui.info.title), el("p.error", { role: "alert", id: "join-error" }, invitationTrouble(error)), el("a", { href: "/play" }, t("Your games and the lobby")));
  }
}

/** A friend's invitation opened by someone already at the table (its sender, trying the
    link): said so, not taken for them; they may still take the seat (hot-seat) on purpose. */
function ownInvitation(id, inv, take) {
  const seat = inv.seat_name, message = el("div");
  clear(main, el("section.panel", { id: "own-invitation" },
    el("h2", {}, t("This is the invitation to {seat}, for a friend", { seat })),
    el("p", {}, t("You already play in this game. Send this link to the friend who will play {seat}: whoever opens it takes the seat.", { seat })),
    el("div.row", {}, copyButton(location.href, t("Copy the invitation")), el("a", { href: `/play/${ui.info.id}?game=${id}` }, t("Back to your game")),
      el("button", { id: "take-own-seat", onclick: () => take().catch((error) => showError(message, error)) }, t("Play {seat} yourself too, on this device", { seat }))), message));
}

/** What is wrong with the name typed for a seat kept for a player (``seat``: its name), or "". */
function nameTrouble(name, seat) {
  if (!name) return t("Type the player name of whoever you invite to {seat}.", { seat });
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{1,19}$/.test(name)) return `${t("No player can be called {name}: check the name of whoever you invite to {seat}.", { name, seat })} ${nameForm()}`;
  return "";
}

/** Why a game cannot be made, in the page's words where the server's are its own (known by
    the refusal's id and facts, never by its wording: the server says it in the page's
    language). */
function createTrouble(error) {
  const f = error.facts;
  switch (error.refusal) {
    case "no-such-player": return new Error(t("No player is called {name}: check the name of whoever you invite to {seat}.", { name: f.name, seat: seatName(f.seat) }));
    case "forfeit-of-many-sides": return new Error(t("A game of more than two sides cannot be lost by one seat's clock: under “When a clock runs out”, choose “its bot decides for it”."));
    case "too-many-games": return new Error(t("You have {count:unfinished game|unfinished games} of your own (at most {most} at once): finish one, or cancel one nobody else has joined (in Your games), before you start another.",
      { count: f.count, most: f.most }));
    case "too-many-invitations": return new Error(t("{player} has {count:invitation|invitations} of yours not answered yet (at most {most}): wait until they take or decline one, or cancel a game you invited them to (in Your games), before you invite them again.",
      { player: f.player, count: f.count, most: f.most }));
    default: return error;
  }
}

/** Cancel a game of yours nobody else has joined (``game``: a view or a line of Your games),
    once confirmed in a dialog; then ``done()``. */
function cancelButton(game, done) {
  return el("button.small.danger", { "data-cancel": game.id, onclick: () => {
    const message = el("div", { id: "cancel-message" });
    const box = dialog("cancel-dialog", el("h2", { id: "cancel-dialog-title" }, t("Cancel this game?")),
      el("p", {}, t("It ends now, for good: nobody can join it or play on. Its record is kept: you can still replay it or download it.")), message,
      el("div.row.dialog-buttons", {},
        el("button.danger", { id: "confirm-cancel", onclick: async () => {
          try { await api(`/api/games/${game.id}/cancel?lang=${store.lang}`, { method: "POST" }); box.close(); await done(); }
          catch (error) { showError(message, cancelTrouble(error)); }
        } }, t("Cancel the game")),
        el("button.primary", { id: "keep-game", onclick: () => box.close() }, t("Keep it"))));
    box.querySelector("#keep-game").focus();
  } }, t("Cancel this game"));
}

/** Ask, in a dialog, whether to resign a game (Keep playing has the focus: Enter changes
    nothing); ``resign()`` once confirmed. */
function confirmResign(resign) {
  const box = dialog("resign-dialog", el("h2", { id: "resign-dialog-title" }, t("Resign this game?")),
    el("p", {}, t("The game ends at once, lost for your side: this cannot be taken back.")),
    el("div.row.dialog-buttons", {},
      el("button.danger", { id: "confirm-resign", onclick: () => { box.close(); resign(); } }, t("Resign")),
      el("button.primary", { id: "keep-playing", onclick: () => box.close() }, t("Keep playing"))));
  box.querySelector("#keep-playing").focus();
}

/** Resign the game for the seat shown (a started game that goes on, whoever's turn it is),
    once confirmed in a dialog; the answer is shown, a refusal told by ``refused``. The version
    resigned is the one shown when the resignation is confirmed (a move may come meanwhile). */
function resignButton(view, refused) {
  return el("button.small.danger", { id: "resign", onclick: () => confirmResign(async () => {
    const shown = ui.game, known = ui.events.length;
    try { await show(await api(`/api/games/${shown.id}/resign?lang=${lang()}&since=${known}`, { method: "POST", body: { seat: shown.seat, version: shown.version } })); }
    catch (error) { await refused(error, known); }
  }) }, t("Resign"));
}

/** Resign a game of Your games (``game``: its line) for the seat its page would show (the
    one to play if it is yours, else your first), once confirmed as on its page, at the
    version listed last (the list is read again while the dialog is open); then the list is
    read again (``refresh``). A game that moved on or ended meanwhile is said so above the
    list (by the refusal's id and the list read again, never by the server's words). */
function resignLine(game, node, refresh) {
  return el("button.small.danger", { "data-resign": game.id, onclick: () => confirmResign(async () => {
    const now = ui.myGames.get(game.id) || game;
    const seat = now.mine.includes(now.turn) ? now.turn : now.mine[0];
    const said = (words) => node.querySelector("h2").after(el("p.error", { role: "alert", "data-refused": now.id }, words));
    try {
      await api(`/api/games/${now.id}/resign?lang=${store.lang}`, { method: "POST", body: { seat, version: now.version } });
      await refresh();
    } catch (error) {
      if (error.status !== 409) return said(error.message);
      await refresh();
      const title = rulesetOf(now)?.title || now.title, after = ui.myGames.get(now.id);
      said(error.refusal === "stale-version" && !(after?.over || after?.closed) // (a move that ended it: ended)
        ? t("Your game of {title} moved on meanwhile (another player's move): it is listed as it stands now; resign again if you still want to.", { title })
        : t("Your game of {title} has already ended: it can no longer be resigned.", { title }));
    }
  }) }, t("Resign"));
}

/** Why a game cannot be cancelled, in the page's words (the server's name the game by its id). */
function cancelTrouble(error) {
  if (error.status !== 409) return error;
  return new Error(error.refusal === "others-seated" ? t("Another player has taken a seat meanwhile: a game with another player cannot be cancelled; it ends when it is played out, by its clock, or when a player resigns.")
    : t("This game is already over or cancelled."));
}

/** Why an invitation cannot be used, in the page's words: its seat taken (409
    ``seat-taken``), its game over, cancelled or expired (another 409), unknown (403, 404). */
function invitationTrouble(error) {
  if (error.refusal === "seat-taken") return t("This invitation has been used: its seat is taken, and can no longer be taken with it.");
  if (error.status === 409) return t("This invitation is no longer open: its game has ended (played out, cancelled, or expired waiting for players), or its seat is kept for another player.");
  if (error.status === 403 || error.status === 404) return t("This invitation is unknown: its link may be incomplete. Ask for the link again.");
  return error.message;
}

// -- a game -----------------------------------------------------------------------------------

async function load(id, seat = ui.seat) {
  const query = seat ? `&seat=${encodeURIComponent(seat)}` : "";
  const view = await api(`/api/games/${id}?lang=${lang()}${query}`);
  await show(view);
}

function mySeats(view) {
  return view.seats.filter((s) => s.kind === "human" && s.player === store.name).map((s) => s.seat);
}

async function show(view) {
  const current = ui.game && ui.game.id === view.id && ui.game.seat === view.seat;
  if (current && view.version < ui.game.version) return; // an older answer than the stream's
  const known = current ? ui.events.length : null;
  ui.events = mergeEvents(current ? ui.events : [], view);
  if (ui.events.length < view.events_total) { // a long game: its next pages
    const { id, seat } = view;
    const whole = await readOn(ui.events, view, (since) => `/api/games/${id}?lang=${lang()}&seat=${encodeURIComponent(seat)}&since=${since}`);
    if (ui.game && ui.game.id === id && ui.game.seat === seat && whole.view.version < ui.game.version) return; // a newer view came meanwhile
    ({ events: ui.events, view } = whole);
  }
  if (known !== null && !ui.deciding && timedOut(view, ui.events.slice(known))) ui.timedOut = { id: view.id, seat: view.seat };
  const mine = mySeats(view);
  if (view.turn && view.turn !== view.seat && mine.includes(view.turn) && !view.over) {  // hot-seat
    follow_(null);
    ui.game = null;
    ui.skew = view.clock ? Date.parse(view.clock.now) - Date.now() : 0;
    return handOver(view, view.turn);
  }
  ui.game = { ...view, events: ui.events };
  ui.seat = view.seat;
  if (view.over) document.getElementById("resign-dialog")?.close(); // (it ended meanwhile)
  ui.skew = view.clock ? Date.parse(view.clock.now) - Date.now() : 0;
  ui.board = await api(`/api/games/${view.id}/board?lang=${store.lang}&seat=${encodeURIComponent(view.seat)}`);
  if (ui.game.version !== view.version) return; // a newer view came meanwhile
  if (view.over && !view.view.pending && !ui.info.decisions) return watchFilm(view); // nobody decides: watched
  const yours = view.turn === view.seat && !view.over;
  yourTurn(yours ? 1 : 0, t("{seat}: your turn", { seat: seatName(view.seat) }));
  if (yours) notifyTurn(`${view.id}:${view.version}`, t("Your turn ({seat}) in {title}", { seat: seatName(view.seat), title: ui.info.title }));
  if (!current) window.scrollTo(0, 0); // a game just started, joined or handed over: from its top
  draw(); // (on a phone it scrolls the board above the decision's sheet)
  if (!current || !ui.stream) follow_(view);
}

/** Follow the seat's live stream (one at a time; null: none). */
function follow_(view) {
  if (ui.stream) ui.stream.close();
  ui.stream = null;
  if (!view || view.over) return;
  const { id, seat } = view;
  ui.stream = follow(() => `/api/games/${id}/events?lang=${lang()}&seat=${encodeURIComponent(seat)}&since=${ui.events.length}`,
    (next) => { if (ui.game && ui.game.id === id && ui.game.seat === seat && next.version > ui.game.version) show(next).catch((error) => showError(main, error)); },
    (trouble, final) => { const node = document.getElementById("live"); if (node) clear(node, trouble ? el("span.error", {}, trouble) : el("span.muted", {}, t("live"))); if (final) ui.stream = null; });
}

/** Hot-seat: everything hidden until the next player takes the device and asks to see (in a
    ruleset without hidden information, nobody has a hand to hide: the next player just plays). */
function handOver(view, seatId) {
  const seat = seatName(seatId), before = seatName(view.seat);
  const hidden = ui.info.hidden_information;
  yourTurn(1, t("pass the device to {seat}", { seat }));
  clear(main, el("section.panel.handover", { id: "handover", role: "dialog", "aria-labelledby": "handover-title" },
    el("h2", { id: "handover-title" }, t("Pass the device to {seat}", { seat })),
    el("p", {}, hidden ? t("{before}'s hand is put away. {seat}: when nobody else is looking, press the button to see your hand and play.", { before, seat })
      : t("{before} has played. {seat}: press the button to play.", { before, seat })),
    el("button.primary", { id: "reveal", autofocus: true, onclick: () => load(view.id, seatId).catch((error) => showError(main, error)) },
      hidden ? t("I am {seat}: show my hand", { seat }) : t("I am {seat}: play", { seat }))),
  clockPanel(view, ui.info, ui.skew)); // the next seat's time runs while the device is passed: shown (clocks hide nothing)
  document.getElementById("reveal").focus();
}

async function watchFilm(view) {
  const film = await api(`/api/games/${view.id}/frames?lang=${lang()}`);
  const node = el("div");
  clear(main, el("h2", {}, ui.info.title), node);
  new Viewer(node, film, ui.rules, { reveal: true }).play();
}

function waitingPanel(view) {
  const open = view.seats.filter((s) => s.kind === "open");
  if (!open.length || view.over) return null;
  return el("section.panel", { id: "waiting" }, el("h3", {}, t("Waiting for {seats}", { seats: open.map((s) => seatName(s.seat)).join(", ") })),
    open.some((s) => !s.invited) ? el("p.muted", {}, view.public ? t("The game is in the lobby: anyone may take a seat. Or send a seat's invitation:") : t("Send each friend the invitation to their seat (whoever has it takes the seat):")) : null,
    ...open.map((s) => {
      if (s.invited) return el("div.row", { "data-invite": s.seat }, el("b", {}, seatName(s.seat)), t("{player} is invited: the seat is kept for them until they accept it on their page.", { player: s.invited }));
      const link = `${location.origin}/play/${view.ruleset}?game=${view.id}&seat=${encodeURIComponent(s.seat)}&invite=${encodeURIComponent(s.invite)}`;
      return el("div.row", { "data-invite": s.seat }, el("b", {}, seatName(s.seat)), el("input", { value: link, readOnly: true, size: 40, "aria-label": t("invitation to {seat}", { seat: seatName(s.seat) }), onfocus: (e) => e.target.select() }), copyButton(link, t("Copy the invitation")));
    }));
}

function draw() {
  const view = ui.game, board = ui.board;
  // the page is drawn anew: focus on the decision (or the form, or lost) goes to the decision
  // drawn now, on an area or a figure to the same one (else Tab would start again at the top)
  const was = document.activeElement;
  const acted = !!was?.closest("#decision, #setup, #handover"), lost = !was || was === document.body;
  const spot = was?.dataset?.area ? `[data-area="${CSS.escape(was.dataset.area)}"]` : was?.dataset?.piece ? `[data-piece="${CSS.escape(was.dataset.piece)}"]` : null;
  const pending = view.view.pending;
  // a phone's board, swiped sideways, stays where it was (in this game); a new decision whose
  // areas and figures are out of sight is swiped to them
  const opened = ui.drawn?.id !== view.id || ui.drawn.seat !== view.seat; // (the seat's own figures shown first)
  const scrolled = ui.drawn?.id === view.id ? document.getElementById("board")?.scrollLeft || 0 : 0;
  const fresh = opened || ui.drawn.version !== view.version;
  ui.drawn = { id: view.id, seat: view.seat, version: view.version };
  const stage = el("div.board", { id: "board" });
  const selection = el("div");
  const message = el("div", { id: "message" });
  const targets = board.table.targets || {};
  const lit = new Set();
  if (ui.selected) for (const [option, ids] of Object.entries(targets)) if (ids.includes(ui.selected.area || ui.selected.piece)) lit.add(option);
  const refused = (error, known = ui.events.length) => afterRefusal(error, () => load(view.id, view.seat), () => document.getElementById("message"),
    () => tooLate(view, ui.events.slice(known)) || t("The game moved on meanwhile (another player's move, or yours in another tab or on another device): this is how it stands now."));
  const decide = async (option) => {
    const known = ui.events.length; // (the stream may bring the clock's event before the refusal)
    ui.deciding = true; // (a decision too late says so itself: no notice besides)
    // on its way, the options wait for its answer, disabled: a click said nothing until the
    // next decision came (a second on a slow line), and a second option clicked meanwhile was
    // refused as if another player had moved
    const panel = document.getElementById("decision"), options = [...panel.querySelectorAll("[data-option]")];
    panel.setAttribute("aria-busy", "true");
    for (const button of options) button.disabled = true;
    options.find((button) => button.dataset.option === option)?.classList.add("chosen"); // (the one sent stands out)
    try {
      const next = await api(`/api/games/${view.id}/decisions?lang=${lang()}&since=${ui.events.length}`, { method: "POST", body: { seat: view.seat, option, version: view.version } });
      ui.timedOut = null;
      await show(next);
    } catch (error) { await refused(error, known); } finally {
      ui.deciding = false;
      panel.removeAttribute("aria-busy"); // (drawn anew by then, unless the answer was lost)
      for (const button of options) { button.disabled = false; button.classList.remove("chosen"); }
    }
  };
  const late = ui.timedOut?.id === view.id && ui.timedOut.seat === view.seat && !view.over
    ? el("p.warn", { id: "timed-out", role: "status" }, t("Your time ran out: the bot {bot} decided for you.", { bot: botName(view.clock.bot) })) : null;
  const open = view.seats.some((s) => s.kind === "open");
  const decision = pending && !open ? el("section.panel.decision", { id: "decision", "data-version": view.version, "data-seat": view.seat },
    late, el("h3", {}, labelled(seatName(pending.player), pending.prompt)),
    el("p.muted", {}, labelled(t("rule"), logLine({ n: -1, kind: pending.kind, rule: pending.rule, text: "" }, ui.rules).querySelector(".rule"))),
    el("div.options", {}, ...pending.options.map((o) => el(`button${lit.has(o.id) ? ".lit" : ""}`, { "data-option": o.id, onclick: () => decide(o.id) }, o.label))))
    : el("section.panel", { id: "decision", "data-version": view.version, "data-seat": view.seat, tabIndex: -1 }, view.over ? resultBanner(view)
      : [late, el("p", {}, open ? t("The game starts once every seat is taken.") : botWords(view))]);
  const mine = mySeats(view);
  const tools = el("div.row", {},
    mine.length > 1 ? el("label", {}, `${t("Seat")} `, el("select", { id: "seat", onchange: (e) => { follow_(null); load(view.id, e.target.value); } },
      ...mine.map((s) => el("option", { value: s, selected: s === view.seat }, seatName(s)))))
      : view.seats.length > 1 ? el("span", {}, t("You are {seat}.", { seat: seatName(view.seat) })) : null,  // one seat ("You"): nothing to say
    el("button", { id: "undo", disabled: !view.can_undo, onclick: async () => {
      try { await show(await api(`/api/games/${view.id}/undo?lang=${lang()}&since=${ui.events.length}`, { method: "POST", body: { seat: view.seat, version: view.version } })); }
      catch (error) { await refused(error); }
    } }, t("Undo")),
    el("button", { id: "download", onclick: () => downloadRecord(view, message) }, t("Download the record")),
    el("a", { href: `/replay?game=${view.id}` }, t("Replay")),
    view.can_cancel ? cancelButton(view, () => load(view.id, view.seat)) : null,
    !view.over && !open && !view.can_cancel ? resignButton(view, refused) : null,
    el("a", { href: `/play/${ui.info.id}` }, t("New game")), el("a", { href: "/play" }, t("Your games")));
  const watching = el("div.row.muted", { id: "watch-link" }, `${t("Spectators:")} `, el("a", { href: view.watch }, t("watch link")), copyButton(location.origin + view.watch), view.over ? null : el("span", { id: "live" }, el("span.muted", {}, t("live"))));
  const log = el("ol.log", { id: "log", "aria-label": t("events") }, ...view.events.map((e) => logLine(e, ui.rules)));
  const panels = el("div.panels", { id: "panels" });
  clear(main,
    el("h2", {}, ui.info.title), el("p.stats", { id: "headline" }, board.table.headline),
    el("div.layout", {},
      el("div", {}, sidesKey(board.geometry, board.table, view.seat), stage, swipeHint(board.geometry), selection, el("p.legend", {}, legend(board.geometry), " ", areaNotes(board.geometry), " ", symbolsLine(board.table))),
      el("div", {}, waitingPanel(view), outPanel(view, board.table.out), decision, clockPanel(view, ui.info, ui.skew), el("div.panel", {}, tools, watching, message), el("div.panel", {}, el("h3", {}, t("Events")), log))),
    panels);
  if (board.geometry.kind === "areas") {
    drawBoard(stage, board.geometry, board.table, { selected: ui.selected, targets: pending && !open ? targets : {},
      onSelect: (s) => { ui.selected = ui.selected && JSON.stringify(ui.selected) === JSON.stringify(s) ? null : s; draw(); } });
    clear(selection, describeSelection(board.geometry, board.table, ui.selected));
    keepInView(stage, scrolled, fresh && pending && !open ? ".area.target, .piece.target"
      : opened ? `[data-piece][data-side="${CSS.escape(view.seat)}"]` : null);
  } else if (board.geometry.kind === "rows") {
    clear(stage, ...Object.entries(board.table.rows).map(([name, row]) => el("section", {}, el("h3", {}, side(board.geometry, name).label),
      el("div.cards", {}, ...row.map((c) => cryptidCard(c))))));
  }
  drawPanels(panels, board.table);
  log.scrollTop = log.scrollHeight;
  // a narrow screen shows the decision as a bottom sheet: the board goes to the top above it;
  // while seats are open, the invitations to send come first (they were under the board)
  const narrow = matchMedia("(max-width: 900px)").matches;
  if (narrow && open && fresh) document.getElementById("waiting")?.scrollIntoView({ block: "start" });
  else if (narrow && pending && !open && board.geometry.kind === "areas") stage.scrollIntoView({ block: "start" });
  const first = main.querySelector("#decision button.lit") || (spot && main.querySelector(`#board ${spot}`))
    || (acted || lost ? main.querySelector("#decision [data-option]") : null) || (acted ? main.querySelector("#decision") : null);
  if (first) first.focus({ preventScroll: true });
}

/** Whether the seat's clock ran out among ``events`` (come since the page last showed the
    game: live, or read again) and its bot decided for it. */
function timedOut(view, events) {
  return events.some((e) => e.kind === "clock.bot" && e.data.seat === view.seat);
}

/** A decision refused because the seat's clock ran out before it came (the clock's event for
    the seat among the ``events`` since it was made): said so, or "". */
function tooLate(view, events) {
  const expiry = events.find((e) => (e.kind === "clock.bot" || e.kind === "clock.forfeit") && e.data.seat === view.seat);
  if (!expiry) return "";
  return expiry.kind === "clock.forfeit" ? t("Your time ran out before your decision came: the game is lost by forfeit.")
    : t("Your time ran out before your decision came: the bot {bot} decided for you.", { bot: botName(view.clock.bot) });
}

/** The seats out of play while the game goes on (``out`` of the seat's table: their pieces all
    taken out, with why in the ruleset's words): said plainly to such a seat, in a line to the
    others. */
function outPanel(view, out = {}) {
  const seats = Object.entries(out);
  if (view.over || !seats.length) return null;
  const mine = out[view.seat];
  return el("section.panel", { id: "out-of-play" },
    mine ? el("div.banner.loss", { role: "status", "data-out": view.seat }, t("You are out of play: {why}.", { why: mine }),
      el("div.why", {}, t("The game goes on without your pieces: you can follow it here to its end."))) : null,
    ...seats.filter(([seat]) => seat !== view.seat).map(([seat, why]) => el("p.muted", { "data-out": seat }, t("{seat} is out of play: {why}.", { seat: seatName(seat), why }))));
}

/** Who is awaited: "Waiting for red.", "Waiting for blue (bot mcts is searching)." */
function botWords(view) {
  const seat = view.seats.find((s) => s.seat === view.turn);
  if (!seat || seat.kind !== "bot") return t("Waiting for {seat}.", { seat: seatName(view.turn) });
  return seat.bot === "mcts" ? t("Waiting for {seat} (bot {bot} is searching).", { seat: seatName(view.turn), bot: botName(seat.bot) })
    : t("Waiting for {seat} (bot {bot}).", { seat: seatName(view.turn), bot: botName(seat.bot) });
}

/** The language of the ruleset's sentences (events, prompts): the page's, if it has it. */
function lang() { return langOf(ui.info?.languages); }

function legend(geometry) {
  if (geometry.kind !== "areas") return "";
  return t("Click or tap an area or a figure (or Tab to it and press Enter) to see what it sees: the areas in its line of sight light up, and the options that name it are outlined in green. Areas and figures the pending decision names are green. Black lines are walls; thin lines are borders; diamonds are objectives; a dashed outline is a stunned figure; hover over or tap a card to read it.");
}

function resultBanner(view) {
  const verdict = myOutcome(view);
  return el(`div.banner.${verdict || "tie"}`, { id: "result", role: "status", "data-outcome": verdict },
    verdict === "win" || verdict === "loss" ? el("div", { id: "verdict" }, verdict === "win" ? t("You won.") : t("You lost.")) : null, // (a tie says so below)
    el("div", {}, overWords(view, ui.info)), endWhy(view, view.events));
}

/** How a game over (its view, or its line of GET /api/games) ended for the player whose page
    it is: "win", "loss" or "tie"; "" when it says nothing about them (a game closed before its
    end, or hot-seat seats on different sides, a duel with oneself). A co-operative game's
    seats all play one side (``heroes``). */
function myOutcome(game) {
  const mine = mySeats(game);
  const sides = new Set(game.seats.filter((s) => mine.includes(s.seat)).map((s) => s.side || s.seat));
  if (game.closed || !game.result || sides.size !== 1) return "";
  const winner = game.result.winner;
  if (!winner) return "tie";
  return sides.has(winner) || mine.includes(winner) ? "win" : "loss";
}

async function downloadRecord(view, message) {
  try { await download(`/api/games/${view.id}/record`, `${view.ruleset}-${view.id}.jsonl`); } catch (error) { showError(message, error); }
}

start().catch((error) => showError(main, error));
