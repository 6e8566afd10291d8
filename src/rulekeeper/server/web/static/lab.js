// The designer's workbench: pick a ruleset and a question, change the content for this job
// only, choose bots and games, then watch the job run on the server and read its answer
// (win rates with intervals, the sweep's plot, the matchup's heat map, the tuning's path).
// Every answer has a permanent link (?job=ID); two answers read side by side (?job=A&vs=B).
// The page knows no ruleset: everything it offers comes from /api/rulesets and the
// ruleset's sample content (/api/lab/rulesets/ID/content).
import { api, botName, clear, colon, download, el, header, loadWords, local, number, rulesOf, saveBlob, seatOptions, showError, sideName, signIn, spaced, store, t } from "./common.js";

const main = document.getElementById("main");
const params = new URLSearchParams(location.search);
const SVG = "http://www.w3.org/2000/svg";

/** The lab's questions, in the page's language. */
const questions = () => [
  { kind: "simulate", title: t("Who wins?"), hint: t("A batch of bot games on the content as changed below: win, tie and loss with 95% intervals, and the means of each measure."),
    games: t("games in all") },
  { kind: "sweep", title: t("What if?"), hint: t("The sample against the content as changed below, or several values of a field against the first, on the same seeds: the change in win rate, its interval and whether it is significant."),
    games: t("games per variant: the sample and each change (each value tried) play this many") },
  { kind: "tune", title: t("Which value?"), hint: t("The value of one content path that brings the side's win rate to a target, on paired seeds."),
    games: t("games of a value's first look (they double at each look, up to the most below)") },
  { kind: "matchup", title: t("Who beats whom?"), hint: t("Every contender against every contender: the row's win rate in each cell."),
    games: t("games per cell: each pair of contenders plays this many") },
  { kind: "culprits", title: t("Who is too strong?"), hint: t("Every fighter, hero or cryptid ranked from strongest to weakest with intervals, and each one's main stat one step down and one step up on the same seeds: the change in its side's win rate."),
    games: t("games of the batch (each ablation step plays its own, below)") },
  { kind: "compare", title: t("What changed?"), hint: t("The sample against the content as changed below, on the same seeds, for each matchup: which moved past the threshold (paired tests, adjusted together)."),
    games: t("games per matchup, for the sample and for the changed content each") },
  { kind: "dead-rules", title: t("Which rules never fire?"), hint: t("Every rule of the ruleset's index, with the games of the batch in which an event cites it: the rules that never fired, or fired in only a few games, are leads for a scenario or a test."),
    games: t("games played, each with its log (one after another: fewer than for the other questions)") },
];
const ENDED = ["done", "failed", "cancelled"];

const ui = { rulesets: [], info: null, content: null, timer: null, names: {} };

async function start() {
  await loadWords();
  header({ title: t("rulekeeper · lab") });
  if (!store.token) return signIn(main, () => location.reload());
  ui.rulesets = await api(`/api/rulesets?lang=${store.lang}`);
  const ask = el("section.panel", { id: "ask" });
  const answer = el("section", { id: "answer" });
  const jobs = el("aside.panel", { id: "jobs" });
  const odds = el("section.panel", { id: "odds" });
  clear(main, el("div.layout", {}, ask, jobs), odds, answer);
  ui.odds = await api(`/api/lab/odds?lang=${encodeURIComponent(store.lang)}`); // worded in the page's language
  form(ask);
  listJobs();
  if (params.get("job")) showJobs(params.get("job"), params.get("vs"));
}

// -- asking ---------------------------------------------------------------------------------

function form(node) {
  const wanted = params.get("ruleset");
  const ruleset = el("select", { id: "lab-ruleset", onchange: () => chooseRuleset(ruleset.value) },
    ...ui.rulesets.map((r) => el("option", { value: r.id, selected: r.id === wanted }, rulesetName(r))));
  const kinds = el("fieldset.row", { id: "lab-kind" }, el("legend", {}, t("Question")),
    ...questions().map((q, i) => el("label.choice", { title: q.hint },
      el("input", { type: "radio", name: "kind", value: q.kind, checked: i === 0, onchange: () => showKind(q.kind) }), ` ${q.title}`)));
  const hint = el("p.muted", { id: "lab-hint" }, questions()[0].hint);
  const games = el("input", { type: "number", id: "lab-games", value: 200, min: 1, max: 20000, required: true, "aria-describedby": "lab-games-note",
    oninput: () => { games.dataset.typed = "1"; } });
  const seed = el("input", { type: "number", id: "lab-seed", value: 1, step: 1, required: true });
  const side = el("select", { id: "lab-side" });
  const message = el("div", { id: "lab-message" });
  const setup = el("div", { id: "lab-setup" });
  const specific = el("div", { id: "lab-specific" });
  const content = el("details", { id: "lab-content" });
  const submit = el("button.primary", { type: "submit", id: "lab-ask" }, t("Ask"));
  node.append(el("form", { id: "lab-form", noValidate: true, onsubmit: async (e) => {
    e.preventDefault();
    const wrong = firstInvalid(e.target);
    if (wrong) return showError(message, new Error(wrong));
    submit.disabled = true;
    try {
      await ui.seatsDrawn; // the bots of the options chosen last
      const job = await api(`/api/lab/jobs?lang=${encodeURIComponent(store.lang)}`, { method: "POST", body: question() });
      history.pushState(null, "", `/lab?job=${job.id}`);
      clear(message);
      listJobs();
      showJobs(job.id);
    } catch (error) {
      if (error.status === 400 || error.status === 422) {
        markRefused(error.message);
        showError(message, new Error(t("The server refused the question: {why}", { why: error.message })));
      } else showError(message, error);
    } finally { submit.disabled = false; }
  } }, el("h2", {}, t("Ask the lab")),
    el("div.row", {}, el("label", {}, `${t("Ruleset")} `, ruleset)), kinds, hint,
    el("div.row", {}, el("label", {}, `${t("Games")} `, games), el("span.muted", { id: "lab-games-note" }, questions()[0].games), el("label", {}, `${t("Seed")} `, seed),
      el("label", { title: t("the side whose wins count (a seat, or heroes, enemies...)") }, `${t("Side")} `, side)),
    setup, specific, content, el("div.row", {}, submit), message));
  chooseRuleset(ruleset.value);
}

async function chooseRuleset(id) {
  ui.info = ui.rulesets.find((r) => r.id === id);
  const info = ui.info;
  oddsForm(document.getElementById("odds"), info);
  const scenario = info.scenarios.length ? el("div.row", {}, el("label", {}, `${t("Scenario")} `,
    el("select", { id: "lab-scenario" }, ...info.scenarios.map((s) => el("option", { value: s.id }, s.label))))) : null;
  const props = info.options.properties || {};
  const options = el("fieldset.row", { id: "lab-options", onchange: () => drawSeats(info) }, el("legend", {}, t("Options")),
    ...Object.entries(props).map(([name, schema]) => field(name, {
      ...resolve(schema, schema.default, info.options.$defs || {}), default: schema.default, title: schema.title, description: schema.description, "x-seat": schema["x-seat"],
    }, (info.options.required || []).includes(name), info.choices[name])).filter(Boolean));
  // The rulings, each at its default (the one in force): a ruling changed is in force for
  // the job's games, and "What if?" and "What changed?" play the default against it.
  const rulings = info.rulings.length ? el("details", { id: "lab-rulings" }, el("summary", { id: "lab-rulings-summary" }, t("Rulings")),
    ...info.rulings.map((r) => el("label.ruling", {}, `${r.question} `,
      el("select", { "data-ruling": r.id, "data-default": r.default, onchange: countRulings },
        ...r.options.map((o) => el("option", { value: o, selected: o === r.default }, r.labels?.[o] ?? spaced(o))))))) : null;
  clear(document.getElementById("lab-setup"), scenario, el("fieldset.row", { id: "lab-bots" }), Object.keys(props).length ? options : null, rulings);
  clear(document.getElementById("lab-side"));
  drawSeats(info);
  showKind(kind()); // now, not once the content has come: what is typed meanwhile stays
  const content = document.getElementById("lab-content");
  clear(content, el("summary", {}, t("Content changes (for this job only; the sample never changes)")),
    el("p.muted", {}, t("Loading the sample content…")));
  const sample = await api(`/api/lab/rulesets/${info.id}/content`);
  if (ui.info !== info) return; // another ruleset was chosen meanwhile: its tree wins
  ui.content = sample;
  clear(content, el("summary", { id: "lab-changes" }, t("Content changes (for this job only; the sample never changes)")),
    el("datalist", { id: "lab-paths" }, ...leaves(ui.content.files, "").map(([path]) => el("option", { value: path }))),
    ...Object.entries(ui.content.files).map(([file, data]) => branch(file, data, file, ui.content.schema?.properties?.[file] || {})),
    changesFile());
}

/** A bot for each seat of a game with the options chosen, and the sides whose wins may be
    counted (GET /api/rulesets/ID/seats and /sides: the options may change how many seats
    there are, and the sides that can win may be fewer than the seats). The bots and the side
    chosen stay chosen; options the server refuses leave them as they were (Ask says why). */
