// A game's review in the replay (issue 44): the hard bot judges each decision of the people
// at the table against the best move it finds, in points (the engine's review_* ops:
// engine/cairn/review/). Loaded by js/replay.js only when a review is asked for or a save
// keeps one.
//
// The work runs in the same worker as the replay, a slice at a time (review_step, 80 ms):
// the page asks for the next slice only when the last one answered, so a step of the replay
// waits at most one slice, and the page itself never waits. Marks appear decision by decision
// (in the move list, on the chart); Cancel stops it, the review so far is kept with the game
// (saved every few seconds and at the end: review_save), Review goes on from there.
//
// What it shows: the progress, the chart (js/review/chart.js) with a table for screen readers,
// each person's points lost per decision and marks, and the costliest decisions: "You played
// X; Y was about N points better (likely A to B)"; opening one moves the replay there and draws
// both moves on the board (js/review/moves.js) with a card saying it. A decision the bot first
// found costly but cannot, on a closer look, tell from the better move is a close call (said
// so, never named a mistake).

import { el, toast, seatShape } from "../ui.js";
import { t, tn, num } from "../i18n.js";
import { announce } from "../access.js";
import { ReviewChart } from "./chart.js";
import { MoveRings } from "./moves.js";
import { MARK_WORDS, MARK_GLYPH, markColour, points, range, upTo } from "./words.js";

const RID = "review";
const SLICE_MS = 80;
const KEEP_EVERY_MS = 3000;

export class ReviewPanel {
  /** host: {engine, box (the panel's section), board, canvas, renderer(), seek(ply), ply(),
   *  save(): the save shown, keep(save, summary): store it (with its review), seatName(i),
   *  seatColor(i), sheet(open), live(ply | null): draw the board for choosing at ply,
   *  marked(): the marks changed (the move list), phone(): a phone's layout} */
  constructor(host) {
    this.h = host;
    this.data = null;
    this.verdicts = new Map();   // ply -> verdict
    this.summary = {};
    this.progress = { done: 0, total: 0, checking: false };
    this.complete = false;
    this.running = false;
    this.gen = 0;
    this.kept = 0;               // when the review was last kept (ms)
    this.unkept = false;         // verdicts since
    this.decision = null;        // the costly decision opened: a verdict
    this.rings = new MoveRings(host.board, host.canvas, host.renderer);
    this.build();
  }

  // -- the work ---------------------------------------------------------------------------
  /** Open the review of ``save`` (the one shown); ``start``: judge what is not judged yet. */
  async open(save, { start = false } = {}) {
    const gen = ++this.gen;
    this.running = false;
    this.setBusy(t("Opening the review\u2026"));
    let data;
    try {
      data = await this.h.engine.request("review_open", { rid: RID, save }, 180000);
    } catch (e) {
      if (gen === this.gen) { this.setIdle(); toast(t("The review could not start: {message}", { message: e.message }), "error"); }
      return false;
    }
    if (gen !== this.gen) return false;
    this.data = data;
    this.judged = false;
    this.verdicts.clear();
    this.take(data);
    this.chart.set({ values: data.chart.values, moments: data.chart.moments.map((m) => ({ ...m, short: shortMoment(m.text) })),
      seats: data.chart.values.length ? data.chart.values[0].map((_, i) => i) : [], reviewed: data.seats });
    this.chart.setPly(this.h.ply());
    if (data.dropped) toast(t("The review kept with this game was dropped ({reason}): the game is reviewed again.", { reason: data.dropped }), "warn", 10000);
    this.render();
    if (start || (this.progress.checking)) this.run(gen);
    else this.setIdle();
    return true;
  }

