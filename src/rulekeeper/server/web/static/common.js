// What every page shares: the API with the player's token, the page's words in the player's
// language (one translation system: the server's Babel catalogs, GET /api/i18n/{lang}), the
// header's links, account and language switch, a small element builder, and the event log
// whose rule ids explain themselves.

export const store = {
  get token() { return localStorage.getItem("rk.token"); },
  set token(value) { value ? localStorage.setItem("rk.token", value) : localStorage.removeItem("rk.token"); },
  get name() { return localStorage.getItem("rk.name"); },
  set name(value) { value ? localStorage.setItem("rk.name", value) : localStorage.removeItem("rk.name"); },
  get lang() { return localStorage.getItem("rk.lang") || spoken || browserLanguage(); },
  set lang(value) { localStorage.setItem("rk.lang", value); },
  get speed() { return Number(localStorage.getItem("rk.speed")) || 1; },
  set speed(value) { localStorage.setItem("rk.speed", String(value)); },
};

// -- words --------------------------------------------------------------------------------

const catalog = { lang: "en", words: {}, languages: ["en"] };
let spoken = null; // the language loadWords() settled on while none is chosen: the browser's, or English

/** The browser's first language, without its region ("fr" for "fr-CA"): the page's until one
    is chosen in the switch (a friend opening an invitation or a watch link reads it in their
    language), if the server has it; else English. */
function browserLanguage() {
  return (navigator.languages?.[0] || navigator.language || "en").split("-")[0];
}

/** Fetch the page's words in the player's language (the one chosen in the header's switch,
    kept in this browser; a link's ``?lang=fr`` chooses it as the switch would, and leaves the
    address; until one is chosen, the browser's own language); call it before drawing
    anything. An unknown language falls back to English.
    Then the page's own HTML is translated: every element marked ``data-t`` (its title,
    static headings...) says its English text through t(). */
export async function loadWords() {
  const url = new URL(location.href);
  if (url.searchParams.get("lang")) {
    store.lang = url.searchParams.get("lang");
    url.searchParams.delete("lang");
    history.replaceState(history.state, "", url);
  }
  catalog.words = {};
  const chosen = localStorage.getItem("rk.lang"); // else the browser's: English if the server has not it
  const settle = (lang) => { if (chosen) store.lang = lang; else spoken = lang; };
  try {
    const answer = await api(`/api/i18n/${encodeURIComponent(store.lang)}${chosen ? "" : "?fallback=true"}`);
    catalog.words = answer.messages;
    catalog.languages = answer.languages;
    settle(answer.lang); // as the server reads it: "FR", "fr-FR" are "fr"
  } catch (error) { if (error.status === 404 || !chosen) settle("en"); } // a language the server has not
  catalog.lang = store.lang;
  document.documentElement.lang = store.lang;
  for (const node of document.querySelectorAll("[data-t]")) {
    node.dataset.t ||= node.textContent.trim();
    node.textContent = t(node.dataset.t);
  }
}

/** The language the page speaks, if ``offered`` (a ruleset's languages) has it; else English:
    what to ask a ruleset's sentences in (``?lang=``). */
export function langOf(offered = ["en"]) {
  return offered.includes(catalog.lang) ? catalog.lang : "en";
}

/**
 * A word or sentence of the page in the player's language: `words` is the English, the key
 * of the catalog. Fields as in the events' templates: {name}; {count:life|lives} (the number
 * and its noun, by the language's plural rule); {names:and}, {names:or} (a list).
 */
export function t(words, data = {}) {
  const template = catalog.words[words] ?? words;
  if (!Object.values(data).some((v) => v instanceof Node)) return fill(template, data);
  // a field given as an element (a name in bold): the sentence as a fragment to append
  const parts = template.split(/(\{\w+\})/);
  const fragment = document.createDocumentFragment();
  for (const part of parts) {
    const value = /^\{\w+\}$/.test(part) ? data[part.slice(1, -1)] : undefined;
    fragment.append(value instanceof Node ? value : fill(part, data));
  }
  return fragment;
}

/** A label and its value joined by colon() ("Red: you", "Rouge : vous"): a string, or a
    fragment to append when either is an element. */
