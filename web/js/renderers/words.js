// The engine's words for each legal move (snapshot.labels, parallel to
// snapshot.legal: {label, cost, group, info}, in the reader's language), for
// the drawing code that holds a move but not its snapshot. A renderer calls
// learn(snapshot) when it takes a snapshot; the moves it passes around are
// the snapshot's own objects, so each finds its words.

const byMove = new WeakMap();

/** Remember the words of every legal move of ``snap``. */
export function learn(snap) {
  const legal = (snap && snap.legal) || [];
  const labels = (snap && snap.labels) || [];
  legal.forEach((m, i) => { if (m && typeof m === "object" && labels[i]) byMove.set(m, labels[i]); });
}

/** The engine's {label, cost, group, info} of a legal move (of ``snap`` when given, else of a
 * snapshot learnt), or null. */
export function wordsOf(move, snap = null) {
  if (snap) {
    const i = (snap.legal || []).indexOf(move);
    if (i >= 0 && snap.labels && snap.labels[i]) return snap.labels[i];
  }
  return byMove.get(move) || null;
}

/** A legal move's button text in the engine's words (its type when none is known). */
export function labelOf(move, snap = null) {
  const w = wordsOf(move, snap);
  return w ? w.label : String((move && move.type) || "");
}
