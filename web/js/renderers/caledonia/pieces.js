// Clans of Caledonia: the pieces as small pictograms drawn with canvas paths,
// one drawing per kind, no letters. Units (sheep, cow, dairy, bakery, field,
// distillery, woodcutter, miner, fisherman; "worker" for MacDonald's and the
// neutral workers) are painted in the owner's colour with a dark outline and
// a faint light halo, so they read on every seat colour and on every land
// colour; their tools and crops keep natural colours. Goods (wool, milk,
// grain, cheese, bread, whisky, the imports cotton, tobacco, sugar cane, hops
// and the contracts' beef and mutton) are in fixed natural colours.
//
// Every drawing works in a box of side 1 centred on the origin (y down); the
// entry points scale it to `size` CSS px centred on (x, y). Legible from
// 16 px; web/dev/pictograms.html shows them all at 16, 24 and 32 px.

const INK = "#1c1a16";
const HALO = "rgba(255,255,255,0.55)";

/** Line widths in box units for a drawing `s` px wide: the outline, the halo, a detail line. */
function widths(s) {
  const ink = Math.max(1, s * 0.06) / s;
  return { ink, halo: ink + Math.max(1.4, s * 0.07) / s * 2, thin: Math.max(0.8, s * 0.04) / s };
}

function shade(hex, k) {
  // k < 0 darkens towards black, k > 0 lightens towards white
  const m = /^#?([0-9a-f]{6})$/i.exec(String(hex).trim());
  if (!m) return hex;
  const n = parseInt(m[1], 16);
  const f = (c) => Math.round(k < 0 ? c * (1 + k) : c + (255 - c) * k);
  return `rgb(${f(n >> 16)},${f((n >> 8) & 255)},${f(n & 255)})`;
}