export function labelled(label, value) {
  if (!(label instanceof Node || value instanceof Node)) return `${label}${colon()}${value}`;
  const fragment = document.createDocumentFragment();
  fragment.append(label, colon(), value);
  return fragment;
}

/** A seat's or side's name as its ruleset says it in the page's language (``sides`` of
    GET /api/rulesets: "red" is "Rouge", "enemies" "Ennemis"). */
export function sideName(info, name) {
  return info?.sides?.[name] ?? name;
}

/** A setup form's options of one seat (``data-of-seat``: "x-seat" in the options' schema)
    shown only when the game of the options chosen has that seat (``seats``). */
export function seatOptions(form, seats) {
  for (const node of form.querySelectorAll("[data-of-seat]")) node.classList.toggle("hidden", !seats.includes(node.dataset.ofSeat));
}

/** The name of a game's scenario, as its ruleset lists it. */
export function scenarioName(info, scenario) {
  return info?.scenarios?.find((s) => s.id === scenario)?.label ?? "";
}

/** Who won, said so that it is right whatever the side is called: "Winner: Enemies". */
export function winnerWords(result, info) {
  return result?.winner ? t("Winner: {side}", { side: sideName(info, result.winner) }) : t("A tie");
}

/** How a game ended, in the banner: who won and after how many rounds ("Winner: Enemies
    after 1 round"); why is the last event's sentence (a result's reason is an id). */
export function endWords(result, info) {
  return t("{result} after {rounds:round|rounds}", { result: winnerWords(result, info), rounds: result.rounds });
}

/** How a game over ended (GET /api/games/{id}): its result, or why it closed before its end
    and what is left of it: its players may replay and download its record, a spectator (who
    may not: ``spectator``) reads its board and events on the watch page. */
export function overWords(view, info, spectator = false) {
  if (!view.closed) return endWords(view.result, info);
  const why = view.closed === "cancelled" ? t("This game was cancelled by the player who made it.") : t("This game expired: it waited too long for players.");
  return `${why} ${spectator ? t("Nothing more happens in it: its board and events stay here as they were.") : t("Its record is kept: replay it or download it.")}`;
}

/** Why a game ended, under its result (a player's page and a spectator's alike): the sentence
    of its last event (a clock run out, the rule that decided it); nothing for a game closed
    before its end (``overWords`` says why). */
export function endWhy(view, events) {
  if (view.closed) return null;
  return el("div", { "data-why": "", style: "font-weight:400" }, events[events.length - 1]?.text || "");
}

/** A modal dialog (Escape closes it); returns it open. */
export function dialog(id, ...children) {
  document.getElementById(id)?.remove();
  const box = el("dialog.panel", { id, "aria-labelledby": `${id}-title` }, ...children);
  box.addEventListener("close", () => box.remove());
  document.body.append(box);
  box.showModal();
  return box;
}

/** Who holds a seat: a player's name, "open" (or who is invited to it), or the bot's name. */
export function holder(seat) {
  if (seat.kind === "open") return seat.invited ? t("{player}, invited", { player: seat.invited }) : t("open");
  return seat.kind === "bot" ? t("bot {bot}", { bot: botName(seat.bot) }) : seat.player;
}

/** A bot's name in words (the server names bots by ids: "heuristic", "mcts"). */
export function botName(bot) {
  const names = { random: t("random moves"), first: t("always the first option"), heuristic: t("heuristic"),
    mcts: t("tree search"), cautious: t("cautious"), greedy: t("greedy") };
  return names[bot] ?? bot;
}

/** The colon after a label, as the page's language spaces it: "Roll 3: ", "Lancer 3 : ". */
export function colon() {
  return t(": ");
}

/** An id no catalog words, as words: each dash, underscore and dot a space
    ("every-enemy-defeated": "every enemy defeated", "rating.change.mu": "rating change mu").
    One rule with the server's (``rulekeeper.lab.names.spaced_id``, which the report and the
    API's words use): ``tests/server/test_spaced.py`` runs both on the same ids. */
export const spaced = (id) => String(id).replace(/[-_.]/g, " ");

