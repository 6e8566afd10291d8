// The player's account: their token shown again, copied or downloaded, replaced by a new one
// (the old one stops working: POST /api/players/me/token), signing in on another device, and
// signing out only once the token is kept. Opened from the header's Account and Sign out.
import { api, clear, dialog, el, saveBlob, showError, store, t } from "./common.js";

/** The token with its tools: show or hide it, copy it, download it as a text file. */
export function tokenTools(token = store.token, name = store.name, { shown = false } = {}) {
  const code = el("code.token", { id: "token" }, token);
  const said = el("span.muted", { role: "status" });
  const show = el("button.small", { id: "show-token", "aria-pressed": String(shown), onclick: () => {
    const now = code.classList.toggle("masked");
    show.setAttribute("aria-pressed", String(!now));
    show.textContent = now ? t("Show") : t("Hide");
  } }, shown ? t("Hide") : t("Show"));
  if (!shown) code.classList.add("masked");
  const copy = el("button.small", { id: "copy-token", onclick: async () => {
    try { await navigator.clipboard.writeText(token); said.textContent = t("Copied."); } catch {
      code.classList.remove("masked");
      getSelection().selectAllChildren(code);
      said.textContent = t("Select it and copy it (Ctrl+C).");
    }
  } }, t("Copy"));
  const download = el("button.small", { id: "download-token", onclick: () => {
    const text = `${t("Your rulekeeper token, to sign in as {name}: keep it private.", { name })}\n${token}\n${location.origin}/\n`;
    saveBlob(new Blob([text], { type: "text/plain" }), `rulekeeper-token-${name}.txt`);
    said.textContent = t("Downloaded.");
  } }, t("Download"));
  return el("div.token-tools", {}, code, el("div.row", {}, show, copy, download, said));
}

/** The account: the token again, another device, a new token, sign out. */
export function openAccount() {
  const message = el("div");
  const tools = el("div", {}, tokenTools());
  const rotate = el("button", { id: "rotate-token", onclick: async () => {
    if (!rotate.dataset.sure) {
      rotate.dataset.sure = "1";
      rotate.textContent = t("Yes, make a new token");
      clear(message, el("p.warn", {}, t("The old token stops working at once, here and on every other device: sign in there again with the new one.")));
      return;
    }
    try {
      const made = await api("/api/players/me/token", { method: "POST", body: {} });
      store.token = made.token;
      clear(tools, tokenTools(made.token, store.name, { shown: true }));
      clear(message, el("p", { role: "status", id: "rotated" }, t("A new token is made and kept in this browser; the old one no longer works.")));
      delete rotate.dataset.sure;
      rotate.textContent = t("Make a new token");
    } catch (error) { showError(message, error); }
  } }, t("Make a new token"));
  const box = dialog("account-dialog",
    el("h2", { id: "account-dialog-title" }, t("Your account: {name}", { name: store.name })),
    el("p", {}, t("Your token is your key to this account. It is kept in this browser; keep a copy too: without it, nobody can bring the account back.")),
    tools,
    el("h3", {}, t("Sign in on another device")),
    el("p", {}, t("Open this page on the other device, choose “or sign in with your token” and paste the token there.")),
    el("h3", {}, t("A new token")),
    el("p", {}, t("If someone else may have seen your token, make a new one.")),
    rotate, message,
    el("div.row.dialog-buttons", {},
      el("button", { id: "account-sign-out", onclick: () => { box.close(); confirmSignOut(); } }, t("Sign out")),
      el("button.primary", { id: "close-account", onclick: () => box.close() }, t("Close"))));
  return box;
}

/** Sign out, once the player has seen how to keep the token. */
export function confirmSignOut() {
  const box = dialog("sign-out-dialog",
    el("h2", { id: "sign-out-dialog-title" }, t("Sign out?")),
    el("p", {}, t("This browser will forget your token. To play as {name} again, here or elsewhere, you need it: copy it or download it first.", { name: store.name })),
    tokenTools(),
    el("div.row.dialog-buttons", {},
      el("button.danger", { id: "confirm-sign-out", onclick: () => { store.token = null; store.name = null; location.reload(); } }, t("Sign out")),
      el("button.primary", { id: "cancel-sign-out", onclick: () => box.close() }, t("Cancel"))));
  return box;
}
