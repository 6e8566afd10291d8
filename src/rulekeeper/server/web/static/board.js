// The board as SVG (areas: outlines or sight points, borders, walls, heights, capacity,
// objectives and pieces with their status), line of sight from the selected area, and the
// seat's panels (hands, action rows, piles). Everything is drawn from the ruleset's typed
// view (rulekeeper/core/view.py: the board's geometry and sides, the seat's table), so any
// ruleset, a plug-in's too, is drawn the same way and this file names none.
import { clear, colon, el, t } from "./common.js";

const NS = "http://www.w3.org/2000/svg";
const NEUTRAL = "#6b6b6b";
const RADIUS = 0.26; // a piece's radius, in board units (core/view.py's PIECES keeps names clear of them)
const GAP = 0.56; // between the centres of two pieces side by side
const CIRCLE = 0.9; // an area drawn around its point (core/view.py's CIRCLE)
const HALO = 0.08; // room between figures in a circle for the halos around them
const CHAR_WIDTH = 0.6; // a character's width, as a share of the font's height (core/view.py's)
const HP_ROOM = 0.12; // above a piece, for its HP bar (drawn 0.1 above it)

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

/** A side's colour and label, as its ruleset declares them (geometry.sides). */
export function side(geometry, name) {
  return geometry?.sides?.[name] || { colour: NEUTRAL, label: name };
}

/** A tag or kind of the board file as words, never as an id ("jelly-cube": "jelly cube"). */
function spoken(id) { return id.replaceAll("-", " "); }

/** Where the pieces of an area go, and how big they are ([x, y] each, and a scale): in an
    area with an outline, rows of up to four under its point, made smaller if a row is wider
    than the outline and moved sideways to stay inside it (a point off its area's middle),
    and moved down, as far as the outline lets them, off a name above them (``under``: the
    bottom of its plate; a name on two lines, as a French one may be, reached the figures);
    in a circle, rows under its point as wide as the circle is there, the pieces made smaller
    until all fit inside. */
function slots(point, count, outline, under = -Infinity) {
  const [x, y] = point;
  if (outline) {
    const per = Math.min(Math.max(count, 1), 4);
    const xs = outline.map((p) => p[0]);
    const left = Math.min(...xs) + HALO, right = Math.max(...xs) - HALO; // room for a halo
    const scale = Math.min(1, (right - left) / (GAP * (per - 1) + 2 * RADIUS));
    const gap = GAP * scale, r = RADIUS * scale;
    const lowest = Math.max(...outline.map((p) => p[1])) - HALO - r - gap * (Math.ceil(count / per) - 1);
    const top = Math.max(y + 0.2, Math.min(under + r + HP_ROOM, lowest));
    return { scale, at: Array.from({ length: count }, (_, i) => {
      const row = Math.floor(i / per), inRow = Math.min(per, count - row * per);
      const half = gap * (inRow - 1) / 2 + r;
      const middle = Math.min(Math.max(x, left + half), right - half);
      return [middle - gap * (inRow - 1) / 2 + gap * (i % per), top + gap * row];
    }) };
  }
  if (!count) return { scale: 1, at: [] };
  for (let scale = 1; ; scale *= 0.92) {
    // rows under the area's name (core/view.py's PIECES: from 0.18 above its point), as wide
    // as the circle is there, spaced for the halos of the figures the decision names
    const r = RADIUS * scale, gap = GAP * scale + HALO, room = CIRCLE - 0.1 - r;
    for (let rowCount = 1; rowCount <= count; rowCount++) {
      const top = Math.max(r - 0.18, 0.2 - (rowCount - 1) * gap / 2);
      const rows = Array.from({ length: rowCount }, (_, i) => top + i * gap);
      if (rows.some((dy) => Math.abs(dy) > room)) break;
      const fits = rows.map((dy) => Math.floor(2 * Math.sqrt(room * room - dy * dy) / gap) + 1);
      if (fits.reduce((n, f) => n + f, 0) >= count || scale < 0.3) {
        const at = [];
        rows.forEach((dy, i) => {
          const here = Math.min(fits[i], count - at.length);
          for (let j = 0; j < here; j++) at.push([x - gap * (here - 1) / 2 + gap * j, y + dy]);
        });
        return { scale, at };
      }
    }
  }
}