function drawSeats(info) {
  const asked = ui.seatsAsked = (ui.seatsAsked || 0) + 1;
  ui.seatsDrawn = (async () => {
    const bots = document.getElementById("lab-bots"), side = document.getElementById("lab-side");
    const query = `options=${encodeURIComponent(JSON.stringify(chosenOptions()))}`;
    let seats = info.seats, sides = info.seats;
    try {
      [seats, sides] = await Promise.all(["seats", "sides"].map((what) => api(`/api/rulesets/${info.id}/${what}?${query}`)));
    } catch { if (bots.querySelector("select")) return; }
    if (asked !== ui.seatsAsked) return; // newer options are being drawn
    seatOptions(document.getElementById("lab-options") || bots, seats);
    const kept = Object.fromEntries([...bots.querySelectorAll("select")].map((s) => [s.dataset.seat, s.value]));
    clear(bots, el("legend", {}, t("Bots")), ...seats.map((seat) => el("label", {}, `${sideName(info, seat)} `, el("select", { "data-seat": seat },
      ...info.bots.map((b) => el("option", { value: b, selected: b === (kept[seat] ?? info.default_bot) }, botName(b)))))));
    const counted = side.value;
    clear(side, ...sides.map((s, i) => el("option", { value: i ? s : "", selected: s === counted }, sideName(info, s))));
  })();
  return ui.seatsDrawn;
}

/** An option's input from its JSON Schema, or a choice of the names the content lists
    (options the form cannot show stay at their defaults). An option with a default cannot be
    emptied. An option of one seat ("x-seat") shows only once the seats of the options chosen
    are known to have it (drawSeats). */
function field(name, schema, required = false, choices = null) {
  let input;
  const value = schema.default;
  if (choices && schema.type !== "array") input = el("select", {}, ...choices.map((c) => el("option", { value: c.id, selected: c.id === value }, c.label)));
  else if (schema.enum) input = el("select", {}, ...schema.enum.map((v) => el("option", { value: v, selected: v === value }, v)));
  else if (schema.type === "integer" || schema.type === "number") input = el("input", { type: "number", value: value ?? "", min: schema.minimum, max: schema.maximum, step: schema.type === "integer" ? 1 : "any" });
  else if (schema.type === "boolean") input = el("input", { type: "checkbox", checked: !!value });
  else if (schema.type === "string") input = el("input", { value: value ?? "" });
  else return null;
  if ((required || value != null) && input.type !== "checkbox") input.required = true;
  input.dataset.option = name;
  input.dataset.default = JSON.stringify(value ?? null);
  return el("label", { title: schema.description || "", "data-of-seat": schema["x-seat"], className: schema["x-seat"] && "hidden" }, `${schema.title || name} `, input);
}

/** The content's tree: a file, a mapping or a list of items (by id) opens on demand; a
    number, a word or a yes/no is an input whose change becomes a ``set`` path. Each input
    follows the content's JSON Schema at its path: its type, minimum and maximum, choices
    (enum) and whether it is required. */
function branch(name, data, path, schema = {}, required = false) {
  if (data === null || typeof data !== "object") return leaf(name, data, path, resolve(schema, data), required);
  const node = el("details.tree", { "data-path": path }, el("summary", {}, name));
  node.draw = () => { // its members, once: on opening, or at once to set a value inside
    if (node.dataset.drawn) return;
    node.dataset.drawn = "1";
    const entries = Array.isArray(data)
      ? data.map((item, i) => [item && typeof item === "object" && "id" in item ? String(item.id) : String(i), item])
      : Object.entries(data);
    const own = resolve(schema, data);
    node.append(...entries.filter(([key]) => key !== "sample").map(([key, value]) =>
      branch(key, value, `${path}.${key}`, child(own, key), !Array.isArray(data) && (own.required || []).includes(key))));
  };
  node.addEventListener("toggle", () => { if (node.open) node.draw(); });
  return node;
}

/** Content changes by path ({"FILE.ITEM.FIELD": 9}) put in the tree: every other
    value back to the sample's, each path's details opened and drawn down to its input.
    Returns the paths the tree has no input for. */
function applyChanges(set) {
  for (const input of document.querySelectorAll("#lab-content [data-path]:not(details)")) {
    if (input.dataset.path in set) continue;
    const sample = JSON.parse(input.dataset.sample);
    if (input.type === "checkbox") input.checked = !!sample;
    else input.value = input.dataset.json ? JSON.stringify(sample) : sample ?? "";
  }
  const missing = [];
  for (const [path, value] of Object.entries(set)) {
    const parts = path.split(".");
    for (let i = 1; i < parts.length; i++) {
      const details = document.querySelector(`#lab-content details[data-path="${CSS.escape(parts.slice(0, i).join("."))}"]`);
      if (!details) break;
      details.draw();
      details.open = true;
    }
    const input = document.querySelector(`#lab-content [data-path="${CSS.escape(path)}"]:not(details)`);
    if (!input || (value !== null && typeof value === "object")) { missing.push(path); continue; }
    if (input.type === "checkbox") input.checked = !!value;
    else input.value = input.dataset.json ? JSON.stringify(value) : value ?? "";
    input.setAttribute("aria-invalid", String(!input.checkValidity()));
  }
  countChanges();
  return missing;
}

/** The content changes as a file to keep ({"ruleset", "set"}: what a job's ``set`` takes),
    and a file of changes (that shape, or a job's question) loaded back into the tree. */
function changesFile() {
  const message = el("span.muted", { id: "lab-changes-file", role: "status" });
  const load = el("input", { type: "file", id: "lab-load", accept: ".json,application/json", onchange: async () => {
    const file = load.files[0];
    load.value = "";
    if (!file) return;
    try {
      const data = JSON.parse(await file.text());
      const set = data?.set ?? data?.new?.set ?? Object.fromEntries((data?.vary || []).filter((v) => v.set && v.values).map((v) => [v.set, v.values.at(-1)]));
      if (!set || typeof set !== "object" || Array.isArray(set)) throw new Error();
      const missing = applyChanges(set);
      clear(message, missing.length ? el("span.error", { role: "alert" }, t("No field of this ruleset's content at {paths}", { paths: missing.join(", ") }))
        : t("Changes loaded: {count}", { count: number(Object.keys(set).length) }));
    } catch { clear(message, el("span.error", { role: "alert" }, t("Not a file of content changes (JSON with a \"set\" of paths and values)"))); }
  } });
  return el("div.row", {},
    el("button.small", { type: "button", id: "lab-save", onclick: () => saveBlob(new Blob([JSON.stringify({ ruleset: ui.info.id, set: changes() }, null, 2)], { type: "application/json" }), `${ui.info.id}-changes.json`) },
      t("Save the changes (JSON)")),
    el("label", {}, `${t("Load changes")} `, load), message);
}

/** A schema with its $ref followed and, of its choices (anyOf), the one that fits the value. */
function resolve(schema, value, defs = ui.content?.schema?.$defs || {}) {
  const follow = (s) => (s.$ref ? defs[s.$ref.split("/").pop()] || {} : s);
  let s = schema || {};
  for (let depth = 0; depth < 32; depth++) {
    if (s.$ref) s = follow(s);
    else if (s.anyOf || s.oneOf) s = (s.anyOf || s.oneOf).find((x) => fits(follow(x), value)) || {};
    else return s;
  }
  return {};
}

function fits(schema, value) {
  if (schema.enum || "const" in schema) return (schema.enum || [schema.const]).includes(value);
  const type = schema.type;
  if (!type) return true;
  if (value === null) return type === "null";
  if (Array.isArray(value)) return type === "array";
  if (typeof value === "object") return type === "object";
  if (typeof value === "number") return type === "number" || (type === "integer" && Number.isInteger(value));
  return type === typeof value;
}

/** The schema of a mapping's or a list's member ``key``. */
function child(schema, key) {
  if (schema.items) return schema.items;
  if (schema.properties && key in schema.properties) return schema.properties[key];
  return typeof schema.additionalProperties === "object" ? schema.additionalProperties : {};
}

function leaf(name, value, path, schema = {}, required = false) {
  let input;
  if (typeof value === "boolean") input = el("input", { type: "checkbox", checked: value });
  else if (schema.enum && schema.enum.length > 1) {
    input = el("select", {}, ...schema.enum.map((v) => el("option", { value: JSON.stringify(v), selected: v === value }, String(v))));
    input.dataset.json = "1";
  } else if (typeof value === "number") {
    const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (schema.type === "integer" ? 1 : 0) : undefined);
    const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (schema.type === "integer" ? 1 : 0) : undefined);
    input = el("input", { type: "number", value, step: schema.type === "integer" ? 1 : "any", size: 6, min: low, max: high });
  } else input = el("input", { value: value ?? "", size: 16, minLength: schema.minLength, maxLength: schema.maxLength, pattern: schema.pattern });
  if (required && input.type !== "checkbox") input.required = true;
  input.dataset.path = path;
  input.dataset.sample = JSON.stringify(value ?? null);
  input.setAttribute("aria-label", path);
  if (schema.description) input.title = schema.description;
  input.addEventListener("change", countChanges);
  input.addEventListener("input", () => input.setAttribute("aria-invalid", String(!input.checkValidity())));
  return el("label.leaf", {}, `${name} `, input);
}

/** The first input the browser finds wrong, its details opened, and why (None: all fine). */
function firstInvalid(form) {
  for (const input of form.querySelectorAll("input, select")) {
    if (input.checkValidity()) continue;
    for (let d = input.closest("details"); d; d = d.parentElement?.closest("details")) d.open = true;
    input.setAttribute("aria-invalid", "true");
    input.focus();
    const where = input.dataset.path || input.closest("label")?.firstChild?.textContent?.trim() || input.id;
    return t("{where}: {why}", { where, why: invalidWhy(input) });
  }
  return null;
}

