// Play any ruleset against bots or hot-seat: choose the ruleset, scenario, options and who
// holds each seat; then the board, the seat's hands and piles, the pending decision as
// buttons, undo, the record to download, and the log. The page asks the API only for the
// seat's view: what another seat hides never reaches it.
import { afterRefusal, api, clear, el, header, logLine, rulesOf, showError, signIn, store } from "./common.js";
import { cryptidCard, describeSelection, drawBoard, drawPanels } from "./board.js";
import { Viewer } from "./viewer.js";

const main = document.getElementById("main");
const rulesetId = decodeURIComponent(location.pathname.split("/")[2] || "");
const params = new URLSearchParams(location.search);
const ui = { game: null, board: null, seat: params.get("seat"), selected: null, rules: null, info: null };

async function start() {
  header({ title: "rulekeeper · play" });
  if (!store.token) return signIn(main, () => location.reload());
  const rulesets = await api("/api/rulesets");
  if (!rulesetId) return chooser(rulesets);
  ui.info = rulesets.find((r) => r.id === rulesetId || r.id.replace(/-v\d+$/, "") === rulesetId);
  if (!ui.info) return clear(main, el("p.error", {}, `No ruleset ${rulesetId}. `), el("a", { href: "/play" }, "Choose one"));
  ui.rules = await rulesOf(ui.info.id);
  if (params.get("game")) return load(params.get("game"));
  setup();
}

function chooser(rulesets) {
  clear(main, el("h2", {}, "Play a ruleset"), el("p.muted", {}, "Against the bots, or hot-seat: hold several seats yourself."),
    el("div.panels", {}, ...rulesets.map((r) => el("section.panel", {},
      el("h3", {}, r.title), el("p.muted", {}, `${r.id} · seats: ${r.seats.join(", ")}${r.hidden_information ? " · hidden information" : ""}`),
      r.online ? el("p", {}, el("a", { href: r.online }, "The online game"), " plays it against other players' snapshots; here it is played offline against bot ghosts.") : null,
      el("a", { href: `/play/${r.id}`, "data-ruleset": r.id }, `Play ${r.title}`)))));
}

// -- setting up a game ------------------------------------------------------------------------

function optionField(name, schema) {
  const label = schema.title || name;
  const value = schema.default;
  let input;
  if (schema.enum) input = el("select", {}, ...schema.enum.map((v) => el("option", { value: v, selected: v === value }, v)));
  else if (schema.type === "integer" || schema.type === "number") input = el("input", { type: "number", value: value ?? "", min: schema.minimum, max: schema.maximum });
  else if (schema.type === "boolean") input = el("input", { type: "checkbox", checked: !!value });
  else if (schema.type === "string" || (schema.anyOf || []).some((s) => s.type === "string")) input = el("input", { value: value ?? "" });
  else return null;
  input.name = name;
  input.dataset.default = JSON.stringify(value ?? null);
  return el("label", { style: "display:block;margin:.25rem 0" }, `${label} `, input, schema.description ? el("span.muted", {}, ` — ${schema.description}`) : null);
}

function readOptions(form) {
  const options = {};
  for (const input of form.querySelectorAll("[data-default]")) {
    const fallback = JSON.parse(input.dataset.default);
    let value = input.type === "checkbox" ? input.checked : input.value;
    if (input.type === "number") value = value === "" ? null : Number(value);
    if (value !== fallback && !(value === "" && fallback === null)) options[input.name] = value;
  }
  return options;
}

