// Clans of Caledonia panels drawn on the canvas from the view: the market, the
// export board, the players' boards, the clan offers of the setup and the final
// table. Each draw function paints into a column {x, y, w} (already scrolled)
// and returns {h, hits}: its height and the tappable boxes it drew
// ({x, y, w, h, kind, key, label}).
// Every word is translated (t, tn) when drawn.
import { t, tn, N_ } from "../../i18n/caledonia.js";
import { FONT, UNIT_ORDER, SHIP, box, pounds, text, wrap, goodChip, goodCount, unitGlyph, goodName, unitName, nGood, shipName } from "./paint.js";
import { fitLines, markBox, countChanged } from "../base.js";
import { drawHarbour } from "./terrain.js";
import { seatToken, drawGloryTrack, drawImportTrack, drawPriceTrack } from "./tracks.js";

const CARD = "rgba(30,33,27,0.94)", EDGE = "rgba(255,240,200,0.16)", GOLD = "#ffd95a";
const CATEGORY = {
  glory: N_("Glory"), basic: N_("Basic goods (1 each)"), processed: N_("Processed (2 each)"),
  money: N_("Money"), hops: N_("Hops"), imports: N_("Imports (by rarity)"), contracts: N_("Fulfilled contracts"),
  settlements: N_("Settlements in reach"), bid: N_("Auction bid"),
};
export const CRITERIA = { P: N_("port"), $: N_("cheapest"), St: N_("settlements"), N: N_("neighbours") };
export const ACTIONS = { T: N_("technology"), E: N_("expand"), F: N_("fulfil"), C: N_("contract"), R: N_("trade"), U: N_("upgrade"), S: N_("skip") };
export const BRACKET = { lower: N_("low"), middle: N_("middle"), upper: N_("high") };
const TECH = { woodcutter: N_("woodcutters"), miner: N_("miners") };
const RATING = { Newbie: N_("Newbie"), Rookie: N_("Rookie"), Average: N_("Average"), Expert: N_("Expert"), Genius: N_("Genius") };
const LAST = { pass: N_("passed"), skip: N_("skipped"), technology: N_("technology"), trade: N_("trade"), fulfil: N_("fulfil"),
  take_contract: N_("contract"), upgrade: N_("upgrade"), expand: N_("expand"), start_workers: N_("starting workers") };

/** A box of what changed, for moves shown moving (renderer.marked(): js/motion.js). */
function mark(st, b) { if (st.boxes) st.boxes.push(b); }

/** A section heading (a long one, as in pt or ro, takes two lines); returns its height. */
function section(g, title, x, y, w) {
  g.font = `700 12px ${FONT}`;
  const two = g.measureText(title).width > w;
  if (two) wrap(g, title, x, y + 2, w, { size: 12, weight: 700, color: "#c8bd9c", maxLines: 2 });
  else text(g, title, x, y + 10, { size: 12, weight: 700, color: "#c8bd9c" });
  const rule = two ? 36 : 20;
  g.fillStyle = "rgba(255,240,200,0.12)";
  g.fillRect(x, y + rule, w, 1);
  return rule + 6;
}

