// Clans of Caledonia: what the player can do now, from legal_moves() and the
// view: choice-bar items (grouped, each with what it costs or gives), map
// highlights with the total cost of each space, and what the panels mark as
// tappable. Moves are always copies of legal moves, never invented.
import { GOOD, UNIT, pounds } from "./paint.js";

const SHIP = ["none", "river", "loch 1", "loch 2", "loch 3", "loch 4"];
// unit costs printed on the player board (engine data/units.csv); used only for labels
const UNIT_COST = { sheep: 8, cow: 9, dairy: 12, bakery: 8, field: 18, distillery: 10, woodcutter: 6, miner: 10 };
const FACTORY = new Set(["dairy", "bakery", "distillery"]);
const CAMPBELL_OFF = [3, 4, 4, 5];

const gname = (g) => (GOOD[g] ? GOOD[g].name : g);
const uname = (u) => (UNIT[u] ? UNIT[u].name : u);
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

export function contractText(c) {
  if (!c) return "contract";
  const needs = Object.entries(c.needs).map(([g, n]) => `${n} ${gname(g)}`).join(", ");
  const gets = Object.entries(c.imports || {}).map(([g, n]) => `${n} ${gname(g)}`);
  if (c.hops) gets.push(`${c.hops} hops`);
  if (c.money) gets.push(`\u00a3${c.money}`);
  if (c.free_land) gets.push("free land");
  if (c.bonus_upgrade) gets.push("an upgrade");
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
    hint = "Choose a clan and starting tile: tap one";
    const m = (by.pick || []).find((x) => `${x.clan || ""}:${x.tile}` === st.offer);
    if (m) {
      const o = v.offers.find((x) => `${x.clan ? x.clan.id : ""}:${x.tile ? x.tile.id : ""}` === st.offer);
      items.push({ label: `Take ${o && o.clan ? `Clan ${o.clan.name}` : "this tile"}`, move: m, main: true });
    }
  }
  for (const m of by.bid || []) items.push({ label: `Bid ${m.vp} glory`, move: m, group: "Bid for the first pick" });
  for (const m of by.bid_pass || []) items.push({ label: "Do not bid", move: m, main: true });
  if (by.start_worker) {
    focus = "map";
    const at = new Map();
    for (const m of by.start_worker) { if (!at.has(m.space)) at.set(m.space, []); at.get(m.space).push(m); }
    for (const [s, ms] of at) marks.set(s, { label: ms.length > 1 ? "2 kinds" : UNIT[ms[0].unit].a, moves: ms });
    hint = "Place a starting worker: tap a highlighted space";
    if (st.space != null && at.has(st.space)) for (const m of at.get(st.space)) items.push({ label: `${cap(uname(m.unit))} here`, move: m, main: true });
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
    hint = `Tap a space for your ${uname(unit)} (\u2248 blue: by shipping)`;
    if (st.space != null && marks.has(st.space)) {
      const sp = v.map.spaces[st.space];
      const c = placeCost(v, p, unit, sp, top.free_land);
      items.push({ label: `Place ${uname(unit)} here: \u2212\u00a3${c}`, move: marks.get(st.space).moves[0], main: true });
    }
  }
  for (const m of by.neighbour || []) {
    const mk = v.market.find((x) => x.good === m.good);
    const off = mk.kind === "basic" ? 2 : 3;
    const each = mk.price - off;
    items.push({ label: `${m.n} ${gname(m.good)}: \u2212\u00a3${each * m.n} (\u00a3${each} each, ${off} off)`, move: m, group: `Neighbour bonus: ${gname(m.good)}`, info: `Market \u00a3${mk.price}, you pay \u00a3${each} each` });
  }
  if (by.neighbour) hint = "Neighbourhood bonus: buy what your new neighbours make, cheaper";
  for (const m of by.keep_contracts || []) {
    const label = m.contracts.length ? `Keep ${m.contracts.map((id) => { const c = findContract(v, id, top); return c ? contractText(c) : `drawn contract ${top && top.drawn ? top.drawn.indexOf(id) + 1 : ""}`; }).join(" + ")} (${pounds(v.export.contract_cost)})` : "Keep none";
    items.push({ label, move: m, main: !m.contracts.length });
  }
  for (const m of by.swap || []) {
    if (m.space != null) {
      marks.set(m.space, { label: "swap", moves: [m] });
      focus = "map";
    } else if (m.unit) items.push({ label: `Swap in a ${uname(m.unit)}`, move: m });
  }
  if (by.swap && by.swap.some((m) => m.space != null)) hint = "Port: tap one of your units to swap it";
  if (by.swap && st.space != null && marks.has(st.space)) items.push({ label: "Swap this unit", move: marks.get(st.space).moves[0], main: true });
  for (const m of by.gain || []) items.push({ label: `Take 1 ${gname(m.good)}`, move: m });
  for (const m of by.bonus_upgrade || []) {
    const label = m.kind === "technology" ? `Technology: ${m.worker}s (\u2212\u00a35)` : m.kind === "shipping" ? `Shipping \u2192 ${SHIP[(p.shipping || 0) + 1]} (free)` : m.kind === "hire" ? "A merchant from your board (free)" : `Merchant back from ${gname(m.good)}`;
    items.push({ label, move: m, group: "Bonus upgrade" });
  }
  for (const m of by.brew || []) items.push({ label: `Brew: ${m.grain} grain \u2192 \u00a3${9 * m.grain}`, move: m, group: "Brew beer" });
  for (const m of by.uncask || []) items.push({ label: `Free: whisky out of cellar spot ${m.spot + 1}`, move: m, group: "Free: cellar" });
  const boats = [...new Set((by.row || []).map((m) => m.from))];
  for (const m of by.row || []) {
    const a = v.map.spaces[m.from], b = v.map.spaces[m.to];
    const which = boats.length > 1 ? ` (fisherman in the ${REGION[a.module] || "centre"})` : "";
    items.push({ label: `Row ${dirOf(a, b)}${which}`, move: m, group: "Free: row a fisherman" });
  }

  // -- the main actions ------------------------------------------------------------------
  const trades = by.trade || [];
  for (const m of trades) panel.tradable.add(m.good);
  if (st.good && trades.some((m) => m.good === st.good)) {
    const mk = v.market.find((x) => x.good === st.good);
    for (const m of trades.filter((x) => x.good === st.good)) {
      const d = (m.side === "buy" ? -1 : 1) * mk.price * m.n + stewart;
      items.push({ label: `${m.side === "buy" ? "Buy" : "Sell"} ${m.n} ${gname(m.good)}: ${d < 0 ? "\u2212" : "+"}\u00a3${Math.abs(d)} \u2192 \u00a3${money + d}`, move: m, group: m.side === "buy" ? `Buy ${gname(m.good)}` : `Sell ${gname(m.good)}` });
    }
    items.push({ label: "Other good", act: "clear" });
  } else if (trades.length) {
    items.push({ label: top && top.kind === "port6" ? "Trade the good (market)" : "Trade\u2026", act: "market", info: "Open the market and tap a good" });
  }
  for (const m of by.take_contract || []) panel.take.add(m.contract);
  if (by.take_contract) {
    const m = by.take_contract.find((x) => x.contract === st.contract);
    if (m) {
      const c = v.export.slots.find((x) => x && x.id === m.contract);
      const paying = !(top && top.kind === "buchanan_take");
      items.push({ label: `Take ${contractText(c)}${paying ? ` (${pounds(v.export.contract_cost)})` : ""}`, move: m, main: true });
    } else items.push({ label: "Take a contract\u2026", act: "export", info: "Open the export board and tap a contract" });
  }
  const expands = by.expand || [];
  for (const m of expands) {
    panel.expand.add(m.unit);
    const land = top && top.kind === "rewards" ? " (free land)" : " + land";
    items.push({ label: `${cap(uname(m.unit))} \u00a3${unitCost(p, m.unit)}${land}`, move: m, group: top && top.kind === "rewards" ? "Expand on free land" : "Expand" });
  }
  for (const m of by.shipping || []) items.push({ label: `Shipping \u2192 ${SHIP[p.shipping + 1]} (\u2212\u00a34)`, move: m, group: "Upgrade" });
  for (const m of by.technology || []) items.push({ label: `Technology: ${m.worker}s (\u2212\u00a310)`, move: m, group: "Upgrade" });
  for (const m of by.hire || []) items.push({ label: "Hire a merchant (\u2212\u00a34)", move: m, group: "Upgrade" });
  const fulfils = by.fulfil || [];
  for (const m of fulfils) panel.fulfil.add(m.contract);
  for (const m of fulfils) {
    const c = (p.contracts || []).find((x) => x.id === m.contract);
    const sl = m.slaughter && m.slaughter.length ? ` (slaughter ${m.slaughter.map((s) => animalAt(v, s)).join(", ")})` : "";
    items.push({ label: `Fulfil ${contractText(c)}${sl}`, move: m, group: "Fulfil a contract", main: st.contract === m.contract && fulfils.filter((x) => x.contract === m.contract).length === 1 });
  }
  // port bonuses: free actions
  for (const m of by.port || []) {
    const port = (v.export.ports || []).find((x) => x.port === m.port);
    let label = `Port ${m.port}`;
    if (m.give) label += `: give 1 ${gname(m.give)}`;
    else if (m.good) label += `: ${gname(m.good)} price ${m.steps > 0 ? "+" : ""}${m.steps}, then trade it`;
    else if (port) label += `: ${port.text.replace(/\.$/, "")}`;
    items.push({ label, move: m, group: "Free: port bonus", info: port ? port.text : "" });
  }
  // production
  for (const m of by.produce || []) items.push({ label: m.n ? `Make ${m.n} ${gname(m.good)} (uses ${m.n} ${gname(INPUT[m.good])})` : `Make no ${gname(m.good)}`, move: m, main: m.n === 0 });
  for (const m of by.cellar || []) items.push({ label: m.whisky ? `Put ${m.whisky} whisky in the cellar` : "Nothing in the cellar", move: m });
  for (const m of by.butter || []) items.push({ label: m.milk ? `Butter: ${m.milk} milk \u2192 \u00a3${8 * m.milk}` : "No butter", move: m });
  if (by.produce || by.cellar || by.butter) hint = "Production: choose what your buildings make";
  // finishing
  for (const m of by.done || []) items.push({ label: top && top.kind === "neighbour" ? "Done buying" : "Done", move: m, main: true });
  for (const m of by.end_turn || []) items.push({ label: "End turn", move: m, main: true });
  for (const m of by.pass || []) {
    const pm = v.export.pass_money || [];
    items.push({ label: `Pass (+\u00a3${pm[0] ?? 0})`, move: m, main: true, info: "Pass for the rest of the round" });
  }
  for (const m of by.automa || []) items.push({ label: "Solo opponent plays", move: m, main: true });
  // anything not covered above stays playable
  const known = new Set(["pick", "bid", "bid_pass", "start_worker", "place", "neighbour", "keep_contracts", "swap", "gain", "bonus_upgrade", "brew", "uncask", "row", "trade", "take_contract", "expand", "shipping", "technology", "hire", "fulfil", "port", "produce", "cellar", "butter", "done", "end_turn", "pass", "automa"]);
  for (const m of legal) if (!known.has(m.type)) items.push({ label: JSON.stringify(m).replace(/[{}"]/g, "").replace(/type:/, ""), move: m });
  if (!hint && p && v.phase === "actions" && !(v.turn && v.turn.main)) hint = "Your turn: one main action (or pass); ports and clan moves are free";
  if (v.turn && v.turn.main && !top && by.end_turn) hint = "Main action done: use a port now, or end your turn";
  return { items, marks, panel, hint, focus, byType: by, top };
}

const INPUT = { bread: "grain", cheese: "milk", whisky: "grain" };
const REGION = { A: "north-west", B: "north-east", C: "south-east", D: "south-west" };

function findContract(v, id, top) {
  for (const c of v.export.slots) if (c && c.id === id) return c;
  for (const p of v.players) for (const c of [...p.contracts, ...p.fulfilled]) if (c && c.id === id) return c;
  if (top && top.drawn_detail) return top.drawn_detail.find((c) => c.id === id);
  return (v.drawn || []).find((c) => c.id === id) || null;
}

function animalAt(v, s) {
  const u = (v.map.units || []).find((x) => x.space === s);
  const sp = v.map.spaces[s];
  return `${u ? uname(u.unit) : "animal"} on \u00a3${sp.cost} land`;
}

function dirOf(a, b) {
  const dx = b.x - a.x, dy = b.y - a.y;
  const ang = (Math.atan2(dy, dx) * 180) / Math.PI;
  const names = ["east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east"];
  return names[((Math.round(ang / 45) % 8) + 8) % 8];
}

export { key };
