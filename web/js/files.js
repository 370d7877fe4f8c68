// The engine's downloads, for the worker (js/worker.js): each file the build's
// boot/manifest.json names is read from this build's cache when a copy with
// the same hash is there (kept by an earlier visit, or by the service worker),
// else downloaded once and a copy kept there for every later start and for
// the service worker, which then never fetches it again. Packed files (gzip)
// are unpacked here, as they arrive, whatever the host sends: a plain static
// host sends them as they are, and the browser could not unpack them itself.
// The biggest have an xz copy too (build/xzpack.py), a quarter smaller, which
// the worker asks for on a slow link (``files.xz``): the browser has no xz of
// its own, so a small decoder (js/vendor/xz-decompress.mjs) is loaded for them.

/** The name of a build's cache (the service worker's too). */
export const cacheName = (build) => `cairn-${build}`;

const HASH_HEADER = "X-Cairn-Hash";
const UNPACKED = "+unpacked";   // a kept unpacked copy's mark, after the packed file's hash

/** First 16 hex digits of the SHA-256 of ``bytes`` (what the build hashes). */
export async function fileHash(bytes) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(d.subarray(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

const XZ_MAGIC = [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00];
let xzDecoder = null;   // the decoder module, once loaded

/** The xz decoder (loaded once, when a download needs it). */
export function loadXzDecoder() {
  xzDecoder = xzDecoder || import(new URL("./vendor/xz-decompress.mjs", import.meta.url).href);
  return xzDecoder;
}

/** Let the decoder's memory go (it keeps what its biggest file needed, 13 MB for the
 * runtime) once nothing more is to be unpacked: a later use loads it again. */
export async function releaseXzDecoder() {
  const loaded = xzDecoder && (await xzDecoder.catch(() => null));
  const cls = loaded && loaded.XzReadableStream;
  // (the package's own fields, xz-decompress 0.2.3: its one instance, made again when needed)
  if (cls && cls._contextMutex && !cls._contextMutex.locked) {   // none unpacking now
    cls._moduleInstance = null;
    cls._moduleInstancePromise = null;
  }
}

/** The unpacked bytes of an xz ``stream`` of ``size`` bytes, as a stream. The
 * decoder unpacks one stream at a time, in the order they start: each is read
 * to its end here at once (none is left half-read holding the others up). */
function unxzed(stream, size) {
  const bytes = loadXzDecoder().then(({ XzReadableStream }) => readAll(new XzReadableStream(stream), size));
  bytes.catch(() => {});
  return new ReadableStream({
    async start(ctl) {
      try {
        ctl.enqueue(await bytes);
        ctl.close();
      } catch (e) {
        ctl.error(e);
      }
    },
  });
}

/** ``stream`` unpacked when it starts as gzip or xz does (a host may have
 * unpacked it already, sending the .gz with Content-Encoding: gzip). */
async function unpack(stream, size) {
  const reader = stream.getReader();
  const head = await reader.read();
  const rest = new ReadableStream({
    start(ctl) { if (head.done) ctl.close(); else ctl.enqueue(head.value); },
    async pull(ctl) {
      const r = await reader.read();
      if (r.done) ctl.close();
      else ctl.enqueue(r.value);
    },
    cancel(why) { return reader.cancel(why); },
  });
  const starts = (magic) => !head.done && head.value.length >= magic.length && magic.every((b, i) => head.value[i] === b);
  if (starts([0x1f, 0x8b])) return rest.pipeThrough(new DecompressionStream("gzip"));
  if (starts(XZ_MAGIC)) return unxzed(rest, size);
  return rest;
}

export async function readAll(stream, size, out = null) {
  if (size) {
    const reader = stream.getReader();
    out = out || new Uint8Array(size);
    let n = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (n + value.length > size) throw new Error(`longer than the build said (${size} bytes)`);
      out.set(value, n);
      n += value.length;
    }
    if (n !== size) throw new Error(`${n} bytes, expected ${size}`);
    return out;
  }
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export class Files {
  /** base: the site's URL; manifest: boot/manifest.json; onBytes(n): called
   * for every n bytes that arrive from the network. */
  constructor(base, manifest, onBytes = () => {}) {
    this.base = base;
    this.manifest = manifest;
    this.onBytes = onBytes;
    this.cache = (typeof caches !== "undefined" ? caches.open(cacheName(manifest.build)) : Promise.reject(new Error("no Cache Storage")))
      .catch(() => null);
    // What the cache holds, listed once: every lookup of it then costs nothing when the
    // answer is no (a first visit's cache is empty, and each lookup there took a fresh
    // profile 10-40 ms, one after another, before a download was asked for); null when
    // it cannot be listed (then every lookup asks the cache).
    this.index = this.cache.then((c) => c && c.keys().then((reqs) => new Set(reqs.map((r) => r.url)))).catch(() => null);
    this.packed = typeof DecompressionStream === "function";
    this.xz = false;       // download the xz copies (the worker decides by the link)
    this.xzFailed = false; // an xz copy would not come or unpack: gzip from then on, none is used again
    this.readXz = new Set();   // what was read from an xz copy (downloaded or kept)
    this.fromCache = [];   // what came from the cache (for the boot record)
    this.fetched = [];     // what came from the network
    this.arriving = {};    // rel -> {promise, resolve}: every byte of a download arrived
    this.timings = {};     // rel -> {first, last: when its first and last bytes came, after: bytes after the first}
  }

  /** Resolves once every byte of ``rel`` arrived (from the network or the
   * cache), whoever reads it; at once if nothing asked for it yet never. */
  arrived(rel) {
    if (!this.arriving[rel]) {
      let resolve;
      const promise = new Promise((r) => { resolve = r; });
      this.arriving[rel] = { promise, resolve };
    }
    return this.arriving[rel].promise;
  }

  /** Bytes per second the download of ``rel`` came at, from its first byte to its
   * last (the wait for the answer left out: a link's speed, not its delay), as the
   * browser's network timed it (its resource timing; else as this thread read it,
   * which a busy thread makes look slower); Infinity when it came at once, null when
   * it was not downloaded (ask once it arrived). */
  speed(rel) {
    const t = this.timings[rel];
    if (!t || t.first === null || !this.arriving[rel]) return null;
    const entry = typeof performance.getEntriesByName === "function"
      ? performance.getEntriesByName(t.url).filter((x) => x.responseEnd > 0 && x.encodedBodySize > 0).pop() : null;
    if (entry) {
      const ms = entry.responseEnd - entry.responseStart;
      return ms > 1 ? entry.encodedBodySize / ms * 1000 : Infinity;
    }
    return t.last > t.first ? t.after / (t.last - t.first) * 1000 : Infinity;
  }

  _arrive(rel) {
    this.arrived(rel);
    this.arriving[rel].resolve();
  }

  entry(rel) {
    const e = this.manifest.files[rel];
    if (!e) throw new Error(`${rel} is not in the build's manifest`);
    return e;
  }

  url(rel) { return new URL(rel, this.base).href; }

  /** The packed copies of ``rel`` to look for, the one to download first:
   * [{url, hash, bytes}] (the xz copy first when ``xz`` is chosen). */
  copies(rel) {
    const e = this.entry(rel);
    const gz = { url: e.url, hash: e.hash, bytes: e.bytes };
    if (!e.xz || this.xzFailed) return [gz];
    return this.xz ? [e.xz, gz] : [gz, e.xz];
  }

  /** Bytes still to download of ``rels`` (those not in the cache). */
  async missing(rels) {
    let n = 0;
    for (const rel of rels) if (!(await this.cached(rel))) n += this.sent(rel);
    return n;
  }

  sent(rel) {
    const e = this.entry(rel);
    return this.packed || !e.packed ? this.copies(rel)[0].bytes : e.size;
  }

  /** The cache's response for ``url``, or null (the index asked first). */
  async match(url) {
    const [c, index] = await Promise.all([this.cache, this.index]);
    if (!c || (index && !index.has(url))) return null;
    return (await c.match(url)) || null;
  }

  /** Put ``res`` in the cache under ``url`` (and in the index). */
  async put(url, res) {
    const [c, index] = await Promise.all([this.cache, this.index]);
    if (!c) return false;
    await c.put(url, res);
    if (index) index.add(url);
    return true;
  }

  /** The cached response for ``rel`` (a packed copy, either), or null. */
  async cached(rel) {
    const e = this.entry(rel);
    if (!(this.packed || !e.packed)) return null;
    for (const copy of this.copies(rel)) {
      const hit = await this.match(this.url(copy.url));
      if (hit && hit.headers.get(HASH_HEADER) === copy.hash) return hit;
    }
    return null;
  }

  /** The unpacked copy of ``rel`` this browser kept (keepUnpacked), as a
   * Response from the cache, or null. */
  async unpacked(rel) {
    const e = this.entry(rel);
    if (!e.packed) return null;
    const hit = await this.match(this.url(rel));
    return hit && hit.headers.get(HASH_HEADER) === e.hash + UNPACKED ? hit : null;
  }

  /** Keep ``rel`` unpacked too (under its own address, the packed copy's hash
   * marked), so that later starts read it as it is: nothing to unpack, and a
   * runtime compiled from a cached response may be compiled from the
   * browser's own code cache. */
  async keepUnpacked(rel, type) {
    try {
      const e = this.entry(rel);
      if (!(await this.cache) || !e.packed || (await this.unpacked(rel)) || !(await this.cached(rel))) return false;
      const bytes = await this.bytes(rel);
      return await this.put(this.url(rel), new Response(bytes, { headers: { [HASH_HEADER]: e.hash + UNPACKED, "Content-Type": type,
                                                                            "Content-Length": String(bytes.length) } }));
    } catch (err) {
      console.warn("cairn: could not keep an unpacked copy of", rel, err);
      return false;
    }
  }

  /** The unpacked bytes of ``rel`` as a stream (from the cache, else the
   * network, keeping a copy). */
  async stream(rel) {
    const e = this.entry(rel);
    const plain = await this.unpacked(rel);
    if (plain) {
      this.fromCache.push(rel);
      this._arrive(rel);
      return plain.body;
    }
    const hit = await this.cached(rel);
    if (hit) {
      this.fromCache.push(rel);
      this._arrive(rel);
      if (e.xz && hit.url === this.url(e.xz.url)) this.readXz.add(rel);
      return e.packed ? unpack(hit.body, e.size) : hit.body;
    }
    const usePacked = this.packed || !e.packed;
    let copy = this.copies(rel)[0];
    let url = this.url(usePacked ? copy.url : rel);
    let res = await fetch(url);
    if ((!res.ok || !res.body) && usePacked && copy === e.xz) {
      this.xzFailed = true;   // a host without the xz copies (a copy of the site that left them out)
      copy = this.copies(rel)[0];
      url = this.url(copy.url);
      res = await fetch(url);
    }
    if (!res.ok || !res.body) throw new Error(`${rel}: HTTP ${res.status}`);
    this.fetched.push(rel);
    if (usePacked && copy === e.xz) this.readXz.add(rel);
    let body = res.body;
    const timing = this.timings[rel] = { url, first: null, last: null, after: 0 };
    const count = new TransformStream({
      transform: (chunk, ctl) => {
        this.onBytes(chunk.length);
        const now = performance.now();
        if (timing.first === null) timing.first = now;
        else timing.after += chunk.length;
        timing.last = now;
        ctl.enqueue(chunk);
      },
      flush: () => this._arrive(rel),
    });
    body = body.pipeThrough(count);
    if (usePacked) {
      const [mine, kept] = body.tee();
      this.keep(url, copy.hash, kept);
      body = mine;
    }
    return e.packed && usePacked ? unpack(body, e.size) : body;
  }

  /** The unpacked bytes of ``rel``, checked against the size the build gave
   * (into ``out`` when given, an array of that size). */
  async bytes(rel, out = null) {
    const e = this.entry(rel);
    try {
      try {
        return await readAll(await this.stream(rel), e.size, out);
      } catch (err) {
        if (!this.readXz.has(rel)) throw err;
        this.readXz.delete(rel);
        // an xz copy (downloaded or kept) that would not unpack: gzip, for it and from now on
        console.warn("cairn: an xz copy failed, using gzip:", rel, err);
        this.xzFailed = true;
        return await readAll(await this.stream(rel), e.size, out);
      }
    } catch (err) {
      throw new Error(`${rel}: ${(err && err.message) || err}`);
    }
  }

  /** A Response of ``rel`` unpacked, with ``type`` (the cache's own when an
   * unpacked copy is kept). */
  async response(rel, type) {
    const plain = await this.unpacked(rel);
    if (plain) {
      this.fromCache.push(rel);
      this._arrive(rel);
      return plain;
    }
    return new Response(await this.stream(rel), { headers: { "Content-Type": type } });
  }

  /** Keep what arrived in the cache when it is what the build made (its hash
   * matches); a full or missing storage only means downloading it again. */
  async keep(url, hash, stream) {
    try {
      const bytes = await readAll(stream);
      if (!(await this.cache) || typeof crypto === "undefined" || !crypto.subtle) return;
      if ((await fileHash(bytes)) !== hash) return;
      await this.put(url, new Response(bytes, { headers: { [HASH_HEADER]: hash, "Content-Length": String(bytes.length) } }));
    } catch (e) {
      console.warn("cairn: could not keep a copy of", url, e);
    }
  }

  /** A start-up snapshot made in this browser, kept under the build's key. */
  async localSnapshot() {
    const s = this.manifest.local_snapshot;
    if (!s) return null;
    const [bin, meta] = await Promise.all([this.match(this.url(s.url)), this.match(this.url(s.url + ".json"))]);
    if (!bin || !meta || bin.headers.get(HASH_HEADER) !== s.key || meta.headers.get(HASH_HEADER) !== s.key) return null;
    return { bytes: bin, meta: await meta.json() };
  }

  async keepLocalSnapshot(bytes, meta) {
    const s = this.manifest.local_snapshot;
    if (!s) return false;
    const headers = { [HASH_HEADER]: s.key };
    // The record last: a snapshot without it is never used.
    return (await this.put(this.url(s.url), new Response(bytes, { headers: { ...headers, "Content-Length": String(bytes.length) } })))
      && (await this.put(this.url(s.url + ".json"), new Response(JSON.stringify(meta), { headers })));
  }

  async dropLocalSnapshot() {
    const [c, index] = await Promise.all([this.cache, this.index]);
    const s = this.manifest.local_snapshot;
    if (!c || !s) return;
    const urls = [this.url(s.url), this.url(s.url + ".json")];
    await Promise.all(urls.map((u) => c.delete(u)));
    if (index) urls.forEach((u) => index.delete(u));
  }
}