/** A contract card: needs -> rewards. Returns its height. */
export function drawContract(g, c, x, y, w, { hl = false, dim = false, tag = "" } = {}) {
  const h = 56;
  box(g, x, y, w, h, 8, dim ? "rgba(60,60,55,0.7)" : "#efe3c4", hl ? GOLD : "#6b5a3a", hl ? 3 : 1);
  const r = w < 150 ? 10 : 11;
  let cx = x + 6;
  const cy = y + 18;
  for (const [good, n] of Object.entries(c.needs)) cx += goodCount(g, good, n, cx, cy, r, "#2a2013");
  text(g, "\u2192", cx, cy, { size: 14, weight: 700, color: "#5a4630" });
  cx += 14;
  for (const [good, n] of Object.entries(c.imports || {})) cx += goodCount(g, good, n, cx, cy, r, "#2a2013");
  let rx = x + 6;
  const ry = y + 42;
  const bits = [];
  if (c.hops) bits.push(["hops", c.hops]);
  for (const [good, n] of bits) rx += goodCount(g, good, n, rx, ry, r - 1, "#2a2013");
  const words = [];
  if (c.money) words.push(`\u00a3${c.money}`);
  if (c.free_land) words.push(t("free land"));
  if (c.bonus_upgrade) words.push(tn("{n} upgrade", "{n} upgrades", c.bonus_upgrade));
  // the tag (take, fulfil) bottom right, or top right when the words below need the room
  // and the goods above leave it
  const said = words.join(" \u00b7 ");
  g.font = `700 12px ${FONT}`;
  const saidW = words.length ? g.measureText(said).width + 8 : 0;
  g.font = `800 12px ${FONT}`;
  const tw = tag ? g.measureText(tag).width + 10 : 0;
  const low = tag && (rx + saidW + tw + 6 <= x + w || cx > x + w - tw - 8);
  if (words.length) text(g, said, rx + 2, ry, { size: 12, weight: 700, color: "#2a2013", max: x + w - rx - 8 - (low ? tw + 6 : 0) });
  if (tag) {
    const ty = low ? y + h - 22 : y + 3;
    box(g, x + w - tw - 4, ty, tw, 18, 5, hl ? "#5a7a2e" : "rgba(0,0,0,0.55)");
    text(g, tag, x + w - tw / 2 - 4, ty + 9, { size: 12, weight: 800, color: "#fff", align: "center" });
  }
  return h;
}

// ----------------------------------------------------------------------- market
export function drawMarket(g, v, x, y, w, st) {
  const hits = [];
  let h = section(g, t("Market: tap a good to trade it"), x, y, w);
  const rowH = 60;
  const me = st.me != null ? v.players[st.me] : null;
  for (const m of v.market) {
    const ry = y + h;
    const sel = st.good === m.good;
    const tradable = st.tradable && st.tradable.has(m.good);
    box(g, x, ry, w, rowH - 6, 8, sel ? "rgba(90,122,46,0.55)" : CARD, tradable ? GOLD : EDGE, tradable ? 2 : 1);
    goodChip(g, m.good, x + 20, ry + 20, 13);
    text(g, goodName(m.good), x + 38, ry + 14, { size: 13, weight: 700, max: 84 });
    text(g, `\u00a3${m.price}`, x + 38, ry + 34, { size: 17, weight: 800, color: GOLD });
    text(g, BRACKET[m.bracket] ? t(BRACKET[m.bracket]) : m.bracket, x + 76, ry + 35, { size: 11, color: "#b9b09a", max: 46 });
    // price track
    const tx = x + 124, tw = Math.max(100, w - 124 - 8);
    const cw = drawPriceTrack(g, m.prices, m.position, tx, ry + 6, tw, 20);
    // merchants: buy side (left), sell side (right)
    let bx = tx, sx = tx + tw;
    bx += text(g, t("buy"), bx, ry + 40, { size: 11, color: "#9fcf8a" }) + 4;
    sx -= text(g, t("sell"), sx, ry + 40, { size: 11, color: "#e49a8a", align: "right" }) + 6;
    for (const [seat, n] of Object.entries(m.merchants || {})) {
      const col = st.colorOf(Number(seat));
      const k = Math.abs(n);
      for (let j = 0; j < k; j++) {
        const px = n > 0 ? bx + 6 : sx - 6;
        seatToken(g, col, px, ry + 40, 5);
        if (n > 0) bx += 12; else sx -= 12;
      }
    }
    hits.push({ x, y: ry, w, h: rowH - 6, kind: "good", key: m.good, legal: !!tradable, label: `good ${m.good}`, name: t("Trade {good}", { good: goodName(m.good) }) });
    // its price moved since your move: the row marked in the mover's colour; the price slides
    // along its track from where it was (moves shown moving: js/motion.js)
    const f = st.fresh && st.fresh.market.get(m.good);
    if (f) {
      markBox(g, { x, y: ry, w, h: rowH - 6 }, f.colour, f.on, 8);
      const cell = { x: tx + m.position * cw + 1, y: ry + 6, w: cw - 2, h: 20 };
      const old = st.was && ((st.was.market || []).find((o) => o.good === m.good) || {}).position;
      mark(st, { k: f.k, kind: "price", key: m.good, ...cell, from: old != null && old !== m.position ? { ...cell, x: tx + old * cw + 1 } : null });
      mark(st, { k: f.k, kind: "count", key: `price ${m.good}`, x: x + 36, y: ry + 24, w: 40, h: 20 });
    }
    h += rowH;
  }
  if (me) {
    h += wrap(g, t("Your merchants: {ready} ready, {hire} to hire \u00b7 \u00a3{money}", { ready: me.merchants.pool, hire: me.merchants.track, money: me.money }), x, y + h + 2, w, { size: 12, color: "#d9d2bd", maxLines: 4 }) - 16;
    h += 22;
  }
  if ((v.export.dice || []).length) {
    const dice = v.export.dice.map(([good, d]) => `${goodName(good)} ${d > 0 ? "+" : ""}${d}`).join(", ");
    text(g, t("Solo market dice: {dice}", { dice }), x, y + h + 8, { size: 11, color: "#b9b09a", max: w });
    h += 22;
  }
  return { h: h + 6, hits };
}