// -------------------------------------------------------------- painting helpers
// Each helper fills the current path and outlines it; `d` carries the widths
// and whether the halo (units only) is wanted.
// a unit's body in its owner's colour, lit from the upper left (lighter there, darker at the
// lower right, the colour itself in the middle): a figure, not a flat sign. One gradient per
// context and colour, in the unit's own box (-0.5..0.5), so it serves every unit of that colour.
const LIT = new WeakMap();
function lit(g, colour) {
  if (!/^#[0-9a-f]{6}$/i.test(colour)) return colour;
  let byColour = LIT.get(g);
  if (!byColour) LIT.set(g, (byColour = new Map()));
  let grad = byColour.get(colour);
  if (!grad) {
    grad = g.createLinearGradient(-0.45, -0.5, 0.4, 0.5);
    grad.addColorStop(0, shade(colour, 0.32));
    grad.addColorStop(0.5, colour);
    grad.addColorStop(1, shade(colour, -0.28));
    byColour.set(colour, grad);
  }
  return grad;
}

function paint(g, d, fill, { halo = false, ink = INK, lw } = {}) {
  if (halo && d.halo) {
    g.strokeStyle = HALO;
    g.lineWidth = d.w.halo;
    g.stroke();
  }
  if (fill) { g.fillStyle = halo && d.halo ? lit(g, fill) : fill; g.fill(); }
  if (ink) { g.strokeStyle = ink; g.lineWidth = lw ?? d.w.ink; g.stroke(); }
}

function line(g, d, pts, colour, lw) {
  g.beginPath();
  pts.forEach(([x, y], i) => (i ? g.lineTo(x, y) : g.moveTo(x, y)));
  g.strokeStyle = colour;
  g.lineWidth = lw;
  g.stroke();
}

/** A thick stroke with an ink outline (tool handles, stalks, bones). */
function bar(g, d, pts, colour, lw) {
  line(g, d, pts, INK, lw + 2 * d.w.ink);
  line(g, d, pts, colour, lw);
}

function poly(g, pts) {
  g.beginPath();
  pts.forEach(([x, y], i) => (i ? g.lineTo(x, y) : g.moveTo(x, y)));
  g.closePath();
}

function circle(g, x, y, r) {
  g.beginPath();
  g.arc(x, y, r, 0, Math.PI * 2);
}

function ellipse(g, x, y, rx, ry, rot = 0) {
  g.beginPath();
  g.ellipse(x, y, rx, ry, rot, 0, Math.PI * 2);
}

// ---------------------------------------------------------------------- people
function person(g, d, c, x, y, k = 1) {
  // shoulders and body, then the head: a pawn-like figure
  g.beginPath();
  g.moveTo(x - 0.25 * k, y + 0.44 * k);
  g.lineTo(x - 0.25 * k, y + 0.06 * k);
  g.quadraticCurveTo(x - 0.25 * k, y - 0.1 * k, x - 0.08 * k, y - 0.1 * k);
  g.lineTo(x + 0.08 * k, y - 0.1 * k);
  g.quadraticCurveTo(x + 0.25 * k, y - 0.1 * k, x + 0.25 * k, y + 0.06 * k);
  g.lineTo(x + 0.25 * k, y + 0.44 * k);
  g.closePath();
  paint(g, d, c, { halo: true });
  circle(g, x, y - 0.26 * k, 0.15 * k);
  paint(g, d, c, { halo: true });
}

const WOOD = "#8a5a2b", METAL = "#d5dde3";

function tool(g, angle, x, y, draw) {
  g.save();
  g.translate(x, y);
  g.rotate(angle);
  draw();
  g.restore();
}

const UNIT_DRAW = {
  worker(g, d, c) {
    person(g, d, c, 0, 0.02, 1.05);
  },
  woodcutter(g, d, c) {
    person(g, d, c, -0.14, 0.03);
    tool(g, 0.32, 0.22, 0.02, () => {
      bar(g, d, [[0, 0.42], [0, -0.38]], WOOD, 0.085);
      // the axe head: a broad blade to the right of the handle's top
      g.beginPath();
      g.moveTo(-0.05, -0.36);
      g.lineTo(0.12, -0.38);
      g.quadraticCurveTo(0.3, -0.44, 0.3, -0.3);
      g.lineTo(0.3, -0.1);
      g.quadraticCurveTo(0.3, 0.0, 0.12, -0.12);
      g.lineTo(-0.05, -0.16);
      g.closePath();
      paint(g, d, METAL);
    });
  },
  miner(g, d, c) {
    person(g, d, c, -0.14, 0.03);
    // a lamp on the helmet
    circle(g, -0.2, -0.3, 0.06);
    paint(g, d, "#ffe14d", { lw: d.w.thin });
    tool(g, 0.3, 0.2, 0.04, () => {
      bar(g, d, [[0, 0.42], [0, -0.34]], WOOD, 0.085);
      // the pick head: a curved bar across the handle's top, pointed at both ends
      g.beginPath();
      g.moveTo(-0.32, -0.16);
      g.quadraticCurveTo(0, -0.54, 0.32, -0.16);
      g.quadraticCurveTo(0, -0.34, -0.32, -0.16);
      g.closePath();
      paint(g, d, METAL);
    });
  },
  fisherman(g, d, c) {
    // the rod and its line behind, the fisher, then the boat in front
    bar(g, d, [[0.0, 0.02], [0.44, -0.44]], WOOD, 0.05);
    line(g, d, [[0.44, -0.44], [0.44, 0.12]], INK, d.w.thin);
    person(g, d, c, -0.14, 0.0, 0.62);
    g.beginPath();
    g.moveTo(-0.5, 0.08);
    g.lineTo(0.5, 0.08);
    g.quadraticCurveTo(0.38, 0.42, 0.22, 0.42);
    g.lineTo(-0.26, 0.42);
    g.quadraticCurveTo(-0.42, 0.42, -0.5, 0.08);
    g.closePath();
    paint(g, d, c, { halo: true });
    line(g, d, [[-0.44, 0.2], [0.45, 0.2]], shade(c, -0.45), d.w.thin);
  },
  sheep(g, d, c) {
    // legs under a fleece with a scalloped edge, a dark face with an ear
    for (const lx of [-0.2, -0.06, 0.12, 0.26]) bar(g, d, [[lx, 0.14], [lx, 0.42]], INK, 0.06);
    const cx = 0.06, cy = 0.0, rx = 0.36, ry = 0.25, n = 11;
    g.beginPath();
    for (let i = 0; i <= n; i++) {
      const a = (i / n) * Math.PI * 2, px = cx + rx * Math.cos(a), py = cy + ry * Math.sin(a);
      if (!i) { g.moveTo(px, py); continue; }
      const m = ((i - 0.5) / n) * Math.PI * 2;
      g.quadraticCurveTo(cx + rx * 1.32 * Math.cos(m), cy + ry * 1.4 * Math.sin(m), px, py);
    }
    g.closePath();
    paint(g, d, c, { halo: true });
    ellipse(g, -0.33, -0.1, 0.12, 0.16, 0.5);
    paint(g, d, "#2a2622", { halo: true });
    ellipse(g, -0.25, -0.22, 0.09, 0.045, -0.4);
    paint(g, d, "#2a2622");
    circle(g, -0.36, -0.13, 0.025);
    g.fillStyle = "#fff";
    g.fill();
  },
  cow(g, d, c) {
    const dark = shade(c, -0.55);
    // legs with dark hooves, the tail, the body with patches, the udder, the head with horns
    for (const lx of [-0.2, -0.06, 0.2, 0.33]) bar(g, d, [[lx, 0.1], [lx, 0.42]], c, 0.07);
    line(g, d, [[0.42, -0.1], [0.48, 0.14]], INK, d.w.thin * 1.4);
    g.beginPath();
    g.roundRect(-0.28, -0.18, 0.7, 0.36, 0.1);
    paint(g, d, c, { halo: true });
    g.save();
    g.beginPath();
    g.roundRect(-0.28, -0.18, 0.7, 0.36, 0.1);
    g.clip();
    ellipse(g, 0.04, -0.1, 0.12, 0.09, 0.3);
    g.fillStyle = dark; g.fill();
    ellipse(g, 0.3, 0.06, 0.1, 0.12, -0.2);
    g.fillStyle = dark; g.fill();
    g.restore();
    ellipse(g, 0.12, 0.2, 0.07, 0.05);
    paint(g, d, "#f2a7a0", { lw: d.w.thin });
    // horns
    bar(g, d, [[-0.4, -0.26], [-0.45, -0.38]], "#f3ead2", 0.045);
    bar(g, d, [[-0.27, -0.26], [-0.22, -0.38]], "#f3ead2", 0.045);
    g.beginPath();
    g.roundRect(-0.47, -0.3, 0.27, 0.34, 0.1);
    paint(g, d, c, { halo: true });
    g.beginPath();
    g.roundRect(-0.47, -0.06, 0.27, 0.14, 0.07);
    paint(g, d, "#f2c4b4", { lw: d.w.thin });
    circle(g, -0.38, -0.17, 0.028);
    g.fillStyle = INK; g.fill();
    circle(g, -0.29, -0.17, 0.028);
    g.fill();
  },
  field(g, d, c) {
    // a patch of ploughed land in perspective, its furrows, three ears of grain
    poly(g, [[-0.5, 0.44], [0.5, 0.44], [0.34, 0.02], [-0.34, 0.02]]);
    paint(g, d, c, { halo: true });
    const dark = shade(c, -0.5);
    for (const f of [-0.6, -0.2, 0.2, 0.6]) line(g, d, [[f * 0.5, 0.44], [f * 0.3, 0.04]], dark, d.w.thin);
    for (const [ex, ey, k] of [[-0.24, -0.02, 0.9], [0, -0.08, 1], [0.24, -0.02, 0.9]]) ear(g, d, ex, ey, k, true);
  },
  dairy(g, d, c) {
    // a barn: gambrel roof, the cheese on its door
    building(g, d, c, [[-0.44, 0.0], [-0.36, -0.26], [0, -0.44], [0.36, -0.26], [0.44, 0.0]]);
    sign(g, d, "cheese");
  },
  bakery(g, d, c) {
    // a house with a smoking chimney, the loaf on its door
    circle(g, 0.3, -0.44, 0.06);
    paint(g, d, "#e8e8e8", { lw: d.w.thin });
    g.beginPath();
    g.rect(0.2, -0.38, 0.12, 0.2);
    paint(g, d, shade(c, -0.35), { halo: true });
    building(g, d, c, [[-0.46, 0.0], [0, -0.4], [0.46, 0.0]]);
    sign(g, d, "bread");
  },
  distillery(g, d, c) {
    // a malt kiln's pagoda roof, the bottle on its door
    poly(g, [[-0.16, -0.26], [-0.2, -0.34], [0, -0.48], [0.2, -0.34], [0.16, -0.26]]);
    paint(g, d, shade(c, -0.35), { halo: true });
    building(g, d, c, [[-0.46, 0.0], [-0.34, -0.08], [-0.16, -0.26], [0.16, -0.26], [0.34, -0.08], [0.46, 0.0]]);
    sign(g, d, "whisky");
  },
};

function building(g, d, c, roof) {
  g.beginPath();
  g.rect(-0.38, -0.02, 0.76, 0.46);
  paint(g, d, c, { halo: true });
  poly(g, roof);
  paint(g, d, shade(c, -0.3), { halo: true });
}

function sign(g, d, good) {
  // the product on a light door
  g.beginPath();
  g.roundRect(-0.24, 0.03, 0.48, 0.41, 0.06);
  paint(g, d, "#f6efdc", { lw: d.w.thin });
  g.save();
  g.translate(0, 0.235);
  g.scale(0.46, 0.46);
  const inner = { ...d, w: widths(d.px * 0.46) };
  GOOD_DRAW[good](g, inner);
  g.restore();
}

// ------------------------------------------------------------------------ goods
function ear(g, d, x, y, k = 1, stalk = false) {
  // an ear of grain: a stalk, grains in pairs up it, a few awns
  g.save();
  g.translate(x, y);
  g.scale(k, k);
  const gold = "#e4b43a", ink = "#5a4300";
  if (stalk) bar(g, d, [[0, 0.1], [0, -0.1]], "#c99a2a", 0.04);
  for (const [ax, ay, bx, by] of [[0, -0.34, -0.06, -0.46], [0, -0.34, 0.06, -0.46]]) line(g, d, [[ax, ay], [bx, by]], ink, d.w.thin);
  for (let i = 0; i < 3; i++) {
    const gy = -0.06 - i * 0.1;
    for (const s of [-1, 1]) {
      ellipse(g, s * 0.05, gy, 0.045, 0.07, s * 0.5);
      paint(g, d, gold, { ink, lw: d.w.thin });
    }
  }
  ellipse(g, 0, -0.33, 0.04, 0.065);
  paint(g, d, gold, { ink, lw: d.w.thin });
  g.restore();
}

const GOOD_DRAW = {
  wool(g, d) {
    circle(g, 0, 0, 0.38);
    paint(g, d, "#f1ebdc");
    g.save();
    circle(g, 0, 0, 0.38);
    g.clip();
    g.strokeStyle = "#9b9077";
    g.lineWidth = d.w.thin;
    for (const [cx, cy, r] of [[-0.5, -0.3, 0.5], [-0.5, -0.3, 0.66], [0.55, -0.1, 0.5], [0.55, -0.1, 0.68], [0.1, 0.6, 0.5]]) {
      circle(g, cx, cy, r);
      g.stroke();
    }
    g.restore();
    circle(g, 0, 0, 0.38);
    paint(g, d, null);
    line(g, d, [[0.3, 0.24], [0.42, 0.4], [0.3, 0.46]], "#9b9077", d.w.thin * 1.3);
  },
  milk(g, d) {
    // a glass bottle of milk with a blue cap
    g.beginPath();
    g.moveTo(-0.1, -0.34);
    g.lineTo(-0.1, -0.2);
    g.quadraticCurveTo(-0.26, -0.12, -0.26, 0.04);
    g.lineTo(-0.26, 0.4);
    g.quadraticCurveTo(-0.26, 0.46, -0.2, 0.46);
    g.lineTo(0.2, 0.46);
    g.quadraticCurveTo(0.26, 0.46, 0.26, 0.4);
    g.lineTo(0.26, 0.04);
    g.quadraticCurveTo(0.26, -0.12, 0.1, -0.2);
    g.lineTo(0.1, -0.34);
    g.closePath();
    paint(g, d, "#fdfdf8");
    g.beginPath();
    g.rect(-0.26, 0.12, 0.52, 0.14);
    g.fillStyle = "#7db7e8";
    g.fill();
    g.beginPath();
    g.roundRect(-0.13, -0.46, 0.26, 0.13, 0.03);
    paint(g, d, "#2f6fb5");
  },
  grain(g, d) {
    // a sheaf: three ears on their stalks, tied
    for (const [a, k] of [[-0.42, 0.95], [0.42, 0.95], [0, 1.05]]) {
      g.save();
      g.translate(0, 0.46);
      g.rotate(a);
      bar(g, d, [[0, 0], [0, -0.44]], "#c99a2a", 0.045);
      ear(g, d, 0, -0.38, k);
      g.restore();
    }
    bar(g, d, [[-0.09, 0.3], [0.09, 0.3]], "#8a5a2b", 0.06);
  },
  cheese(g, d) {
    // a wedge: the top lighter, holes on the front
    poly(g, [[-0.44, 0.02], [0.44, -0.12], [0.44, 0.32], [-0.44, 0.32]]);
    paint(g, d, "#f3c33a");
    poly(g, [[-0.44, 0.02], [0.14, -0.4], [0.44, -0.12]]);
    paint(g, d, "#ffe27a");
    for (const [hx, hy, r] of [[-0.22, 0.18, 0.06], [0.06, 0.12, 0.075], [0.28, 0.22, 0.055]]) {
      circle(g, hx, hy, r);
      g.fillStyle = "#c8921a";
      g.fill();
    }
  },
  bread(g, d) {
    // a loaf with three cuts
    g.beginPath();
    g.moveTo(-0.42, 0.3);
    g.bezierCurveTo(-0.56, -0.34, 0.56, -0.34, 0.42, 0.3);
    g.quadraticCurveTo(0, 0.38, -0.42, 0.3);
    g.closePath();
    paint(g, d, "#c98540");
    for (const cx of [-0.2, 0, 0.2]) line(g, d, [[cx - 0.07, 0.02], [cx + 0.07, -0.14]], "#f3d79c", Math.max(d.w.thin, 0.05));
  },
  whisky(g, d) {
    // an amber bottle with square shoulders, a long neck and a label
    poly(g, [[-0.06, -0.36], [-0.06, -0.16], [-0.2, -0.06], [-0.2, 0.46], [0.2, 0.46], [0.2, -0.06], [0.06, -0.16], [0.06, -0.36]]);
    paint(g, d, "#b5651d");
    g.beginPath();
    g.rect(-0.08, -0.47, 0.16, 0.12);
    paint(g, d, "#3b2414");
    g.beginPath();
    g.rect(-0.2, 0.08, 0.4, 0.2);
    paint(g, d, "#f4e8c8", { lw: d.w.thin });
  },
  cotton(g, d) {
    // a boll: white puffs on a brown husk
    poly(g, [[-0.42, 0.26], [-0.1, 0.14], [0, 0.46], [0.1, 0.14], [0.42, 0.26], [0.2, 0.02], [-0.2, 0.02]]);
    paint(g, d, "#7a5230");
    for (const [cx, cy, r] of [[-0.2, 0.02, 0.2], [0.2, 0.02, 0.2], [0, -0.22, 0.21], [0, 0.1, 0.18]]) {
      circle(g, cx, cy, r);
      paint(g, d, "#ffffff", { ink: "#6d675c", lw: d.w.thin * 1.2 });
    }
  },
  tobacco(g, d) {
    // a dried leaf with its veins
    g.save();
    g.rotate(0.55);
    g.beginPath();
    g.moveTo(0, -0.48);
    g.bezierCurveTo(0.36, -0.3, 0.34, 0.22, 0, 0.42);
    g.bezierCurveTo(-0.34, 0.22, -0.36, -0.3, 0, -0.48);
    g.closePath();
    paint(g, d, "#9a6a32");
    line(g, d, [[0, 0.48], [0, -0.4]], "#e2c48c", d.w.thin * 1.2);
    for (const vy of [-0.2, 0.0, 0.2]) {
      line(g, d, [[0, vy + 0.06], [0.2, vy - 0.06]], "#e2c48c", d.w.thin);
      line(g, d, [[0, vy + 0.06], [-0.2, vy - 0.06]], "#e2c48c", d.w.thin);
    }
    g.restore();
  },
  sugarcane(g, d) {
    // two jointed canes with a leaf
    for (const [cx, top, tilt] of [[-0.12, -0.4, -0.12], [0.14, -0.3, 0.12]]) {
      g.save();
      g.translate(cx, 0.46);
      g.rotate(tilt);
      g.beginPath();
      g.roundRect(-0.08, top - 0.46, 0.16, 0.92 + (-0.46 - top) * 0, 0.05);
      paint(g, d, "#b9d36a", { ink: "#3f5a17" });
      for (let y = top - 0.46 + 0.22; y < -0.05; y += 0.22) line(g, d, [[-0.08, y], [0.08, y]], "#3f5a17", d.w.thin * 1.2);
      g.restore();
    }
    g.beginPath();
    g.moveTo(-0.1, -0.2);
    g.quadraticCurveTo(-0.5, -0.3, -0.46, -0.5);
    g.quadraticCurveTo(-0.26, -0.3, -0.1, -0.26);
    g.closePath();
    paint(g, d, "#4f9a3a", { ink: "#23461a", lw: d.w.thin });
  },
  hops(g, d) {
    // a cone of overlapping bracts under a leaf
    g.beginPath();
    g.moveTo(0.02, 0.02);
    g.quadraticCurveTo(0.34, -0.42, 0.46, -0.34);
    g.quadraticCurveTo(0.42, -0.12, 0.02, 0.02);
    paint(g, d, "#3f7f2c", { ink: "#1f3d15", lw: d.w.thin });
    g.beginPath();
    g.moveTo(0, -0.34);
    g.bezierCurveTo(0.4, -0.28, 0.3, 0.24, 0, 0.46);
    g.bezierCurveTo(-0.3, 0.24, -0.4, -0.28, 0, -0.34);
    g.closePath();
    paint(g, d, "#9ccc66", { ink: "#2f5a1c" });
    g.strokeStyle = "#2f5a1c";
    g.lineWidth = d.w.thin;
    for (const [y, w] of [[-0.14, 0.22], [0.06, 0.22], [0.24, 0.16]]) {
      g.beginPath();
      g.moveTo(-w, y - 0.06);
      g.quadraticCurveTo(-w / 2, y + 0.06, 0, y - 0.02);
      g.quadraticCurveTo(w / 2, y + 0.06, w, y - 0.06);
      g.stroke();
    }
    bar(g, d, [[0, -0.34], [-0.06, -0.46]], "#3f7f2c", 0.04);
  },
  beef(g, d) {
    // a steak: red with a rim of fat and a bone
    const steak = (k) => {
      g.beginPath();
      g.moveTo(-0.42 * k, -0.02 * k);
      g.bezierCurveTo(-0.46 * k, -0.36 * k, 0.1 * k, -0.42 * k, 0.36 * k, -0.24 * k);
      g.bezierCurveTo(0.52 * k, -0.1 * k, 0.44 * k, 0.3 * k, 0.14 * k, 0.34 * k);
      g.bezierCurveTo(-0.16 * k, 0.38 * k, -0.38 * k, 0.26 * k, -0.42 * k, -0.02 * k);
      g.closePath();
    };
    steak(1);
    paint(g, d, "#f5e6cc");
    g.save();
    g.translate(0.03, 0.02);
    steak(0.8);
    g.restore();
    g.fillStyle = "#b3302a";
    g.fill();
    ellipse(g, -0.12, -0.04, 0.07, 0.09);
    paint(g, d, "#f5e6cc", { lw: d.w.thin });
    line(g, d, [[0.05, 0.1], [0.22, 0.0]], "#e8a39a", d.w.thin);
  },
  mutton(g, d) {
    // a leg of lamb: the meat and a bone with its knob
    bar(g, d, [[0.06, -0.06], [0.34, -0.34]], "#f5ecd8", 0.09);
    circle(g, 0.36, -0.4, 0.07);
    paint(g, d, "#f5ecd8");
    circle(g, 0.42, -0.33, 0.07);
    paint(g, d, "#f5ecd8");
    g.beginPath();
    g.moveTo(0.14, -0.12);
    g.bezierCurveTo(0.3, 0.16, 0.04, 0.5, -0.24, 0.42);
    g.bezierCurveTo(-0.52, 0.34, -0.46, 0.0, -0.24, -0.12);
    g.bezierCurveTo(-0.1, -0.2, 0.06, -0.2, 0.14, -0.12);
    g.closePath();
    paint(g, d, "#d9786a");
    g.beginPath();
    g.moveTo(-0.2, -0.06);
    g.quadraticCurveTo(-0.36, 0.12, -0.22, 0.32);
    g.strokeStyle = "#f3c1b4";
    g.lineWidth = d.w.thin * 1.4;
    g.stroke();
  },
};

/** The kinds with a drawing. */
export const UNIT_KINDS = Object.keys(UNIT_DRAW);
export const GOOD_KINDS = Object.keys(GOOD_DRAW);
export const hasUnit = (kind) => Object.prototype.hasOwnProperty.call(UNIT_DRAW, kind);
export const hasGood = (kind) => Object.prototype.hasOwnProperty.call(GOOD_DRAW, kind);

/** Where a seat's shape mark sits on each unit (box units): a corner the drawing leaves free. */
export const MARK_AT = {
  worker: [0.34, -0.36], woodcutter: [-0.38, -0.38], miner: [-0.4, 0.38], fisherman: [-0.38, -0.34],
  sheep: [0.36, -0.36], cow: [0.36, -0.38], field: [0.38, -0.36], dairy: [0.38, -0.36],
  bakery: [-0.36, -0.36], distillery: [0.38, -0.36],
};

function begin(g, x, y, size) {
  g.save();
  g.translate(x, y);
  g.scale(size, size);
  g.lineJoin = "round";
  g.lineCap = "round";
  return { w: widths(size), px: size, halo: true };
}

/** A unit of `kind` in `colour`, `size` CSS px square, centred on (x, y); ghost: faded (none left).
 * Unknown kinds draw as a plain worker. */
export function drawUnit(g, kind, x, y, size, colour, { ghost = false } = {}) {
  const d = begin(g, x, y, size);
  if (ghost) g.globalAlpha *= 0.4;
  (UNIT_DRAW[kind] || UNIT_DRAW.worker)(g, d, colour);
  g.restore();
}

/** A good of `kind`, `size` CSS px square, centred on (x, y). Unknown kinds draw a grey disc. */
export function drawGood(g, kind, x, y, size) {
  const d = begin(g, x, y, size);
  d.halo = false;
  if (GOOD_DRAW[kind]) GOOD_DRAW[kind](g, d);
  else { circle(g, 0, 0, 0.36); paint(g, d, "#999"); }
  g.restore();
}

/** A pictogram as a PNG data URL (for HTML: the help), or "" where there is no DOM canvas.
 * what: {unit, colour} or {good}. */
export function pieceURL(what, size = 24, scale = Math.max(2, (typeof window !== "undefined" && window.devicePixelRatio) || 1)) {
  if (typeof document === "undefined") return "";
  const c = document.createElement("canvas");
  c.width = c.height = Math.round(size * scale);
  const g = c.getContext("2d");
  if (!g) return "";
  g.scale(scale, scale);
  // a margin for what reaches past the box (the halo, a rod, a tail)
  const k = size * 0.86;
  if (what.unit) drawUnit(g, what.unit, size / 2, size / 2, k, what.colour || "#bbbbbb");
  else drawGood(g, what.good, size / 2, size / 2, k);
  return c.toDataURL("image/png");
}
