// Clans of Caledonia's tabs (the map on a phone, the market, the export board, the players'
// boards, the clan offers, the final table): where they stand and how they are drawn.
import { FONT, text } from "./paint.js";
import { t, N_ } from "../../i18n/caledonia.js";

export const TAB_H = 44;
// ("Trade" and "Exports": the words "Market" and "Export" mean other things elsewhere in the app)
const TAB_NAMES = { map: N_("Map"), market: N_("Trade"), export: N_("Exports"), players: N_("Players"), offers: N_("Clans"), final: N_("Final") };

/** A tab's name in the reader's language. */
export const tabName = (id) => (TAB_NAMES[id] ? t(TAB_NAMES[id]) : id);

/** Tabs across [x0, x0 + W]: equal widths, unless a label (a long word in pt or ro) would not
 * fit; then each tab gets its label's width and the rest is shared out equally. */
export function tabRow(g, ids, x0, W) {
  g.font = `800 12px ${FONT}`;
  const need = ids.map((id) => g.measureText(tabName(id)).width + 14);
  const eq = W / ids.length;
  let ws = ids.map(() => eq);
  const total = need.reduce((a, b) => a + b, 0);
  if (need.some((n) => n > eq) && total <= W) {
    const extra = (W - total) / ids.length;
    ws = need.map((n) => n + extra);
  }
  let x = x0;
  return ids.map((id, i) => { const tab = { id, x, y: 0, w: ws[i], h: TAB_H }; x += ws[i]; return tab; });
}

/** The tabs of layout ``L`` with ``tab`` shown; badge(id): a dot for a tab that holds something to do now. */
export function drawTabs(g, L, tab, W, badge) {
  for (const tb of L.tabs) {
    const on = tb.id === tab;
    g.fillStyle = on ? "#2c3d33" : "#131b18";
    g.fillRect(tb.x, tb.y, tb.w, tb.h);
    if (on) { g.fillStyle = "#ffd95a"; g.fillRect(tb.x + 6, tb.y + tb.h - 3, tb.w - 12, 3); }
    const label = tabName(tb.id);
    // a long word (pt, ro) gets the smaller size before it is cut short
    g.font = `${on ? 800 : 600} 14px ${FONT}`;
    const size = tb.w < 64 || g.measureText(label).width > tb.w - 8 ? 12 : 14;
    text(g, label, tb.x + tb.w / 2, tb.y + tb.h / 2, { size, weight: on ? 800 : 600, color: on ? "#fff" : "#c8bd9c", align: "center", max: tb.w - 6 });
    if (badge(tb.id)) { g.beginPath(); g.arc(tb.x + tb.w - 8, tb.y + 9, 4, 0, Math.PI * 2); g.fillStyle = "#ffd95a"; g.fill(); }
  }
  g.fillStyle = "rgba(255,240,200,0.15)";
  const x0 = L.tabs.length ? L.tabs[0].x : 0;
  g.fillRect(x0, TAB_H - 1, W - x0, 1);
}