/** Why the browser finds an input wrong, in the page's language (the browser's own message
    is in the browser's language, not the page's). */
function invalidWhy(input) {
  const v = input.validity;
  const written = (x) => Number(x).toLocaleString(store.lang, { maximumFractionDigits: 6 });
  if (v.badInput) return t("a number is needed");
  if (v.valueMissing) return t("a value is needed");
  if (v.rangeUnderflow) return t("at least {min}", { min: written(input.min) });
  if (v.rangeOverflow) return t("at most {max}", { max: written(input.max) });
  if (v.stepMismatch) return input.step === "1" ? t("a whole number is needed") : t("a multiple of {step}", { step: written(input.step) });
  if (v.tooShort) return t("at least {count} characters", { count: input.minLength });
  if (v.tooLong) return t("at most {count} characters", { count: input.maxLength });
  if (v.patternMismatch) return t("not of the expected form ({pattern})", { pattern: input.pattern });
  return input.validationMessage;
}

/** After the server's refusal: the input its message names is marked (a content input
    opened; the contenders' field for "contenders.1: no team…"; a path typed in "Several
    values" or "Which value", for "set.no.such.path: no content file 'no'…", until it is
    typed again). */
function markRefused(message) {
  const contenders = document.getElementById("lab-contenders");
  if (contenders && /^contenders\.\d+\s?:/.test(message)) {
    contenders.setAttribute("aria-invalid", "true");
    contenders.focus();
    return;
  }
  for (const input of document.querySelectorAll("#lab-values .lab-values-path, #lab-tune-path")) {
    const path = input.value.trim();
    if (!path || !message.includes(`set.${path}`)) continue;
    input.setAttribute("aria-invalid", "true");
    input.addEventListener("input", () => input.removeAttribute("aria-invalid"), { once: true });
    input.focus();
    return;
  }
  for (const input of document.querySelectorAll("#lab-content [data-path]")) {
    if (input.tagName === "DETAILS" || !message.includes(input.dataset.path)) continue;
    for (let d = input.closest("details"); d; d = d.parentElement?.closest("details")) d.open = true;
    input.setAttribute("aria-invalid", "true");
    input.focus();
    return;
  }
}

function leaves(data, path) {
  if (data === null || typeof data !== "object") return [[path, data]];
  const entries = Array.isArray(data)
    ? data.map((item, i) => [item && typeof item === "object" && "id" in item ? String(item.id) : String(i), item])
    : Object.entries(data).filter(([key]) => key !== "sample");
  return entries.flatMap(([key, value]) => leaves(value, path ? `${path}.${key}` : key));
}

function inputValue(input) {
  if (input.type === "checkbox") return input.checked;
  if (input.dataset.json) return JSON.parse(input.value);
  if (input.type === "number") return input.value === "" ? null : Number(input.value);
  return input.value;
}

/** The content paths changed from the sample, with their new values. */
function changes() {
  const found = {};
  for (const input of document.querySelectorAll("#lab-content [data-path]")) {
    if (input.tagName === "DETAILS") continue;
    const value = inputValue(input);
    if (JSON.stringify(value) !== input.dataset.sample) found[input.dataset.path] = value;
  }
  return found;
}

/** The rulings changed from their defaults, by id. */
function chosenRulings() {
  return Object.fromEntries([...document.querySelectorAll("#lab-rulings select")]
    .filter((select) => select.value !== select.dataset.default).map((select) => [select.dataset.ruling, select.value]));
}

function countRulings() {
  const count = Object.keys(chosenRulings()).length;
  document.getElementById("lab-rulings-summary").textContent = count ? t("Rulings ({count} changed)", { count: number(count) }) : t("Rulings");
}

function countChanges() {
  const found = Object.entries(changes());
  const summary = document.getElementById("lab-changes");
  summary.textContent = found.length
    ? t("Content changes: {changes}", { changes: found.map(([p, v]) => `${p} = ${JSON.stringify(v)}`).join("; ") })
    : t("Content changes (for this job only; the sample never changes)");
}

function kind() { return document.querySelector("#lab-kind input:checked").value; }

function showKind(which) {
  const question = questions().find((q) => q.kind === which);
  document.getElementById("lab-hint").textContent = question.hint;
  document.getElementById("lab-games-note").textContent = question.games; // what Games counts
  document.getElementById("lab-side").closest("label").hidden = which === "dead-rules"; // counts rules, not wins
  const node = document.getElementById("lab-specific");
  if (which === "tune") {
    clear(node, el("fieldset.row", {}, el("legend", {}, t("Which value")),
      el("label", {}, `${t("Content path")} `, el("input", { id: "lab-tune-path", list: "lab-paths", size: 36, required: true })),
      el("label", {}, `${t("Range")} `, el("input", { id: "lab-tune-range", placeholder: t("LOW..HIGH"), size: 9, required: true, oninput: (e) => checkRange(e.target) })),
      el("label", {}, `${t("Target win rate")} `, el("input", { type: "number", id: "lab-target", value: 0.5, min: 0, max: 1, step: 0.01 })),
      el("label", {}, "± ", el("input", { type: "number", id: "lab-tolerance", value: 0.05, min: 0.005, max: 0.5, step: 0.005 })),
      el("label", { title: t("a value's games double at each look, from the games above up to this") }, `${t("At most, games of a value")} `,
        el("input", { type: "number", id: "lab-max-games", value: 3200, min: 1, max: 20000, step: 1, required: true }))));
  } else if (which === "matchup" || which === "compare") {
    clear(node, el("fieldset.row", {}, el("legend", {}, t("Contenders")),
      el("label", { title: t("the values of a seat's options, by their names, colon-separated (a team; faction:leader)") }, `${t("Contenders")} `,
        el("input", { id: "lab-contenders", size: 40, placeholder: example(ui.info), required: which === "matchup" })),
      which === "compare" ? el("label", {}, `${t("Threshold")} `, el("input", { type: "number", id: "lab-threshold", value: 0.05, min: 0, max: 1, step: 0.01 })) : null));
  } else if (which === "sweep") {
    clear(node, el("fieldset", { id: "lab-values" }, el("legend", {}, t("Several values")),
      el("p.muted", {}, t("A content path and the values to try, comma-separated, as the terminal's sweep --set path=2,3,4 takes them: the first is the one the others are compared with, on the same seeds. Empty: the sample against the changes below.")),
      valuesRow(), el("button.small", { type: "button", id: "lab-more-values", onclick: (e) => e.currentTarget.before(valuesRow()) }, t("Another field"))));
  } else if (which === "dead-rules") {
    clear(node, el("fieldset.row", {}, el("legend", {}, t("Rare rules")),
      el("label", { title: t("a rule fired in fewer than this share of the games is rare") }, `${t("Rare below (% of the games)")} `,
        el("input", { type: "number", id: "lab-rare", value: 1, min: 0, max: 100, step: "any", required: true }))));
  } else if (which === "culprits") {
    clear(node, el("fieldset.row", {}, el("legend", {}, t("Ablation")),
      el("label", { title: t("games of each ablation batch: the first games, same seeds (0: no ablation)") }, t("Games per step "),
        el("input", { type: "number", id: "lab-ablation-games", value: 50, min: 0, max: 20000, step: 1, required: true })),
      el("label", { title: t("entities ablated at most: the strongest and the weakest in turn (each plays two batches)") }, t("Entities "),
        el("input", { type: "number", id: "lab-entities", value: 12, min: 0, max: 1000, step: 1, required: true }))));
  } else clear(node);
  const games = document.getElementById("lab-games");
  if (!games.dataset.typed) games.value = which === "tune" || which === "dead-rules" ? 100 : 200; // a count typed stays
}

/** A row of "Several values": a content path, and the values to try ("2, 3, 4"); choosing a
    path puts its sample's value first when no value is written yet. */
function valuesRow(path = "", values = "") {
  const list = el("input.lab-values-list", { size: 24, value: values, placeholder: t("2, 3, 4"), "aria-label": t("Values") });
  const where = el("input.lab-values-path", { list: "lab-paths", size: 36, value: path, "aria-label": t("Content path"), onchange: () => {
    const sample = sampleAt(where.value.trim());
    if (!list.value && sample !== undefined) list.value = `${written(sample)}, `;
  } });
  return el("div.row.lab-values-row", {}, el("label", {}, `${t("Content path")} `, where), el("label", {}, `${t("Values")} `, list));
}

/** The sample's value at a content path (undefined: no leaf there). */
function sampleAt(path) {
  return new Map(leaves(ui.content?.files ?? {}, "")).get(path);
}

/** A value as the terminal's --set writes it: a word as it is, anything else as JSON. */
const written = (value) => (typeof value === "string" ? value : JSON.stringify(value));

/** The values of a "Several values" row as the terminal's ``--set path=v1,v2`` reads them:
    separated by commas outside brackets, each a number, true/false, a JSON list or a word. */
function valuesOf(text) {
  const parts = [];
  let depth = 0, part = "";
  for (const c of text) {
    if (c === "," && depth === 0) { parts.push(part); part = ""; continue; }
    if ("[{".includes(c)) depth += 1;
    if ("]}".includes(c)) depth -= 1;
    part += c;
  }
  parts.push(part);
  return parts.map((p) => p.trim()).filter(Boolean).map((p) => { try { return JSON.parse(p); } catch { return p; } });
}

