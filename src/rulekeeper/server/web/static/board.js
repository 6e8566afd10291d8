// The board as SVG (areas: outlines or sight points, borders, walls, heights, capacity,
// objectives and pieces with their status), line of sight from the selected area, and the
// seat's panels (hands, action rows, piles). Everything is drawn from the page's table model
// (see rulekeeper/server/web/boards.py), never from a ruleset's own view.
import { clear, el } from "./common.js";

const NS = "http://www.w3.org/2000/svg";
const SIDES = { red: "#b3261e", blue: "#1f4e9c", heroes: "#2f6b2f", villain: "#5b1d6e", enemy: "#5b1d6e",
  p1: "#b3261e", p2: "#1f4e9c", p3: "#2f6b2f", p4: "#8a5a00", p5: "#5b1d6e", p6: "#0f6b6b",
  grey: "#777", green: "#3b8f3b", yellow: "#c9a100", hero1: "#2f6b2f", hero2: "#0f6b6b", hero3: "#8a5a00", hero4: "#1f4e9c" };

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

export function colour(side) { return SIDES[side] || "#6b6b6b"; }

/** A tag or kind of the board file as words, never as an id ("jelly-cube": "jelly cube"). */
function spoken(id) { return id.replaceAll("-", " "); }

/** Where the pieces of an area go: around its point, one slot each. */
function slots(point, count) {
  const [x, y] = point;
  const per = Math.min(Math.max(count, 1), 4);
  return Array.from({ length: count }, (_, i) => [x - 0.42 * (per - 1) / 2 + 0.42 * (i % per), y + 0.12 + 0.42 * Math.floor(i / per)]);
}

