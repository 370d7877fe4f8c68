// The layout audit's eyes (e2e/layout_audit.py runs this in the page): what a
// person sees on the screen now, checked for what gets in their way.
//
//   (opts) => {problems: [...], texts: [...]}
//
// opts: {touch, tapped}: touch, a phone (pointer: coarse); tapped, the
// screen was reached by taps (then no focus ring may show).
//
// Problems, each a short line naming what and where:
// - cover:   a control (button, field, link, a board's place of a legal move,
//            a control the board draws) is covered, in any part of its tap
//            area, by another element, or a place of the board by what the
//            board draws over it (the renderer's furniture(): its buttons,
//            banners, panels);
// - cut:     a control's, card's, message's or label's text does not fit
//            (HTML: its box clips it; the board: the renderer's cuts()), unless
//            the full text is one tap away (title / data-info) or the cut is
//            deliberate (a renderer's cut marked ok);
// - reach:   a legal move that cannot be reached: nowhere to tap it
//            (window.cairn.locate(move): a button, a place on the board, the
//            group or tab that leads to it), or that place outside the screen
//            and not scrollable into view, or under another layer;
// - offscreen: a control partly outside the screen, with nothing to scroll it in;
// - cue:     a row that scrolls sideways without a visible cue of what is beyond;
// - focus:   a focus ring after a tap (":focus-visible", the board's #kb-ring),
//            or a style rule that draws one on :focus;
// - choice:  a choice not read whole: a row of choices wider than its bar (to swipe, or cut),
//            a button whose words do not fit in it, a button out of its bar (or its list);
// - text:    the board's own text, as it drew it (window.cairn.drawn(): every label and
//            piece of the last frame), at the view shown and at the view of the whole board:
//            a label over another label, a label under a piece drawn after it, a label under
//            9 px high, a label squeezed below its natural width;
// texts: every string shown now (HTML text, titles of controls, the board's
// text), for the language check (done in Python against the catalogues).
(opts) => {
  const touch = !!opts.touch;
  const problems = [];
  const texts = new Set();
  const W = document.documentElement.clientWidth, H = window.innerHeight;
  const say = (kind, what) => { const p = `${kind}: ${what}`; if (!problems.includes(p)) problems.push(p); };
  const name = (e) => {
    if (!e) return "nothing";
    const words = (e.getAttribute && (e.getAttribute("aria-label") || "")) || "";
    const text = (words || e.textContent || "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}${e.classList && e.classList.length ? "." + [...e.classList].join(".") : ""}${text ? ` "${text}"` : ""}`;
  };

  // -- what is on screen ------------------------------------------------------------
  const modal = [...document.querySelectorAll("dialog")].filter((d) => d.open && d.matches(":modal")).pop() || null;
  // (each element's own style read once: the walks below ask about the same ancestors again and again)
  const hides = new Map();
  const hidesItself = (n) => {
    let h = hides.get(n);
    if (h === undefined) {
      const cs = getComputedStyle(n);
      h = cs.display === "none" || cs.visibility === "hidden" || cs.visibility === "collapse" || parseFloat(cs.opacity) === 0
        || (n.tagName === "DIALOG" && !n.open);
      hides.set(n, h);
    }
    return h;
  };
  const shownStyle = (e) => {
    for (let n = e; n && n.nodeType === 1; n = n.parentElement) {
      if (hidesItself(n)) return false;
      if (n.tagName === "DETAILS" && !n.open && n !== e && !(e.tagName === "SUMMARY" && e.parentElement === n)) {
        // a closed <details>: only its summary shows
        if (!(n.querySelector(":scope > summary") || {}).contains?.(e)) return false;
      }
    }
    return true;
  };
  const srOnly = (e) => {
    const r = e.getBoundingClientRect();
    if (r.width <= 1 && r.height <= 1) return true;
    for (let n = e; n && n.nodeType === 1; n = n.parentElement) if (n.classList.contains("sr-only")) return true;
    return false;
  };
  // the part of e's box its scrolling and clipping ancestors let show, and the ancestors that scroll
  const clipOf = (e) => {
    let r = e.getBoundingClientRect();
    let box = { l: r.left, t: r.top, r: r.right, b: r.bottom };
    const scrollers = [];
    for (let n = e.parentElement; n && n !== document.documentElement; n = n.parentElement) {
      const cs = getComputedStyle(n);
      const ox = cs.overflowX, oy = cs.overflowY;
      if (ox === "visible" && oy === "visible") continue;
      const q = n.getBoundingClientRect();
      if (ox !== "visible") { box.l = Math.max(box.l, q.left + n.clientLeft); box.r = Math.min(box.r, q.left + n.clientLeft + n.clientWidth); }
      if (oy !== "visible") { box.t = Math.max(box.t, q.top + n.clientTop); box.b = Math.min(box.b, q.top + n.clientTop + n.clientHeight); }
      const sx = (ox === "auto" || ox === "scroll") && n.scrollWidth > n.clientWidth + 1;
      const sy = (oy === "auto" || oy === "scroll") && n.scrollHeight > n.clientHeight + 1;
      if (sx || sy) scrollers.push({ n, sx, sy });
    }
    return { box, scrollers };
  };
  const area = (b) => Math.max(0, b.r - b.l) * Math.max(0, b.b - b.t);
  const inside = (root) => !modal || modal.contains(root);

  const CONTROLS = "button, select, input:not([type=hidden]):not([type=file]), textarea, a[href], summary, [role=button]";
  const controls = [];
  for (const e of document.querySelectorAll(CONTROLS)) {
    if (!inside(e) || !shownStyle(e) || srOnly(e)) continue;
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const { box, scrollers } = clipOf(e);
    controls.push({ e, r, box, scrollers });
  }
  // the sheet of scores and log slides away on a phone: closed, it is not on the screen
  const sheetClosed = (e) => { const s = e.closest("#sheet"); return !!s && getComputedStyle(s).position === "absolute" && !document.body.classList.contains("sheet-open"); };

  // -- covered, outside the screen ---------------------------------------------------
  // sample points of the visible part of a box (inset a little from its edges, and from the
  // corners a rounded box leaves out: ``round``, its corner radius)
  const samples = (b, nx = 4, ny = 3, round = 0) => {
    const out = [];
    const w = b.r - b.l, h = b.b - b.t;
    if (w < 2 || h < 2) return out;
    const ix = Math.min(Math.max(3, round * 0.4), w / 4), iy = Math.min(Math.max(3, round * 0.4), h / 4);
    for (let i = 0; i < nx; i++) for (let j = 0; j < ny; j++) {
      out.push([b.l + ix + (w - 2 * ix) * (nx === 1 ? 0.5 : i / (nx - 1)), b.t + iy + (h - 2 * iy) * (ny === 1 ? 0.5 : j / (ny - 1))]);
    }
    return out;
  };
  const coverAt = (x, y, owner) => {
    if (x < 0 || y < 0 || x >= W || y >= H) return null;
    const hit = document.elementFromPoint(x, y);
    if (!hit || owner.contains(hit)) return null;
    // a label names its field: a tap on it is a tap on the field
    if (hit.tagName === "LABEL" && hit.control === owner) return null;
    return hit;
  };
  for (const c of controls) {
    if (sheetClosed(c.e)) continue;
    const vis = { l: Math.max(c.box.l, 0), t: Math.max(c.box.t, 0), r: Math.min(c.box.r, W), b: Math.min(c.box.b, H) };
    const full = area({ l: c.r.left, t: c.r.top, r: c.r.right, b: c.r.bottom });
    const shown = area(vis);
    const canScroll = c.scrollers.length > 0;
    // (a sliver of a pixel lost at an edge is no cut: a row of them, more than 1.5 px deep, is)
    if (full - shown > 1.5 * Math.min(c.r.width, c.r.height) && !canScroll) {
      if (area(c.box) < full - 2) say("cut", `${name(c.e)} is clipped by its box (${Math.round(shown)} of ${Math.round(full)} px² shown)`);
      else say("offscreen", `${name(c.e)} is partly outside the screen`);
    }
    if (shown <= 0) continue;
    const round = parseFloat(getComputedStyle(c.e).borderTopLeftRadius) || 0;
    // (a point in a rounded corner of the element itself is not the element's)
    const inShape = (x, y) => {
      const r = Math.min(round, c.r.width / 2, c.r.height / 2);
      const cx = Math.min(Math.max(x, c.r.left + r), c.r.right - r), cy = Math.min(Math.max(y, c.r.top + r), c.r.bottom - r);
      return Math.hypot(x - cx, y - cy) <= Math.max(0, r - 1) + 0.001;
    };
    for (const [x, y] of samples(vis, 4, 3, round).filter(([x, y]) => inShape(x, y))) {
      const hit = coverAt(x, y, c.e);
      if (hit) { say("cover", `${name(c.e)} is covered by ${name(hit)} (at ${Math.round(x)},${Math.round(y)} of ${Math.round(c.r.left)},${Math.round(c.r.top)} ${Math.round(c.r.width)}x${Math.round(c.r.height)})`); break; }
    }
  }

  // a row that scrolls sideways shows that there is more (its data-more says which sides, drawn by CSS)
  for (const n of document.querySelectorAll("*")) {
    if (!inside(n) || n.scrollWidth <= n.clientWidth + 1) continue;
    const cs = getComputedStyle(n);
    if (cs.overflowX !== "auto" && cs.overflowX !== "scroll") continue;
    if (!shownStyle(n) || srOnly(n)) continue;
    const want = [n.scrollLeft > 1 ? "left" : "", n.scrollLeft + n.clientWidth < n.scrollWidth - 1 ? "right" : ""].filter(Boolean).join(" ");
    const cue = n.closest("[data-more]");
    if (!cue || cue.dataset.more !== want) say("cue", `${name(n)} scrolls sideways with no cue of what is beyond (${want}; data-more="${cue ? cue.dataset.more : ""}")`);
  }

  // -- the board: its places, what it draws over them ---------------------------------
  // (a sheet the player opened over the board, scores and log or the replay's moves, hides it)
  const sheetOver = (id, cls) => { const s = document.getElementById(id); return !!s && document.body.classList.contains(cls) && getComputedStyle(s).position === "absolute"; };
  const covered = sheetOver("sheet", "sheet-open") || sheetOver("rp-sheet", "rp-sheet-open") || !!document.querySelector("#choices.open");
  const cairn = window.cairn || {};
  const boards = [];
  const R = cairn.renderer;
  // the places of legal moves (a board's own controls, tabs and view buttons, are its furniture)
  const places = (cairn.targets ? cairn.targets() : []).filter((t) => t.move || t.legal);
  if (R && R.canvas && R.canvas.offsetParent !== null && !modal && !covered) boards.push({ R, targets: places, furniture: cairn.furniture ? cairn.furniture() : [], cuts: cairn.cuts ? cairn.cuts() : [] });
  const RR = cairn.replay && cairn.replay.open && cairn.replay.renderer;
  if (RR && RR.canvas && RR.canvas.offsetParent !== null && !modal && !covered) {
    const cr = RR.canvas.getBoundingClientRect();
    const page = (x) => ({ ...x, x: x.x + cr.left, y: x.y + cr.top });
    boards.push({ R: RR, targets: [], furniture: (RR.furniture ? RR.furniture() : []).map(page), cuts: RR.cuts ? RR.cuts() : [] });
  }
  const rectOf = (t) => ({ l: t.x - (t.w || 44) / 2, t: t.y - (t.h || 44) / 2, r: t.x + (t.w || 44) / 2, b: t.y + (t.h || 44) / 2 });
  const boxOf = (f) => ({ l: f.x, t: f.y, r: f.x + f.w, b: f.y + f.h });
  const meets = (a, b, tol = 1) => a.l < b.r - tol && b.l < a.r - tol && a.t < b.b - tol && b.t < a.b - tol;
  for (const { R, targets, furniture, cuts } of boards) {
    const cr = R.canvas.getBoundingClientRect();
    const board = { l: cr.left, t: cr.top, r: cr.right, b: cr.bottom };
    const placeName = (t) => (t.label || (t.move && t.move.type) || "place");
    for (const t of targets) {
      const r = rectOf(t);
      if (r.l < Math.max(board.l, 0) - 1 || r.t < Math.max(board.t, 0) - 1 || r.r > Math.min(board.r, W) + 1 || r.b > Math.min(board.b, H) + 1) {
        say("cover", `board place ${placeName(t)} is partly outside the board`);
        continue;
      }
      for (const f of furniture) if (meets(r, boxOf(f))) { say("cover", `board place ${placeName(t)} is covered by the board's ${f.label || f.kind}`); break; }
      for (const [x, y] of samples(r, 3, 3)) {
        const hit = coverAt(x, y, R.canvas);
        if (hit) { say("cover", `board place ${placeName(t)} is covered by ${name(hit)}`); break; }
      }
    }
    const ctl = furniture.filter((f) => f.kind === "control");
    for (const f of ctl) {
      const b = boxOf(f);
      if (b.l < board.l - 1 || b.t < board.t - 1 || b.r > board.r + 1 || b.b > board.b + 1) say("offscreen", `the board's ${f.label} is partly outside the board`);
      for (const [x, y] of samples(b, 3, 3)) {
        const hit = coverAt(x, y, R.canvas);
        if (hit) { say("cover", `the board's ${f.label} is covered by ${name(hit)}`); break; }
      }
      for (const o of ctl) if (o !== f && o.label < f.label && meets(b, boxOf(o))) say("cover", `the board's ${f.label} and ${o.label} overlap`);
    }
    for (const c of cuts) if (!c.ok) say("cut", `the board's text "${c.full}" is cut to "${c.shown}"`);
  }

  // -- legal moves that cannot be reached ------------------------------------------------
  const snap = cairn.snapshot ? cairn.snapshot() : null;
  const canPlay = snap && !snap.view.is_over && R && R.interactive && !modal && !covered && !(cairn.replay && cairn.replay.open);
  if (canPlay && cairn.locate) {
    const seen = new Set();
    for (const m of snap.legal || []) {
      const where = cairn.locate(m);
      if (!where) { say("reach", `no way to play ${JSON.stringify(m)}`); continue; }
      const key = JSON.stringify([where.kind, Math.round(where.x), Math.round(where.y)]);
      if (seen.has(key)) continue;
      seen.add(key);
      if (where.off) continue;   // out of the board's sight: the board pans there (the keyboard, the light)
      const owner = where.el || R.canvas;
      let b = { l: where.x, t: where.y, r: where.x + where.w, b: where.y + where.h };
      let scrolls = false;
      if (where.el) {
        const { box, scrollers } = clipOf(where.el);
        scrolls = scrollers.length > 0;
        if (sheetClosed(where.el)) continue;
        b = { l: Math.max(b.l, box.l), t: Math.max(b.t, box.t), r: Math.min(b.r, box.r), b: Math.min(b.b, box.b) };
      }
      b = { l: Math.max(b.l, 0), t: Math.max(b.t, 0), r: Math.min(b.r, W), b: Math.min(b.b, H) };
      if (area(b) < 16) { if (!scrolls) say("reach", `${where.what} (for ${m.type}) is not on the screen`); continue; }
      const hit = coverAt((b.l + b.r) / 2, (b.t + b.b) / 2, owner);
      if (hit) say("reach", `${where.what} (for ${m.type}) is under ${name(hit)}`);
    }
  }

  // -- text that does not fit ------------------------------------------------------------
  const oneTapAway = (e, text) => {
    for (let n = e; n && n.nodeType === 1; n = n.parentElement) {
      const full = n.getAttribute("title") || n.dataset.info || n.dataset.full || "";
      if (full && full.replace(/\s+/g, " ").includes(text.slice(0, 20))) return true;
    }
    return false;
  };
  const SCROLL_OK = "#log, #sheet, #home, #record, #help, #help-body, #rp-log, #rp-sheet, .share-body, dialog, #choices .pick";
  for (const e of document.querySelectorAll("body *")) {
    if (!inside(e) || e.tagName === "SELECT" || e.tagName === "OPTION" || e.tagName === "SCRIPT" || e.tagName === "STYLE") continue;
    const own = [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join(" ").replace(/\s+/g, " ").trim();
    const scrolling = e.matches(SCROLL_OK);
    if (!own && scrolling) continue;
    if (!shownStyle(e) || srOnly(e) || sheetClosed(e)) continue;
    if (own) texts.add(own);
    for (const a of ["title", "placeholder", "data-info", "aria-label"]) {
      const v = e.getAttribute(a);
      if (v && (a !== "aria-label" || e.matches(CONTROLS))) texts.add(v.trim());
    }
    if (e.tagName === "INPUT" && (e.type === "text") && e.value && e.readOnly === false) continue;
    const cs = getComputedStyle(e);
    const clipsX = cs.overflowX !== "visible", clipsY = cs.overflowY !== "visible";
    if (scrolling) continue;
    const over = (clipsX && e.scrollWidth > e.clientWidth + 1) || (clipsY && e.scrollHeight > e.clientHeight + 1) || (cs.webkitLineClamp && cs.webkitLineClamp !== "none" && e.scrollHeight > e.clientHeight + 1);
    if (!over) continue;
    // a row that scrolls sideways with its cue: its buttons are checked one by one above
    if ((cs.overflowX === "auto" || cs.overflowX === "scroll") && e.closest("[data-more]")) continue;
    const text = (e.textContent || "").replace(/\s+/g, " ").trim();
    if (!text) continue;
    if (oneTapAway(e, text)) continue;
    const how = cs.overflowY === "auto" || cs.overflowY === "scroll" ? "scrolls inside its box" : "is cut";
    say("cut", `${name(e)} ${how} (${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight})`);
  }
  for (const { R } of boards) for (const s of R.__auditText || []) texts.add(s);
  // the words other canvases draw (the review's chart, the record's: their ``redraw``)
  for (const c of document.querySelectorAll("canvas")) {
    if (c.__auditText && inside(c) && shownStyle(c) && !srOnly(c) && c.getBoundingClientRect().width > 0) for (const s of c.__auditText) texts.add(s);
  }

  // -- the choices: each read whole, in its bar or its list over the board ---------------------
  for (const bar of document.querySelectorAll("#choices")) {
    if (!inside(bar) || !shownStyle(bar) || srOnly(bar)) continue;
    for (const n of [bar, ...bar.querySelectorAll("*")]) {
      if (n.tagName === "BUTTON" || !shownStyle(n) || n.scrollWidth <= n.clientWidth + 1) continue;
      if (getComputedStyle(n).overflowX === "visible") continue;
      say("choice", `${name(n)} holds choices wider than it (${n.scrollWidth} px in ${n.clientWidth}): a row to swipe, or cut`);
    }
    for (const b of bar.querySelectorAll("button")) {
      if (!shownStyle(b) || srOnly(b)) continue;
      const r = b.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) continue;
      if (b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1) say("choice", `${name(b)} is not whole (${b.scrollWidth}x${b.scrollHeight} in ${b.clientWidth}x${b.clientHeight})`);
      const list = b.closest("[data-choices]");
      const holder = list && getComputedStyle(list).position === "absolute" ? list : bar;
      const q = holder.getBoundingClientRect();
      const scrolls = ["auto", "scroll"].includes(getComputedStyle(b.parentElement).overflowY);
      if (r.left < q.left - 1 || r.right > q.right + 1 || (!scrolls && (r.top < q.top - 1 || r.bottom > q.bottom + 1)))
        say("choice", `${name(b)} spills out of its ${holder === bar ? "bar" : "list"} (${Math.round(r.width)}x${Math.round(r.height)} at ${Math.round(r.left)},${Math.round(r.top)}; the ${holder === bar ? "bar" : "list"}: ${Math.round(q.width)}x${Math.round(q.height)} at ${Math.round(q.left)},${Math.round(q.top)})`);
    }
  }

  // -- the board's own text: what it drew, at the view shown and at the whole board's ----------
  const textCheck = (list, view) => {
    const q = (d) => `"${String(d.text).slice(0, 40)}"`;
    const over = (a, b) => Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 1 && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 1;
    const same = (a, b) => Math.abs(a.x - b.x) < 2 && Math.abs(a.y - b.y) < 2 && Math.abs(a.w - b.w) < 2;
    list.forEach((d, i) => {
      if (d.kind !== "label") return;
      if (d.size < 9) say("text", `the board's ${q(d)} is drawn ${d.size.toFixed(1)} px high${view}`);
      if (d.squeeze < 0.97) say("text", `the board's ${q(d)} is squeezed to ${Math.round(d.squeeze * 100)}% of its width${view}`);
      for (let j = i + 1; j < list.length; j++) {
        const e = list[j];
        if (!over(d.box, e.box)) continue;
        if (e.kind === "piece") say("text", `the board's ${q(d)} is under a piece (${e.text})${view}`);
        else if (!(e.text === d.text && same(d.box, e.box))) say("text", `the board's ${q(d)} and ${q(e)} overlap${view}`);
      }
    });
  };
  const drawnOf = (R, whole) => {
    const list = whole ? (R.drawnWhole ? R.drawnWhole() : null) : (R.drawn ? R.drawn() : []);
    return list;
  };
  for (const { R } of boards) {
    textCheck(drawnOf(R, false) || [], "");
    const whole = drawnOf(R, true);
    if (whole) textCheck(whole, " (at the view of the whole board)");
  }

  // -- a focus ring after a tap ------------------------------------------------------------
  if (opts.tapped) {
    const fv = document.querySelector(":focus-visible");
    if (fv && fv !== document.body && fv.tagName !== "INPUT" && fv.tagName !== "TEXTAREA" && fv.tagName !== "SELECT")
      say("focus", `a focus ring on ${name(fv)} after a tap`);
    const ring = document.getElementById("kb-ring");
    if (ring && !ring.hidden && shownStyle(ring)) say("focus", "the board's keyboard ring shows after a tap");
  }
  return { problems, texts: [...texts] };
}
