// A module worker that paints pictures off the page's thread (Hunters' tiles: hunters/artworker.js;
// Caledonia's map ground: caledonia/groundworker.js), or null where the browser has none (no
// OffscreenCanvas or no module workers): the caller then paints on the page.

/** The worker at ``url`` (a module), its answers to ``answer(data)``, its failure to ``failed()``. */
export function paintWorker(url, name, answer, failed) {
  if (typeof OffscreenCanvas === "undefined" || typeof Worker === "undefined") return null;
  try {
    const w = new Worker(url, { type: "module", name });
    w.onmessage = (ev) => answer(ev.data || {});
    w.onerror = () => failed();
    return w;
  } catch (e) { return null; }
}
