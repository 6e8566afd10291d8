// What every page shares: the API with the player's token, the header's sign-in and language
// switch, a small element builder, and the event log whose rule ids explain themselves.

export const store = {
  get token() { return localStorage.getItem("rk.token"); },
  set token(value) { value ? localStorage.setItem("rk.token", value) : localStorage.removeItem("rk.token"); },
  get name() { return localStorage.getItem("rk.name"); },
  set name(value) { value ? localStorage.setItem("rk.name", value) : localStorage.removeItem("rk.name"); },
  get lang() { return localStorage.getItem("rk.lang") || "en"; },
  set lang(value) { localStorage.setItem("rk.lang", value); },
};

export class ApiError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

/** Call the API; a JSON body is sent as JSON; the answer's JSON (or text) is returned. */
export async function api(path, { method = "GET", body, raw = false } = {}) {
  const headers = {};
  if (store.token) headers.Authorization = `Bearer ${store.token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    try { message = (await response.json()).error || message; } catch { /* not JSON */ }
    throw new ApiError(response.status, message);
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

export function clear(node, ...children) { node.replaceChildren(...children.flat().filter(Boolean)); return node; }

/** A value given in several languages ({"en": ..., "fr": ...}) in the current one. */
export function local(value) {
  if (value && typeof value === "object") return value[store.lang] ?? value.en;
  return value ?? "";
}

/** Show an error where the user is looking (one line, never a stack). */
export function showError(node, error) {
  clear(node, el("p.error", { role: "alert" }, error.message || String(error)));
}

/** After a refused change: a 409 (the game or run changed meanwhile, in another tab or by
    another seat) reads it again with reread() and says so where() then points, so the next
    click answers the current version; any other error is shown as it is. */
export async function afterRefusal(error, reread, where) {
  if (error.status !== 409) return showError(where(), error);
  await reread();
  clear(where(), el("p.muted", { role: "status" }, `${error.message}: read again, this is how it stands now.`));
}

/** The header: the site's links, the player, and (when given) the language switch. */
export function header({ title, languages = ["en"], onLang } = {}) {
  const who = el("span.who");
  const bar = el("header.top", {},
    el("h1", {}, title || "rulekeeper"),
    el("nav", { "aria-label": "pages" },
      el("a", { href: "/" }, "Cryptids online"), el("a", { href: "/play" }, "Play a ruleset"),
      el("a", { href: "/replay" }, "Replays"), el("a", { href: "/lab" }, "Lab"), el("a", { href: "/docs" }, "API")),
    who);
  if (languages.length > 1) {
    const select = el("select", { "aria-label": "language", id: "lang",
      onchange: () => { store.lang = select.value; onLang && onLang(select.value); } },
      ...languages.map((l) => el("option", { value: l, selected: l === store.lang }, l === "fr" ? "Français" : "English")));
    who.append(select);
  }
  const name = el("span", { id: "player-name" }, store.name ? store.name : "");
  who.append(name);
  if (store.token) who.append(el("button.small", { onclick: () => { store.token = null; store.name = null; location.reload(); } }, "Sign out"));
  document.body.prepend(bar);
  return bar;
}

/** A sign-up / sign-in form; calls done() once a token is stored. */
export function signIn(node, done, words = (s) => s) {
  const name = el("input", { id: "signup-name", autocomplete: "username", required: true, minLength: 2, maxLength: 20, pattern: "[A-Za-z0-9][A-Za-z0-9_\\-]{1,19}" });
  const token = el("input", { id: "signin-token", autocomplete: "off" });
  const message = el("div");
  const signUp = el("form", { onsubmit: async (e) => {
    e.preventDefault();
    try {
      const me = await api("/api/players", { method: "POST", body: { name: name.value.trim() } });
      store.token = me.token; store.name = me.name; done(me);
    } catch (error) { showError(message, error); }
  } }, el("label", {}, words("Choose a player name"), " ", name), " ",
     el("button.primary", { type: "submit", id: "signup" }, words("Sign up")));
  const signInForm = el("form", { onsubmit: async (e) => {
    e.preventDefault();
    store.token = token.value.trim();
    try { const me = await api("/api/players/me"); store.name = me.name; done(me); }
    catch (error) { store.token = null; showError(message, error); }
  } }, el("label", {}, words("or sign in with your token"), " ", token), " ",
     el("button", { type: "submit" }, words("Sign in")));
  clear(node, el("div.panel", {}, el("h2", {}, words("Who are you?")),
    el("p.muted", {}, words("Your token is kept in this browser; keep a copy to sign in elsewhere.")),
    signUp, el("p"), signInForm, message));
}

// -- the log ------------------------------------------------------------------------------

const rulesCache = new Map();

/** The ruleset's rule index (id -> rule) and its automation's event kinds, fetched once. */
export async function rulesOf(ruleset) {
  if (!rulesCache.has(ruleset)) {
    rulesCache.set(ruleset, Promise.all([api(`/api/rulesets/${ruleset}/rules`), api(`/api/rulesets/${ruleset}/automation`)])
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
  const rule = rules?.rules?.[event.rule];
  const text = rule ? rule.text : "(this rule id is not in the ruleset's index)";
  const button = el("button.rule", { type: "button", title: text, "aria-expanded": "false",
    "aria-label": `rule ${event.rule}: show its text` }, event.rule);
  const line = el("li", { "data-n": event.n, "data-rule": event.rule }, event.text, button);
  if (automated(rules, event.kind)) { line.classList.add("why"); line.prepend(el("span.badge.why", {}, "why"), " "); }
  button.addEventListener("click", () => {
    const shown = line.querySelector(".ruletext");
    if (shown) { shown.remove(); button.setAttribute("aria-expanded", "false"); return; }
    line.append(el("span.ruletext", { role: "note" }, rule ? `${rule.section}: ${rule.text}` : text));
    button.setAttribute("aria-expanded", "true");
  });
  return line;
}

export function decisionLine(step) {
  return el("li.decision", {}, `${step.seat} chose: ${step.choice}`);
}
