// Clans of Caledonia: what the player can do now, from the snapshot's legal
// moves and the engine's words for each (snapshot.labels: label, cost, group,
// info, in the reader's language): choice-bar items, map highlights with each
// space's cost, and what the panels mark as tappable. Moves are always legal
// moves, never invented; what a move costs or gives is the engine's, never
// worked out here. The page's own words are only those of its controls
// (hints, Other good, Trade…, Take a contract…).
import { t } from "../../i18n/caledonia.js";
import { tapOr } from "../../pointer.js";
import { unitName } from "./paint.js";
import { hasUnit, hasGood } from "./pieces.js";

/**
 * st: renderer selection {good, contract, offer, space}; idx (the map index) and nameOf are not needed any more.
 * Items may carry piece: {unit, seat} or {good}, the picture of what the move is about.
 * Returns {items, marks: Map(space -> {label, units?, ship?, moves}), panel: {...sets}, hint, focus, byType, top}.
 */
export function plan(snap, st, idx, nameOf) {
  const v = snap.view;
  const legal = snap.legal || [];
  const labels = snap.labels || [];
  const seat = v.current;
  const items = [];
  const marks = new Map();
  const panel = { tradable: new Set(), take: new Set(), fulfil: new Set(), expand: new Set(), pick: new Set(), takeCost: v.export.contract_cost };
  const by = {};
  const words = new Map();   // move -> the engine's {label, cost, group, info}
  legal.forEach((m, i) => {
    (by[m.type] = by[m.type] || []).push(m);
    words.set(m, labels[i] || { label: m.type, cost: null, group: null, info: null });
  });
  const top = (v.pending || [])[v.pending.length - 1] || null;
  let hint = "";
  let focus = null;
  // one button of a move, in the engine's words (extra: main, or group: null for none)
  const item = (m, extra = {}) => {
    const w = words.get(m);
    const it = { label: w.label, move: m };
    const unit = m.unit || m.worker, good = m.good || m.give;
    if (hasUnit(unit)) it.piece = { unit, seat };      // its picture on the button (the renderer draws it)
    else if (hasGood(good)) it.piece = { good };
    if (w.group) it.group = w.group;
    if (w.info) it.info = w.info;
    return Object.assign(it, extra);
  };
  const add = (m, extra) => items.push(item(m, extra));

  // -- setup -------------------------------------------------------------------------
  for (const m of by.pick || []) panel.pick.add(`${m.clan || ""}:${m.tile}`);
  if (by.pick) {
    focus = "offers";
    hint = t("Choose a clan and starting tile: tap one");
    const m = by.pick.find((x) => `${x.clan || ""}:${x.tile}` === st.offer);
    if (m) add(m, { main: true });
  }
  for (const m of by.bid || []) add(m);
  for (const m of by.bid_pass || []) add(m, { main: true });
  if (by.start_worker) {
    focus = "map";
    const at = new Map();
    for (const m of by.start_worker) { if (!at.has(m.space)) at.set(m.space, []); at.get(m.space).push(m); }
    for (const [s, ms] of at) {
      // the units that may go there (drawn as pictograms); the label is the fallback: its cost
      const costs = new Set(ms.map((m) => words.get(m).cost));
      marks.set(s, { units: ms.map((m) => m.unit), label: costs.size === 1 ? [...costs][0] || "" : t("2 kinds"), moves: ms });
    }
    hint = t("Place a starting worker: tap a highlighted space");
    if (st.space != null && at.has(st.space)) for (const m of at.get(st.space)) add(m, { main: true });
  }

  // -- sub-decisions of a turn ----------------------------------------------------------
  if (by.place && top && top.kind === "place") {
    focus = "map";
    for (const m of by.place) {
      // the engine's cost; "≈£11": a space reached by shipping (drawn blue)
      const cost = words.get(m).cost || "";
      marks.set(m.space, { label: cost, ship: cost.startsWith("\u2248"), moves: [m] });
    }
    hint = tapOr(t("Tap a space for your {unit} (\u2248 blue: by shipping)", { unit: unitName(top.unit) }), t("Click a space for your {unit} (\u2248 blue: by shipping)", { unit: unitName(top.unit) }));
    if (st.space != null && marks.has(st.space)) add(marks.get(st.space).moves[0], { main: true });
  }
  for (const m of by.neighbour || []) add(m);
  if (by.neighbour) hint = t("Neighbourhood bonus: buy what your new neighbours make, cheaper");
  for (const m of by.keep_contracts || []) add(m, { main: !m.contracts.length });
  for (const m of by.swap || []) {
    if (m.space != null) {
      marks.set(m.space, { label: t("swap"), moves: [m] });
      focus = "map";
    } else add(m);
  }
  if (by.swap && by.swap.some((m) => m.space != null)) hint = t("Port: tap one of your units to swap it");
  if (by.swap && st.space != null && marks.has(st.space)) add(marks.get(st.space).moves[0], { main: true });
  for (const m of by.gain || []) add(m);
  for (const m of by.bonus_upgrade || []) add(m);
  for (const m of by.brew || []) add(m);
  for (const m of by.uncask || []) add(m);
  for (const m of by.row || []) add(m);

  // -- the main actions ------------------------------------------------------------------
  const trades = by.trade || [];
  for (const m of trades) panel.tradable.add(m.good);
  if (st.good && trades.some((m) => m.good === st.good)) {
    for (const m of trades.filter((x) => x.good === st.good)) add(m);
    items.push({ label: t("Other good"), act: "clear" });
  } else if (trades.length) {
    items.push({ label: top && top.kind === "port6" ? t("Trade the good (market)") : t("Trade\u2026"), act: "market", info: t("Open the market and tap a good") });
  }
  for (const m of by.take_contract || []) panel.take.add(m.contract);
  if (by.take_contract) {
    const m = by.take_contract.find((x) => x.contract === st.contract);
    if (m) add(m, { main: true, group: null });
    else items.push({ label: t("Take a contract\u2026"), act: "export", info: t("Open the export board and tap a contract") });
  }
  for (const m of by.expand || []) {
    panel.expand.add(m.unit);
    add(m);
  }
  for (const m of by.shipping || []) add(m);
  for (const m of by.technology || []) add(m);
  for (const m of by.hire || []) add(m);
  const fulfils = by.fulfil || [];
  for (const m of fulfils) panel.fulfil.add(m.contract);
  for (const m of fulfils) add(m, { main: st.contract === m.contract && fulfils.filter((x) => x.contract === m.contract).length === 1 });
  for (const m of by.port || []) add(m);
  // production
  for (const m of by.produce || []) add(m, { main: m.n === 0 });
  for (const m of by.cellar || []) add(m);
  for (const m of by.butter || []) add(m);
  if (by.produce || by.cellar || by.butter) hint = t("Production: choose what your buildings make");
  // finishing
  for (const m of by.done || []) add(m, { main: true });
  for (const m of by.end_turn || []) add(m, { main: true });
  for (const m of by.pass || []) add(m, { main: true, confirm: t("Yes, pass ({change})", { change: words.get(m).cost || "" }) });
  for (const m of by.automa || []) add(m, { main: true });
  // anything not covered above stays playable, in the engine's words
  const known = new Set(["pick", "bid", "bid_pass", "start_worker", "place", "neighbour", "keep_contracts", "swap", "gain", "bonus_upgrade", "brew", "uncask", "row", "trade", "take_contract", "expand", "shipping", "technology", "hire", "fulfil", "port", "produce", "cellar", "butter", "done", "end_turn", "pass", "automa"]);
  for (const m of legal) if (!known.has(m.type)) add(m);
  const p = seat != null ? v.players[seat] : null;
  if (!hint && p && v.phase === "actions" && !(v.turn && v.turn.main)) hint = t("Your turn: one main action (or pass); ports and clan moves are free");
  if (v.turn && v.turn.main && !top && by.end_turn) hint = t("Main action done: use a port now, or end your turn");
  return { items, marks, panel, hint, focus, byType: by, top };
}

export const key = (m) => JSON.stringify(m);