function fill(template, data) {
  const filled = template.replace(/\{(\w+)(?::([^{}]*))?\}/g, (whole, key, spec) => {
    if (!(key in data)) return whole;
    const value = data[key];
    if (spec === "and" || spec === "or") {
      return FIELD + new Intl.ListFormat(catalog.lang, { type: spec === "and" ? "conjunction" : "disjunction" }).format(value.map(String));
    }
    if (spec && spec.includes("|")) {
      const [one, many] = spec.split("|");
      return `${FIELD}${value} ${new Intl.PluralRules(catalog.lang).select(value) === "one" ? one : many}`;
    }
    return FIELD + String(value);
  });
  return (ELISIONS[catalog.lang] ?? []).reduce((text, [pattern, joined]) => text.replace(pattern, joined), filled)
    .replaceAll(FIELD, "");
}

/** Where a value starts in a sentence being filled in. */
const FIELD = "\u001f";
const VOWEL = "(?=[aeiouàâäéèêëîïôöùûüœæ]|y[^aeiouyàâäéèêëîïôöùûü])";
const CONTRACTED = { "de le": "du", "de les": "des", "à le": "au", "à les": "aux" };
/** What a language changes where a value filled in meets the word before it, as the
    server's sentences do (core/events.py, ELISIONS): French "le fantôme d'Alice", not "de
    Alice"; "du", "des", "au", "aux" before a value's article "le" or "les". */
const ELISIONS = {
  fr: [
    [new RegExp(`(?<![\\p{L}\\d_'’-])(de|que|le|la|je|me|te|se|ne|jusque|lorsque|puisque) ${FIELD}${VOWEL}`, "giu"),
      (_, word) => `${word.slice(0, -1)}'`],
    [new RegExp(`(?<![\\p{L}\\d_'’-])(si) ${FIELD}(?=ils?\\b)`, "giu"), (_, word) => `${word.slice(0, -1)}'`],
    [new RegExp(`(?<![\\p{L}\\d_'’-])(ce) ${FIELD}${VOWEL}`, "giu"), (_, word) => `${word}t `],
    [new RegExp(`(?<![\\p{L}\\d_'’-])([Dd]e|[Àà]) ${FIELD}(les?) `, "gu"), (_, word, article) => {
      const said = CONTRACTED[`${word.toLowerCase()} ${article}`];
      return `${word === word.toLowerCase() ? said : said[0].toUpperCase() + said.slice(1)} `;
    }],
  ],
};

