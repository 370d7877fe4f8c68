// Glen More's tile pictures: each kind of tile a small landscape (the village's cottages, the
// field's rows of grain, sheep on the meadow, a cow behind a fence, the forest, the quarry's
// rocks, the loch, the distillery's pagoda roof, the tavern's sign, the butcher's awning, the
// bridge's arch, the fair's tents, the grocer's stall, each castle, loch and the abbey by its own
// motif), with the tile's river and road. Painted once per kind and size (landscape.js cached()),
// made of the same grass, water, trees and rocks as Hunters' tiles.

import {
  PALETTE, cached, scaleOf, rng, seedOf, shade, grass, fieldRows, water, lakePath, canopy, pine, rock,
  cottage, sheep, cow, fence,
} from "../landscape.js";

const ell = (g, cx, cy, rx, ry, fill) => { g.fillStyle = fill; g.beginPath(); g.ellipse(cx, cy, rx, ry, 0, 0, Math.PI * 2); g.fill(); };
const poly = (g, pts, fill, stroke, lw) => {
  g.beginPath(); pts.forEach(([x, y], i) => (i ? g.lineTo(x, y) : g.moveTo(x, y))); g.closePath();
  if (fill) { g.fillStyle = fill; g.fill(); }
  if (stroke) { g.strokeStyle = stroke; g.lineWidth = lw; g.stroke(); }
};

// --- pieces of scenery (in px of a tile S wide) ---------------------------------------------
function river(g, S) {
  g.lineCap = "butt";
  g.strokeStyle = PALETTE.bank; g.lineWidth = S * 0.2;
  g.beginPath(); g.moveTo(S * 0.5, 0); g.bezierCurveTo(S * 0.44, S * 0.35, S * 0.56, S * 0.65, S * 0.5, S); g.stroke();
  g.strokeStyle = PALETTE.water; g.lineWidth = S * 0.13;
  g.stroke();
  g.strokeStyle = "rgba(200,235,255,0.55)"; g.lineWidth = Math.max(1, S * 0.012);
  g.setLineDash([S * 0.04, S * 0.06]);
  g.beginPath(); g.moveTo(S * 0.515, 0); g.bezierCurveTo(S * 0.455, S * 0.35, S * 0.575, S * 0.65, S * 0.515, S); g.stroke();
  g.setLineDash([]);
}

function road(g, S, rand) {
  g.lineCap = "butt";
  g.strokeStyle = "#a98a5c"; g.lineWidth = S * 0.12;
  g.beginPath(); g.moveTo(0, S * 0.5); g.bezierCurveTo(S * 0.35, S * 0.46, S * 0.65, S * 0.54, S, S * 0.5); g.stroke();
  g.strokeStyle = "#cdb78a"; g.lineWidth = S * 0.085; g.stroke();
  g.fillStyle = "rgba(110,90,60,0.45)";
  for (let k = 0; k < 10; k++) ell(g, rand() * S, S * (0.47 + rand() * 0.06), S * 0.008, S * 0.006, "rgba(110,90,60,0.45)");
}

/** A little stone bridge where the road crosses the river. */
function crossing(g, S) {
  g.fillStyle = "#b9b1a2"; g.strokeStyle = "#6d675c"; g.lineWidth = Math.max(1, S * 0.012);
  g.beginPath(); g.rect(S * 0.39, S * 0.445, S * 0.22, S * 0.11); g.fill(); g.stroke();
  g.beginPath(); g.moveTo(S * 0.39, S * 0.445); g.lineTo(S * 0.61, S * 0.445); g.moveTo(S * 0.39, S * 0.555); g.lineTo(S * 0.61, S * 0.555); g.stroke();
}