  /** Ask for slices until the review is done, cancelled or replaced. */
  async run(gen = this.gen) {
    if (!this.data || this.running) return;
    this.running = true;
    this.render();
    while (this.running && gen === this.gen) {
      let st;
      try {
        this.stepping = this.h.engine.request("review_step", { rid: RID, ms: SLICE_MS }, 120000);
        st = await this.stepping;
      } catch (e) {
        if (gen !== this.gen) return;
        if (e.code === "crashed" || e.code === "bad_request") {   // the worker restarted: open again from what was kept
          try { await this.h.engine.ready(); } catch (e2) { /* it failed to start: said elsewhere */ }
          this.running = false;
          if (gen === this.gen) this.open(this.h.save(), { start: true });
          return;
        }
        this.running = false;
        toast(t("The review stopped: {message}", { message: e.message }), "error");
        this.render();
        return;
      }
      if (gen !== this.gen) return;
      const before = this.complete;
      if (!st.progress.checking && st.verdicts && st.verdicts.length && !this.progress.checking) this.judged = true;
      this.take(st);
      if (st.dropped && !this.droppedSaid) {
        this.droppedSaid = true;
        toast(t("The review kept with this game was dropped ({reason}): the game is reviewed again.", { reason: st.dropped }), "warn", 10000);
      }
      this.render();
      if (this.complete && !before) {
        this.running = false;
        await this.keep();
        if (this.judged) this.say(t("Review done."));   // (not after a kept review's check)
        this.render();
        return;
      }
      if (this.unkept && performance.now() - this.kept > KEEP_EVERY_MS) this.keep();
      // let the page's own work in first (a tap, a step of the replay)
      await new Promise((r) => setTimeout(r, 0));
    }
  }

  /** Stop judging (what is judged so far is kept, the slice under way included: the
   * page shows what the save keeps). */
  async cancel() {
    if (!this.running) return;
    this.running = false;
    this.render();
    if (this.stepping) await this.stepping.catch(() => {});   // its verdicts taken by run()
    await this.keep();
    this.say(t("Review stopped: {done} of {total} decisions judged.", { done: this.progress.done, total: this.progress.total }));
  }

  take(st) {
    if (st.dropped) this.verdicts.clear();
    for (const v of st.verdicts || []) this.verdicts.set(v.ply, v);
    if (st.verdicts && st.verdicts.length) this.unkept = true;
    this.progress = st.progress;
    this.complete = st.complete;
    if (!st.progress.checking) this.summary = st.summary || {};
    this.chart.setMarks(new Map([...this.verdicts.values()].map((v) => [v.ply, { seat: v.seat, mark: v.mark }])));
    this.h.marked();
  }

  /** Keep the save with the review so far (with the game, on this device). */
  async keep() {
    if (!this.data || this.progress.checking) return;
    this.kept = performance.now();
    this.unkept = false;
    try {
      const r = await this.h.engine.request("review_save", { rid: RID });
      if (r.review) this.h.keep(r.save, this.recordInfo());
    } catch (e) { /* the worker restarted: kept at the next slice */ }
  }

  /** What the saved-games list keeps of the review (the record screen's points lost). */
  recordInfo() {
    const seats = {};
    for (const [seat, s] of Object.entries(this.summary)) if (s.decisions) seats[seat] = { average: s.average, decisions: s.decisions, marks: s.marks };
    return { complete: this.complete, seats, at: Date.now() };
  }

  /** Put the review away (the replay closes, another game is shown). */
  async close() {
    const had = this.data && this.unkept;
    this.running = false;
    this.gen++;
    this.closeDecision();
    if (had) await this.keep();
    if (this.data) this.h.engine.request("review_close", { rid: RID }).catch(() => {});
    this.data = null;
    this.verdicts.clear();
    this.h.marked();
  }

  // -- the replay's position ------------------------------------------------------------------
  /** The replay shows ``ply`` now. */
  onPly(ply) {
    this.chart.setPly(ply);
    const d = this.decision;
    if (d && ply !== d.ply) this.closeDecision();
    else if (d && ply === d.ply) requestAnimationFrame(() => requestAnimationFrame(() => this.drawDecision()));
  }

  /** The verdict of the move made at history line ``ply`` (moves count from 1), or null. */
  verdictOfMove(ply) { return this.verdicts.get(ply - 1) || null; }

  /** The page's language changed: every verdict's moves in its words (the engine's), and the
   * review drawn again (an open decision's card too). */
  async relabel() {
    this.render();
    if (!this.data) return;
    if (this.decision) this.drawDecision();   // the rings' tags in the language now
    const gen = this.gen;
    let st;
    try { st = await this.h.engine.request("review_labels", { rid: RID }); } catch (e) { return; }
    if (gen !== this.gen || !this.data) return;
    for (const v of st.verdicts || []) if (this.verdicts.has(v.ply)) this.verdicts.set(v.ply, v);
    if (!st.progress.checking) this.summary = st.summary || this.summary;
    this.render();
    if (this.decision && this.verdicts.has(this.decision.ply)) this.openDecision(this.verdicts.get(this.decision.ply), { quiet: true });
  }

