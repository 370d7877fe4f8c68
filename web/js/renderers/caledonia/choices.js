// Clans of Caledonia: what the player can do now, from legal_moves() and the
// view: choice-bar items (grouped, each with what it costs or gives), map
// highlights with the total cost of each space, and what the panels mark as
// tappable. Moves are always copies of legal moves, never invented. Every
// label is translated (t) when the plan is made, i.e. at each update.
import { t, tn, N_ } from "../../i18n/caledonia.js";
import { UNIT, pounds, goodName, unitName, nGood, shipName } from "./paint.js";

// unit costs printed on the player board (engine data/units.csv); used only for labels
const UNIT_COST = { sheep: 8, cow: 9, dairy: 12, bakery: 8, field: 18, distillery: 10, woodcutter: 6, miner: 10 };
const FACTORY = new Set(["dairy", "bakery", "distillery"]);
const CAMPBELL_OFF = [3, 4, 4, 5];

const gname = goodName;
const uname = unitName;
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const TECH = { woodcutter: N_("woodcutters"), miner: N_("miners") };
const techName = (w) => (TECH[w] ? t(TECH[w]) : w);

export function contractText(c) {
  if (!c) return t("contract");
  const needs = Object.entries(c.needs).map(([g, n]) => nGood(n, g)).join(", ");
  const gets = Object.entries(c.imports || {}).map(([g, n]) => nGood(n, g));
  if (c.hops) gets.push(nGood(c.hops, "hops"));
  if (c.money) gets.push(`\u00a3${c.money}`);
  if (c.free_land) gets.push(t("free land"));
  if (c.bonus_upgrade) gets.push(tn("{n} upgrade", "{n} upgrades", c.bonus_upgrade));
  return `${needs} \u2192 ${gets.join(", ")}`;
}

/** The cost of a unit before land, as the engine counts it (Campbell, MacDonald). */
export function unitCost(p, unit) {
  if (p.unit_costs && unit in p.unit_costs) return p.unit_costs[unit];
  const clan = p.clan && p.clan.id;
  if (clan === "macdonald" && (unit === "woodcutter" || unit === "miner" || unit === "fisherman")) return 6;
  let c = UNIT_COST[unit] ?? 0;
  if (clan === "campbell" && FACTORY.has(unit)) {
    const k = (p.deployed || {})[unit] || 0;
    if (k < 4) c -= CAMPBELL_OFF[k];
  }
  return c;
}

export function placeCost(v, p, unit, sp, freeLand) {
  let c = unitCost(p, unit) + (freeLand || sp.kind !== "land" ? 0 : sp.cost);
  if (p.clan && p.clan.id === "robertson" && sp.flags.delta) c -= v.players.length <= 2 ? 2 : 3;
  return Math.max(0, c);
}

const key = (m) => JSON.stringify(m);

/**
 * st: renderer selection {good, contract, offer, space}; idx: map index.
 * Returns {items, marks: Map(space -> {label, ship}), panel: {...sets}, hint, focus}.
 */