/** The rows of "Several values" as a sweep's ``vary`` (a row without a path or values is
    refused, saying which). */
function severalValues() {
  const found = new Map();
  for (const row of document.querySelectorAll("#lab-values .lab-values-row")) {
    const path = row.querySelector(".lab-values-path").value.trim(), values = valuesOf(row.querySelector(".lab-values-list").value);
    if (!path && !values.length) continue;
    if (!path) throw new Error(t("Several values: give the content path of {values}", { values: values.map(written).join(", ") }));
    if (!values.length) throw new Error(t("Several values: give the values to try at {path}", { path }));
    found.set(path, values);
  }
  return [...found].map(([path, values]) => ({ set: path, values }));
}

/** A tuning's range as the lab reads it (LOW..HIGH or LOW..HIGH:STEP, going up), else the
    input is marked wrong, saying so in the page's language before anything is sent. */
function checkRange(input) {
  const found = /^\s*(-?[\d.]+(?:e-?\d+)?)\s*\.\.\s*(-?[\d.]+(?:e-?\d+)?)(?:\s*:\s*([\d.]+(?:e-?\d+)?))?\s*$/.exec(input.value);
  const [low, high, step] = found ? found.slice(1).map((x) => (x === undefined ? 1 : Number(x))) : [];
  const fine = !input.value || (found && Number.isFinite(low) && Number.isFinite(high) && Number.isFinite(step) && low < high && step > 0);
  input.setCustomValidity(fine ? "" : t("LOW..HIGH, the lower first (2..6; 0..1:0.25 goes by quarters)"));
}

/** The options changed from their defaults. */
function chosenOptions() {
  const options = {};
  for (const input of document.querySelectorAll("#lab-options [data-option]")) {
    const value = input.type === "checkbox" ? input.checked : input.type === "number" ? (input.value === "" ? null : Number(input.value)) : input.value;
    if (JSON.stringify(value) !== input.dataset.default) options[input.dataset.option] = value;
  }
  return options;
}

/** Two contenders as the lab takes them, for the field's placeholder: values of the first
    seat's options that the content lists, by their names ("The Shroud:The Countess, The
    Grievers:Dr. Kramer"; the field takes names or ids: ``idOf``). */
function example(info) {
  const seat = info.seats[0];
  const lists = Object.entries(info.choices).filter(([name]) => name === seat || name.startsWith(`${seat}_`)).map(([, list]) => list);
  if (!lists.length) return t("comma-separated");
  return [0, 1].map((i) => lists.map((list) => list[Math.min(i, list.length - 1)].label).join(":")).join(", ");
}

/** A word of a contender by its id: a name the content lists is taken for its id
    ("Swamp Things" is "swamp"). */
function idOf(info, word) {
  return Object.values(info.choices).flat().find((c) => c.label.toLowerCase() === word.toLowerCase())?.id ?? word;
}

function question() {
  const which = kind();
  const seed = document.getElementById("lab-seed").value;
  const body = { kind: which, ruleset: ui.info.id, games: Number(document.getElementById("lab-games").value),
    seed: Number.isSafeInteger(Number(seed)) ? Number(seed) : seed }; // a seed past 2^53 as written: the lab takes any integer
  const side = document.getElementById("lab-side").value;
  if (side && which !== "dead-rules") body.side = side;
  const scenario = document.getElementById("lab-scenario");
  if (scenario?.selectedIndex > 0) body.scenario = scenario.value; // the first is the default
  body.options = chosenOptions();
  const bots = [...document.querySelectorAll("#lab-bots select")].map((s) => s.value);
  while (bots.length > 1 && bots[bots.length - 1] === bots[bots.length - 2]) bots.pop();
  if (bots.length > 1 || bots[0] !== ui.info.default_bot) body.agents = bots;
  const changed = changes();
  const samples = Object.fromEntries([...document.querySelectorAll("#lab-content input[data-path]")].map((i) => [i.dataset.path, JSON.parse(i.dataset.sample)]));
  const contenders = (document.getElementById("lab-contenders")?.value || "").split(",").map((c) => c.trim()).filter(Boolean)
    .map((c) => c.split(":").map((word) => idOf(ui.info, word.trim())).join(":"));
  const rulings = chosenRulings();
  const defaults = Object.fromEntries(ui.info.rulings.map((r) => [r.id, r.default]));
  if (which === "sweep") {
    const several = severalValues(), given = new Set(several.map((v) => v.set));
    body.vary = [...several, ...Object.entries(changed).filter(([path]) => !given.has(path)).map(([path, value]) => ({ set: path, values: [samples[path], value] })),
      ...Object.entries(rulings).map(([id, option]) => ({ ruling: id, values: [defaults[id], option] }))];
    if (!body.vary.length) throw new Error(t("What if? Give several values of a field, or change at least one value of the content or a ruling first (open “Content changes” or “Rulings”)."));
  } else if (which === "compare") {
    if (!Object.keys(changed).length && !Object.keys(rulings).length) throw new Error(t("What changed? Change at least one value of the content or a ruling first (open “Content changes” or “Rulings”): the sample is compared with it."));
    body.new = { set: changed, rulings };
    if (contenders.length) body.contenders = contenders;
    body.threshold = Number(document.getElementById("lab-threshold").value);
  } else {
    body.set = changed;
    body.rulings = rulings;
    if (which === "matchup") body.contenders = contenders;
    if (which === "dead-rules") body.rare = Number(document.getElementById("lab-rare").value) / 100;
    if (which === "culprits") {
      body.ablation_games = Number(document.getElementById("lab-ablation-games").value);
      body.entities = Number(document.getElementById("lab-entities").value);
    }
    if (which === "tune") {
      body.vary = [{ set: document.getElementById("lab-tune-path").value.trim(), range: document.getElementById("lab-tune-range").value.trim() }];
      body.target = Number(document.getElementById("lab-target").value);
      body.tolerance = Number(document.getElementById("lab-tolerance").value);
      body.max_games = Number(document.getElementById("lab-max-games").value);
    }
  }
  return body;
}

/** A job's question put back in the form (its ruleset, question, games, seed, scenario,
    options, bots, side, content changes and the question's own fields), to ask it again as
    it is or changed. A sweep's change of a field from its sample's value is put in the
    content's tree; its other values (several, or not from the sample) in "Several values". */
async function askAgain(job) {
  const q = job.question, form = document.getElementById("lab-form");
  document.getElementById("lab-ruleset").value = job.ruleset;
  await chooseRuleset(job.ruleset);
  document.querySelector(`#lab-kind input[value="${job.kind}"]`).checked = true;
  showKind(job.kind);
  const games = document.getElementById("lab-games");
  games.value = q.games ?? 100;
  games.dataset.typed = "1";
  document.getElementById("lab-seed").value = q.seed ?? 0;
  const scenario = document.getElementById("lab-scenario");
  if (scenario) scenario.value = q.scenario ?? scenario.options[0].value;
  for (const input of form.querySelectorAll("#lab-options [data-option]")) {
    const name = input.dataset.option;
    const value = name in (q.options || {}) ? q.options[name] : JSON.parse(input.dataset.default);
    if (input.type === "checkbox") input.checked = !!value;
    else input.value = value ?? "";
  }
  await drawSeats(ui.info);
  const agents = q.agents || [];
  form.querySelectorAll("#lab-bots select").forEach((select, i) => { select.value = agents[Math.min(i, agents.length - 1)] ?? ui.info.default_bot; });
  const side = document.getElementById("lab-side");
  side.value = q.side ?? "";
  if (side.selectedIndex < 0) side.selectedIndex = 0; // the first side, asked by its name
  const value = (id, given) => { if (given !== undefined && given !== null) document.getElementById(id).value = given; };
  const set = { ...(q.set || {}), ...(q.new?.set || {}) };
  if (job.kind === "sweep") {
    const rows = [];
    for (const v of q.vary || []) {
      if (!v.set || !Array.isArray(v.values)) continue;
      if (v.values.length === 2 && JSON.stringify(v.values[0]) === JSON.stringify(sampleAt(v.set))) set[v.set] = v.values[1];
      else rows.push(valuesRow(v.set, v.values.map(written).join(", ")));
    }
    if (rows.length) {
      document.querySelectorAll("#lab-values .lab-values-row").forEach((row) => row.remove());
      document.getElementById("lab-more-values").before(...rows);
    }
  }
  if (job.kind === "tune") {
    value("lab-tune-path", q.vary?.[0]?.set);
    value("lab-tune-range", q.vary?.[0]?.range);
    value("lab-target", q.target);
    value("lab-tolerance", q.tolerance);
    value("lab-max-games", q.max_games);
  }
  if (job.kind === "matchup" || job.kind === "compare") value("lab-contenders", (q.contenders || []).join(", "));
  if (job.kind === "compare") value("lab-threshold", q.threshold);
  if (job.kind === "culprits") { value("lab-ablation-games", q.ablation_games); value("lab-entities", q.entities); }
  if (job.kind === "dead-rules") value("lab-rare", q.rare === undefined ? undefined : rounded(100 * q.rare, 6));
  const rulings = { ...(q.rulings || {}), ...(q.new?.rulings || {}) };
  if (job.kind === "sweep") for (const v of q.vary || []) if (v.ruling && Array.isArray(v.values)) rulings[v.ruling] = v.values.at(-1);
  for (const select of form.querySelectorAll("#lab-rulings select")) select.value = rulings[select.dataset.ruling] ?? select.dataset.default;
  if (form.querySelector("#lab-rulings")) countRulings();
  const missing = applyChanges(set);
  const message = document.getElementById("lab-message");
  clear(message, el("p.muted", { role: "status" }, t("The form holds this job's question: change what you like, then Ask.")),
    missing.length ? el("p.error", { role: "alert" }, t("No field of this ruleset's content at {paths}", { paths: missing.join(", ") })) : null);
  document.getElementById("ask").scrollIntoView({ block: "start" });
}