async function setup() {
  const info = ui.info;
  const props = info.options.properties || {};
  const optionsBox = el("fieldset", {}, el("legend", {}, "Options"), ...Object.entries(props).map(([n, s]) => optionField(n, s)).filter(Boolean));
  const scenario = info.scenarios.length ? el("select", { id: "scenario" }, ...info.scenarios.map((s) => el("option", { value: s }, s))) : null;
  const seatsBox = el("fieldset", { id: "seats" }, el("legend", {}, "Seats"));
  const rulings = el("details", {}, el("summary", {}, "Rulings"), ...info.rulings.map((r) => el("label", { style: "display:block" }, `${r.question} `,
    el("select", { name: r.id, "data-ruling": r.id }, ...r.options.map((o) => el("option", { value: o, selected: o === r.default }, o))))));
  const seed = el("input", { type: "number", id: "seed", min: 0, placeholder: "random" });
  const preview = el("div.board", { id: "preview" });
  const message = el("div");
  const form = el("form", { id: "setup", onsubmit: async (e) => {
    e.preventDefault();
    await seatsDrawn; // the seats of the options chosen last, not of the ones before
    const seats = {};
    for (const select of seatsBox.querySelectorAll("select")) seats[select.name] = select.value === "human" ? { kind: "human" } : { kind: "bot", bot: select.value };
    const chosen = {};
    for (const select of rulings.querySelectorAll("select")) if (select.value !== info.rulings.find((r) => r.id === select.name).default) chosen[select.name] = select.value;
    const body = { ruleset: info.id, options: readOptions(form), seats, rulings: chosen };
    if (scenario) body.scenario = scenario.value;
    if (seed.value !== "") body.seed = Number(seed.value);
    try {
      const view = await api("/api/games", { method: "POST", body });
      history.replaceState(null, "", `/play/${info.id}?game=${view.id}`);
      await load(view.id);
    } catch (error) { showError(message, error); }
  } },
    scenario ? el("label", {}, "Scenario ", scenario) : null, optionsBox, seatsBox, rulings,
    el("label", {}, "Seed ", seed), el("p"), el("button.primary", { type: "submit", id: "start-game" }, "Start the game"), message);
  let seatsDrawn = Promise.resolve();
  let seatsAsked = 0;
  const drawSeats = () => (seatsDrawn = (async (asked) => {
    let seats = info.seats;
    try { seats = await api(`/api/rulesets/${info.id}/seats?options=${encodeURIComponent(JSON.stringify(readOptions(form)))}`); } catch (error) { showError(message, error); }
    if (asked !== seatsAsked) return; // newer options are being drawn
    clear(seatsBox, el("legend", {}, "Seats"), ...seats.map((s, i) => el("label", { style: "display:block" }, `${s} `,
      el("select", { name: s, "data-seat": s }, el("option", { value: "human", selected: i === 0 }, "you (hot-seat)"),
        ...info.bots.map((b) => el("option", { value: b, selected: i > 0 && b === info.default_bot }, `bot: ${b}`))))));
  })(++seatsAsked));
  const drawPreview = async () => {
    const geometry = await api(`/api/rulesets/${info.id}/board${scenario ? `?scenario=${scenario.value}` : ""}`);
    drawBoard(preview, geometry, { areas: {} }, {});
  };
  optionsBox.addEventListener("change", drawSeats);
  if (scenario) scenario.addEventListener("change", drawPreview);
  clear(main, el("h2", {}, info.title), el("div.layout", {}, el("div.panel", {}, form), el("div", {}, preview)));
  await drawSeats();
  await drawPreview();
}

// -- a game -----------------------------------------------------------------------------------

async function load(id, seat = ui.seat) {
  const query = seat ? `?seat=${encodeURIComponent(seat)}` : "";
  try {
    const view = await api(`/api/games/${id}${query}`);
    await show(view);
  } catch (error) { showError(main, error); }
}

async function show(view) {
  const mine = view.seats.filter((s) => s.kind === "human" && s.player === store.name).map((s) => s.seat);
  if (view.turn && view.turn !== view.seat && mine.includes(view.turn)) {  // hot-seat: hand over
    ui.handover = `${view.turn} now plays (hot-seat): ${view.seat}'s hand is put away.`;
    return load(view.id, view.turn);
  }
  ui.game = view;
  ui.seat = view.seat;
  ui.board = await api(`/api/games/${view.id}/board?seat=${encodeURIComponent(view.seat)}`);
  if (view.over && !view.view.pending && !ui.info.decisions) return watch(view); // nobody decides: watched
  draw();
}

async function watch(view) {
  const film = await api(`/api/games/${view.id}/frames`);
  const node = el("div");
  clear(main, el("h2", {}, ui.info.title), node);
  new Viewer(node, film, ui.rules, { reveal: true }).play(200);
}

