// The page's half of the engine's lean replies (engine/cairn/core/delta.py):
// a reply to play/undo/bot carries only what changed since the snapshot the
// page holds; patch() makes the whole snapshot again, sharing what did not
// change with the one held (which is never modified).

/** ``value`` with ``edits`` made: ["set", path, v], ["del", path],
 * ["splice", path, at, n, items]. Containers along each path are copied once. */
export function applyEdits(value, edits) {
  const fresh = new Set();
  const own = (x) => {
    if (fresh.has(x)) return x;
    const c = Array.isArray(x) ? x.slice() : { ...x };
    fresh.add(c);
    return c;
  };
  let root = value;
  for (const [op, path, a, b, c] of edits) {
    if (op === "set" && path.length === 0) { root = a; continue; }
    root = own(root);
    let parent = root;
    const last = op === "splice" ? path.length : path.length - 1;
    for (let i = 0; i < last; i++) {
      const child = own(parent[path[i]]);
      parent[path[i]] = child;
      parent = child;
    }
    if (op === "set") parent[path[path.length - 1]] = a;
    else if (op === "del") delete parent[path[path.length - 1]];
    else if (op === "splice") parent.splice(a, b, ...c);
    else throw new Error(`unknown edit ${op}`);
  }
  return root;
}

// a patched snapshot's table of labels (a symbol: no JSON, no renderer sees it)
const LABELS = Symbol("labels");

/** The whole snapshot from the one held and a lean reply to it. */
export function patch(held, reply) {
  const d = reply.delta;
  const out = { ...reply };
  delete out.delta;
  out.categories = held.categories;   // a game's never change: sent with whole snapshots only
  out.view = applyEdits(held.view, d.view);
  // parallel to out.legal: each label whole, or its index in the game's table of labels
  // (the last whole snapshot's, then each one a lean reply sent whole, in order)
  const table = held[LABELS] || (held.labels || []).slice();
  out.labels = (d.labels || []).map((x) => {
    if (typeof x === "number") return table[x];
    table.push(x);
    return x;
  });
  out[LABELS] = table;
  out.history = held.history.slice(0, d.history[0]).concat(d.history[1]);
  out.save = { ...held.save, moves: held.save.moves.slice(0, d.moves[0]).concat(d.moves[1]), meta: d.meta };
  if (d.chance !== undefined) out.save.chance = d.chance;   // a fresh-chance game's draws (a friends' game)
  return out;
}
