// A record played back event by event: the board (or the cryptids' rows) as it was at each
// event, the dice, the log with each event's rule, the decisions between events; step with
// the buttons or the arrow keys, scrub with the slider, or let it play at 1×, 2× or 4× (the
// speed is remembered), or skip to the end.
import { clear, decisionLine, el, local, logLine, store, t } from "./common.js";
import { describeSelection, drawBoard, drawPanels } from "./board.js";
import { cryptidCard } from "./cards.js";

/** Milliseconds an event is shown at 1×; the speeds offered. */
const STEP = 300;
const SPEEDS = [1, 2, 4];
/** The events of a cryptids battle that throw the dice. */
const THROWS = ["roll", "reroll.roll", "reroll.next"];

/** A name as the content says it in English (a card's, or an event's cryptid). */
const english = (name) => (name && typeof name === "object" ? name.en : name);

/** A side's (or a seat's) name in the page's language: as the film's board names it (its
    ruleset's words), else a cryptids battle's. */
export function sideName(film, side) {
  return film.geometry?.sides?.[side]?.label ?? { left: t("left"), right: t("right") }[side] ?? side;
}

export class Viewer {
  /**
   * film: the answer of a frames endpoint; rules: rulesOf(ruleset).
   * opts: reveal (the log grows as it plays, for watching a battle), sides ({left, right}
   * titles), card(c, side) (what a row's card shows: the frame's cryptid, completed),
   * outcome and endTitle(result) (the banner at the end), onEnd(film).
   */
  constructor(node, film, rules, opts = {}) {
    Object.assign(this, { node, film, rules, opts });
    this.at = opts.start ?? 0;
    this.timer = null;
    this.selected = null;
    this.build();
    this.show(this.at);
  }

  build() {
    const n = this.film.events.length;
    this.slider = el("input.scrub", { type: "range", min: 0, max: Math.max(0, n - 1), value: this.at, "aria-label": t("event"), oninput: () => this.show(+this.slider.value) });
    this.position = el("span", { id: "position", "aria-live": "polite" });
    this.playButton = el("button", { id: "play-pause", onclick: () => this.toggle() }, t("Play"));
    this.speeds = SPEEDS.map((speed) => el("button.small.speed", { "data-speed": speed, "aria-pressed": String(speed === store.speed),
      "aria-label": t("speed {speed}×", { speed }), onclick: () => this.setSpeed(speed) }, `${speed}×`));
    const controls = el("div.row.controls", {},
      el("button", { id: "first", onclick: () => this.show(0), "aria-label": t("first event") }, "«"),
      el("button", { id: "back", onclick: () => this.show(this.at - 1), "aria-label": t("previous event") }, "◀"),
      this.playButton,
      el("button", { id: "forward", onclick: () => this.show(this.at + 1), "aria-label": t("next event") }, "▶"),
      el("button", { id: "last", onclick: () => this.show(n - 1), "aria-label": t("last event") }, "»"),
      el("span.row.speeds", { role: "group", "aria-label": t("speed") }, ...this.speeds),
      el("button", { id: "skip", onclick: () => { this.stop(); this.show(n - 1); } }, t("Skip to the end")),
      this.position);
    this.headline = el("p.stats", { id: "headline" });
    this.dice = el("div.dice", { id: "dice" });
    this.now = el("p.now", { id: "now" }); // a battle's event as it happens, under its dice (the log may be off screen)
    this.stage = el("div.board", { id: "board" });
    this.selection = el("div");
    this.panels = el("div.panels", { id: "panels" });
    this.log = el("ol.log", { id: "log", "aria-label": t("events") });
    this.banner = el("div", { id: "banner" });
    this.keys = (e) => {
      if (e.target.closest && e.target.closest("input:not([type=range]),select,textarea,dialog")) return;
      if (e.key === "ArrowLeft") { e.preventDefault(); this.show(this.at - 1); }
      if (e.key === "ArrowRight") { e.preventDefault(); this.show(this.at + 1); }
    };
    document.addEventListener("keydown", this.keys);
    const rows = this.film.geometry.kind === "rows";
    clear(this.node,
      el("div.panel", {}, controls, this.slider, rows ? [this.dice, this.now] : this.headline, this.banner),
      el(rows ? "div" : "div.layout", {}, el("div", {}, this.stage, this.selection), el("div.panel", {}, el("h3", {}, t("Events")), this.log)),
      this.panels);
  }

  destroy() { this.stop(); document.removeEventListener("keydown", this.keys); }

  toggle() { this.timer ? this.stop() : this.play(); }

  /** Play from here (from the start when at the end), at the remembered speed. */
  play() {
    this.stop();
    if (this.at >= this.film.events.length - 1) this.show(0);
    this.playButton.textContent = t("Pause");
    this.timer = setInterval(() => { if (this.at >= this.film.events.length - 1) this.stop(); else this.show(this.at + 1); }, STEP / store.speed);
  }

