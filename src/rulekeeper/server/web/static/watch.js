// Watch a game as a spectator: its board, open piles and events as every seat sees them (no
// hand, no deck order), live. A public game may be watched by anyone; another game by its
// watch link (/watch/ID?key=KEY). No sign-in is needed.
import {
  api, clear, clockPanel, el, endWhy, follow, header, holder, labelled, langOf, loadWords, logLine, mergeEvents, overWords, readOn, rulesOf, scenarioName, showError, sideName, store, t,
} from "./common.js";
import { areaNotes, drawBoard, drawPanels, keepInView, sidesKey, swipeHint, symbolsLine } from "./board.js";

const main = document.getElementById("main");
const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
const key = new URLSearchParams(location.search).get("key");
const keyQuery = key ? `key=${encodeURIComponent(key)}` : "";
const ui = { view: null, events: [], rules: null, selected: null, info: null, lang: "en", skew: 0 };

async function start() {
  await loadWords();
  header({ title: t("rulekeeper · watch") });
  const first = await api(`/api/games/${gameId}/watch?${keyQuery}`);
  const firstCame = Date.now(); // the clock's "now" is the server's at this moment, not later
  ui.rules = await rulesOf(first.ruleset);
  const info = (await api(`/api/rulesets?lang=${store.lang}`)).find((r) => r.id === first.ruleset);
  ui.info = info;
  ui.lang = langOf(info?.languages);
  const view = ui.lang === "en" ? first : await api(`/api/games/${gameId}/watch?lang=${ui.lang}${keyQuery ? `&${keyQuery}` : ""}`);
  await show(view, ui.lang === "en" ? firstCame : Date.now());
  follow(() => `/api/games/${gameId}/watch/events?lang=${ui.lang}&since=${ui.events.length}${keyQuery ? `&${keyQuery}` : ""}`,
    (next) => { if (next.version > ui.view.version) show(next, Date.now()).catch((error) => showError(main, error)); },
    (trouble) => { const node = document.getElementById("live"); if (node) clear(node, trouble ? el("span.error", {}, trouble) : el("span.muted", {}, t("live"))); });
}

/** Show ``view``, which came at ``came`` (this browser's time: its clock's ``now`` is the
    server's time then). */
async function show(view, came) {
  ui.events = mergeEvents(ui.events, view);
  if (ui.events.length < view.events_total) { // a long game: its next pages
    came = null; // (its view is the last page's, which came just now)
    const whole = await readOn(ui.events, view, (since) => `/api/games/${gameId}/watch?lang=${ui.lang}&since=${since}${keyQuery ? `&${keyQuery}` : ""}`);
    if (ui.view && whole.view.version < ui.view.version) return; // a newer view came meanwhile
    ({ events: ui.events, view } = whole);
  }
  ui.view = view;
  ui.skew = view.clock ? Date.parse(view.clock.now) - (came ?? Date.now()) : 0;
  const board = await api(`/api/games/${gameId}/watch/board?lang=${store.lang}${keyQuery ? `&${keyQuery}` : ""}`);
  if (ui.view !== view) return; // a newer view came meanwhile
  draw(view, board);
}

/** A seat, who holds it, and whether it is out of play (``out``: the table's, by seat). */
function seatLine(s, out) {
  return el("li", { "data-seat": s.seat }, labelled(el("b", {}, sideName(ui.info, s.seat)), holder(s)),
  out[s.seat] ? el("span.out", { "data-out": s.seat }, ` — ${t("out of play: {why}", { why: out[s.seat] })}`) : null);
}

function draw(view, board) {
  const scrolled = document.getElementById("board")?.scrollLeft || 0; // (a phone's board, swiped sideways: kept)
  const stage = el("div.board", { id: "board" });
  const log = el("ol.log", { id: "log", "aria-label": t("events") }, ...ui.events.map((e) => logLine(e, ui.rules)));
  const panels = el("div.panels", { id: "panels" });
  const status = view.over ? el("div.banner.tie", { id: "result", role: "status" }, overWords(view, ui.info, true), endWhy(view, ui.events))
    : el("p", { id: "turn" }, view.seats.some((s) => s.kind === "open") ? t("Waiting for players.") : t("{seat} is deciding.", { seat: sideName(ui.info, view.turn) }));
  clear(main, el("h2", {}, [t("Watching {title}", { title: ui.info?.title || t("a game") }), scenarioName(ui.info, view.scenario)].filter(Boolean).join(" · ")),
    el("p.stats", { id: "headline" }, board.table.headline),
    el("div.layout", {}, el("div", {}, sidesKey(board.geometry, board.table), stage, swipeHint(board.geometry), el("p.legend", {}, areaNotes(board.geometry), " ", symbolsLine(board.table))),
      el("div", {}, el("section.panel", { id: "status" }, status, el("ul", {}, ...view.seats.map((s) => seatLine(s, view.over ? {} : board.table.out || {}))),
        el("p.muted", { id: "what-you-see" }, ui.info?.hidden_information === false ? t("You watch what every player may see: in this game, everything but the order of decks.")
          : t("You watch what every player may see: hands and the order of decks stay hidden.")),
        view.over ? null : el("p.muted", {}, `${t("Following the game:")} `, el("span", { id: "live" }, t("live")))),
        clockPanel(view, ui.info, ui.skew), el("div.panel", {}, el("h3", {}, t("Events")), log))),
    panels);
  if (board.geometry.kind === "areas") drawBoard(stage, board.geometry, board.table, { selected: ui.selected, targets: {}, onSelect: (s) => { ui.selected = s; draw(view, board); } });
  keepInView(stage, scrolled);
  drawPanels(panels, board.table);
  log.scrollTop = log.scrollHeight;
}

start().catch((error) => showError(main, error.status === 404 ? new Error(t("There is no game to watch at this address. A game that is not public is watched by its watch link, which its players can copy from their page: ask them for it again.")) : error));