  // -- a costly decision on the board ---------------------------------------------------------
  openDecision(v, { quiet = false } = {}) {
    this.decision = v;
    document.body.classList.add("rv-deciding");
    this.h.live(v.ply);
    if (this.h.phone()) this.h.sheet(false);
    this.card.hidden = false;
    this.cardMove = el("strong", {});
    this.cardWords = document.createTextNode("");
    this.cardBack = el("button", { type: "button", id: "rv-back", onclick: () => this.backToReview() });
    this.cardClose = el("button", { type: "button", class: "x", text: "\u00d7", onclick: () => this.closeDecision() });
    this.card.replaceChildren(
      el("p", { class: "rv-card-text" }, this.cardMove, " ", this.cardWords),
      el("div", { class: "row rv-card-actions" }, this.cardBack, this.cardClose));
    this.wordCard();
    if (!quiet) this.say(`${t("Move {n}", { n: v.ply + 1 })}: ${this.decisionWords(v)}`);
    if (this.h.ply() === v.ply) this.onPly(v.ply);
    else this.h.seek(v.ply);
  }

  /** The open decision's card in the page's language and with the verdict held now (a language
   * change brings the engine's words of the moves later: the card is said again at each render,
   * its buttons kept, so a focus on them stays). */
  wordCard() {
    const d = this.decision;
    if (!d || !this.cardMove) return;
    const v = this.verdicts.get(d.ply) || d;
    this.decision = v;
    this.cardMove.textContent = t("Move {n}", { n: v.ply + 1 });
    this.cardWords.textContent = this.decisionWords(v);
    this.cardBack.textContent = t("Back to the review");
    this.cardClose.setAttribute("aria-label", t("Close"));
  }

  drawDecision() {
    const v = this.decision;
    if (!v || this.h.ply() !== v.ply) return;
    const who = this.people() > 1 ? t("{name} played", { name: this.h.seatName(v.seat) }) : t("You played");
    this.rings.show([{ move: v.played, tag: who, kind: "played" }, { move: v.best, tag: t("Better"), kind: "best" }]);
  }

  closeDecision() {
    if (!this.decision) return;
    this.decision = null;
    document.body.classList.remove("rv-deciding");
    this.rings.clear();
    this.card.hidden = true;
    this.h.live(null);
  }

  backToReview() {
    this.closeDecision();
    this.h.sheet(true);
    const first = this.box.querySelector(".rv-costly button") || this.chartCanvas;
    this.box.scrollIntoView({ block: "start" });
    if (first) first.focus();
  }

  // -- words ----------------------------------------------------------------------------------
  people() { return this.data ? this.data.seats.length : 0; }

  decisionWords(v) {
    if (v.mark === "good") return t("{move}: as good as the bot can tell.", { move: v.played_label });
    const many = this.people() > 1;
    if (v.mark === "close") {
      const words = { name: this.h.seatName(v.seat), played: v.played_label, best: v.best_label, points: upTo(v.hi) };
      return many
        ? t("Close call: {name} played {played}; {best} may have been better, by up to {points}, but the bot cannot tell them apart.", words)
        : t("Close call: you played {played}; {best} may have been better, by up to {points}, but the bot cannot tell them apart.", words);
    }
    const words = { name: this.h.seatName(v.seat), played: v.played_label, best: v.best_label, points: points(v.loss), range: range(v.lo, v.hi) };
    return many
      ? t("{name} played {played}; {best} was {points} better ({range})", words)
      : t("You played {played}; {best} was {points} better ({range})", words);
  }

  say(text) { announce(text, "#announce"); }

  // -- the DOM --------------------------------------------------------------------------------
  build() {
    const b = this.h.box;
    this.box = b;
    this.title = el("h3", { id: "rv-title" });
    this.bar = el("progress", { id: "rv-progress", max: "1", value: "0" });
    this.status = el("span", { id: "rv-status-text", class: "muted" });
    this.stopBtn = el("button", { type: "button", id: "rv-cancel", onclick: () => (this.running ? this.cancel() : this.run()) });
    this.statusRow = el("div", { class: "rv-status", role: "status" }, this.bar, this.status, this.stopBtn);
    this.about = el("p", { class: "muted small rv-about" });
    this.chartCanvas = el("canvas", { id: "rv-chart" });
    this.chart = new ReviewChart(this.chartCanvas, {
      seatColor: (i) => this.h.seatColor(i),
      pick: (ply) => this.h.seek(ply),
      describe: (ply) => this.positionWords(ply),
    });
    this.what = el("p", { class: "muted small rv-what", id: "rv-what" });
    this.legend = el("div", { class: "rv-legend" });
    this.moments = el("p", { class: "muted small rv-moments", id: "rv-moments" });
    this.tableBox = el("details", { class: "rv-table" });
    this.seatsBox = el("div", { class: "rv-seats" });
    this.costlyTitle = el("h4", {});
    this.costly = el("ol", { class: "rv-costly" });
    b.replaceChildren(this.title, this.statusRow, this.about, this.what, this.chartCanvas, this.legend, this.moments, this.tableBox,
      this.seatsBox, this.costlyTitle, this.costly);
    b.setAttribute("aria-labelledby", "rv-title");
    // a costly decision's words: at the top of the replay's dock (never over the board)
    this.card = el("div", { id: "rv-card", role: "status", hidden: true });
    this.h.dock.prepend(this.card);
  }