// -- the jobs -------------------------------------------------------------------------------

// -- dice odds (answered at once: /api/lab/odds, as "rulekeeper odds ... --json") ----------

/** The dice odds questions of the ruleset chosen above: one form per question, its fields
    from the question's JSON Schema; the rulings and content changes above go with it. */
function oddsForm(node, info) {
  const offered = ui.odds.filter((q) => q.ruleset === info.id);
  if (!offered.length) return clear(node, el("h2", {}, t("Dice odds")), el("p.muted", { id: "odds-none" }, t("This ruleset asks no dice odds questions.")));
  const which = el("select", { id: "odds-question", onchange: () => drawFields() },
    ...offered.map((q, i) => el("option", { value: i }, asked(q))));
  const fields = el("div.row", { id: "odds-fields", oninput: () => sayAsked() });
  const sayAsked = () => { which.selectedOptions[0].textContent = asked(offered[Number(which.value)], fields); }; // the values typed
  const message = el("div", { id: "odds-message" });
  const shown = el("div", { id: "odds-answer", "aria-live": "polite" });
  const submit = el("button.primary", { type: "submit", id: "odds-ask" }, t("Work out the odds"));
  const drawFields = () => {
    const q = offered[Number(which.value)];
    clear(fields, ...Object.entries(q.schema.properties || {}).map(([name, schema]) => oddsField(name, schema, (q.schema.required || []).includes(name), info)).filter(Boolean));
    sayAsked();
  };
  clear(node, el("h2", {}, t("Dice odds")),
    el("p.muted", {}, t("Exact odds, or Monte Carlo with its 95% interval, answered at once: the figures of rulekeeper odds at the terminal for the same seed. The rulings and content changes chosen above go with the question.")),
    el("form", { id: "odds-form", noValidate: true, onsubmit: async (e) => {
      e.preventDefault();
      const wrong = firstInvalid(e.target);
      if (wrong) return showError(message, new Error(wrong));
      const q = offered[Number(which.value)];
      const body = { ruleset: q.ruleset, question: q.question, params: oddsParams(fields) };
      if ("rulings" in (q.schema.properties || {})) body.params.rulings = chosenRulings();
      if (q.content_changes) body.set = changes();
      submit.disabled = true;
      clear(message, el("p.muted", {}, t("Working out the odds…")));
      try {
        const got = await api(`/api/lab/odds?lang=${encodeURIComponent(store.lang)}`, { method: "POST", body });
        clear(message);
        clear(shown, ...[got.answer].flat().map((answer) => oddsAnswer(answer, got.words || {})));
      } catch (error) {
        clear(shown);
        if (error.status === 400 || error.status === 422) showError(message, new Error(t("The server refused the question: {why}", { why: error.message })));
        else showError(message, error);
      } finally { submit.disabled = false; }
    } }, el("div.row", {}, el("label", {}, `${t("Question")} `, which)), fields, el("div.row", {}, submit), message), shown);
  drawFields();
}

/** A question as the page says it (``asks``: its summary in the page's language, each
    placeholder of the terminal's help a parameter's field): each field filled with the value
    asked in ``fields``, else its default, else "…" ("Probability that a check of 3 Action
    dice succeeds when it needs 1", not "... of DICE Action dice succeeds when it needs NEED"). */
function asked(q, fields) {
  return q.asks.replace(/\{(\w+)\}/g, (_, name) => {
    const input = fields?.querySelector(`[data-param="${name}"]`);
    const value = !input ? q.schema.properties?.[name]?.default : input.type === "checkbox" ? input.checked
      : input.tagName === "SELECT" ? input.selectedOptions[0]?.textContent : input.value; // a choice by its name
    return value === undefined || value === null || value === "" ? "…" : String(value);
  });
}

/** A parameter's input: a number, a yes/no, a choice among the content's items by their
    names where the setup option of the same name lists its default (a team: *French
    Legends*, sent as its id, ``french-legends``), or a text (a mapping, the rulings, comes
    from the rulings above); labelled by its title, then its name as the terminal's option,
    its description as its hint (the title and the description in the page's language). */
function oddsField(name, schema, required, info) {
  const kind = schema.type || schema.anyOf?.find((s) => s.type !== "null")?.type;
  const value = schema.default;
  const choices = info?.choices?.[name];
  let input;
  if (kind === "string" && choices?.some((c) => c.id === value)) {
    input = el("select", {}, ...choices.map((c) => el("option", { value: c.id, selected: c.id === value }, c.label)));
  } else if (kind === "string" && schema.enum) { // its values by their labels (x-labels: the page's language)
    input = el("select", {}, ...schema.enum.map((v) => el("option", { value: v, selected: v === value }, schema["x-labels"]?.[v] ?? spaced(v))));
  } else if (kind === "integer" || kind === "number") input = el("input", { type: "number", value: value ?? "", min: schema.minimum, max: schema.maximum, step: kind === "integer" ? 1 : "any", required: required || value != null });
  else if (kind === "boolean") input = el("input", { type: "checkbox", checked: !!value });
  else if (kind === "string") input = el("input", { value: value ?? "", required: required || value != null });
  else return null;
  input.dataset.param = name;
  return el("label", { title: schema.description || "" }, `${schema.title || name} (--${name.replaceAll("_", "-")}) `, input);
}

function oddsParams(fields) {
  return Object.fromEntries([...fields.querySelectorAll("[data-param]")].filter((i) => i.type === "checkbox" || i.value !== "")
    .map((i) => [i.dataset.param, i.type === "checkbox" ? i.checked : i.type === "number" ? Number(i.value) : i.value]));
}

/** One answer: its outcomes (exact fractions, or estimates with their 95% interval), its
    means, each distribution (folded), and how it was worked out; its texts in the page's
    language where ``words`` (the answer's ``{english: words}``) has them. */
function oddsAnswer(answer, words) {
  const say = (text) => words[text] ?? text;
  const rows = Object.entries(answer.outcomes).map(([name, o]) => el("tr", {}, el("th", { scope: "row" }, say(name)),
    el("td", {}, pct(o.probability)), el("td.muted", {}, o.exact ? (o.exact.length > 24 ? t("exact") : o.exact)
      : o.interval ? `${pct(o.interval[0])} – ${pct(o.interval[1])}` : "")));
  const table = rows.length ? el("table.lab.odds", {}, el("caption", {}, say(answer.title)),
    el("thead", {}, el("tr", {}, el("th", {}, t("outcome")), el("th", {}, t("probability")), el("th", {}, t("exact, or 95% interval")))), el("tbody", {}, rows)) : el("h3", {}, say(answer.title));
  const means = Object.entries(answer.means).map(([name, mean]) => el("p", {}, t("mean {name}: {value}", { name: say(name), value: number(mean, 3) })));
  const dists = Object.entries(answer.distributions).map(([name, values]) => el("details", {}, el("summary", {}, t("distribution of {name}", { name: say(name) })),
    el("table.lab", {}, el("tbody", {}, values.map((v) => el("tr", {}, el("th", { scope: "row" }, String(v.value)), el("td", {}, pct(v.probability))))))));
  return el("div.odds-answer", {}, table, means, dists, answer.notes.map((n) => el("p.muted", {}, say(n))));
}

async function listJobs() {
  const node = document.getElementById("jobs");
  try {
    const jobs = await api("/api/lab/jobs");
    const picked = new Set();
    const both = el("button", { id: "lab-side-by-side", disabled: true, onclick: () => {
      const [a, b] = [...picked];
      history.pushState(null, "", `/lab?job=${a}&vs=${b}`);
      showJobs(a, b);
    } }, t("Side by side"));
    clear(node, el("h2", {}, t("Your jobs")), jobs.length ? null : el("p.muted", {}, t("None yet: ask a question.")),
      el("ul.jobs", {}, ...jobs.map((job) => el("li", {},
        el("input", { type: "checkbox", "aria-label": t("pick job {job}", { job: job.id }), onchange: (e) => {
          e.target.checked ? picked.add(job.id) : picked.delete(job.id);
          both.disabled = picked.size !== 2;
        } }), " ",
        el("a", { href: `/lab?job=${job.id}`, onclick: (e) => { e.preventDefault(); history.pushState(null, "", `/lab?job=${job.id}`); showJobs(job.id); } },
          title(job)),
        el("span.muted", {}, ` · ${state(job.state)} · ${when(job.created_at)}`),
        el("div.muted.asked", { title: describe(job) }, describe(job))))), // what it asked: two jobs of one question told apart
      jobs.length > 1 ? el("p.muted", {}, `${t("Pick two, then")} `, both) : null);
  } catch (error) { showError(node, error); }
}

/** One job's answer, or two side by side. */
function showJobs(id, vs) {
  clearTimeout(ui.timer);
  const answer = document.getElementById("answer");
  const panes = [id, vs].filter(Boolean).map((job) => el("section.panel.job", { "data-job": job }));
  clear(answer, el("div", { class: vs ? "pair" : "" }, ...panes));
  panes.forEach((pane, i) => follow(pane, [id, vs][i]));
  answer.scrollIntoView({ block: "start" });
}