// ------------------------------------------------------------------ export board
export function drawExport(g, v, x, y, w, st) {
  const hits = [];
  const e = v.export;
  let h = 0;
  box(g, x, y, w, 30, 8, CARD, EDGE);
  const rw = text(g, t("Round {round} of {rounds}", { round: Math.min(v.round, v.rounds), rounds: v.rounds }), x + 10, y + 15, { size: 14, weight: 800, color: GOLD });
  text(g, t("taking a contract: {cost} \u00b7 pile {n}", { cost: pounds(e.contract_cost), n: e.deck }), x + w - 10, y + 15, { size: 12, color: "#d9d2bd", align: "right", max: w - rw - 28 });
  h += 38;
  h += section(g, t("Export contracts: tap one to take it"), x, y + h, w);
  const cols = w >= 520 ? 3 : 2, gap = 6, cw = (w - gap * (cols - 1)) / cols;
  e.slots.forEach((c, i) => {
    const cx = x + (i % cols) * (cw + gap), cy = y + h + Math.floor(i / cols) * 62;
    if (!c) {
      box(g, cx, cy, cw, 56, 8, null, "rgba(255,255,255,0.15)");
      text(g, t("empty"), cx + cw / 2, cy + 28, { size: 12, color: "#8a826e", align: "center" });
      return;
    }
    const can = st.take && st.take.has(c.id);
    drawContract(g, c, cx, cy, cw, { hl: can || st.contract === c.id, tag: can ? t("take {cost}", { cost: pounds(st.takeCost) }) : "" });
    // a contract taken since your move: the new one in its box marked, and dealt in
    const f = st.fresh && st.fresh.export.get(i);
    if (f) mark(st, { k: f.k, kind: "export", key: String(i), ...markBox(g, { x: cx, y: cy, w: cw, h: 56 }, f.colour, f.on, 8) });
    hits.push({ x: cx, y: cy, w: cw, h: 56, kind: "contract", key: c.id, legal: !!can, label: `contract ${c.id}`, name: can ? t("Export contract: take {cost}", { cost: pounds(st.takeCost) }) : t("Export contract") });
  });
  h += Math.ceil(e.slots.length / cols) * 62 + 4;
  // imports
  h += section(g, t("Imports (the rarer, the more it scores at the end)"), x, y + h, w);
  // one track per good, the good's token on the number imported so far
  const imp = Object.entries(e.imports);
  // the first steps of the tracks (their length and marked steps: the engine's data, tables.toml):
  // 0-15, more when more has come in; a pound at each marked step (the view says which)
  const n = Math.max(16, ...imp.map(([, k]) => k + 2));
  g.font = `700 12px ${FONT}`;
  const lw = Math.max(...imp.map(([good, k]) => Math.max(g.measureText(t("{n} in", { n: k })).width,
    g.measureText(t("{n} pts each", { n: (e.import_values || {})[good] ?? "?" })).width))) + 8;
  imp.forEach(([good, k], i) => {
    const ry = y + h + i * 42;
    goodChip(g, good, x + 12, ry + 17, 11);
    drawImportTrack(g, good, k, x + 30, ry + 4, w - 30 - lw - 6, 32, n, e.import_marked_every || 5);
    text(g, t("{n} in", { n: k }), x + w - lw + 4, ry + 12, { size: 12, weight: 700, max: lw - 4 });
    text(g, t("{n} pts each", { n: (e.import_values || {})[good] ?? "?" }), x + w - lw + 4, ry + 27, { size: 11, color: "#b9b09a", max: lw - 4 });
  });
  h += imp.length * 42 + 4;
  // scoring tiles
  if ((e.scoring || []).length) {
    h += section(g, t("Round scoring (after production)"), x, y + h, w);
    for (const tile of e.scoring) {
      const ry = y + h;
      const th = Math.max(22, wrap(g, tile.text, 0, 0, w - 44, { size: 12, maxLines: 9, draw: false }) + 6);
      if (tile.current) box(g, x - 2, ry - 1, w + 4, th, 5, "rgba(255,217,90,0.18)", GOLD);
      const rn = t("R{n}", { n: tile.round });
      text(g, tile.current ? `\u25b6 ${rn}` : rn, x + 4, ry + 10, { size: 12, weight: 800, color: tile.done ? "#7d7663" : GOLD });
      wrap(g, tile.text, x + 40, ry + 3, w - 44, { size: 12, color: tile.done ? "#7d7663" : "#e8e0c8", maxLines: 9 });
      h += th + 2;
    }
    h += 4;
  }
  // turn order and pass money
  h += section(g, t("Turn order and pass money"), x, y + h, w);
  let ox = x;
  for (const seat of e.turn_order) {
    const p = v.players[seat];
    if (seat === v.current) { g.beginPath(); g.arc(ox + 9, y + h + 10, 11, 0, Math.PI * 2); g.strokeStyle = "#fff"; g.lineWidth = 2; g.stroke(); }
    seatToken(g, st.colorOf(seat), ox + 9, y + h + 10, 8);
    if (p && p.passed) text(g, "\u2713", ox + 9, y + h + 20, { size: 11, weight: 800, color: "#fff", align: "center" });
    ox += 24;
  }
  text(g, t("next to pass: {money}", { money: (e.pass_money || []).map((m) => `\u00a3${m}`).join(", ") || "-" }), ox + 6, y + h + 10, { size: 12, color: "#d9d2bd", max: x + w - ox - 8 });
  h += 28;
  // ports
  if ((e.ports || []).length) {
    h += section(g, t("Ports (reach one to use it, once each)"), x, y + h, w);
    for (const p of e.ports) {
      const ry = y + h;
      drawHarbour(g, x + 13, ry + 12, 20, `${p.port}`, text);
      let dx = x + 30;
      for (const s of p.used_by) {
        seatToken(g, st.colorOf(s), dx + 6, ry + 12, 6);
        dx += 14;
      }
      const used = wrap(g, p.text, dx + 4, ry + 3, x + w - dx - 6, { size: 12, maxLines: 9 });
      h += Math.max(26, used + 8);
    }
  }
  // what the last production and scoring gave
  const sum = v.summary || [];
  if (sum.length) {
    h += section(g, t("Last production and scoring"), x, y + h, w);
    for (const line of summaryLines(v, st.nameOf)) {
      h += wrap(g, line, x, y + h, w, { size: 12, color: "#e8e0c8", maxLines: 8 }) + 4;
    }
  }
  return { h: h + 8, hits };
}