/** A castle from the side: keep, towers, battlements (``opts``: towers, ruin, tall, colour). */
function castle(g, cx, cy, z, { towers = 2, ruin = false, tall = false, stone = "#a9a59b", roofs = false } = {}) {
  const u = z / 100, lw = Math.max(0.8, 2.2 * u), edge = shade(stone, 0.55);
  ell(g, cx + 6 * u, cy + 2 * u, 56 * u, 8 * u, "rgba(0,0,0,0.25)");
  const battl = (x0, x1, top) => {
    const pts = [[x0, cy], [x0, top]];
    const n = Math.max(2, Math.round((x1 - x0) / (9 * u)));
    for (let i = 0; i < n; i++) {
      const a = x0 + ((x1 - x0) * i) / n, b = x0 + ((x1 - x0) * (i + 0.5)) / n, c = x0 + ((x1 - x0) * (i + 1)) / n;
      pts.push([a, top - 6 * u], [b, top - 6 * u], [b, top], [c, top]);
    }
    pts.push([x1, top], [x1, cy]);
    return pts;
  };
  const wallTop = cy - (tall ? 40 : 34) * u;
  let wall = battl(cx - 40 * u, cx + 40 * u, wallTop);
  if (ruin) wall = [[cx - 40 * u, cy], [cx - 40 * u, wallTop], [cx - 28 * u, wallTop], [cx - 18 * u, wallTop + 14 * u], [cx - 4 * u, wallTop + 8 * u], [cx + 10 * u, wallTop + 22 * u], [cx + 40 * u, wallTop + 16 * u], [cx + 40 * u, cy]];
  poly(g, wall, stone, edge, lw);
  const tw = 20 * u;
  const tx = towers === 1 ? [cx - tw / 2] : towers === 3 ? [cx - 48 * u, cx - tw / 2, cx + 48 * u - tw] : [cx - 48 * u, cx + 48 * u - tw];
  tx.forEach((x0, i) => {
    const big = towers === 1 || (towers === 3 && i === 1);
    const top = cy - (tall || big ? 74 : 56) * u - (ruin && i ? -14 * u : 0);
    const pts = ruin && i ? [[x0, cy], [x0, top], [x0 + tw * 0.5, top + 8 * u], [x0 + tw, top - 4 * u], [x0 + tw, cy]] : battl(x0, x0 + tw, top);
    poly(g, pts, shade(stone, 1.08), edge, lw);
    if (roofs && !ruin) poly(g, [[x0 - 2 * u, top - 6 * u], [x0 + tw / 2, top - 26 * u], [x0 + tw + 2 * u, top - 6 * u]], "#56606b", "#2f353b", lw);
    g.fillStyle = "#2d2a26"; g.fillRect(x0 + tw * 0.38, top + 10 * u, tw * 0.24, 9 * u);
  });
  g.fillStyle = "#3a2a1c";
  g.beginPath(); g.moveTo(cx - 9 * u, cy); g.lineTo(cx - 9 * u, cy - 14 * u); g.arc(cx, cy - 14 * u, 9 * u, Math.PI, 0); g.lineTo(cx + 9 * u, cy); g.closePath(); g.fill();
  if (!ruin) {
    g.strokeStyle = "#333"; g.lineWidth = lw;
    g.beginPath(); g.moveTo(cx, wallTop - 6 * u); g.lineTo(cx, wallTop - 26 * u); g.stroke();
    poly(g, [[cx, wallTop - 26 * u], [cx + 14 * u, wallTop - 22 * u], [cx, wallTop - 18 * u]], "#2c4fa8");
  }
}

/** A low sea or loch along the tile's foot (a castle on its shore). */
function shoreWater(g, S, y0) {
  const p = new Path2D();
  p.moveTo(0, y0); p.bezierCurveTo(S * 0.3, y0 - S * 0.05, S * 0.7, y0 + S * 0.05, S, y0 - S * 0.02);
  p.lineTo(S, S); p.lineTo(0, S); p.closePath();
  water(g, p, S * 0.5, S, S * 0.6, { bankW: S * 0.04 });
}

function barrel(g, cx, cy, r) {
  ell(g, cx, cy, r * 0.75, r, "#a86a2c");
  g.strokeStyle = "#4a2b0c"; g.lineWidth = Math.max(0.8, r * 0.16);
  g.beginPath(); g.ellipse(cx, cy, r * 0.75, r, 0, 0, Math.PI * 2); g.stroke();
  g.beginPath(); g.moveTo(cx - r * 0.72, cy - r * 0.4); g.lineTo(cx + r * 0.72, cy - r * 0.4); g.moveTo(cx - r * 0.72, cy + r * 0.4); g.lineTo(cx + r * 0.72, cy + r * 0.4); g.stroke();
}