  setSpeed(speed) {
    store.speed = speed;
    for (const button of this.speeds) button.setAttribute("aria-pressed", String(Number(button.dataset.speed) === speed));
    if (this.timer) this.play();
  }

  stop() {
    clearInterval(this.timer); this.timer = null;
    this.playButton.textContent = t("Play");
  }

  show(index) {
    const events = this.film.events;
    if (!events.length) { clear(this.log, el("li.muted", {}, t("no events"))); return; }
    const previous = this.frame;
    this.at = Math.max(0, Math.min(events.length - 1, index));
    this.slider.value = this.at;
    const event = events[this.at];
    this.frame = this.film.frames[event.frame];
    this.position.textContent = t("event {n} / {total}", { n: this.at + 1, total: events.length });
    this.headline.textContent = this.frame.headline || "";
    this.now.textContent = event.text; // at the end, the banner says it
    this.now.hidden = this.at === events.length - 1 && Boolean(this.film.result);
    this.drawStage(previous, event);
    this.drawLog();
    if (this.at === events.length - 1) this.end();
    else clear(this.banner);
  }

  /** The dice of the current roll, each change of its total so far (its amount and the
      cryptid it comes from, as the "modify" events tell them) and the total; before the
      first roll, only that. */
  drawDice() {
    const seen = this.film.events.slice(0, this.at + 1);
    const at = seen.findLastIndex((e) => THROWS.includes(e.kind));
    if (at < 0) return clear(this.dice, el("span.muted", {}, t("Before the first roll")));
    const roll = seen[at].data;
    const changes = seen.slice(at).filter((e) => e.kind === "modify");
    clear(this.dice, el("span", {}, t("Roll {roll}", { roll: roll.roll })), el("span.die", {}, roll.first), el("span.die", {}, roll.second),
      ...changes.map((e) => el("span.modifier", {}, t("{amount} ({who})", { amount: String(e.data.amount).replace("-", "−"), who: this.cardName(e.data.who) }))),
      el("span", {}, `= ${changes.length ? changes[changes.length - 1].data.total : roll.total}`));
  }

  /** A cryptid an event names, as its card is titled (without the article a sentence
      gives it: "Dahu", not "le Dahu"). */
  cardName(who) {
    const card = Object.values(this.frame.rows || {}).flat().find((c) => c && english(c.name) === english(who));
    return local(card ? card.name : who);
  }

  drawStage(previous, event) {
    const geometry = this.film.geometry;
    if (geometry.kind === "areas") {
      drawBoard(this.stage, geometry, this.frame, { selected: this.selected, onSelect: (s) => { this.selected = s; this.drawStage(this.frame, event); } });
      clear(this.selection, describeSelection(geometry, this.frame, this.selected));
      drawPanels(this.panels, this.frame);
      return;
    }
    if (geometry.kind !== "rows") return;
    this.drawDice();
    // by the English name: a card's title has no article, an event's name may ("le Dahu")
    const who = english(event.data?.who);
    const target = english(event.data?.target);
    const before = previous?.rows || {};
    const card = this.opts.card || ((c) => c);
    clear(this.stage, ...Object.entries(this.frame.rows).map(([side, row]) => el("section", { "data-side": side },
      el("h3", {}, this.opts.sides?.[side] || sideName(this.film, side)),
      el("div.cards", {}, ...row.map((c, i) => {
        const drawn = cryptidCard(c && card(c, side));
        if (c && c.hp[0] <= 0) drawn.classList.add("dead");
        if (c && english(c.name) === who) drawn.classList.add("acting");
        const old = before[side]?.[i];
        if (c && old && old.id === c.id && old.hp[0] > c.hp[0] && english(c.name) === target) drawn.classList.add("hit");
        return drawn;
      })))));
  }

  drawLog() {
    const reveal = this.opts.reveal;
    const steps = this.film.decisions || [];
    const lines = [];
    let s = 0;
    const last = reveal ? this.at : this.film.events.length - 1;
    for (let i = 0; i <= last; i++) {
      while (s < steps.length && steps[s].before <= i) lines.push(decisionLine(steps[s], sideName(this.film, steps[s++].seat)));
      const line = logLine(this.film.events[i], this.rules);
      if (i === this.at) line.classList.add("current");
      lines.push(line);
    }
    clear(this.log, lines);
    const current = this.log.querySelector(".current");
    if (current) this.log.scrollTop = current.offsetTop - this.log.offsetTop - this.log.clientHeight / 2;
  }

  end() {
    const result = this.film.result;
    if (!result) return clear(this.banner);
    const kind = this.opts.outcome || (result.winner ? "win" : "tie");
    const why = this.film.events[this.film.events.length - 1]?.text || result.reason;
    clear(this.banner, el(`div.banner.${kind}`, { id: "result", role: "status" },
      this.opts.endTitle ? this.opts.endTitle(result) : result.winner ? t("Winner: {side}", { side: sideName(this.film, result.winner) }) : t("A tie"),
      el("div.why", {}, why)));
    if (this.opts.onEnd) this.opts.onEnd(this.film);
  }
}