/**
 * Draw the board into `node`.
 * opts: selected ({area} or {piece}), targets (id -> option ids), onSelect(selection).
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
  const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, role: "img", "aria-label": `${geometry.name}: the board` });
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
  for (const a of geometry.areas) {
    const slot = table.areas?.[a.id] || { pieces: [], marks: [], filled: 0 };
    const classes = ["area", `height${a.height > 0 ? 1 : 0}`];
    if (seen) classes.push(seen.has(a.id) ? "seen" : "unseen");
    if (fromArea === a.id) classes.push("selected");
    if (lit.has(a.id)) classes.push("target");
    const label = `${a.name}${a.height ? `, height ${a.height}` : ""}${a.capacity != null ? `, ${slot.filled} of ${a.capacity} places` : ""}`
      + `${slot.pieces.length ? ": " + slot.pieces.map((p) => p.name).join(", ") : ""}`;
    const select = () => opts.onSelect && opts.onSelect({ area: a.id });
    const shape = a.polygon
      ? svg("polygon", { points: a.polygon.map((p) => p.join(",")).join(" ") })
      : svg("circle", { cx: a.point[0], cy: a.point[1], r: 0.9 });
    shape.setAttribute("class", classes.join(" "));
    const group = svg("g", { tabindex: 0, role: "button", "aria-label": label, "data-area": a.id }, shape);
    group.addEventListener("click", select);
    group.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); select(); } });
    group.append(svg("title", {}, label));
    const [x, y] = a.point;
    group.append(svg("text", { x, y: y - 0.5, "text-anchor": "middle" }, a.name));
    const caps = [];
    if (a.capacity != null) caps.push(`${slot.filled}/${a.capacity}`);
    if (a.height) caps.push(`h${a.height}`);
    if (a.tags.length) caps.push(a.tags.map(spoken).join(" "));
    if (caps.length) group.append(svg("text", { class: "cap", x, y: y - 0.18, "text-anchor": "middle" }, caps.join(" · ")));
    slot.marks.forEach((m, i) => {
      const mx = x + 0.7 - i * 0.32, my = y - 0.75;
      const mark = m.kind === "objective" || m.kind === "star"
        ? svg("rect", { class: "mark", x: mx - 0.12, y: my - 0.12, width: 0.24, height: 0.24, fill: m.owner ? colour(m.owner) : "#f2c230", transform: `rotate(45 ${mx} ${my})` })
        : svg("circle", { class: "mark", cx: mx, cy: my, r: 0.13, fill: m.owner ? colour(m.owner) : "#fff" });
      mark.append(svg("title", {}, `${spoken(m.kind)}: ${m.name}${m.owner ? ` (${m.owner})` : ""}`));
      group.append(mark);
    });
    root.append(group);
    slots(a.point, slot.pieces.length).forEach(([px, py], i) => root.append(piece(slot.pieces[i], px, py, selected, lit, opts)));
  }
  for (const [p, q] of geometry.walls) root.append(svg("line", { class: "wall", x1: p[0], y1: p[1], x2: q[0], y2: q[1] }));
  clear(node, root);
  return root;
}

function piece(p, x, y, selected, lit, opts) {
  const classes = ["piece", ...p.statuses.filter((s) => s === "stunned")];
  if (selected.piece === p.id) classes.push("selected");
  if (lit.has(p.id)) classes.push("target");
  const shape = p.kind === "enemy" || p.kind === "minion" || p.kind === "villain"
    ? svg("rect", { x: x - 0.18, y: y - 0.18, width: 0.36, height: 0.36, rx: 0.05 })
    : svg("circle", { cx: x, cy: y, r: 0.19 });
  shape.setAttribute("class", classes.join(" "));
  shape.setAttribute("fill", colour(p.side));
  const hp = p.hp ? ` ${p.hp[0]}/${p.hp[1]}` : "";
  const label = `${p.name} (${p.side})${hp}${p.statuses.length ? ", " + p.statuses.join(", ") : ""}`;
  const group = svg("g", { tabindex: 0, role: "button", "aria-label": label, "data-piece": p.id }, shape, svg("title", {}, `${label}\n${p.stats}`));
  group.append(svg("text", { x, y: y + 0.1, "text-anchor": "middle", style: "fill:#fff;font-size:.26px;font-weight:700" }, initials(p.name)));
  p.statuses.forEach((s, i) => group.append(svg("text", { class: "status", x: x + 0.15, y: y - 0.12 + i * 0.16 }, short(s))));
  if (p.hp) {
    const frac = Math.max(0, p.hp[0]) / Math.max(1, p.hp[1]);
    group.append(svg("rect", { x: x - 0.17, y: y - 0.28, width: 0.34, height: 0.06, fill: "#ddd" }),
      svg("rect", { x: x - 0.17, y: y - 0.28, width: 0.34 * frac, height: 0.06, fill: frac > 0.34 ? "#2f6b2f" : "#a3231b" }));
  }
  const select = (e) => { e.stopPropagation(); opts.onSelect && opts.onSelect({ piece: p.id }); };
  group.addEventListener("click", select);
  group.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); select(e); } });
  return group;
}

function initials(name) { return name.replace(/\(.*\)/, "").split(/\s+/).filter((w) => /^[A-Z0-9]/i.test(w) && !/^(the|of|dr\.)$/i.test(w)).map((w) => w[0]).join("").slice(0, 2).toUpperCase(); }
function short(status) { return { stunned: "z", sated: "♥", hidden: "?", dead: "✝" }[status.toLowerCase()] || status.slice(0, 3); }

/** A readable description of the selection: the piece (stats, statuses) or the area. */
export function describeSelection(geometry, table, selected) {
  if (!selected || !geometry || geometry.kind !== "areas") return null;
  const byId = Object.fromEntries(geometry.areas.map((a) => [a.id, a]));
  let areaId = selected.area, head = null;
  if (selected.piece) {
    for (const [area, slot] of Object.entries(table.areas)) {
      const p = slot.pieces.find((q) => q.id === selected.piece);
      if (p) { areaId = area; head = el("p", {}, el("b", {}, p.name), ` (${p.side}, ${p.kind})`, p.hp ? ` · ${p.hp[0]}/${p.hp[1]}` : "", el("br"), p.stats, p.text ? ` · ${p.text}` : "", p.statuses.length ? el("br") : null, p.statuses.length ? `status: ${p.statuses.join(", ")}` : null); }
    }
  }
  const area = byId[areaId];
  if (!area) return null;
  const sees = area.sees === null ? "this board has no line of sight" : (area.sees.length ? area.sees.map((s) => byId[s].name).join(", ") : "no other area");
  return el("div.selection", { id: "selection" }, head,
    el("p", {}, el("b", {}, area.name), area.height ? ` · height ${area.height}` : "", area.capacity != null ? ` · capacity ${area.capacity}` : "",
      el("br"), "borders: ", area.neighbours.map((n) => byId[n].name).join(", "),
      el("br"), el("span", { id: "line-of-sight" }, `sees: ${sees}`)));
}

/** The seat's panels: facts, hands (hidden ones as a count), action rows and piles. */
export function drawPanels(node, table) {
  clear(node, ...(table.panels || []).map((p) => el("section.panel", { "data-seat": p.seat || "" },
    el("h3", {}, p.title),
    ...(p.facts || []).map(([k, v]) => el("div.facts", {}, el("b", {}, k), ": ", v)),
    ...(p.piles || []).map((pile) => el("div.pile", { "data-pile": pile.name },
      el("b", {}, `${pile.name} (${pile.count ?? 0})`), " ",
      pile.cards === null ? el("span.muted", {}, "hidden")
        : pile.cards.length ? pile.cards.map((c) => el("span.card-chip", { title: c.text || "" }, c.name)) : el("span.muted", {}, "empty"))))));
}