/** A shop front: stone walls, a striped awning (``stripe``), goods under it. */
function shop(g, cx, cy, z, stripe, goods) {
  const u = z / 100;
  ell(g, cx + 6 * u, cy + 2 * u, 52 * u, 8 * u, "rgba(0,0,0,0.25)");
  poly(g, [[cx - 42 * u, cy], [cx - 42 * u, cy - 40 * u], [cx + 42 * u, cy - 40 * u], [cx + 42 * u, cy]], PALETTE.wall, PALETTE.wallEdge, Math.max(0.8, 2.4 * u));
  poly(g, [[cx - 48 * u, cy - 40 * u], [cx, cy - 66 * u], [cx + 48 * u, cy - 40 * u]], PALETTE.slate, "#2f353b", Math.max(0.8, 2.4 * u));
  for (let i = 0; i < 6; i++) {
    const x0 = cx - 46 * u + i * (92 / 6) * u;
    poly(g, [[x0, cy - 34 * u], [x0 + (92 / 6) * u, cy - 34 * u], [x0 + (92 / 6) * u, cy - 22 * u], [x0, cy - 22 * u]], i % 2 ? "#f5f0e6" : stripe);
  }
  goods(u);
}

// --- one motif per kind of tile, or per special location (its card) ---------------------------
const MOTIF = {
  village(g, S) { cottage(g, S * 0.34, S * 0.72, S * 0.42); cottage(g, S * 0.7, S * 0.86, S * 0.34, { roof: "#9c7434" }); },
  start_village(g, S) {
    cottage(g, S * 0.5, S * 0.74, S * 0.5);
    g.fillStyle = "#8b8478"; g.fillRect(S * 0.8, S * 0.62, S * 0.05, S * 0.22);
    ell(g, S * 0.825, S * 0.62, S * 0.05, S * 0.04, "#8b8478");
  },
  grain_field(g, S, rand) {
    // two bound sheaves standing in the stubble
    for (const [x, y] of [[0.26, 0.74], [0.74, 0.78]]) {
      ell(g, S * (x + 0.03), S * y, S * 0.08, S * 0.02, "rgba(90,60,10,0.35)");
      g.strokeStyle = "#a57d22"; g.lineWidth = Math.max(1, S * 0.014); g.lineCap = "round";
      g.beginPath();
      for (let k = -3; k <= 3; k++) { g.moveTo(S * (x + k * 0.012), S * y); g.lineTo(S * x, S * (y - 0.1)); g.lineTo(S * (x + k * 0.022), S * (y - 0.2)); }
      g.stroke();
      for (let k = -3; k <= 3; k++) ell(g, S * (x + k * 0.022), S * (y - 0.21), S * 0.012, S * 0.024, "#f3d46a");
      g.strokeStyle = "#7a4a1c"; g.lineWidth = Math.max(1, S * 0.02);
      g.beginPath(); g.moveTo(S * (x - 0.025), S * (y - 0.1)); g.lineTo(S * (x + 0.025), S * (y - 0.1)); g.stroke();
    }
    rand();
  },
  meadow(g, S) { sheep(g, S * 0.3, S * 0.72, S * 0.36); sheep(g, S * 0.66, S * 0.86, S * 0.3); },
  pasture(g, S) { fence(g, S * 0.06, S * 0.94, S * 0.66, S * 0.1); cow(g, S * 0.46, S * 0.86, S * 0.46); },
  forest(g, S) { pine(g, S * 0.24, S * 0.88, S * 0.4); pine(g, S * 0.78, S * 0.9, S * 0.36); },
  quarry(g, S, rand) {
    for (const [x, y, r] of [[0.3, 0.62, 0.12], [0.66, 0.66, 0.14], [0.46, 0.82, 0.11], [0.8, 0.86, 0.08], [0.18, 0.86, 0.08]]) rock(g, S * x, S * y, S * r, rand);
  },
  loch(g, S, rand) { rand(); },
  abbey(g, S) {
    const u = S / 100;
    poly(g, [[22 * u, 84 * u], [22 * u, 60 * u], [44 * u, 48 * u], [66 * u, 60 * u], [66 * u, 84 * u]], "#b8b3a8", "#5f5a50", Math.max(1, u * 1.2));
    poly(g, [[60 * u, 84 * u], [60 * u, 40 * u], [76 * u, 40 * u], [76 * u, 84 * u]], "#a6a196", "#5f5a50", Math.max(1, u * 1.2));
    g.fillStyle = "#3a2a1c"; g.fillRect(40 * u, 72 * u, 8 * u, 12 * u); g.fillRect(65 * u, 48 * u, 6 * u, 8 * u);
    g.strokeStyle = "#6f6a60"; g.lineWidth = 3 * u;
    g.beginPath(); g.moveTo(86 * u, 88 * u); g.lineTo(86 * u, 58 * u); g.moveTo(80 * u, 66 * u); g.lineTo(92 * u, 66 * u); g.stroke();
    g.beginPath(); g.arc(86 * u, 66 * u, 4 * u, 0, Math.PI * 2); g.stroke();
  },
  distillery(g, S) {
    const u = S / 100;
    poly(g, [[18 * u, 86 * u], [18 * u, 58 * u], [66 * u, 58 * u], [66 * u, 86 * u]], "#d9d2c2", PALETTE.wallEdge, Math.max(1, u * 1.2));
    poly(g, [[14 * u, 60 * u], [42 * u, 44 * u], [70 * u, 60 * u]], PALETTE.slate, "#2f353b", Math.max(1, u * 1.2));
    // the kiln's pagoda roof, the mark of a malt whisky distillery
    poly(g, [[46 * u, 50 * u], [46 * u, 40 * u], [60 * u, 40 * u], [60 * u, 50 * u]], "#d9d2c2", PALETTE.wallEdge, Math.max(1, u));
    poly(g, [[40 * u, 42 * u], [53 * u, 24 * u], [66 * u, 42 * u]], "#3b4650", "#20262b", Math.max(1, u));
    poly(g, [[48 * u, 28 * u], [53 * u, 18 * u], [58 * u, 28 * u]], "#3b4650", "#20262b", Math.max(1, u));
    g.fillStyle = "#3a2a1c"; g.fillRect(36 * u, 72 * u, 10 * u, 14 * u);
    barrel(g, 78 * u, 80 * u, 7 * u); barrel(g, 90 * u, 82 * u, 6 * u);
  },
  tavern(g, S) {
    const u = S / 100;
    cottage(g, 42 * u, 86 * u, 56 * u, { roof: PALETTE.slate, smoke: true });
    g.strokeStyle = "#4a3520"; g.lineWidth = 2 * u;
    g.beginPath(); g.moveTo(72 * u, 86 * u); g.lineTo(72 * u, 56 * u); g.lineTo(84 * u, 56 * u); g.stroke();
    poly(g, [[77 * u, 58 * u], [91 * u, 58 * u], [91 * u, 70 * u], [77 * u, 70 * u]], "#7a3b1e", "#3b1d0e", u * 1.2);
    barrel(g, 84 * u, 64 * u, 4 * u);
  },
  butcher(g, S) {
    shop(g, S * 0.5, S * 0.86, S * 0.62, "#c23b30", (u) => {
      for (const dx of [-20, 0, 20]) ell(g, S * 0.5 + dx * u, S * 0.86 - 14 * u, 6 * u, 8 * u, "#b5473c");
    });
  },
  grocer(g, S) {
    shop(g, S * 0.5, S * 0.86, S * 0.62, "#3f8a3a", (u) => {
      for (const [dx, c] of [[-24, "#e0b12e"], [-8, "#7cae3c"], [8, "#d9632a"], [24, "#a0612a"]]) {
        ell(g, S * 0.5 + dx * u, S * 0.86 - 8 * u, 7 * u, 5 * u, "#8a5a2a");
        ell(g, S * 0.5 + dx * u, S * 0.86 - 12 * u, 6 * u, 4 * u, c);
      }
    });
  },
  bridge(g, S) {
    const u = S / 100;
    poly(g, [[14 * u, 74 * u], [14 * u, 60 * u], [86 * u, 60 * u], [86 * u, 74 * u]], "#b9b1a2", "#6d675c", Math.max(1, u * 1.4));
    g.fillStyle = PALETTE.waterDeep;
    g.beginPath(); g.moveTo(36 * u, 74 * u); g.arc(50 * u, 74 * u, 14 * u, Math.PI, 0); g.closePath(); g.fill();
    g.strokeStyle = "#6d675c"; g.lineWidth = Math.max(1, u * 1.4);
    g.beginPath(); g.arc(50 * u, 74 * u, 14 * u, Math.PI, 0); g.stroke();
    g.beginPath(); for (let x = 16; x < 86; x += 8) { g.moveTo(x * u, 60 * u); g.lineTo(x * u, 56 * u); } g.stroke();
  },
  fair(g, S) {
    const u = S / 100;
    for (const [cx, c, z] of [[30, "#c23b30", 1], [70, "#2f6fb0", 0.9], [50, "#e0b12e", 1.1]]) {
      const w = 18 * u * z, h = 30 * u * z, foot = (cx === 50 ? 90 : 80) * u;
      ell(g, cx * u + 3 * u, foot, w * 1.1, 4 * u, "rgba(0,0,0,0.25)");
      poly(g, [[cx * u - w, foot], [cx * u, foot - h], [cx * u + w, foot]], "#f5f0e6", shade(c, 0.6), Math.max(1, u));
      poly(g, [[cx * u - w * 0.5, foot], [cx * u, foot - h], [cx * u + w * 0.5, foot]], c);
      g.strokeStyle = "#333"; g.lineWidth = Math.max(1, u);
      g.beginPath(); g.moveTo(cx * u, foot - h); g.lineTo(cx * u, foot - h - 8 * u); g.stroke();
      poly(g, [[cx * u, foot - h - 8 * u], [cx * u + 7 * u, foot - h - 6 * u], [cx * u, foot - h - 4 * u]], c);
    }
  },
  castle(g, S) { castle(g, S * 0.5, S * 0.86, S * 0.66); },
  // the special locations (their cards), each by its own motif
  castle_of_mey(g, S, rand) {
    for (let x = 0.1; x < 0.95; x += 0.16) ell(g, S * x, S * 0.92, S * 0.06, S * 0.035, "#4d7f32");
    castle(g, S * 0.5, S * 0.84, S * 0.64, { towers: 3, stone: "#c8bfae" }); rand();
  },
  cawdor_castle(g, S) { castle(g, S * 0.5, S * 0.88, S * 0.56, { towers: 1, tall: true }); },
  castle_stalker(g, S, rand) {
    shoreWater(g, S, S * 0.55);
    ell(g, S * 0.5, S * 0.86, S * 0.28, S * 0.08, "#8c8a6a");
    castle(g, S * 0.5, S * 0.86, S * 0.4, { towers: 1, tall: true, stone: "#c9c2b2", roofs: false }); rand();
  },
  duart_castle(g, S, rand) {
    shoreWater(g, S, S * 0.78);
    poly(g, [[0, S * 0.84], [S * 0.15, S * 0.72], [S * 0.85, S * 0.72], [S, S * 0.86], [S, S], [0, S]], "#7d7a70", "#4c4a44", Math.max(1, S * 0.01));
    castle(g, S * 0.5, S * 0.74, S * 0.56, { towers: 2, stone: "#bdb6a6" }); rand();
  },
  castle_moil(g, S, rand) { rock(g, S * 0.2, S * 0.9, S * 0.06, rand); castle(g, S * 0.52, S * 0.86, S * 0.6, { ruin: true, stone: "#9a958a" }); },
  donan_castle(g, S, rand) {
    shoreWater(g, S, S * 0.6);
    ell(g, S * 0.6, S * 0.84, S * 0.26, S * 0.09, "#7c8a5a");
    g.strokeStyle = "#8b8478"; g.lineWidth = S * 0.035;
    g.beginPath(); g.moveTo(0, S * 0.82); g.quadraticCurveTo(S * 0.18, S * 0.74, S * 0.38, S * 0.82); g.stroke();
    castle(g, S * 0.6, S * 0.84, S * 0.42, { towers: 1, roofs: false, stone: "#b5ad9b" }); rand();
  },
  armadale_castle(g, S, rand) {
    pine(g, S * 0.12, S * 0.9, S * 0.3); pine(g, S * 0.9, S * 0.9, S * 0.3);
    castle(g, S * 0.5, S * 0.86, S * 0.58, { towers: 2, roofs: true, stone: "#a39b8c" }); rand();
  },
  iona_abbey(g, S) { MOTIF.abbey(g, S); },
  loch_ness(g, S) {
    const u = S / 100;
    g.fillStyle = "#2f5b3a";
    for (const [x, r] of [[36, 7], [50, 8], [62, 6]]) { g.beginPath(); g.arc(x * u, 76 * u, r * u, Math.PI, 0); g.fill(); }
    g.strokeStyle = "#2f5b3a"; g.lineWidth = 5 * u; g.lineCap = "round";
    g.beginPath(); g.moveTo(24 * u, 76 * u); g.quadraticCurveTo(20 * u, 56 * u, 28 * u, 52 * u); g.stroke();
    ell(g, 30 * u, 52 * u, 5 * u, 3.5 * u, "#2f5b3a");
    ell(g, 31 * u, 51 * u, 1 * u, 1 * u, "#eee");
  },
  loch_lochy(g, S, rand) { ell(g, S * 0.5, S * 0.72, S * 0.14, S * 0.08, "#7c8a5a"); pine(g, S * 0.5, S * 0.74, S * 0.24); rand(); },
  loch_morar(g, S) {
    const u = S / 100;
    g.fillStyle = "#f2e8c8";
    g.beginPath(); g.moveTo(0, 92 * u); g.quadraticCurveTo(40 * u, 74 * u, 100 * u, 88 * u); g.lineTo(100 * u, 100 * u); g.lineTo(0, 100 * u); g.closePath(); g.fill();
  },
  loch_oich(g, S) {
    const u = S / 100;
    poly(g, [[34 * u, 72 * u], [66 * u, 72 * u], [60 * u, 80 * u], [40 * u, 80 * u]], "#7a4a22", "#3b220e", Math.max(1, u));
    poly(g, [[50 * u, 70 * u], [50 * u, 44 * u], [66 * u, 68 * u]], "#f5f0e6", "#777", Math.max(1, u * 0.8));
  },
  loch_shiel(g, S) {
    const u = S / 100;
    // the Glenfinnan monument at the loch's head: a column with a figure on top
    poly(g, [[72 * u, 90 * u], [72 * u, 84 * u], [88 * u, 84 * u], [88 * u, 90 * u]], "#a6a196", "#5f5a50", Math.max(1, u));
    poly(g, [[76 * u, 84 * u], [77 * u, 50 * u], [83 * u, 50 * u], [84 * u, 84 * u]], "#b8b3a8", "#5f5a50", Math.max(1, u));
    ell(g, 80 * u, 46 * u, 3 * u, 4 * u, "#4d4a44");
  },
};

