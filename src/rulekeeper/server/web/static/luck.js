// The luck ledger beside a replay (GET /api/games/{id}/luck, POST /api/luck): how much of the
// result came from the dice and how much from the decisions, as the ruleset's strong bot
// judges them; each seat's totals, and the largest swings, each a button to its step.
import { api, clear, el, t } from "./common.js";

/** A chance to win as signed points: +12.5. */
function points(value) {
  const shown = (100 * value).toFixed(1);
  return value > 0 ? `+${shown}` : value < 0 ? shown.replace("-", "−") : "0.0";
}

/** Offer the ledger of `path` (with `body`, a POST) in `node`: it is worked out when asked
    (the bot judges every decision, a few seconds a hundred); `goTo(step)` shows a step;
    `seatName(seat)` names a seat in the page's words (the ledger names it by its id). */
export function offerLuck(node, path, body, goTo, seatName = (seat) => seat) {
  clear(node, el("h3", {}, t("Luck ledger")),
    el("p.muted", {}, t("How much of the result came from the dice, and how much from the decisions.")),
    el("button", { id: "luck-ask", onclick: () => showLuck(node, path, body, goTo, seatName) }, t("Judge the luck")));
}

/** What a swing was: the option chosen and the best one (their labels, in the page's
    language), or the faces the dice showed (or how many were drawn). */
function swungBy(swing) {
  if (swing.kind === "decision") return t("{chosen} (best: {best})", { chosen: swing.chosen, best: swing.best });
  return swing.faces.join(" ") || t("{draws:draw|draws}", { draws: swing.draws });
}

async function showLuck(node, path, body, goTo, seatName) {
  clear(node, el("h3", {}, t("Luck ledger")), el("p.muted", { id: "luck-wait" }, t("The bot is judging every decision and roll…")));
  let book;
  try {
    book = await (body ? api(path, { method: "POST", body }) : api(path));
  } catch (error) {
    return clear(node, el("h3", {}, t("Luck ledger")), el("p.muted", { id: "luck-error" }, error.message || String(error)));
  }
  const seats = Object.entries(book.totals);
  const totals = el("table.lab", { id: "luck-totals" },
    el("thead", {}, el("tr", {}, el("th", {}, t("seat")), el("th", { title: t("the cost of its decisions") }, t("decisions")), el("th", { title: t("the luck of the dice") }, t("dice")), el("th", {}, t("net")))),
    el("tbody", {}, ...seats.map(([seat, row]) => el("tr", { "data-seat": seat },
      el("th", { scope: "row" }, seatName(seat)), el("td", {}, points(-row.cost)), el("td", {}, points(row.luck)), el("td", {}, points(row.luck - row.cost))))));
  const swings = el("ol.swings", { id: "luck-swings" }, ...book.swings.map((swing) => el("li", {},
    el("button.small", { "data-step": swing.step, onclick: () => goTo(swing.step) },
      t("step {step}", { step: swing.step + 1 })),
    ` ${swing.kind === "roll" ? t("roll") : t("decision")} · ${seatName(swing.seat)} · ${points(swing.amount)} · ${swungBy(swing)}`)));
  clear(node, el("h3", {}, t("Luck ledger")),
    el("p.muted", {}, t("Chances to win in points, as {bot} judges them: a decision costs what the best option was worth more; a roll's luck is how far the chance after it fell from the chance expected before it.", { bot: book.bot })),
    totals, el("h4", {}, t("The largest swings")), book.swings.length ? swings : el("p.muted", {}, t("no swings")));
}