/** A number as the player's language writes it (1.5, 1,5). */
export function number(value, digits = 0) {
  return value.toLocaleString(catalog.lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A refused call: its status, its message (in the page's language where the route takes
    ``lang``) and, for a refusal the page says in its own words, its id and facts (``refusal``,
    ``facts``: the same in every language; never the message's wording). */
export class ApiError extends Error {
  constructor(status, message, { refusal = null, facts = {} } = {}) { super(message); this.status = status; this.refusal = refusal; this.facts = facts; }
}

/** A language's name, in that language (the switch lists them so). */
function languageName(lang) {
  try { return new Intl.DisplayNames([lang], { type: "language" }).of(lang).replace(/^./, (c) => c.toUpperCase()); } catch { return lang; }
}

/** Call the API; a JSON body is sent as JSON; the answer's JSON (or text) is returned. */
export async function api(path, { method = "GET", body, raw = false } = {}) {
  const headers = {};
  if (store.token) headers.Authorization = `Bearer ${store.token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try { response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }); }
  catch { throw new ApiError(0, t("The server did not answer: check your connection, then try again.")); } // the browser's words are English
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`, said = {};
    try { said = await response.json(); message = said.error || message; } catch { /* not JSON */ }
    throw new ApiError(response.status, message, { refusal: said.refusal, facts: said.facts });
  }
  if (raw) return response;
  const type = response.headers.get("content-type") || "";
  return type.includes("json") ? response.json() : response.text();
}

/** el("button.primary", {onclick}, "text", child...) */
export function el(spec, attrs = {}, ...children) {
  const [tag, ...classes] = spec.split(".");
  const node = document.createElement(tag || "div");
  if (classes.length) node.className = classes.join(" ");
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else if (key in node && key !== "list") node[key] = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Save ``blob`` as a file called ``name`` (the browser's download). */
export function saveBlob(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = el("a", { href: url, download: name });
  document.body.append(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Download an answer of the API as a file: fetched with the player's token, which a plain
    link would not carry (the download would fail with 401). */
export async function download(path, name) {
  saveBlob(await (await api(path, { raw: true })).blob(), name);
}

export function clear(node, ...children) { node.replaceChildren(...children.flat().filter(Boolean)); return node; }

/** A value given in several languages ({"en": ..., "fr": ...}) in the current one. */
export function local(value) {
  if (value && typeof value === "object") return value[store.lang] ?? value.en;
  return value ?? "";
}

/** Show an error where the user is looking (one line, never a stack). */
/** A panel read again and again (by a timer and after each action): only the newest read
    draws, so an older answer arriving late never undoes a newer one (a choice just made). */
export function newestOnly(read, draw, fail) {
  let reads = 0;
  return async () => {
    const mine = ++reads;
    try {
      const answer = await read();
      if (mine === reads) draw(answer);
    } catch (error) {
      if (mine === reads) fail(error);
    }
  };
}

export function showError(node, error) {
  clear(node, el("p.error", { role: "alert" }, error.message || String(error)));
}

/** After a refused change: a 409 (the game or run changed meanwhile, in another tab or by
    another seat) reads it again with reread() and says so, in the page's words `changed`
    (the server's message names things by their ids), where() then points, so the next click
    answers the current version (``changed`` may be a function: the words, once read again);
    any other error is shown as it is. A read again that fails (the connection lost, a
    429) is said there too: thrown, it was said nowhere, and every click of the page left
    stale was refused so, silently; the next click is refused again and reads again. */
export async function afterRefusal(error, reread, where, changed) {
  if (error.status !== 409) return showError(where(), error);
  try { await reread(); } catch (again) { return showError(where(), again); }
  clear(where(), el("p.muted", { role: "status" }, typeof changed === "function" ? changed() : changed));
}

/** The header: the site's links, the player (their account, signing out), and the language
    switch (the page's languages; a change reloads the page in the language chosen). */
export function header({ title, languages = catalog.languages, onLang = () => location.reload() } = {}) {
  const who = el("span.who");
  const bar = el("header.top", {},
    el("h1", {}, title || "rulekeeper"),
    el("nav", { "aria-label": t("pages") },
      el("a", { href: "/" }, t("Cryptids online")), el("a", { href: "/play" }, t("Play a ruleset")),
      el("a", { href: "/replay" }, t("Replays")), el("a", { href: "/lab" }, t("Lab")),
      el("a", { href: "/docs" }, t("API"))),
    who);
  if (languages.length > 1) {
    const select = el("select", { "aria-label": t("Language"), id: "lang",
      onchange: () => { store.lang = select.value; onLang && onLang(select.value); } },
    ...languages.map((l) => el("option", { value: l, selected: l === store.lang }, languageName(l))));
    who.append(select);
  }
  who.append(el("span", { id: "player-name" }, store.name ? store.name : ""));
  if (store.token) {
    const account = (open) => import("./account.js").then((m) => m[open]());
    who.append(el("button.small", { id: "account", onclick: () => account("openAccount") }, t("Account")),
      el("button.small", { id: "sign-out", onclick: () => account("confirmSignOut") }, t("Sign out")));
  }
  document.body.prepend(bar);
  return bar;
}

/** What a player name may be, said the same wherever the page checks one (signing up, a
    player invited by name): the server's rule (players.NAME_PATTERN), which an accent or a
    space breaks. */
export function nameForm() {
  return t("A player name is 2 to 20 letters without accents, digits, - or _, starting with a letter or a digit.");
}

/** A sign-up / sign-in form; calls done(me) once a token is stored. ``intro``: shown above
    it; ``title``: what it asks (by default, who you are); ``signUp``: false for the sign-in
    alone (someone who already has a player: no new name). */
export function signIn(node, done, { intro = null, title = t("Who are you?"), signUp: offered = true } = {}) {
  const form = nameForm();
  // the browser's own refusal ("match the requested format") is in its language, and says no more
  const name = el("input", { id: "signup-name", autocomplete: "username", required: true, minLength: 2, maxLength: 20, pattern: "[A-Za-z0-9][A-Za-z0-9_\\-]{1,19}",
    title: form, oninvalid: () => name.setCustomValidity(form), oninput: () => name.setCustomValidity("") });
  const token = el("input", { id: "signin-token", autocomplete: "off" });
  const message = el("div");
  const signUp = el("form", { onsubmit: async (e) => {
    e.preventDefault();
    try {
      const me = await api(`/api/players?lang=${store.lang}`, { method: "POST", body: { name: name.value.trim() } });
      store.token = me.token; store.name = me.name; done(me);
    } catch (error) { // a name taken (409): said in the page's words, not the server's English
      showError(message, error.status === 409 ? new Error(t("The name {name} is taken: choose another.", { name: name.value.trim() })) : error);
    }
  } }, el("label", {}, t("Choose a player name"), " ", name), " ",
  el("button.primary", { type: "submit", id: "signup" }, t("Sign up")));
  const signInForm = el("form", { onsubmit: async (e) => {
    e.preventDefault();
    store.token = token.value.trim();
    try { const me = await api("/api/players/me"); store.name = me.name; done(me); } catch (error) { // an unknown token (401): the page's words
      store.token = null;
      showError(message, error.status === 401 ? new Error(t("No player has this token: paste it whole (Account shows it on a device where you are signed in), or sign up with a new name.")) : error);
    }
  } }, el("label", {}, t("or sign in with your token"), " ", token), " ",
  el("button", { type: "submit", id: "signin-submit" }, t("Sign in")));
  clear(node, el("div.panel", { id: "who-are-you" }, intro, el("h2", {}, title),
    el("p.muted", {}, t("Your token is kept in this browser; keep a copy to sign in elsewhere.")),
    offered ? [signUp, el("p")] : null, signInForm, message));
}

// -- the log ------------------------------------------------------------------------------

const rulesCache = new Map();

/** The ruleset's rule index (id -> rule, in the page's language where the index has it) and
    its automation's event kinds, fetched once. */
export async function rulesOf(ruleset) {
  if (!rulesCache.has(ruleset)) {
    rulesCache.set(ruleset, Promise.all([api(`/api/rulesets/${ruleset}/rules?lang=${catalog.lang}`), api(`/api/rulesets/${ruleset}/automation`)])
      .then(([rules, automation]) => ({ rules: Object.fromEntries(rules.map((r) => [r.id, r])), automation })));
  }
  return rulesCache.get(ruleset);
}

/** Whether an event kind is the automation's reasoning (the enemies, the targeting). */
export function automated(rules, kind) {
  return (rules?.automation || []).some((k) => (k.endsWith(".") ? kind.startsWith(k) : kind === k));
}

/** One log line: the sentence, then its rule id; the id shows the rule's text on hover
    (its title) and on tap or Enter (under the line). */
export function logLine(event, rules) {
  const line = el("li", { "data-n": event.n, "data-rule": event.rule }, event.text);
  line.append(ruleButton(event.rule, rules, line));
  if (automated(rules, event.kind)) { line.classList.add("why"); line.prepend(el("span.badge.why", { title: t("the rules decide here, and say why") }, t("why")), " "); }
  return line;
}

/** A rule's id as a button: its text on hover (its title), and under `line` on tap or Enter. */
export function ruleButton(id, rules, line) {
  const rule = rules?.rules?.[id];
  const text = rule ? rule.text : t("(this rule id is not in the ruleset's index)");
  const button = el("button.rule", { type: "button", title: text, "aria-expanded": "false",
    "aria-label": t("rule {rule}: show its text", { rule: id }) }, id);
  button.addEventListener("click", () => {
    const shown = line.querySelector(".ruletext");
    if (shown) { shown.remove(); button.setAttribute("aria-expanded", "false"); return; }
    line.append(el("span.ruletext", { role: "note" }, rule ? `${rule.section}${colon()}${rule.text}` : text));
    button.setAttribute("aria-expanded", "true");
  });
  return button;
}

/** A decision between a replay's events: who chose (``seat``: the seat's name) and what. */
export function decisionLine(step, seat) {
  return el("li.decision", {}, t("{seat} chose: {choice}", { seat, choice: step.choice }));
}

// -- live updates -------------------------------------------------------------------------

/** Follow a Server-Sent Events stream of views (``/events``, ``/watch/events``) with the
    player's token (an EventSource cannot send one: this reads the stream with fetch).
    ``url()`` gives the address at each (re)connection; ``onView(view)`` gets each message.
    A dropped stream reconnects with ``Last-Event-ID`` (after 1, 2, 4... s, at most 15);
    it stops when the game is over, on a refusal (4xx), or on ``close()``. */
export function follow(url, onView, onTrouble = () => {}) {
  let last = null, stopped = false, controller = null, delay = 1000;
  const run = async () => {
    while (!stopped) {
      controller = new AbortController();
      const headers = { Accept: "text/event-stream" };
      if (store.token) headers.Authorization = `Bearer ${store.token}`;
      if (last !== null) headers["Last-Event-ID"] = last;
      try {
        const response = await fetch(url(), { headers, signal: controller.signal });
        if (response.status === 204) return;
        if (!response.ok) {
          let message = `${response.status} ${response.statusText}`;
          try { message = (await response.json()).error || message; } catch { /* not JSON */ }
          if (response.status < 500 && response.status !== 429) { onTrouble(message, true); return; }
          throw new Error(message);
        }
        onTrouble(null);
        delay = 1000;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value.replace(/\r\n?/g, "\n");
          let end;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = {};
            for (const line of block.split("\n")) {
              if (!line || line.startsWith(":")) continue;
              const at = line.indexOf(":");
              const key = at < 0 ? line : line.slice(0, at);
              const value = at < 0 ? "" : line.slice(at + 1).replace(/^ /, "");
              fields[key] = key === "data" && fields.data !== undefined ? `${fields.data}\n${value}` : value;
            }
            if (fields.data === undefined) continue;
            if (fields.id !== undefined) last = fields.id;
            const view = JSON.parse(fields.data);
            onView(view);
            if (view.over) { stopped = true; return; }
          }
        }
      } catch (error) {
        if (stopped || error.name === "AbortError") return;
        onTrouble(t("The live connection dropped ({error}); reconnecting…", { error: error.message }));
      }
      if (stopped) return;
      await new Promise((done) => setTimeout(done, delay));
      delay = Math.min(delay * 2, 15000);
    }
  };
  run();
  return { close() { stopped = true; if (controller) controller.abort(); } };
}

/** Keep a list of events up to date from views that carry only the new ones: each view's
    events are the last ones of its ``events_total`` (from 0 after an undo). */
export function mergeEvents(known, view) {
  const first = view.events.length ? view.events[0].n : view.events_total;
  return known.slice(0, first).concat(view.events).slice(0, view.events_total);
}

/** The rest of a game's events: a view holds at most a page of them (the server's page),
    so while ``events`` (merged with ``view``'s) are fewer than its ``events_total``, the
    next page is read from ``pageAt(since)`` (the view's own address, from event ``since``).
    Gives the whole list and the view that completes it. */
export async function readOn(events, view, pageAt) {
  while (events.length < view.events_total) {
    view = await api(pageAt(events.length));
    if (!view.events.length) break; // (nothing more to read)
    events = mergeEvents(events, view);
  }
  return { events, view };
}

/** "3 min ago", "2 h ago", "yesterday"... for a time the server gave (ISO 8601). */
export function ago(iso) {
  if (!iso) return "";
  const seconds = Math.max(0, (Date.now() - Date.parse(iso)) / 1000);
  if (seconds < 60) return t("just now");
  if (seconds < 3600) return t("{n} min ago", { n: Math.floor(seconds / 60) });
  if (seconds < 86400) return t("{n} h ago", { n: Math.floor(seconds / 3600) });
  return t("{n} d ago", { n: Math.floor(seconds / 86400) });
}

/** "4:05", "1:02:03" for a number of seconds. */
function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const parts = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60];
  const text = parts.map((p, i) => (i ? String(p).padStart(2, "0") : String(p)));
  return parts[0] ? text.join(":") : text.slice(1).join(":").replace(/^0(\d)/, "$1");
}

/** A game's clock in words: "clock: 1:00 a decision, 10:00 in all; then the game is lost". */
export function clockWords(clock) {
  const parts = [];
  if (clock.decision) parts.push(t("{time} a decision", { time: clockText(clock.decision) }));
  if (clock.total) parts.push(t("{time} in all", { time: clockText(clock.total) }));
  return t("clock: {limits}; then {expiry}", { limits: parts.join(", "), expiry: clock.expiry === "forfeit" ? t("the game is lost") : t("the bot {bot} plays", { bot: botName(clock.bot) }) });
}

let ticking = null;

/** The clocks of a game with turn clocks (a seat's view or a spectator's: ``view.clock``),
    each player's time ticking down while they decide; null without a clock. ``info``: the
    ruleset (its seats' names); ``skew``: the server's time less this browser's when the
    view came (its ``clock.now``). A seat waiting for its turn says its time a decision; once
    the game is over, a clock of decisions only has no time left to show, only its limits. */
export function clockPanel(view, info, skew = 0) {
  const clock = view.clock;
  if (!clock) return null;
  const seats = view.over && !clock.total ? [] : view.seats.filter((s) => s.kind === "human");
  const line = (seat) => el("div", { "data-clock": seat }, el("b", {}, sideName(info, seat)), " ", el("span.time"));
  const node = el("section.panel", { id: "clocks" }, el("h3", {}, t("Clocks")), ...seats.map((s) => line(s.seat)), el("p.muted", {}, clockWords(clock)));
  const update = () => {
    const now = Date.now() + skew;
    for (const s of seats) {
      const used = clock.used[s.seat] || 0;
      const running = clock.deadline && view.turn === s.seat && !view.over;
      const spent = running ? used + Math.max(0, (now - Date.parse(view.since)) / 1000) : used;
      const parts = [];
      if (clock.total) parts.push(t("{time} left in all", { time: clockText(clock.total - spent) }));
      if (running && clock.decision) parts.push(t("{time} for this decision", { time: clockText((Date.parse(clock.deadline) - now) / 1000) }));
      if (!clock.deadline && view.turn === s.seat && !view.over) parts.push(t("waiting for every seat to be taken"));
      else if (!running && !clock.total && !view.over) parts.push(t("waiting ({time} a decision)", { time: clockText(clock.decision) }));
      const text = node.querySelector(`[data-clock="${s.seat}"] .time`);
      const said = parts.join(" · ");
      if (text) text.textContent = running ? `${said} ${t("(running)")}` : said;
    }
  };
  update();
  clearInterval(ticking);
  ticking = setInterval(update, 500);
  return node;
}

/** A button that copies ``text`` (an invitation, a watch link) and says so. */
export function copyButton(text, label = t("Copy")) {
  const button = el("button.small", { type: "button", "data-copy": text, onclick: async () => {
    try { await navigator.clipboard.writeText(text); button.textContent = t("Copied"); }
    catch { button.textContent = t("Select and copy the link"); }
    setTimeout(() => { button.textContent = label; }, 2000);
  } }, label);
  return button;
}

let title = null;

/** The page title says when it is your turn (in how many games); and, when the page is
    hidden and the player allowed it, a browser notification does too (once per turn). */
export function yourTurn(count, what = t("Your turn")) {
  title ??= document.title; // as loadWords() translated it
  document.title = count ? `(${count}) ${what} — ${title}` : title;
}

export function notifyTurn(key, text) {
  if (!("Notification" in window) || Notification.permission !== "granted" || !document.hidden) return;
  if (sessionStorage.getItem("rk.notified") === key) return;
  sessionStorage.setItem("rk.notified", key);
  new Notification("rulekeeper", { body: text, tag: "rulekeeper-turn" });
}

/** A button that asks the browser to let the page notify the player (optional). */
export function notificationsButton() {
  if (!("Notification" in window)) return null;
  if (Notification.permission === "granted") return el("span.muted", { id: "notifications" }, t("Turn notifications are on."));
  const button = el("button.small", { id: "notifications", type: "button", onclick: async () => {
    const answer = await Notification.requestPermission();
    button.replaceWith(answer === "granted" ? el("span.muted", {}, t("Turn notifications are on.")) : el("span.muted", {}, t("Notifications were not allowed.")));
  } }, t("Notify me when it is my turn"));
  return button;
}