  setBusy(words) {
    this.status.textContent = words;
    this.bar.removeAttribute("value");
    this.statusRow.hidden = false;
    this.stopBtn.hidden = true;
  }

  setIdle() { this.render(); }

  positionWords(ply) {
    if (!this.data) return "";
    const row = this.data.chart.values[ply] || [];
    const who = row.map((v, i) => t("{name} {n}", { name: this.h.seatName(i), n: Math.round(v) })).join(", ");
    const v = this.verdicts.get(ply);
    const mark = v && v.mark !== "good" ? ` \u00b7 ${t(MARK_WORDS[v.mark])}` : "";
    return `${ply === 0 ? t("Start") : t("After move {n}", { n: ply })}: ${t("expected final scores {list}", { list: who })}${mark}`;
  }

  render() {
    if (!this.data) return;
    this.wordCard();
    const p = this.progress;
    this.title.textContent = t("Review");
    this.about.textContent = t("The hard bot judged each decision against the best move it found, from what the player knew then, and looked again, closer, before marking one. Points: the expected final score lost, with the range it likely lies in; a decision is marked only where the bot can tell the loss from chance, else it is a close call.");
    // progress and Cancel / Go on
    const judging = this.running;
    if (p.checking) {
      this.status.textContent = t("Checking the review kept with this game\u2026");
      this.bar.removeAttribute("value");
    } else {
      this.bar.max = String(Math.max(1, p.total));
      this.bar.value = String(p.done);
      this.status.textContent = this.complete ? t("All {n} decisions judged.", { n: p.total })
        : judging ? t("Reviewing: {done} of {total} decisions\u2026", { done: p.done, total: p.total })
          : t("{done} of {total} decisions judged.", { done: p.done, total: p.total });
    }
    this.bar.setAttribute("aria-label", t("Review progress"));
    this.bar.hidden = this.complete;
    this.stopBtn.hidden = this.complete || p.checking;
    this.stopBtn.textContent = judging ? t("Cancel") : t("Go on");
    this.statusRow.hidden = false;
    // the chart: what it plots (in points), its legend, its scoring moments named
    this.chartCanvas.setAttribute("aria-label", t("Chart of the game: each player's expected final score after every move; arrow keys move the replay, up and down go to the marked decisions"));
    const seats = this.data.chart.values.length ? this.data.chart.values[0].map((_, i) => i) : [];
    this.what.textContent = seats.length === 1
      ? t("The line: your expected final score, in points, after each move (the hard bot's estimate from what the table knew then). At the end it meets your final score.")
      : t("The lines: each player's expected final score, in points, after each move (the hard bot's estimate from what the table knew then). At the end each line meets that player's final score.");
    this.legend.replaceChildren(...seats.map((i) => el("span", { class: "rv-key" },
      el("span", { class: "rv-line", style: `background:${this.h.seatColor(i)}`, "aria-hidden": "true" }), this.h.seatName(i))),
    ...["close", "inaccuracy", "mistake", "blunder"].map((m) => el("span", { class: "rv-key" },
      el("span", { class: "rv-dot", style: `background:${markColour(m)}` }), t(MARK_WORDS[m]))));
    const moments = this.data.chart.moments;
    this.moments.hidden = !moments.length;
    this.moments.replaceChildren(el("span", { class: "rv-moment-key", "aria-hidden": "true", text: "\u25b2" }),
      moments.length <= 6 ? t("Scoring moments: {list}", { list: moments.map((m) => m.text).join(", ") })
        : tn("{n} scoring moment (each in the table below)", "{n} scoring moments (each in the table below)", moments.length));
    this.renderTable();
    this.renderSeats();
  }