async function follow(pane, id) {
  let job;
  try { job = await api(`/api/lab/jobs/${encodeURIComponent(id)}?lang=${store.lang}`); } catch (error) {
    return showError(pane, error.status === 404 ? new Error(t("You have no job {job}: it is another player's, or there is none.", { job: id })) : error);
  }
  drawJob(pane, job, job.result ? await namesOf(job.ruleset) : {}, job.result && job.kind === "dead-rules" ? await textsOf(job.ruleset) : {});
  if (!ENDED.includes(job.state)) ui.timer = setTimeout(() => follow(pane, id), 1000);
  else if (pane.dataset.state && pane.dataset.state !== job.state) listJobs();
  pane.dataset.state = job.state;
}

/** A moment as the browser's clock and the page's language write it. */
const when = (iso) => new Date(iso).toLocaleString(store.lang, { dateStyle: "short", timeStyle: "short" });

/** A ruleset as /api/rulesets lists it (its title and its sides' names), by its id. */
const rulesetOf = (id) => ui.rulesets.find((r) => r.id === id);
/** A ruleset as a person reads it: its title, not its id, with its version where another
    ruleset's title reads the same ("… (version 2)"). */
function rulesetName(ruleset) {
  const alike = ui.rulesets.some((r) => r !== ruleset && r.title === ruleset.title);
  return alike ? t("{title} (version {version})", { title: ruleset.title, version: number(ruleset.version) }) : ruleset.title;
}

/** A job's question and ruleset in words: the question's title, then the ruleset's. */
function title(job) {
  const info = rulesetOf(job.ruleset);
  return `${questions().find((q) => q.kind === job.kind)?.title || job.kind} ${info ? rulesetName(info) : job.ruleset}`;
}

function drawJob(pane, job, names, texts = {}) {
  const p = job.progress;
  const asked = describe(job);
  const head = [el("h2", {}, title(job)),
    el("p.muted", {}, asked), el("p", {}, el("span", { class: `badge state-${job.state}`, id: "lab-state", "data-state": job.state }, state(job.state)), " ",
      el("a", { href: `/lab?job=${job.id}` }, t("permanent link")),
      job.results ? [" · ", saving(job.results, `lab-${job.kind}-${job.id}.parquet`, "lab-download", t("the games (Parquet)"), pane)] : null,
      job.report ? [" · ", saving(job.report, `lab-${job.kind}-${job.id}.html`, "lab-report", t("the report (HTML)"), pane)] : null,
      ENDED.includes(job.state) ? [" ", el("button.small", { type: "button", id: "lab-again", title: t("put this question back in the form, to ask it again as it is or changed"),
        onclick: () => askAgain(job).catch((error) => showError(document.getElementById("lab-message"), error)) }, t("Ask again…"))] : null)];
  if (!ENDED.includes(job.state)) {
    const done = { done: number(p.done), planned: number(p.planned) };
    const progress = p.elapsed == null ? t("{done} of {planned} games (waiting for its turn)", done)
      : p.remaining == null ? t("{done} of {planned} games, {elapsed} s", { ...done, elapsed: p.elapsed.toFixed(0) })
        : t("{done} of {planned} games, {elapsed} s, about {left} s left", { ...done, elapsed: p.elapsed.toFixed(0), left: Math.ceil(p.remaining) });
    head.push(el("div.row", {}, el("progress", { max: p.planned, value: p.done }),
      el("span", { id: "lab-progress" }, progress),
      el("button.small", { id: "lab-cancel", onclick: async () => { await api(`/api/lab/jobs/${job.id}?lang=${store.lang}`, { method: "DELETE" }); follow(pane, job.id); } }, t("Cancel"))));
  } else if (p.elapsed != null) {
    const played = { done: number(p.done), elapsed: number(p.elapsed, 1) };
    head.push(el("p.muted", { id: "lab-played" }, job.state === "cancelled" // its games are dropped
      ? t("Cancelled after {done} games in {elapsed} s: they are not kept.", played) : t("{done} games in {elapsed} s", played)));
  }
  if (job.error) head.push(el("p.error", { role: "alert" }, job.error));
  clear(pane, ...head, job.result ? answerOf(job, names, texts) : null);
}

/** A link that downloads a done job's file with the player's token (a plain link would not
    carry it); a failure is said in the job's pane. */
function saving(path, name, id, words, pane) {
  return el("a", { href: path, id, onclick: (e) => {
    e.preventDefault();
    download(path, name).catch((error) => pane.append(el("p.error", { role: "alert" }, error.message)));
  } }, words);
}

/** A job's state in words (queued, running, done, failed, cancelled). */
function state(name) {
  return { queued: t("queued"), running: t("running"), done: t("done"), failed: t("failed"), cancelled: t("cancelled") }[name] ?? name;
}

/** An outcome's name in words (win, tie, loss). */
function outcome(name) {
  return { win: t("win"), tie: t("tie"), loss: t("loss") }[name] ?? name;
}

/** What a job asked, in words: its games and seed, scenario, options, side, changes, bots. */
function describe(job) {
  const question = job.question, info = rulesetOf(job.ruleset);
  const parts = [t("{games} games", { games: number(question.games ?? 0) }), t("seed {seed}", { seed: question.seed ?? 0 })];
  if (question.scenario) parts.push(info?.scenarios.find((s) => s.id === question.scenario)?.label ?? question.scenario);
  for (const [name, value] of Object.entries(question.options || {})) {
    parts.push(`${info?.options.properties?.[name]?.title ?? name} = ${info?.choices[name]?.find((c) => c.id === value)?.label ?? JSON.stringify(value)}`);
  }
  if (question.side) parts.push(t("counting {side}'s wins", { side: sideName(info, question.side) }));
  const sets = { ...(question.set || {}), ...(question.new?.set || {}) };
  for (const [path, value] of Object.entries(sets)) parts.push(`${path} = ${JSON.stringify(value)}`);
  const ruling = (id) => info?.rulings.find((r) => r.id === id);
  const option = (id, o) => ruling(id)?.labels?.[o] ?? spaced(o);
  const asked = (id) => ruling(id)?.question ?? spaced(id); // a ruling by its question, as the answer names it
  for (const [id, o] of Object.entries({ ...(question.rulings || {}), ...(question.new?.rulings || {}) })) parts.push(`${asked(id)} ${option(id, o)}`);
  for (const v of question.vary || []) {
    const field = v.set ?? info?.options.properties?.[v.option]?.title ?? v.option; // an option by its title, as above
    parts.push(`${v.ruling ? `${asked(v.ruling)} ` : `${field}${colon()}`}${v.values ? (v.values === "*" ? ruling(v.ruling)?.options ?? [] : v.values)
      .map((x) => (v.ruling ? option(v.ruling, x) : JSON.stringify(x))).join(" → ") : v.range}`);
  }
  if (job.kind === "dead-rules" && question.rare !== undefined) parts.push(t("rare below {share} of the games", { share: pct(question.rare) }));
  if (question.contenders) parts.push(t("contenders {contenders}", { contenders: question.contenders.map((c) => contenderName(c, info)).join(", ") }));
  if (question.agents?.length) parts.push(t("bots {bots}", { bots: question.agents.map(botName).join(", ") }));
  return parts.join(" · ");
}

// -- the answers ----------------------------------------------------------------------------

/** The names the content gives its items, by id ("butcher": "Butcher", "dahu": "le Dahu"),
    read once per ruleset from its sample: an answer names fighters, cryptids and teams so. */
function namesOf(ruleset) {
  ui.names[ruleset] ??= api(`/api/lab/rulesets/${ruleset}/content`).then((sample) => {
    const names = {};
    const walk = (node) => {
      if (!node || typeof node !== "object") return;
      if (typeof node.id === "string" && node.name != null && !(node.id in names)) names[node.id] = local(node.name);
      Object.values(node).forEach(walk);
    };
    walk(sample.files);
    return names;
  }).catch(() => ({})); // without names, the ids
  return ui.names[ruleset];
}

/** The rule index's texts and sections by rule id, in the page's language where the index
    has them (without them, the ids and the sections the answer gives). */
const textsOf = (ruleset) => rulesOf(ruleset).then((found) => found.rules).catch(() => ({}));

// Numbers as the page's language writes them (52.1%, 52,1 %).
/** ``x`` rounded to ``digits`` decimals as the command's Python rounds it: on the number's
    exact binary value, a tie to the even digit. The browser's Intl rounds the shortest
    decimal that reads back as ``x``, half up: a loss rate of 37 in 80 games, 0.4625, was
    46.3% on the page and 46.2% at the terminal. */