/**
 * Draw the board into `node`.
 * opts: selected ({area} or {piece}), targets (option id -> ids it names), onSelect(selection).
 */
export function drawBoard(node, geometry, table, opts = {}) {
  if (!geometry || geometry.kind !== "areas") return clear(node);
  const [w, h] = geometry.size;
  const byId = Object.fromEntries(geometry.areas.map((a) => [a.id, a]));
  const selected = opts.selected || {};
  const lit = new Set(Object.values(opts.targets || {}).flat());
  const pieceArea = {};
  for (const [area, slot] of Object.entries(table.areas || {})) for (const p of slot.pieces) pieceArea[p.id] = area;
  const fromArea = selected.piece ? pieceArea[selected.piece] : selected.area;
  const seen = fromArea && byId[fromArea]?.sees ? new Set([fromArea, ...byId[fromArea].sees]) : null;
  const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, role: "img", "aria-label": t("{name}: the board", { name: geometry.name }) });
  root.append(svg("title", {}, geometry.name));
  const drawn = new Set();
  for (const a of geometry.areas) for (const n of a.neighbours) {
    const key = [a.id, n].sort().join("|");
    if (drawn.has(key) || !byId[n]) continue;
    drawn.add(key);
    root.append(svg("line", { class: "link", x1: a.point[0], y1: a.point[1], x2: byId[n].point[0], y2: byId[n].point[1] }));
  }
  if (seen) for (const id of seen) if (id !== fromArea) {
    const a = byId[fromArea], b = byId[id];
    root.append(svg("line", { class: "sightline", x1: a.point[0], y1: a.point[1], x2: b.point[0], y2: b.point[1] }));
  }
  const labels = [], pieces = [];
  for (const a of geometry.areas) {
    const slot = table.areas?.[a.id] || { pieces: [], marks: [], filled: 0 };
    const classes = ["area", `height${a.height > 0 ? 1 : 0}`];
    if (seen) classes.push(seen.has(a.id) ? "seen" : "unseen");
    if (fromArea === a.id) classes.push("selected");
    if (lit.has(a.id)) classes.push("target");
    const label = `${a.name}${a.height ? `, ${t("height {height}", { height: a.height })}` : ""}${a.capacity != null ? `, ${t("{filled} of {capacity:place|places}", { filled: slot.filled, capacity: a.capacity })}` : ""}`
      + `${slot.pieces.length ? colon() + slot.pieces.map((p) => p.name).join(", ") : ""}`;
    const select = () => opts.onSelect && opts.onSelect({ area: a.id });
    const shape = a.outline
      ? svg("polygon", { points: a.outline.map((p) => p.join(",")).join(" ") })
      : svg("circle", { cx: a.point[0], cy: a.point[1], r: 0.9 }); // core/view.py's CIRCLE
    shape.setAttribute("class", classes.join(" "));
    const group = svg("g", { tabindex: 0, role: "button", "aria-label": label, "data-area": a.id }, shape);
    group.addEventListener("click", select);
    group.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); select(); } });
    group.append(svg("title", {}, label));
    slot.marks.forEach((m, i) => {
      const mx = a.marks_at[0] + i * 0.32, my = a.marks_at[1];
      const fill = m.owner ? side(geometry, m.owner).colour : (m.shape === "diamond" ? "#f2c230" : "#fff");
      const mark = m.shape === "diamond"
        ? svg("rect", { class: "mark", x: mx - 0.12, y: my - 0.12, width: 0.24, height: 0.24, fill, transform: `rotate(45 ${mx} ${my})` })
        : svg("circle", { class: "mark", cx: mx, cy: my, r: 0.13, fill });
      mark.append(svg("title", {}, `${spoken(m.kind)}${colon()}${m.name}${m.owner ? ` (${side(geometry, m.owner).label})` : ""}`));
      group.append(mark);
    });
    root.append(group);
    labels.push(areaLabel(geometry, a, slot));
    const laid = slots(a.point, slot.pieces.length, a.outline, a.label_at[1] < a.point[1] ? labelBottom(geometry, a) : -Infinity);
    laid.at.forEach(([px, py], i) => pieces.push(piece(geometry, slot.pieces[i], px, py, laid.scale, selected, lit, opts)));
  }
  for (const [p, q] of geometry.walls) root.append(svg("line", { class: "wall", x1: p[0], y1: p[1], x2: q[0], y2: q[1] }));
  root.append(...labels, ...pieces); // names over walls and borders; pieces over everything
  clear(node, root);
  for (const label of labels) fitPlate(label);
  return root;
}