  renderSeats() {
    const d = this.data;
    this.seatsBox.replaceChildren(...d.seats.map((seat) => {
      const s = this.summary[String(seat)];
      if (!s || !s.decisions) return null;
      const m = s.marks;
      return el("p", { class: "rv-seat" },
        el("span", { class: `dot ${seatShape(seat)}`, style: `background:${this.h.seatColor(seat)}` }),
        el("strong", { text: this.h.seatName(seat) }), " ",
        t("{avg} points lost per decision ({n} judged)", { avg: num(s.average, { digits: 2 }), n: s.decisions }), el("br"),
        el("span", { class: "muted", text: [
          tn("{n} inaccuracy", "{n} inaccuracies", m.inaccuracy), tn("{n} mistake", "{n} mistakes", m.mistake),
          tn("{n} blunder", "{n} blunders", m.blunder), tn("{n} close call", "{n} close calls", m.close || 0)].join(" \u00b7 ") }));
    }));
    const items = [];
    for (const seat of d.seats) {
      const s = this.summary[String(seat)];
      for (const ply of (s && s.costliest) || []) {
        const v = this.verdicts.get(ply);
        if (v) items.push(v);
      }
    }
    this.costlyTitle.textContent = items.length ? t("Costliest decisions") : "";
    this.costlyTitle.hidden = !items.length;
    this.costly.replaceChildren(...items.map((v) => el("li", {},
      el("button", { type: "button", class: `rv-decision rv-${v.mark}`, "data-ply": String(v.ply), onclick: () => this.openDecision(v) },
        el("span", { class: "rv-badge", style: `background:${markColour(v.mark)}`, text: MARK_GLYPH[v.mark] || "\u2713", "aria-hidden": "true" }),
        el("span", { class: "rv-decision-text" }, el("strong", { text: `${t("Move {n}", { n: v.ply + 1 })} \u00b7 ${t(MARK_WORDS[v.mark])}: ` }), this.decisionWords(v))))));
  }

  /** The chart as a table: the start, every moment, every decision judged, the end. */
  renderTable() {
    const d = this.data;
    if (!this.tableListen) {
      this.tableListen = true;
      this.tableBox.addEventListener("toggle", () => this.renderTable());
    }
    if (!this.tableBox.open) {   // its rows are made when it is opened
      this.tableBox.replaceChildren(el("summary", { text: t("The chart as a table") }));
      return;
    }
    const seats = d.chart.values.length ? d.chart.values[0].map((_, i) => i) : [];
    const rows = new Map([[0, []], [d.plies, []]]);
    for (const m of d.chart.moments) rows.set(m.ply, [...(rows.get(m.ply) || []), m.text]);
    for (const v of this.verdicts.values()) rows.set(v.ply, [...(rows.get(v.ply) || []),
      `${this.h.seatName(v.seat)}: ${t(MARK_WORDS[v.mark])}${v.mark === "good" ? "" : v.mark === "close" ? ` (${t("up to {points}", { points: upTo(v.hi) })})` : ` (${points(v.loss)}, ${range(v.lo, v.hi)})`}`]);
    const head = el("tr", {}, el("th", { scope: "col", text: t("Move") }),
      ...seats.map((i) => el("th", { scope: "col", text: this.h.seatName(i) })), el("th", { scope: "col", text: t("What happened") }));
    const body = [...rows.keys()].sort((a, b) => a - b).map((ply) => el("tr", {},
      el("th", { scope: "row" }, el("button", { type: "button", class: "rv-go", onclick: () => this.h.seek(ply),
        text: ply === 0 ? t("Start") : t("After move {n}", { n: ply }) })),
      ...seats.map((i) => el("td", { text: num(Math.round((d.chart.values[ply] || [])[i] ?? 0)) })),
      el("td", { text: rows.get(ply).join("; ") })));
    this.tableBox.replaceChildren(el("summary", { text: t("The chart as a table") }),
      el("table", {}, el("caption", { text: t("Expected final scores after each move") }), el("thead", {}, head), el("tbody", {}, ...body)));
  }
}

/** A moment's short name on the chart ("Scoring II": "II", "End of round 3": "3"): its last word. */
function shortMoment(text) {
  const w = String(text || "").trim().split(/\s+/);
  const last = w[w.length - 1] || "";
  return last.length <= 4 ? last : "";
}