function rounded(x, digits) {
  const [whole, fraction] = Math.abs(x).toFixed(60).split("."); // 60 decimals: exact here
  const rest = fraction.slice(digits);
  let kept = BigInt(whole + fraction.slice(0, digits));
  if (rest > `5${"0".repeat(rest.length - 1)}` || (/^50*$/.test(rest) && kept % 2n === 1n)) kept += 1n;
  return Math.sign(x) * Number(kept) / 10 ** digits;
}
const pct = (x) => (rounded(100 * x, 1) / 100).toLocaleString(store.lang, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
const points = (x) => number(rounded(100 * x, 1), 1);
const interval = (e) => `${pct(e.value)} (${points(e.low)}–${points(e.high)})`;
const three = (x) => x.toLocaleString(store.lang, { minimumSignificantDigits: 3, maximumSignificantDigits: 3 });
const estimate = (e) => `${three(e.value)} (${three(e.low)}–${three(e.high)})`;
/** A change in points with its interval, each end signed as the command signs it
    ("+5.0 (-23.6, +24.9)"; the high end was "24.9"). */
const signed = (e) => t("{value} ({low}, {high})", { value: signedPoints(e.value), low: signedPoints(e.low), high: signedPoints(e.high) });
function signedPoints(x) {
  const r = rounded(100 * x, 1);
  return `${r < 0 || Object.is(r, -0) ? "" : "+"}${number(r, 1)}`;
}
/** A variant's label with each content path cut to its last two names ("butcher.melee=2"),
    and a ruling or an option by its id alone ("overheal=allow", not "ruling:overheal=allow"). */
const short = (label) => (label || t("(as given)")).replace(/[\w-]+(?:\.[\w-]+)+(?==)/g, shortPath).replace(/\b(?:ruling|option):/g, "");
/** A sweep's variant by its words: one that changes rulings only, each ruling by its question
    and its option's label, as the report says it (not "ruling=option"; an option or a
    ruling no catalog words, spaced); any other
    by its label, shortened (``short``). */
function variantName(variant, info, brief = false) {
  const rulings = Object.entries(variant.params || {});
  if (!rulings.length || !rulings.every(([key]) => key.startsWith("ruling:"))) return short(variant.label);
  return rulings.map(([key, option]) => {
    const id = key.slice("ruling:".length), ruling = info?.rulings.find((r) => r.id === id);
    const said = ruling?.labels?.[option] ?? spaced(option);
    return brief ? said : `${ruling?.question ?? spaced(id)} ${said}`;
  }).join(", ");
}
/** A sweep's variants as its plot names them: by their names (``variantName``), or, where
    one would be cut (rulings' questions, several a variant), by their options' labels alone
    ("strike, allow"), in the order of the table below that says the questions. */
function plotted(variants, info) {
  const names = variants.map((v) => variantName(v, info));
  const brief = names.some((name) => name.length > PLOT_LABEL) ? variants.map((v) => variantName(v, info, true)) : names;
  return variants.map((v, i) => [brief[i], v.summary.outcomes.win]);
}
/** A matchup's contender (values of a seat's options, colon-separated) by the names of its
    parts, as the content's sample (``names``) or the seat's choices name them
    ("shroud:countess": "The Shroud · The Countess"), as the report names it too. */
function contenderName(contender, info, names = {}) {
  const choice = (id) => Object.values(info?.choices ?? {}).flat().find((c) => c.id === id)?.label;
  return String(contender).split(":").map((id) => names[id] ?? choice(id) ?? id).join(" · ");
}
/** A matchup's cell ("french-legends vs backwoods") by its contenders' names: "French
    Legends vs American Backwoods", "Légendes de France contre Forêts d'Amérique". */
function cellName(label, info, names = {}) {
  const [row, column] = label.split(" vs ");
  return column === undefined ? contenderName(label, info, names)
    : t("{row} vs {column}", { row: contenderName(row, info, names), column: contenderName(column, info, names) });
}
/** A content path cut to its last two names, an index kept with the name before it
    ("hollow-king.health.0", not "health.0": the item the index reads is said). */
function shortPath(path) {
  const parts = path.split(".");
  let start = parts.length, names = 0;
  while (start > 0 && names < 2) {
    start -= 1;
    if (!/^\d+$/.test(parts[start])) names += 1;
  }
  return parts.slice(start).join(".");
}
/** The level of paired intervals: 95%, or Bonferroni's for several comparisons (98.33% for
    three), as the command's heading says it. */
const level = (comparisons) => (comparisons[0]?.confidence ?? 0.95).toLocaleString(store.lang, { style: "percent", maximumFractionDigits: 2 });
const pValue = (p) => (p < 0.001 ? `<${number(0.001, 3)}` : number(p, 3));
/** A measure in words: the lab's own, or a ruleset's metric as its catalog words it in the
    page's language (``info.measures``), or as the server words the job's measures
    (``words``: a metric per seat the ruleset does not declare, ``damage.p1``, is "damage
    (Player 1)", as the report says it); else its name, spaced. */
const measure = (name, info, words = {}) => ({ rounds: t("rounds"), decisions: t("decisions") }[name] ?? info?.measures?.[name] ?? words[name] ?? spaced(name));
/** A tuning's answer (fits, between, out-of-range, unsure) or a look's verdict (below, above,
    fits, unsure) in words. */
const verdict = (word) => ({ fits: t("fits"), between: t("between"), "out-of-range": t("out of reach"), unsure: t("not settled"), below: t("below"), above: t("above") }[word] ?? word);

function table(id, headings, rows, kind = "") {
  return el("div.scroll", {}, el(`table.lab${kind}`, { id },
    el("thead", {}, el("tr", {}, ...headings.map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, ...rows.map((cells) => el("tr", {}, ...cells.map((c, i) => (i ? el("td", {}, c) : el("th", { scope: "row" }, c))))))));
}

function answerOf(job, names, texts) {
  const r = job.result, info = rulesetOf(job.ruleset);
  /** An id the answer holds (an end reason, a main stat) in the words the server gives it
      in the page's language (``job.words``, from the ruleset's catalogs); else the id, spaced. */
  const said = (id) => job.words?.[id] ?? spaced(id);
  const side = sideName(info, r.side ?? r.summary?.side ?? r.culprits?.side);
  const cell = (label) => cellName(label, info, names);
  if (job.kind === "simulate") {
    const s = r.summary;
    return [el("h3", {}, t("{side}: outcomes over {games} games (95%)", { side, games: number(s.games) })),
      table("lab-outcomes", [t("outcome"), t("games"), t("rate (95%)")], Object.entries(s.outcomes).map(([k, e]) => [outcome(k), number(Math.round(e.value * s.games)), interval(e)])),
      el("h3", {}, t("How games ended")), table("lab-ends", [t("winner"), t("end reason"), t("games"), t("share")],
        (s.ends || []).map((end) => [end.winner == null ? t("no one (a tie)") : sideName(info, end.winner), said(end.reason), number(end.games), pct(end.games / s.games)])),
      el("h3", {}, t("Means")), table("lab-means", [t("measure"), t("mean (95%)"), t("games")], Object.entries(s.means).map(([k, e]) => [measure(k, info, job.words), estimate(e), number(e.n)]))];
  }
  if (job.kind === "sweep") {
    const first = Object.fromEntries(r.against_first.map((c) => [c.second, c]));
    const rows = r.variants.map((v, i) => {
      const o = v.summary.outcomes;
      const c = first[v.label];
      return [variantName(v, info), interval(o.win), pct(o.tie.value), pct(o.loss.value), number(v.summary.mean_rounds, 1),
        i ? signed(c.difference) : t("first"), i ? pValue(c.p_adjusted) : "", i ? (c.significant ? t("yes") : t("no")) : ""];
    });
    return [el("h3", {}, t("{side}: win rate by variant, same seeds", { side })), plot(plotted(r.variants, info), side),
      table("lab-sweep", [t("variant"), t("{side} win (95%)", { side }), t("tie"), t("loss"), t("rounds"), t("win − first ({level})", { level: level(r.against_first) }), t("p (Holm)"), t("significant")], rows)];
  }
  if (job.kind === "matchup") {
    const contenders = r.contenders.map((c) => contenderName(c, info, names));
    return [el("h3", {}, t("row's win rate ({side})", { side })), heatmap(contenders, r.win),
      table("lab-matchup", [t("{side} \\ other", { side }), ...contenders], contenders.map((name, i) => [name, ...r.win[i].map(interval)]))];
  }
  if (job.kind === "tune") {
    const a = r.answer;
    // each value looks several times: its intervals are at Bonferroni's level, not 95%
    const looksLevel = r.level.toLocaleString(store.lang, { style: "percent", maximumSignificantDigits: 3 });
    const values = (params) => Object.entries(params).map(([k, v]) => `${shortPath(k)} = ${v}`).join(", ");
    return [el("p.answer", { id: "lab-tuned" }, t("{status}: {values} gives {side} {win} (target {target} ± {tolerance})",
      { status: verdict(a.status), values: values(a.params), side, win: interval(a.win), target: pct(r.target), tolerance: pct(r.tolerance) })),
      plot([...new Map(r.path.map((look) => [look.position, look])).values()] // each value's last look
        .sort((a, b) => a.position - b.position).map((look) => [values(look.params), look.win]), side, r.target),
      table("lab-path", [t("look"), t("value"), t("games"), t("{side} win ({level})", { side, level: looksLevel }), t("verdict")], r.path.map((look, i) => [String(i + 1), values(look.params), number(look.games), interval(look.win), verdict(look.verdict)])),
      el("p.muted", { id: "lab-tune-level" }, t("Intervals at {level}: 95% over each value's {looks} looks (Bonferroni), as the command says.", { level: looksLevel, looks: number(Math.round(0.05 / (1 - r.level))) }))];
  }
  if (job.kind === "compare") {
    return [el("p.answer", { id: "lab-moved" }, r.moved.length ? t("Moved past {threshold}: {moved}", { threshold: pct(r.threshold), moved: r.moved.map((m) => (m ? cell(m) : t("the batch"))).join(", ") }) : t("Nothing moved past {threshold}.", { threshold: pct(r.threshold) })),
      table("lab-compare", [t("matchup"), t("old"), t("new"), t("change ({level})", { level: level(r.cells) }), t("p (Holm)"), t("moved")],
        r.cells.map((c) => [c.label ? cell(c.label) : t("the batch"), interval(c.old), interval(c.new), signed(c.difference), pValue(c.p_adjusted), c.moved ? t("yes") : t("no")]))];
  }
  if (job.kind === "culprits") return culprits(r.culprits, info, names, said);
  if (job.kind === "dead-rules") return deadRules(r, texts);
  return el("pre", {}, JSON.stringify(r, null, 2));
}

/** The measures of the culprits, in words (a function: the words are loaded after this
    module). */
const measures = () => ({ damage: t("damage dealt"), kills: t("kills"), objectives: t("objectives claimed"), survived: t("survived"), rounds: t("rounds in play") });
const share = (e) => `${(rounded(100 * e.value, 0) / 100).toLocaleString(store.lang, { style: "percent", maximumFractionDigits: 0 })} (${number(rounded(100 * e.low, 0))}–${number(rounded(100 * e.high, 0))})`;
const fixed = (x) => number(x, Math.abs(x) >= 10 ? 1 : 2);
const mean = (name, e) => (!e ? "–" : name === "survived" ? share(e) : `${fixed(e.value)} (${fixed(e.low)}–${fixed(e.high)})`);
const change = (c) => (c ? `${signed(c.difference)}${c.significant ? " *" : ""}` : "–");

/** A rule's verdict over a batch in words (never, rare, fires, descriptive). */
const fired = (word) => ({ never: t("never"), rare: t("rare"), fires: t("fires"), descriptive: t("descriptive") }[word] ?? word);

/** Which rules never fire: how many never and rarely fired, those rules with their section,
    games, share and text (in the page's language where the index has it), and every rule on
    demand. */
function deadRules(r, texts) {
  const rare = pct(r.rare);
  const count = (verdict) => r.rules.filter((rule) => rule.verdict === verdict).length;
  const rows = (rules) => rules.map((rule) => {
    const text = texts[rule.id]?.text ?? "";
    return [rule.id, texts[rule.id]?.section ?? rule.section, number(rule.games), pct(rule.share), fired(rule.verdict),
      el("span.rule-text", { title: text }, text.length > 160 ? `${text.slice(0, 159)}…` : text)];
  });
  const headings = [t("rule"), t("section"), t("games fired"), t("share"), t("verdict"), t("what it says")];
  const leads = r.rules.filter((rule) => rule.verdict === "never" || rule.verdict === "rare");
  return [el("p.answer", { id: "lab-dead" }, t("{never} of the index's {rules} rules never fired over {games} games, and {rare} fired in fewer than {share} of them.",
    { never: number(count("never")), rules: number(r.rules.length), games: number(r.games), rare: number(count("rare")), share: rare })),
  leads.length ? table("lab-dead-rules", headings, rows(leads), ".rules") : el("p", {}, t("Every rule fired in at least {share} of the games.", { share: rare })),
  el("p.muted", {}, t("Read “never” as a lead, not a verdict: a rule applied inside another rule's step may be told by that step's event. Descriptive rules state a fact and cannot fire.")),
  el("details", { id: "lab-all-rules" }, el("summary", {}, t("Every rule ({count})", { count: number(r.rules.length) })), table("lab-every-rule", headings, rows(r.rules), ".rules"))];
}

/** The culprits: the entities strongest first with their measures, then the ablation. */
function culprits(c, info, names, said) {
  const words = measures();
  const shown = Object.keys(words).filter((m) => c.entities.some((e) => m in e.means));
  const who = (e) => `${names[e.entity] ?? e.entity} (${sideName(info, e.side)})`;
  const each = Math.max(1, Math.min(3, Math.floor(c.entities.length / 2))); // no one both strongest and weakest
  const ends = (list) => list.slice(0, each).map(who).join(", ");
  const parts = [el("p.answer", { id: "lab-culprits" }, t("Strongest: {strong}. Weakest: {weak}.", { strong: ends(c.entities), weak: ends([...c.entities].reverse()) })),
    el("h3", {}, c.rank_by ? t("Each entity once, strongest first by {measure} (95%)", { measure: words[c.rank_by] }) : t("Each entity once (95%)")),
    table("lab-entities", ["#", t("entity"), t("side"), t("games"), ...shown.map((m) => words[m]), t("side's win")],
      c.entities.map((e, i) => [String(i + 1), names[e.entity] ?? e.entity, sideName(info, e.side), number(e.games), ...shown.map((m) => mean(m, e.means[m])), share(e.win)]))];
  if (c.ablation.length) {
    parts.push(el("h3", {}, t("Ablation: the side's win-rate change in points, {games} games each, same seeds (* significant)", { games: number(c.ablation_games) })),
      table("lab-ablation", [t("entity"), t("main stat"), t("one step down"), t("win change"), t("one step up"), t("win change")],
        c.ablation.map((a) => [who(a), said(a.stat), a.down === null ? "–" : `${a.value}→${a.down}`, change(a.down_change),
          a.up === null ? "–" : `${a.value}→${a.up}`, change(a.up_change)])));
  }
  if (c.note) parts.push(el("p.muted", {}, c.note));
  return parts;
}

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

/** Win rates with their intervals, one bar each (and the target, when there is one). */
/** The longest label a plot shows whole (a longer one is cut, "…"). */
const PLOT_LABEL = 60;
function plot(points, side, target) {
  // the labels' margin as wide as the longest needs (at most 8 units a character at 12), so
  // that none is cut at the picture's edge
  const longest = Math.max(0, ...points.map(([label]) => Math.min(label.length, PLOT_LABEL)));
  const left = Math.max(120, 8 * longest + 16), w = left + 420, row = 26, h = points.length * row + 30;
  const x = (v) => left + v * (w - left - 20);
  const chart = svg("svg", { viewBox: `0 0 ${w} ${h}`, class: "plot", role: "img", "aria-label": t("{side}: win rate with 95% intervals", { side }) });
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    chart.append(svg("line", { x1: x(tick), x2: x(tick), y1: 4, y2: h - 22, stroke: "#c9c1b3" }),
      svg("text", { x: x(tick), y: h - 6, "text-anchor": "middle", "font-size": 12 }, tick.toLocaleString(store.lang, { style: "percent" })));
  }
  if (target !== undefined) chart.append(svg("line", { x1: x(target), x2: x(target), y1: 4, y2: h - 22, stroke: "#7a2e1d", "stroke-dasharray": "4 3" }));
  points.forEach(([label, e], i) => {
    const y = 10 + i * row;
    chart.append(svg("text", { x: left - 8, y: y + 12, "text-anchor": "end", "font-size": 12 }, label.length > PLOT_LABEL ? `${label.slice(0, PLOT_LABEL - 1)}…` : label),
      svg("rect", { x: x(0), y: y + 3, width: x(e.value) - x(0), height: 12, fill: "#1f4e9c", opacity: 0.75 }),
      svg("line", { x1: x(e.low), x2: x(e.high), y1: y + 9, y2: y + 9, stroke: "#1d1b18", "stroke-width": 2 }));
  });
  return el("div.board", {}, chart);
}

/** The matchup's heat map: red where the row loses, blue where it wins. */
function heatmap(names, win) {
  const cell = 44, left = 200, top = 140, n = names.length;
  const chart = svg("svg", { viewBox: `0 0 ${left + n * cell + 160} ${top + n * cell + 10}`, class: "plot", role: "img", "aria-label": t("row's win rate in each cell") });
  names.forEach((name, i) => {
    chart.append(svg("text", { x: left - 6, y: top + i * cell + cell / 2 + 4, "text-anchor": "end", "font-size": 12 }, name.slice(0, 30)),
      svg("text", { x: left + i * cell + cell / 2, y: top - 6, "font-size": 12, transform: `rotate(-45 ${left + i * cell + cell / 2} ${top - 6})` }, name.slice(0, 26)));
    win[i].forEach((e, j) => {
      const rate = e.value;
      const color = `rgb(${Math.round(179 + (31 - 179) * rate)},${Math.round(38 + (78 - 38) * rate)},${Math.round(30 + (156 - 30) * rate)})`;
      chart.append(svg("rect", { x: left + j * cell, y: top + i * cell, width: cell - 2, height: cell - 2, fill: color }),
        svg("text", { x: left + j * cell + cell / 2 - 1, y: top + i * cell + cell / 2 + 4, "text-anchor": "middle", "font-size": 12, class: "on-cell" }, number(rounded(100 * rate, 0))));
    });
  });
  const whole = (x) => x.toLocaleString(store.lang, { style: "percent", maximumFractionDigits: 0 });
  const legend = el("p.heat-legend", { id: "lab-heat-legend" },
    el("span", {}, whole(0)), el("span.heat-scale", { "aria-hidden": "true" }), el("span", {}, whole(1)), " ",
    el("span.muted", {}, t("Colour: the row's win rate, from red (0%: it always loses) to blue (100%: it always wins); each cell says it in percent.")));
  return el("div", {}, el("div.board", {}, chart), legend);
}

window.addEventListener("popstate", () => {
  const now = new URLSearchParams(location.search);
  if (now.get("job")) showJobs(now.get("job"), now.get("vs"));
});

start().catch((error) => showError(main, error));