/** A name's plate made as wide as its text is drawn (once on the page; until then, as
    wide as core/view.py reckons it). */
function fitPlate(label) {
  const plate = label.querySelector(".plate");
  const widths = [...label.querySelectorAll("text")].map((text) => { try { return text.getBBox().width; } catch { return 0; } });
  const width = Math.max(...widths);
  if (!(width > 0)) return; // not drawn (a hidden board)
  const middle = Number(plate.getAttribute("x")) + Number(plate.getAttribute("width")) / 2;
  plate.setAttribute("x", middle - width / 2 - 0.08);
  plate.setAttribute("width", width + 0.16);
}

/** An area's name (on its lines: a long one on two) and, under it, its places, height and
    tags, on a plate that hides the lines behind them: where the board puts them (label_at:
    clear of the walls, of the other names and areas). */
function areaLabel(geometry, a, slot) {
  const [x, y] = a.label_at;
  const size = geometry.font;
  const lines = nameLines(a);
  const caps = [];
  if (a.capacity != null) caps.push(`${slot.filled}/${a.capacity}`);
  if (a.height) caps.push(t("h{height}", { height: a.height }));
  if (a.tags.length) caps.push(a.tags.map(spoken).join(" "));
  const capsText = caps.join(" · ");
  const below = y + size * (lines.length - 1); // the last line's baseline
  const half = Math.max(...lines.map((l) => l.length * size), capsText.length * size * 0.75) * CHAR_WIDTH / 2;
  const bottom = labelBottom(geometry, a);
  const group = svg("g", { class: "area-label", "aria-hidden": "true" },
    svg("rect", { class: "plate", x: x - half - 0.06, y: y - size * 0.95, width: 2 * half + 0.12, height: bottom - y + size * 0.95, rx: 0.08 }),
    svg("text", { x, y, "text-anchor": "middle", "font-size": size }, ...lines.map((line, i) => svg("tspan", { x, dy: i ? size : 0 }, line))));
  if (caps.length) group.append(svg("text", { class: "cap", x, y: below + size * 0.95, "text-anchor": "middle", "font-size": size * 0.75 }, capsText));
  return group;
}

function nameLines(a) {
  return a.lines?.length ? a.lines : [a.name];
}

/** The bottom of an area's name plate: under its last line, or under the line of its
    places, height and tags when it has one. */
function labelBottom(geometry, a) {
  const size = geometry.font;
  const below = a.label_at[1] + size * (nameLines(a).length - 1);
  return a.capacity != null || a.height || a.tags.length ? below + size * 1.2 : below + size * 0.3;
}

function piece(geometry, p, x, y, scale, selected, lit, opts) {
  const R = RADIUS * scale;
  const classes = ["piece"];
  if (p.statuses.some((s) => s.dim)) classes.push("dim");
  if (selected.piece === p.id) classes.push("selected");
  if (lit.has(p.id)) classes.push("target");
  const shape = p.shape === "square"
    ? svg("rect", { x: x - R * 0.9, y: y - R * 0.9, width: R * 1.8, height: R * 1.8, rx: 0.05 })
    : svg("circle", { cx: x, cy: y, r: R });
  shape.setAttribute("class", classes.join(" "));
  shape.setAttribute("fill", side(geometry, p.side).colour);
  const hp = p.hp ? ` ${p.hp[0]}/${p.hp[1]}` : "";
  const statuses = p.statuses.map((s) => s.name);
  const label = `${p.name} (${side(geometry, p.side).label})${hp}${statuses.length ? ", " + statuses.join(", ") : ""}`;
  const group = svg("g", { tabindex: 0, role: "button", "aria-label": label, "data-piece": p.id, "data-label": p.label, "data-side": p.side },
    shape, svg("title", {}, `${label}\n${p.stats}${p.text ? `\n${p.text}` : ""}`));
  if (lit.has(p.id)) group.prepend(svg("circle", { class: "halo", cx: x, cy: y, r: R + 0.06 }));
  const name = svg("text", { class: "piece-label", x, y: y + 0.07 * scale, "text-anchor": "middle" }, p.label);
  if (scale < 1) name.style.fontSize = `${0.19 * scale}px`; // (style.css's, smaller)
  group.append(name);
  const symbols = p.statuses.map((s) => s.symbol).filter(Boolean).join("");
  if (symbols) group.append(svg("text", { class: "status", x: x + R * 0.7, y: y - R * 0.55 }, symbols));
  if (p.hp) {
    const frac = Math.max(0, p.hp[0]) / Math.max(1, p.hp[1]);
    group.append(svg("rect", { x: x - R, y: y - R - 0.1, width: 2 * R, height: 0.06, fill: "#ddd" }),
      svg("rect", { x: x - R, y: y - R - 0.1, width: 2 * R * frac, height: 0.06, fill: frac > 0.34 ? "#2f6b2f" : "#a3231b" }));
  }
  const select = (e) => { e.stopPropagation(); opts.onSelect && opts.onSelect({ piece: p.id }); };
  group.addEventListener("click", select);
  group.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); select(e); } });
  return group;
}