export function plan(snap, st, idx, nameOf) {
  const v = snap.view;
  const legal = snap.legal || [];
  const seat = v.current;
  const p = seat != null ? v.players[seat] : null;
  const items = [];
  const marks = new Map();
  const panel = { tradable: new Set(), take: new Set(), fulfil: new Set(), expand: new Set(), pick: new Set(), takeCost: v.export.contract_cost };
  const by = {};
  for (const m of legal) (by[m.type] = by[m.type] || []).push(m);
  const top = (v.pending || [])[v.pending.length - 1] || null;
  let hint = "";
  let focus = null;
  const money = p ? p.money : 0;
  const stewart = p && p.clan && p.clan.id === "stewart" ? 1 : 0;

  // -- setup -------------------------------------------------------------------------
  for (const m of by.pick || []) panel.pick.add(`${m.clan || ""}:${m.tile}`);
  if (by.pick) {
    focus = "offers";
    hint = t("Choose a clan and starting tile: tap one");
    const m = (by.pick || []).find((x) => `${x.clan || ""}:${x.tile}` === st.offer);
    if (m) {
      const o = v.offers.find((x) => `${x.clan ? x.clan.id : ""}:${x.tile ? x.tile.id : ""}` === st.offer);
      items.push({ label: o && o.clan ? t("Take Clan {clan}", { clan: o.clan.name }) : t("Take this tile"), move: m, main: true });
    }
  }
  for (const m of by.bid || []) items.push({ label: t("Bid {n} glory", { n: m.vp }), move: m, group: t("Bid for the first pick") });
  for (const m of by.bid_pass || []) items.push({ label: t("Do not bid"), move: m, main: true });
  if (by.start_worker) {
    focus = "map";
    const at = new Map();
    for (const m of by.start_worker) { if (!at.has(m.space)) at.set(m.space, []); at.get(m.space).push(m); }
    for (const [s, ms] of at) marks.set(s, { label: ms.length > 1 ? t("2 kinds") : t(UNIT[ms[0].unit].a), moves: ms });
    hint = t("Place a starting worker: tap a highlighted space");
    if (st.space != null && at.has(st.space)) for (const m of at.get(st.space)) items.push({ label: t("{unit} here", { unit: cap(uname(m.unit)) }), move: m, main: true });
  }

  // -- sub-decisions of a turn ----------------------------------------------------------
  if (by.place && top && top.kind === "place") {
    focus = "map";
    const unit = top.unit;
    for (const m of by.place) {
      const sp = v.map.spaces[m.space];
      const c = placeCost(v, p, unit, sp, top.free_land);
      const own = (v.map.units || []).some((u) => u.seat === seat && idx.nbrs[m.space].some((n) => n.id === u.space && !idx.river.has(`${u.space}-${m.space}`)));
      marks.set(m.space, { label: `${own ? "" : "\u2248"}\u00a3${c}`, ship: !own, moves: [m] });
    }
    hint = t("Tap a space for your {unit} (\u2248 blue: by shipping)", { unit: uname(unit) });
    if (st.space != null && marks.has(st.space)) {
      const sp = v.map.spaces[st.space];
      const c = placeCost(v, p, unit, sp, top.free_land);
      items.push({ label: t("Place {unit} here: \u2212\u00a3{cost}", { unit: uname(unit), cost: c }), move: marks.get(st.space).moves[0], main: true });
    }
  }
  for (const m of by.neighbour || []) {
    const mk = v.market.find((x) => x.good === m.good);
    const off = mk.kind === "basic" ? 2 : 3;
    const each = mk.price - off;
    items.push({ label: t("{goods}: \u2212\u00a3{total} (\u00a3{each} each, {off} off)", { goods: nGood(m.n, m.good), total: each * m.n, each, off }), move: m,
      group: t("Neighbour bonus: {good}", { good: gname(m.good) }), info: t("Market \u00a3{price}, you pay \u00a3{each} each", { price: mk.price, each }) });
  }
  if (by.neighbour) hint = t("Neighbourhood bonus: buy what your new neighbours make, cheaper");
  for (const m of by.keep_contracts || []) {
    const which = m.contracts.map((id) => { const c = findContract(v, id, top); return c ? contractText(c) : t("drawn contract {n}", { n: top && top.drawn ? top.drawn.indexOf(id) + 1 : "" }); }).join(" + ");
    const label = m.contracts.length ? t("Keep {contracts} ({cost})", { contracts: which, cost: pounds(v.export.contract_cost) }) : t("Keep none");
    items.push({ label, move: m, main: !m.contracts.length });
  }
  for (const m of by.swap || []) {
    if (m.space != null) {
      marks.set(m.space, { label: t("swap"), moves: [m] });
      focus = "map";
    } else if (m.unit) items.push({ label: t("Swap in: {unit}", { unit: uname(m.unit) }), move: m });
  }
  if (by.swap && by.swap.some((m) => m.space != null)) hint = t("Port: tap one of your units to swap it");
  if (by.swap && st.space != null && marks.has(st.space)) items.push({ label: t("Swap this unit"), move: marks.get(st.space).moves[0], main: true });
  for (const m of by.gain || []) items.push({ label: t("Take {goods}", { goods: nGood(1, m.good) }), move: m });
  for (const m of by.bonus_upgrade || []) {
    const label = m.kind === "technology" ? t("Technology: {workers} (\u2212\u00a35)", { workers: techName(m.worker) })
      : m.kind === "shipping" ? t("Shipping \u2192 {level} (free)", { level: shipName((p.shipping || 0) + 1) })
      : m.kind === "hire" ? t("A merchant from your board (free)") : t("Merchant back from {good}", { good: gname(m.good) });
    items.push({ label, move: m, group: t("Bonus upgrade") });
  }
  for (const m of by.brew || []) items.push({ label: t("Brew: {grain} \u2192 \u00a3{money}", { grain: nGood(m.grain, "grain"), money: 9 * m.grain }), move: m, group: t("Brew beer") });
  for (const m of by.uncask || []) items.push({ label: t("Free: whisky out of cellar spot {n}", { n: m.spot + 1 }), move: m, group: t("Free: cellar") });
  const boats = [...new Set((by.row || []).map((m) => m.from))];
  for (const m of by.row || []) {
    const a = v.map.spaces[m.from], b = v.map.spaces[m.to];
    const dir = dirOf(a, b);
    const where = t(REGION[a.module] || REGION.centre);
    const label = boats.length > 1 ? t("Row {dir} (fisherman {where})", { dir, where }) : t("Row {dir}", { dir });
    items.push({ label, move: m, group: t("Free: row a fisherman") });
  }

  // -- the main actions ------------------------------------------------------------------
  const trades = by.trade || [];
  for (const m of trades) panel.tradable.add(m.good);
  if (st.good && trades.some((m) => m.good === st.good)) {
    const mk = v.market.find((x) => x.good === st.good);
    for (const m of trades.filter((x) => x.good === st.good)) {
      const d = (m.side === "buy" ? -1 : 1) * mk.price * m.n + stewart;
      const args = { goods: nGood(m.n, m.good), change: `${d < 0 ? "\u2212" : "+"}\u00a3${Math.abs(d)}`, money: money + d };
      items.push({ label: m.side === "buy" ? t("Buy {goods}: {change} \u2192 \u00a3{money}", args) : t("Sell {goods}: {change} \u2192 \u00a3{money}", args), move: m,
        group: m.side === "buy" ? t("Buy {good}", { good: gname(m.good) }) : t("Sell {good}", { good: gname(m.good) }) });
    }
    items.push({ label: t("Other good"), act: "clear" });
  } else if (trades.length) {
    items.push({ label: top && top.kind === "port6" ? t("Trade the good (market)") : t("Trade\u2026"), act: "market", info: t("Open the market and tap a good") });
  }
  for (const m of by.take_contract || []) panel.take.add(m.contract);
  if (by.take_contract) {
    const m = by.take_contract.find((x) => x.contract === st.contract);
    if (m) {
      const c = v.export.slots.find((x) => x && x.id === m.contract);
      const paying = !(top && top.kind === "buchanan_take");
      items.push({ label: paying ? t("Take {contract} ({cost})", { contract: contractText(c), cost: pounds(v.export.contract_cost) }) : t("Take {contract}", { contract: contractText(c) }), move: m, main: true });
    } else items.push({ label: t("Take a contract\u2026"), act: "export", info: t("Open the export board and tap a contract") });
  }
  const expands = by.expand || [];
  for (const m of expands) {
    panel.expand.add(m.unit);
    const free = top && top.kind === "rewards";
    const args = { unit: cap(uname(m.unit)), cost: unitCost(p, m.unit) };
    items.push({ label: free ? t("{unit} \u00a3{cost} (free land)", args) : t("{unit} \u00a3{cost} + land", args), move: m, group: free ? t("Expand on free land") : t("Expand") });
  }
  for (const m of by.shipping || []) items.push({ label: t("Shipping \u2192 {level} (\u2212\u00a34)", { level: shipName(p.shipping + 1) }), move: m, group: t("Upgrade") });
  for (const m of by.technology || []) items.push({ label: t("Technology: {workers} (\u2212\u00a310)", { workers: techName(m.worker) }), move: m, group: t("Upgrade") });
  for (const m of by.hire || []) items.push({ label: t("Hire a merchant (\u2212\u00a34)"), move: m, group: t("Upgrade") });
  const fulfils = by.fulfil || [];
  for (const m of fulfils) panel.fulfil.add(m.contract);
  for (const m of fulfils) {
    const c = (p.contracts || []).find((x) => x.id === m.contract);
    const label = m.slaughter && m.slaughter.length
      ? t("Fulfil {contract} (slaughter {animals})", { contract: contractText(c), animals: m.slaughter.map((s) => animalAt(v, s)).join(", ") })
      : t("Fulfil {contract}", { contract: contractText(c) });
    items.push({ label, move: m, group: t("Fulfil a contract"), main: st.contract === m.contract && fulfils.filter((x) => x.contract === m.contract).length === 1 });
  }
  // port bonuses: free actions
  for (const m of by.port || []) {
    const port = (v.export.ports || []).find((x) => x.port === m.port);
    let label = t("Port {n}", { n: m.port });
    if (m.give) label = t("Port {n}: give {goods}", { n: m.port, goods: nGood(1, m.give) });
    else if (m.good) label = t("Port {n}: {good} price {steps}, then trade it", { n: m.port, good: gname(m.good), steps: `${m.steps > 0 ? "+" : ""}${m.steps}` });
    else if (port) label = t("Port {n}: {bonus}", { n: m.port, bonus: port.text.replace(/\.$/, "") });
    items.push({ label, move: m, group: t("Free: port bonus"), info: port ? port.text : "" });
  }
  // production
  for (const m of by.produce || []) items.push({ label: m.n ? t("Make {goods} (uses {input})", { goods: nGood(m.n, m.good), input: nGood(m.n, INPUT[m.good]) }) : t("Make no {good}", { good: gname(m.good) }), move: m, main: m.n === 0 });
  for (const m of by.cellar || []) items.push({ label: m.whisky ? t("Put {goods} in the cellar", { goods: nGood(m.whisky, "whisky") }) : t("Nothing in the cellar"), move: m });
  for (const m of by.butter || []) items.push({ label: m.milk ? t("Butter: {milk} \u2192 \u00a3{money}", { milk: nGood(m.milk, "milk"), money: 8 * m.milk }) : t("No butter"), move: m });
  if (by.produce || by.cellar || by.butter) hint = t("Production: choose what your buildings make");
  // finishing
  for (const m of by.done || []) items.push({ label: top && top.kind === "neighbour" ? t("Done buying") : t("Done"), move: m, main: true });
  for (const m of by.end_turn || []) items.push({ label: t("End turn"), move: m, main: true });
  for (const m of by.pass || []) {
    const pm = v.export.pass_money || [];
    items.push({ label: t("Pass (+\u00a3{money})", { money: pm[0] ?? 0 }), confirm: t("Yes, pass (+\u00a3{money})", { money: pm[0] ?? 0 }), move: m, main: true, info: t("Pass for the rest of the round") });
  }
  for (const m of by.automa || []) items.push({ label: t("Solo opponent plays"), move: m, main: true });
  // anything not covered above stays playable
  const known = new Set(["pick", "bid", "bid_pass", "start_worker", "place", "neighbour", "keep_contracts", "swap", "gain", "bonus_upgrade", "brew", "uncask", "row", "trade", "take_contract", "expand", "shipping", "technology", "hire", "fulfil", "port", "produce", "cellar", "butter", "done", "end_turn", "pass", "automa"]);
  for (const m of legal) if (!known.has(m.type)) items.push({ label: JSON.stringify(m).replace(/[{}"]/g, "").replace(/type:/, ""), move: m });
  if (!hint && p && v.phase === "actions" && !(v.turn && v.turn.main)) hint = t("Your turn: one main action (or pass); ports and clan moves are free");
  if (v.turn && v.turn.main && !top && by.end_turn) hint = t("Main action done: use a port now, or end your turn");
  return { items, marks, panel, hint, focus, byType: by, top };
}

const INPUT = { bread: "grain", cheese: "milk", whisky: "grain" };
const REGION = { A: N_("in the north-west"), B: N_("in the north-east"), C: N_("in the south-east"), D: N_("in the south-west"), centre: N_("in the centre") };

function findContract(v, id, top) {
  for (const c of v.export.slots) if (c && c.id === id) return c;
  for (const p of v.players) for (const c of [...p.contracts, ...p.fulfilled]) if (c && c.id === id) return c;
  if (top && top.drawn_detail) return top.drawn_detail.find((c) => c.id === id);
  return (v.drawn || []).find((c) => c.id === id) || null;
}

function animalAt(v, s) {
  const u = (v.map.units || []).find((x) => x.space === s);
  const sp = v.map.spaces[s];
  const animal = u ? uname(u.unit) : t("animal");
  return t("{animal} on \u00a3{cost} land", { animal, cost: sp.cost });
}

function dirOf(a, b) {
  const dx = b.x - a.x, dy = b.y - a.y;
  const ang = (Math.atan2(dy, dx) * 180) / Math.PI;
  const names = [N_("east"), N_("south-east"), N_("south"), N_("south-west"), N_("west"), N_("north-west"), N_("north"), N_("north-east")];
  return t(names[((Math.round(ang / 45) % 8) + 8) % 8]);
}

export { key };
