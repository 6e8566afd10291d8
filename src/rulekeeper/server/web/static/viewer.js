// A record played back event by event: the board (or the cryptids' rows) as it was at each
// event, the dice, the log with each event's rule, the decisions between events; step with
// the buttons or the arrow keys, scrub with the slider, or let it play.
import { clear, decisionLine, el, local, logLine } from "./common.js";
import { cryptidCard, describeSelection, drawBoard, drawPanels } from "./board.js";

const plain = (s) => s;

export class Viewer {
  /**
   * film: the answer of a frames endpoint; rules: rulesOf(ruleset).
   * opts: words (translations), reveal (the log grows as it plays, for watching a battle),
   * sides ({left, right} titles), onEnd(film).
   */
  constructor(node, film, rules, opts = {}) {
    Object.assign(this, { node, film, rules, opts, words: opts.words || plain });
    this.at = opts.start ?? 0;
    this.timer = null;
    this.selected = null;
    this.build();
    this.show(this.at);
  }

  build() {
    const w = this.words, n = this.film.events.length;
    this.slider = el("input.scrub", { type: "range", min: 0, max: Math.max(0, n - 1), value: this.at, "aria-label": w("event"), oninput: () => this.show(+this.slider.value) });
    this.position = el("span", { id: "position", "aria-live": "polite" });
    this.playButton = el("button", { id: "play-pause", onclick: () => this.toggle() }, w("Play"));
    const controls = el("div.row.controls", {},
      el("button", { id: "first", onclick: () => this.show(0), "aria-label": w("first event") }, "«"),
      el("button", { id: "back", onclick: () => this.show(this.at - 1), "aria-label": w("previous event") }, "◀"),
      this.playButton,
      el("button", { id: "forward", onclick: () => this.show(this.at + 1), "aria-label": w("next event") }, "▶"),
      el("button", { id: "last", onclick: () => this.show(n - 1), "aria-label": w("last event") }, "»"),
      this.position);
    this.headline = el("p.stats", { id: "headline" });
    this.dice = el("div.dice", { id: "dice" });
    this.stage = el("div.board", { id: "board" });
    this.selection = el("div");
    this.panels = el("div.panels", { id: "panels" });
    this.log = el("ol.log", { id: "log", "aria-label": w("events") });
    this.banner = el("div", { id: "banner" });
    this.keys = (e) => {
      if (e.target.closest && e.target.closest("input:not([type=range]),select,textarea")) return;
      if (e.key === "ArrowLeft") { e.preventDefault(); this.show(this.at - 1); }
      if (e.key === "ArrowRight") { e.preventDefault(); this.show(this.at + 1); }
    };
    document.addEventListener("keydown", this.keys);
    const rows = this.film.geometry.kind === "rows";
    clear(this.node,
      el("div.panel", {}, controls, this.slider, this.headline, rows ? this.dice : null, this.banner),
      el(rows ? "div" : "div.layout", {}, el("div", {}, this.stage, this.selection), el("div.panel", {}, el("h3", {}, w("Events")), this.log)),
      this.panels);
  }

  destroy() { this.stop(); document.removeEventListener("keydown", this.keys); }

  toggle() { this.timer ? this.stop() : this.play(); }

  play(delay = this.opts.delay ?? 450) {
    this.stop();
    if (this.at >= this.film.events.length - 1) this.show(0);
    this.playButton.textContent = this.words("Pause");
    this.timer = setInterval(() => { if (this.at >= this.film.events.length - 1) this.stop(); else this.show(this.at + 1); }, delay);
  }

  stop() {
    clearInterval(this.timer); this.timer = null;
    this.playButton.textContent = this.words("Play");
  }

  show(index) {
    const events = this.film.events;
    if (!events.length) { clear(this.log, el("li.muted", {}, this.words("no events"))); return; }
    const previous = this.frame;
    this.at = Math.max(0, Math.min(events.length - 1, index));
    this.slider.value = this.at;
    const event = events[this.at];
    this.frame = this.film.frames[event.frame];
    this.position.textContent = `${this.words("event")} ${this.at + 1} / ${events.length}`;
    this.headline.textContent = this.frame.headline || "";
    this.drawStage(previous, event);
    this.drawLog();
    if (this.at === events.length - 1) this.end();
    else clear(this.banner);
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
    const roll = [...this.film.events.slice(0, this.at + 1)].reverse().find((e) => e.kind === "roll" || e.kind === "reroll.roll");
    clear(this.dice, roll ? [el("span.die", {}, roll.data.first), el("span.die", {}, roll.data.second), el("span", {}, `= ${roll.data.total}`)] : el("span.muted", {}, this.words("no roll yet")));
    const who = local(event.data?.who);
    const target = local(event.data?.target);
    const before = previous?.rows || {};
    clear(this.stage, ...Object.entries(this.frame.rows).map(([side, row]) => el("section", { "data-side": side },
      el("h3", {}, this.opts.sides?.[side] || this.words(side)),
      el("div.cards", {}, ...row.map((c, i) => {
        const card = cryptidCard(c, this.words);
        if (c && c.hp[0] <= 0) card.classList.add("dead");
        if (c && local(c.name) === who) card.classList.add("acting");
        const old = before[side]?.[i];
        if (c && old && old.id === c.id && old.hp[0] > c.hp[0] && local(c.name) === target) card.classList.add("hit");
        return card;
      })))));
  }

  drawLog() {
    const reveal = this.opts.reveal;
    const steps = this.film.decisions || [];
    const lines = [];
    let s = 0;
    const last = reveal ? this.at : this.film.events.length - 1;
    for (let i = 0; i <= last; i++) {
      while (s < steps.length && steps[s].before <= i) lines.push(decisionLine(steps[s++]));
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
      this.opts.endTitle ? this.opts.endTitle(result) : `${result.winner ? `${result.winner} ${this.words("wins")}` : this.words("a tie")} (${result.reason})`,
      el("div", { style: "font-weight:400" }, why)));
    if (this.opts.onEnd) this.opts.onEnd(this.film);
  }
}