/** Where a board wider than its frame (a phone's: swiped sideways) is scrolled once drawn
    again (``stage``, the new frame): where it was (``scrolled``, the last frame's scrollLeft;
    a move that came live or a tap on an area threw it back to the left edge, the figure
    tapped out of sight), unless none of what ``shown`` selects (a new decision's areas and
    figures, or the seat's own figures when it first opens the game) is in view: then they
    are brought to the middle (a seat whose figures start on the right of the board saw the
    other side's, and none of its own). */
export function keepInView(stage, scrolled, shown = null) {
  stage.scrollLeft = scrolled;
  if (!shown || stage.scrollWidth <= stage.clientWidth) return;
  const frame = stage.getBoundingClientRect();
  const named = [...stage.querySelectorAll(shown)].map((n) => n.getBoundingClientRect());
  if (!named.length || named.some((r) => r.left >= frame.left && r.right <= frame.right)) return;
  const left = Math.min(...named.map((r) => r.left)), right = Math.max(...named.map((r) => r.right));
  stage.scrollLeft += (left + right) / 2 - (frame.left + frame.right) / 2;
}

/** Whose figures are which colour, above a board: each side with a figure on it, in the
    order its ruleset declares them, in its figures' shape (a hero and minions of nearly one
    colour differ by it), the seat's own marked ``(you)`` ("Figures: ● Player 1 ·
    ● Player 2 (you) · ● Enemies"); a newcomer could not tell which figures were theirs
    where the sides are not named by their colours. "" when no board or no figure is drawn. */
export function sidesKey(geometry, table, seat = null) {
  if (geometry?.kind !== "areas") return "";
  const shapes = new Map([...Object.values(table.areas || {}).flatMap((a) => a.pieces), ...(table.offboard || [])].map((p) => [p.side, p.shape]));
  const sides = [...Object.keys(geometry.sides || {}).filter((s) => shapes.has(s)), ...[...shapes.keys()].filter((s) => !geometry.sides?.[s])];
  if (!sides.length) return "";
  return el("p.legend.sides-key", { id: "sides-key" }, t("Figures"), colon(), ...sides.flatMap((name, i) => [i ? " · " : "",
    el("span", { "data-side": name }, el(`span.swatch${shapes.get(name) === "square" ? ".square" : ""}`, { style: `background:${side(geometry, name).colour}`, "aria-hidden": "true" }), " ",
      name === seat ? t("{side} (you)", { side: side(geometry, name).label }) : side(geometry, name).label)]));
}

/** Under a board: on a phone, which shows the board wider than the screen (it stays
    readable), that the rest is a swipe away; hidden on a wider screen (style.css). "" when no
    board is drawn. */
export function swipeHint(geometry) {
  return geometry?.kind === "areas" ? el("p.swipe-hint", { id: "swipe-hint" }, t("The board is wider than the screen: swipe it sideways to see the rest.")) : "";
}

/** What the small line under an area's name says ("2/4 · h1"), once, under the board:
    "Under an area's name: figures in it/places (2/4) · height (h1)." (a newcomer read "h1"
    as nothing); "" for a board whose areas have neither. */
export function areaNotes(geometry) {
  const areas = geometry?.kind === "areas" ? geometry.areas : [];
  const parts = [];
  if (areas.some((a) => a.capacity != null)) parts.push(t("figures in it/places (2/4)"));
  if (areas.some((a) => a.height)) parts.push(t("height (h1)"));
  return parts.length ? el("span", { id: "area-notes" }, t("Under an area's name: {parts}.", { parts: parts.join(" · ") })) : "";
}