function draw() {
  const view = ui.game, board = ui.board;
  const pending = view.view.pending;
  const stage = el("div.board", { id: "board" });
  const selection = el("div");
  const message = el("div", { id: "message" });
  const targets = board.table.targets || {};
  const lit = new Set();
  if (ui.selected) for (const [option, ids] of Object.entries(targets)) if (ids.includes(ui.selected.area || ui.selected.piece)) lit.add(option);
  const decide = async (option) => {
    try { await show(await api(`/api/games/${view.id}/decisions`, { method: "POST", body: { seat: view.seat, option, version: view.version } })); }
    catch (error) { await afterRefusal(error, () => load(view.id, view.seat), () => document.getElementById("message")); }
  };
  const decision = pending ? el("section.panel.decision", { id: "decision", "data-version": view.version, "data-seat": view.seat },
    el("h3", {}, `${pending.player}: ${pending.prompt}`),
    el("p.muted", {}, `${pending.kind} · `, logLine({ n: -1, kind: pending.kind, rule: pending.rule, text: "rule" }, ui.rules).querySelector(".rule")),
    el("div.options", {}, ...pending.options.map((o) => el(`button${lit.has(o.id) ? ".lit" : ""}`, { "data-option": o.id, onclick: () => decide(o.id) }, o.label))))
    : el("section.panel", { id: "decision", "data-version": view.version, "data-seat": view.seat }, view.over ? resultBanner(view) : el("p", {}, `Waiting for ${view.turn}.`));
  const mine = view.seats.filter((s) => s.kind === "human" && s.player === store.name).map((s) => s.seat);
  const tools = el("div.row", {},
    mine.length > 1 ? el("label", {}, "Seat ", el("select", { id: "seat", onchange: (e) => load(view.id, e.target.value) },
      ...mine.map((s) => el("option", { value: s, selected: s === view.seat }, s)))) : el("span", {}, `You are ${view.seat}.`),
    el("button", { id: "undo", disabled: !view.can_undo, onclick: async () => {
      try { await show(await api(`/api/games/${view.id}/undo`, { method: "POST", body: { seat: view.seat, version: view.version } })); }
      catch (error) { await afterRefusal(error, () => load(view.id, view.seat), () => document.getElementById("message")); }
    } }, "Undo"),
    el("button", { id: "download", onclick: () => download(view, message) }, "Download the record"),
    el("a", { href: `/replay?game=${view.id}` }, "Replay"),
    el("a", { href: `/play/${ui.info.id}` }, "New game"));
  const log = el("ol.log", { id: "log", "aria-label": "events" }, ...view.events.map((e) => logLine(e, ui.rules)));
  const panels = el("div.panels", { id: "panels" });
  clear(main,
    el("h2", {}, ui.info.title), ui.handover ? el("p.badge", { id: "handover", role: "status" }, ui.handover) : null,
    el("p.stats", { id: "headline" }, board.table.headline),
    el("div.layout", {},
      el("div", {}, stage, selection, el("p.legend", {}, legend(board.geometry))),
      el("div", {}, decision, el("div.panel", {}, tools, message), el("div.panel", {}, el("h3", {}, "Events"), log))),
    panels);
  ui.handover = null;
  if (board.geometry.kind === "areas") {
    drawBoard(stage, board.geometry, board.table, { selected: ui.selected, targets: pending ? targets : {},
      onSelect: (s) => { ui.selected = ui.selected && JSON.stringify(ui.selected) === JSON.stringify(s) ? null : s; draw(); } });
    clear(selection, describeSelection(board.geometry, board.table, ui.selected));
  } else if (board.geometry.kind === "rows") {
    clear(stage, ...Object.entries(board.table.rows).map(([name, row]) => el("section", {}, el("h3", {}, name),
      el("div.cards", {}, ...row.map((c) => cryptidCard(c, (s) => s))))));
  }
  drawPanels(panels, board.table);
  log.scrollTop = log.scrollHeight;
  // a narrow screen shows the decision as a bottom sheet: the board goes to the top above it
  if (pending && board.geometry.kind === "areas" && matchMedia("(max-width: 900px)").matches) stage.scrollIntoView({ block: "start" });
  const first = main.querySelector("#decision button.lit") || null;
  if (first) first.focus();
}

function legend(geometry) {
  if (geometry.kind !== "areas") return "";
  return "Click or tap an area or a figure (or Tab to it and press Enter) to see what it sees: the areas in its line of sight light up, "
    + "and the options that name it are outlined in green. Areas and figures the pending decision names are green. "
    + "Black lines are walls; thin lines are borders; diamonds are objectives; a dashed outline is a stunned figure; "
    + "hover over or tap a card to read it.";
}

function resultBanner(view) {
  const r = view.result;
  return el("div.banner.tie", { id: "result", role: "status" }, r.winner ? `${r.winner} wins` : "A tie", ` (${r.reason}, ${r.rounds} rounds)`,
    el("div", { style: "font-weight:400" }, view.events[view.events.length - 1]?.text || ""));
}

async function download(view, message) {
  try {
    const response = await api(`/api/games/${view.id}/record`, { raw: true });
    const url = URL.createObjectURL(await response.blob());
    const a = el("a", { href: url, download: `${view.ruleset}-${view.id}.jsonl` });
    document.body.append(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (error) { showError(message, error); }
}

start().catch((error) => showError(main, error));
