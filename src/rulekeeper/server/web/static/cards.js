// A cryptid's card, in the shop and in battles: its name, how many copies it absorbed (×2,
// ×3), HP (a bar), threat, shield, attack bonus, damage over time, and its abilities in words.
import { colon, el, local, t } from "./common.js";

export function hpBar(hp) {
  const [now, max] = hp;
  const frac = Math.max(0, now) / Math.max(1, max);
  return el(`div.hpbar${frac <= 0.34 ? ".low" : ""}`, { role: "meter", "aria-valuemin": 0, "aria-valuemax": max, "aria-valuenow": Math.max(0, now), "aria-label": t("HP") },
    el("span", { style: `width:${Math.round(frac * 100)}%` }));
}

function statusText(status) {
  if (status.damage_over_time !== undefined) {
    return t("damage over time: {amount} a roll, {rolls:roll|rolls} left", { amount: status.damage_over_time, rolls: status.rolls });
  }
  return Object.entries(status).map(([k, v]) => `${k} ${v}`).join(" ");
}

/** The combine marker: ×2 for a cryptid that absorbed one copy, ×3 for two. */
export function level(combined) {
  if (!combined) return null;
  return el("span.level", { title: t("{copies:copy|copies} combined into it: +HP, +threat", { copies: combined }) }, `×${combined + 1}`);
}

/**
 * A cryptid's card; `extra` goes at its foot. c: {name, hp: [now, max], threat, shield?,
 * attack?, statuses?, combined?, abilities: [{name?, text}]} (names and texts in one
 * language or as {en, fr}).
 */
export function cryptidCard(c, extra = []) {
  if (!c) return el("div.cryptid.empty", {}, t("empty"));
  const abilities = (c.abilities || []).map((a) => el("div.ability", {}, a.name ? [el("b", {}, local(a.name)), colon()] : null, local(a.text)));
  const stats = [t("HP {now}/{max}", { now: Math.max(0, c.hp[0]), max: c.hp[1] }), t("threat {threat}", { threat: c.threat })];
  if (c.shield) stats.push(t("shield {shield}", { shield: c.shield }));
  if (c.attack) stats.push(t("attack +{attack}", { attack: c.attack }));
  const statuses = (c.statuses || []).length ? el("div.ability.status", {}, c.statuses.map(statusText).join(", ")) : null;
  return el("div.cryptid", { "data-cryptid": c.id || c.cryptid },
    el("div.name", {}, local(c.name), " ", level(c.combined)),
    el("div.stats-line", {}, stats.join(" · ")),
    hpBar(c.hp), statuses, ...abilities, extra.length ? el("div.actions", {}, ...extra) : null);
}