/** What the symbols beside the figures on the board mean, under it: each status's symbol
    and name once, as its ruleset words them ("Beside a figure: ♥ sated · L large."); "" when
    no figure has one. */
export function symbolsLine(table) {
  const seen = new Set();
  for (const slot of Object.values(table?.areas || {})) {
    for (const p of slot.pieces) for (const s of p.statuses) if (s.symbol) seen.add(`${s.symbol} ${s.name}`);
  }
  return seen.size ? el("span", { id: "symbols" }, t("Beside a figure: {symbols}.", { symbols: [...seen].join(" · ") })) : "";
}

/** A readable description of the selection: the piece (stats, statuses) or the area. */
export function describeSelection(geometry, table, selected) {
  if (!selected || !geometry || geometry.kind !== "areas") return null;
  const byId = Object.fromEntries(geometry.areas.map((a) => [a.id, a]));
  let areaId = selected.area, head = null;
  if (selected.piece) {
    for (const [area, slot] of Object.entries(table.areas)) {
      const p = slot.pieces.find((q) => q.id === selected.piece);
      if (p) {
        areaId = area;
        const statuses = p.statuses.map((s) => s.name);
        head = el("p", {}, el("b", {}, p.name), ` [${p.label}] (${side(geometry, p.side).label}, ${p.kind})`, p.hp ? ` · ${p.hp[0]}/${p.hp[1]}` : "",
          el("br"), p.stats, p.text ? ` · ${p.text}` : "", statuses.length ? el("br") : null, statuses.length ? t("status: {statuses}", { statuses: statuses.join(", ") }) : null);
      }
    }
  }
  const area = byId[areaId];
  if (!area) return null;
  const sees = area.sees === null ? t("this board has no line of sight") : (area.sees.length ? area.sees.map((s) => byId[s].name).join(", ") : t("no other area"));
  return el("div.selection", { id: "selection" }, head,
    el("p", {}, el("b", {}, area.name), area.height ? ` · ${t("height {height}", { height: area.height })}` : "", area.capacity != null ? ` · ${t("capacity {capacity}", { capacity: area.capacity })}` : "",
      el("br"), t("borders: {areas}", { areas: area.neighbours.map((n) => byId[n].name).join(", ") }),
      el("br"), el("span", { id: "line-of-sight" }, t("sees: {areas}", { areas: sees }))));
}

/** A card of a pile: its name; its text on hover (title) and, on a tap or Enter, under the pile. */
function cardChip(card, pileNode) {
  if (!card.text) return el("span.card-chip", {}, card.name);
  const chip = el("button.card-chip", { type: "button", title: card.text, "aria-expanded": "false", "data-card": card.id }, card.name);
  chip.addEventListener("click", () => {
    const shown = pileNode.querySelector(`.cardtext[data-card="${CSS.escape(card.id)}"]`);
    for (const other of pileNode.querySelectorAll(".cardtext")) other.remove();
    for (const other of pileNode.querySelectorAll(".card-chip[aria-expanded]")) other.setAttribute("aria-expanded", "false");
    if (shown) return;
    pileNode.append(el("span.cardtext", { role: "note", "data-card": card.id }, el("b", {}, card.name), colon(), card.text));
    chip.setAttribute("aria-expanded", "true");
  });
  return chip;
}

/** The seat's panels: facts, hands (hidden ones as a count), action rows and piles. */
export function drawPanels(node, table) {
  clear(node, ...(table.panels || []).map((p) => el("section.panel", { "data-seat": p.seat || "" },
    el("h3", {}, p.title),
    ...(p.facts || []).map(([k, v]) => el("div.facts", {}, el("b", {}, k), colon(), v)),
    ...(p.piles || []).map((pile) => {
      const node = el("div.pile", { "data-pile": pile.name }, el("b", {}, `${pile.name} (${pile.count ?? 0})`), " ");
      if (pile.cards === null) node.append(el("span.muted", {}, t("hidden")));
      else if (!pile.cards.length) node.append(el("span.muted", {}, t("empty")));
      else node.append(...pile.cards.map((c) => cardChip(c, node)));
      return node;
    }))));
}