/** What the last production/scoring gave, as sentences. */
export function summaryLines(v, nameOf) {
  const out = [];
  for (const s of v.summary || []) {
    if (s.kind === "production") {
      if (s.automa) { out.push(t("{name}: +\u00a3{money}", { name: nameOf(s.seat), money: s.money || 0 })); continue; }
      const goods = Object.entries(s.goods || {}).filter(([, n]) => n).map(([g, n]) => nGood(n, g));
      const made = Object.entries(s.made || {}).filter(([, n]) => n).map(([g, n]) => nGood(n, g));
      let line = t("{name}: income \u00a3{money}", { name: nameOf(s.seat), money: s.income || 0 });
      if (goods.length) line += `, ${goods.join(", ")}`;
      if (made.length) line += t("; made {goods}", { goods: made.join(", ") });
      if (s.pounds) line += `; +\u00a3${s.pounds}`;
      out.push(line);
    } else if (s.kind === "scoring") {
      const g = (s.glory || []).map((n, i) => `${nameOf(i)} +${n}`).join(", ");
      out.push(t("Round {round} scoring: {glory}", { round: s.round, glory: g }));
    } else {
      out.push(JSON.stringify(s).replace(/[{}"]/g, " "));
    }
  }
  return out;
}

// ---------------------------------------------------------------- player boards
export function drawPlayers(g, v, x, y, w, st) {
  const hits = [];
  let h = 0;
  const order = v.players.map((p) => p.seat);
  // the player to move (or you) first
  const first = st.me != null ? st.me : v.current;
  order.sort((a, b) => (a === first ? -1 : b === first ? 1 : a - b));
  if (st.glory) {
    // the glory track (the map had no room for it on its edge)
    h += section(g, t("Glory"), x, y, w);
    drawGloryTrack(g, x + 6, y + h + 4, w - 12, 44, v.players, st.colorOf);
    h += 60;
  }
  for (const seat of order) {
    const r = drawPlayer(g, v, v.players[seat], x, y + h, w, st);
    hits.push(...r.hits);
    // their board changed since your move (an upgrade, a contract fulfilled): the card marked
    const f = st.fresh && st.fresh.player.get(seat);
    if (f) markBox(g, { x, y: y + h, w, h: r.h }, f.colour, f.on, 10);
    h += r.h + 10;
  }
  return { h, hits };
}

function drawPlayer(g, v, p, x, y, w, st) {
  const hits = [];
  const col = st.colorOf(p.seat);
  const top = y;
  let h = 8;
  const cur = v.current === p.seat;
  // header
  // the clan's marker (its seat's shape, so told apart without its colour); a white ring: to move
  seatToken(g, col, x + 16, y + h + 12, 9);
  if (cur) { g.beginPath(); g.arc(x + 16, y + h + 12, 13, 0, Math.PI * 2); g.strokeStyle = "#fff"; g.lineWidth = 2; g.stroke(); }
  const clan = p.clan ? t("Clan {clan}", { clan: p.clan.name }) : p.automa ? t("Solo opponent (level {n})", { n: v.automa ? v.automa.difficulty : "?" }) : t("no clan");
  g.font = `400 12px ${FONT}`;
  const rightW = Math.max(g.measureText(t("glory {glory} \u00b7 score {score}", { glory: p.glory, score: p.score ? p.score.total : 0 })).width, 60) + 18;
  text(g, st.nameOf(p.seat), x + 32, y + h + 5, { size: 14, weight: 800, max: w - 32 - rightW });
  text(g, clan + (p.passed ? ` \u00b7 ${t("passed")}` : ""), x + 32, y + h + 21, { size: 12, color: "#c8bd9c", max: w - 32 - rightW });
  const wasP = st.was && (st.was.players || [])[p.seat];
  const mw = text(g, `\u00a3${p.money}`, x + w - 8, y + h + 5, { size: 15, weight: 800, color: GOLD, align: "right" });
  countChanged(st, p.seat, "money", wasP && wasP.money, p.money, { x: x + w - 8 - (mw || 40) - 2, y: y + h - 5, w: (mw || 40) + 4, h: 20 });
  text(g, t("glory {glory} \u00b7 score {score}", { glory: p.glory, score: p.score ? p.score.total : 0 }), x + w - 8, y + h + 21, { size: 12, color: "#e8e0c8", align: "right" });
  h += 36;
  if (p.clan && p.clan.summary) h += wrap(g, p.clan.summary, x + 10, y + h, w - 20, { size: 12, color: "#b9b09a", maxLines: 12 }) + 4;
  if (!p.automa) {
    // goods
    let gx = x + 10;
    for (const [good, n] of Object.entries(p.goods)) {
      goodChip(g, good, gx + 11, y + h + 12, 11);
      text(g, `${n}`, gx + 25, y + h + 12, { size: 13, weight: 700, color: n ? "#fff" : "#777" });
      countChanged(st, p.seat, good, wasP && (wasP.goods || {})[good], n, { x: gx, y: y + h, w: 40, h: 24 });
      gx += Math.min(52, (w - 20) / 6);
    }
    h += 28;
  }
  // units left on the board (their columns) and income
  const left = p.units_left || {};
  const kinds = UNIT_ORDER.filter((u) => u in left);
  // one row of columns, or two when a column would be narrower than a finger (44 px)
  const perRow = (w - 20) / kinds.length >= 46 ? kinds.length : Math.ceil(kinds.length / 2);
  const uw = Math.min(56, (w - 20) / Math.max(1, perRow));
  let ux = x + 10;
  kinds.forEach((u, k) => {
    if (k && k % perRow === 0) { h += 48; ux = x + 10; }
    const selectable = st.expand && st.expand.has(u) && !p.automa && p.seat === v.current;
    if (selectable) box(g, ux - 1, y + h - 2, uw - 2, 44, 6, "rgba(255,217,90,0.16)", GOLD, 2);
    unitGlyph(g, u, ux + uw / 2 - 1, y + h + 14, Math.min(24, uw * 0.6), col, { ghost: !left[u] });
    text(g, `${left[u]}`, ux + uw / 2 - 1, y + h + 34, { size: 12, weight: 700, align: "center", color: left[u] ? "#fff" : "#777" });
    if (selectable) hits.push({ x: ux - 1, y: y + h - 2, w: uw - 2, h: 44, kind: "unit", key: u, legal: true, label: `unit ${u}`, name: t("Expand with {unit} ({n} left)", { unit: unitName(u), n: left[u] }) });
    ux += uw;
  });
  h += 48;
  const bits = [];
  if (!p.automa) bits.push(t("income \u00a3{money}", { money: p.income }));
  bits.push(t("shipping: {level}", { level: SHIP[p.shipping] ? shipName(p.shipping) : p.shipping_level }));
  if (!p.automa) {
    const tech = Object.entries(p.tech || {}).filter(([, on]) => on).map(([k]) => (TECH[k] ? t(TECH[k]) : k));
    // (its own words: "none" alone is the shipping track's first step, "sem frota" in Portuguese)
    bits.push(tech.length ? t("technology: {workers}", { workers: tech.join(", ") }) : t("technology: none yet"));
  }
  bits.push(t("merchants {ready} ready, {hire} to hire", { ready: p.merchants.pool, hire: p.merchants.track }));
  bits.push(t("settlements {n}", { n: p.settlements }));
  if (p.clan && p.clan.id === "mackenzie") bits.push(t("cellar {spots}", { spots: p.cellar.join("/") }));
  h += wrap(g, bits.join(" \u00b7 "), x + 10, y + h, w - 20, { size: 12, color: "#e8e0c8", maxLines: 8 }) + 4;
  // shipping track: six steps in a row, or two rows of three where a name would not fit whole
  // (each step's name within its box, on two lines where long: Portuguese's "sem frota")
  const fits = (n) => SHIP.every((_, i) => fitLines(g, shipName(i), 0, 0, (w - 20) / n - 6, 11, { bold: true, measure: true, optional: true }).lines > 0);
  const per = fits(6) ? 6 : 3;
  const sw = (w - 20) / per;
  SHIP.forEach((_, i) => {
    const on = i === p.shipping;
    const bx = x + 10 + (i % per) * sw, by = y + h + Math.floor(i / per) * 34;
    box(g, bx + 1, by, sw - 2, 30, 4, on ? col : "rgba(255,255,255,0.07)", on ? "#fff" : null);
    g.fillStyle = on ? "#111" : "#9c9480";
    const used = fitLines(g, shipName(i), 0, 0, sw - 6, 11, { bold: on, measure: true });
    fitLines(g, shipName(i), bx + sw / 2, by + 15 - used.h / 2, sw - 6, 11, { bold: on });
  });
  h += 36 + (SHIP.length / per - 1) * 34;
  // contracts
  if ((p.contracts || []).length) {
    h += wrap(g, t("Open contracts (tap to fulfil when you can):"), x + 10, y + h + 1, w - 20, { size: 12, color: "#c8bd9c", maxLines: 4 }) + 2;
    for (const c of p.contracts) {
      const can = st.fulfil && st.fulfil.has(c.id) && p.seat === v.current;
      drawContract(g, c, x + 10, y + h, w - 20, { hl: can, tag: can ? t("fulfil") : "" });
      if (can) hits.push({ x: x + 10, y: y + h, w: w - 20, h: 56, kind: "fulfil", key: c.id, legal: true, label: `fulfil ${c.id}`, name: t("Fulfil this contract") });
      h += 62;
    }
  }
  if ((p.fulfilled || []).length) {
    const hops = p.fulfilled.reduce((a, c) => a + (c.hops || 0), 0);
    text(g, tn("Fulfilled: {n} contract ({hops})", "Fulfilled: {n} contracts ({hops})", p.fulfilled.length, { hops: nGood(hops, "hops") }), x + 10, y + h + 8, { size: 12, color: "#c8bd9c", max: w - 20 });
    h += 20;
  }
  if ((p.ports_used || []).length) {
    text(g, t("Ports used: {ports}", { ports: p.ports_used.join(", ") }), x + 10, y + h + 8, { size: 12, color: "#c8bd9c", max: w - 20 });
    h += 20;
  }
  if (p.automa && v.automa) h += drawAutoma(g, v.automa, x + 10, y + h, w - 20, col);
  box(g, x, top, w, h + 6, 10, null, cur ? col : EDGE, cur ? 2 : 1);
  return { h: h + 6, hits };
}

function drawAutoma(g, a, x, y, w, col) {
  let h = 4;
  const pw = text(g, t("Unit pointer: {unit}", { unit: unitName(a.pointer_unit) }), x, y + h + 8, { size: 12, weight: 700, max: w });
  // the cycle with the pointer: beside the label, or below it when the label is long (pt, ro)
  let cx0 = Math.max(150, pw + 12);
  if (w - cx0 < a.cycle.length * 26) { h += 24; cx0 = 0; }
  const cw = Math.min(40, (w - cx0) / a.cycle.length);
  a.cycle.forEach((u, i) => {
    const cx = x + cx0 + i * cw;
    if (cx + cw > x + w + 2) return;
    unitGlyph(g, u, cx + cw / 2, y + h + 8, Math.min(18, cw * 0.7), col, { ghost: a.cycle[a.pointer % a.cycle.length] !== u });
  });
  h += 24;
  const c = a.card_detail;
  if (c) {
    const acts = c.actions.map((k) => (ACTIONS[k] ? t(ACTIONS[k]) : k)).join(" \u2192 ");
    const crit = c.criteria.map((k) => (CRITERIA[k] ? t(CRITERIA[k]) : k)).join(", ");
    const args = { id: c.id, round: c.round, actions: acts, criteria: crit, step: c.step, modules: c.modules.join("/") };
    const line = c.upgrade === "M"
      ? t("Card {id} (round {round}): tries {actions}; expands by {criteria}; upgrades merchants first; pointer +{step}; map part {modules}", args)
      : t("Card {id} (round {round}): tries {actions}; expands by {criteria}; upgrades shipping first; pointer +{step}; map part {modules}", args);
    h += wrap(g, line, x, y + h, w, { size: 12, color: "#e8e0c8", maxLines: 10 }) + 4;
  }
  if (a.last && a.last.action) {
    const act = LAST[a.last.action] ? t(LAST[a.last.action]) : a.last.action;
    const money = a.last.money ? `, \u00a3${a.last.money}` : "";
    h += wrap(g, t("Last turn: {action}", { action: act + money }), x, y + h, w, { size: 12, color: "#b9b09a", maxLines: 4 }) + 4;
  }
  text(g, t("Cards left: {n}", { n: a.draw_count }), x, y + h + 8, { size: 12, color: "#b9b09a" });
  return h + 20;
}

// ------------------------------------------------------------------- setup offers
export function drawOffers(g, v, x, y, w, st) {
  const hits = [];
  let h = section(g, v.phase === "auction" ? t("Clans on offer (bid for first pick)") : t("Choose a clan and starting tile"), x, y, w);
  for (const o of v.offers || []) {
    const ry = y + h;
    const key = `${o.clan ? o.clan.id : ""}:${o.tile ? o.tile.id : ""}`;
    const can = st.pick && st.pick.has(key);
    const sel = st.offer === key;
    const bh = 52 + (o.clan ? wrap(g, o.clan.summary, 0, 0, w - 20, { size: 12, maxLines: 12, draw: false }) : 0);
    box(g, x, ry, w, bh, 8, sel ? "rgba(90,122,46,0.5)" : CARD, can ? GOLD : EDGE, can ? 2 : 1);
    text(g, o.clan ? t("Clan {clan}", { clan: o.clan.name }) : t("No clan"), x + 10, ry + 14, { size: 14, weight: 800 });
    let gx = x + 10;
    const tile = o.tile || { money: 0, goods: {} };
    gx += text(g, t("starts with \u00a3{money}", { money: tile.money }), gx, ry + 34, { size: 13, weight: 700, color: GOLD }) + 8;
    for (const [good, n] of Object.entries(tile.goods || {})) gx += goodCount(g, good, n, gx, ry + 34, 10);
    if (o.clan) wrap(g, o.clan.summary, x + 10, ry + 46, w - 20, { size: 12, color: "#c8bd9c", maxLines: 12 });
    if (can) hits.push({ x, y: ry, w, h: bh, kind: "offer", key, legal: true, label: `offer ${key}`,
      name: `${o.clan ? t("Clan {clan}", { clan: o.clan.name }) : t("No clan")}, ${t("starts with \u00a3{money}", { money: tile.money })}` });
    h += bh + 6;
  }
  return { h, hits };
}

// -------------------------------------------------------------------- final table
export function drawFinal(g, v, x, y, w, st) {
  const rows = v.final || [];
  let h = section(g, t("Final scores"), x, y, w);
  if (!rows.length) return { h, hits: [] };
  const cats = Object.keys(rows[0].breakdown);
  // the label column is as wide as its longest label allows (long words in pt and ro)
  g.font = `400 12px ${FONT}`;
  const longest = Math.max(...cats.map((c) => g.measureText(CATEGORY[c] ? t(CATEGORY[c]) : c).width), g.measureText(t("Money left (breaks ties)")).width);
  const labelW = Math.max(Math.min(170, w * 0.45), Math.min(longest + 8, w - rows.length * 52)), cw = (w - labelW) / rows.length;
  rows.forEach((r, i) => {
    const cx = x + labelW + i * cw + cw / 2;
    seatToken(g, st.colorOf(r.seat), cx, y + h + 10, 7);
    text(g, `${r.winner ? "\u2605 " : ""}${st.nameOf(r.seat)}`, cx, y + h + 28, { size: 12, weight: 700, align: "center", max: cw - 4 });
  });
  h += 40;
  for (const c of cats) {
    if (rows.every((r) => !r.breakdown[c]) && c === "bid") continue;
    text(g, CATEGORY[c] ? t(CATEGORY[c]) : c, x, y + h + 10, { size: 12, color: "#d9d2bd", max: labelW - 6 });
    rows.forEach((r, i) => text(g, `${r.breakdown[c]}`, x + labelW + i * cw + cw / 2, y + h + 10, { size: 13, weight: 700, align: "center" }));
    g.fillStyle = "rgba(255,255,255,0.06)"; g.fillRect(x, y + h + 20, w, 1);
    h += 24;
  }
  text(g, t("Total"), x, y + h + 12, { size: 14, weight: 800, color: GOLD });
  rows.forEach((r, i) => text(g, `${r.total}`, x + labelW + i * cw + cw / 2, y + h + 12, { size: 16, weight: 800, color: GOLD, align: "center" }));
  h += 28;
  text(g, t("Money left (breaks ties)"), x, y + h + 10, { size: 12, color: "#b9b09a", max: labelW - 6 });
  rows.forEach((r, i) => text(g, `\u00a3${r.money}`, x + labelW + i * cw + cw / 2, y + h + 10, { size: 12, align: "center", color: "#b9b09a" }));
  h += 26;
  const rated = rows.find((r) => r.rating);
  if (rated) {
    box(g, x, y + h + 4, w, 40, 8, "rgba(255,217,90,0.16)", GOLD, 2);
    text(g, t("Solo rating: {rating} ({n} points)", { rating: RATING[rated.rating] ? t(RATING[rated.rating]) : rated.rating, n: rated.total }), x + w / 2, y + h + 24, { size: 16, weight: 800, color: GOLD, align: "center" });
    h += 50;
  }
  return { h: h + 8, hits: [] };
}
