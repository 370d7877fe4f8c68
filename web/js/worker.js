// The Python engine in a module Web Worker: boots Pyodide from ../pyodide/,
// installs the wheels named in ../wheels/manifest.json, imports
// cairn.core.facade and answers every {id, op, ...} with facade.handle().
// Protocol: web/js/README.md. JSON strings cross the boundary both ways.

const base = new URL("../", import.meta.url);
let handle = null;          // the facade's handle() (a PyProxy kept for the worker's life)
const queue = [];           // requests that arrive before Python is ready

const t0 = performance.now();
const progress = (text, pct) => postMessage({ kind: "progress", text, pct, ms: Math.round(performance.now() - t0) });

function answer(msg) {
  // handle() never raises for a bad request; an exception here means the
  // Python runtime itself failed, so let it escape: the worker's error event
  // makes the page restart the worker and reload the game from its save.
  const reply = handle(JSON.stringify(msg));   // a Python str comes back as a JS string
  postMessage(JSON.parse(reply));
}

onmessage = (ev) => {
  if (handle) answer(ev.data);
  else queue.push(ev.data);
};

async function boot() {
  progress("Loading Python runtime", 5);
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", base).href);
  progress("Starting Python", 20);
  const py = await loadPyodide({ indexURL: new URL("pyodide/", base).href, stdout: () => {}, stderr: () => {} });
  progress("Fetching the game engine", 60);
  const res = await fetch(new URL("wheels/manifest.json", base));
  if (!res.ok) throw new Error(`wheels/manifest.json: HTTP ${res.status}`);
  const { wheels } = await res.json();
  await py.loadPackage(wheels.map((w) => new URL("wheels/" + w, base).href), { messageCallback: () => {}, errorCallback: () => {} });
  progress("Importing the game engine", 85);
  handle = py.runPython("from cairn.core.facade import handle\nhandle");
  const hello = JSON.parse(handle(JSON.stringify({ id: 0, op: "hello" })));
  if (!hello.ok) throw new Error(hello.error.message);
  progress("Ready", 100);
  postMessage({ kind: "ready", hello: hello.result });
  while (queue.length) answer(queue.shift());
}

boot().catch((e) => postMessage({ kind: "fatal", message: String(e && e.message || e) }));