const LOCH_CARDS = new Set(["loch_ness", "loch_lochy", "loch_morar", "loch_oich", "loch_shiel"]);

/** The ground under a tile's motif. */
function ground(g, tile, S, rand) {
  const kind = tile.kind;
  if (kind === "grain_field") return fieldRows(g, 0, 0, S, S, rand);
  if (kind === "quarry") {
    const gr = g.createLinearGradient(0, 0, 0, S);
    gr.addColorStop(0, "#b3ad9d"); gr.addColorStop(1, "#8f887a");
    g.fillStyle = gr; g.fillRect(0, 0, S, S);
    g.strokeStyle = "rgba(70,64,55,0.5)"; g.lineWidth = Math.max(1, S * 0.015);
    for (const y of [0.3, 0.45, 0.58]) { g.beginPath(); g.moveTo(0, S * y); g.lineTo(S * 0.3, S * (y - 0.04)); g.lineTo(S * 0.7, S * (y + 0.02)); g.lineTo(S, S * (y - 0.03)); g.stroke(); }
    return;
  }
  if (kind === "forest") {
    g.fillStyle = PALETTE.forest; g.fillRect(0, 0, S, S);
    return canopy(g, -S * 0.02, -S * 0.02, S * 1.07, S * 1.07, S * 0.12, rand);
  }
  grass(g, 0, 0, S, S, rand, kind === "abbey" || (tile.card && tile.card.startsWith("castle")) ? { light: "#a6c06a", dark: "#8aa552" } : {});
  if (kind === "loch") {
    const p = lakePath(S * 0.5, S * 0.6, S * 0.46, S * 0.34, rand);
    water(g, p, S * 0.5, S * 0.6, S * 0.42, { bankW: S * 0.04 });
  }
}

/** Paint ``tile``'s picture on ``g`` (S device px square). */
export function paintScene(g, tile, S) {
  const key = tile.card || tile.kind;
  const rand = rng(seedOf(`gm:${key}`));
  g.save();
  ground(g, tile, S, rand);
  if (tile.road) road(g, S, rand);
  if (tile.river) river(g, S);
  if (tile.road && tile.river && tile.kind !== "bridge") crossing(g, S);
  const m = MOTIF[key] || MOTIF[tile.kind];
  // the motif stands a little above the foot, where a cost or a caption is written
  g.translate(0, -S * 0.06);
  if (m) m(g, S, rand);
  if (LOCH_CARDS.has(key) && !MOTIF[key]) rand();
  g.restore();
}

/** ``tile``'s picture drawn in (x, y, s) of ``g`` (CSS px), painted once per kind and size. */
export function drawScene(g, tile, x, y, s) {
  const S = Math.max(8, Math.ceil((s * scaleOf(g)) / 6) * 6);
  const key = `gm:${tile.card || tile.kind}:${tile.river ? 1 : 0}${tile.road ? 1 : 0}:${S}`;
  g.drawImage(cached(key, S, S, (c) => paintScene(c, tile, S)), x, y, s, s);
}
