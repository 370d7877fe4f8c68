// A device's identity in a friends' game: a signing key made here with
// WebCrypto (Ed25519; ECDSA P-256 where the browser lacks it), kept in
// IndexedDB as a non-extractable CryptoKey (the page can sign with it, no one
// can read it out), and the secret root of its hash chain of draw values
// (js/friends/README in web/js/README.md). One identity per game, stored
// under the game's id. Verifying others' signatures uses their raw public keys.

const DB = "cairn-friends";
const STORE = "identities";

export const b64 = (bytes) => {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

export const unb64 = (text) => {
  const bin = atob(String(text).replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
};

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

const ALGS = {
  ed25519: { gen: { name: "Ed25519" }, sign: { name: "Ed25519" }, imp: { name: "Ed25519" } },
  p256: { gen: { name: "ECDSA", namedCurve: "P-256" }, sign: { name: "ECDSA", hash: "SHA-256" }, imp: { name: "ECDSA", namedCurve: "P-256" } },
};

let dbPromise = null;
function db() {
  if (!dbPromise) {
    dbPromise = new Promise((resolve, reject) => {
      const req = indexedDB.open(DB, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error || new Error("IndexedDB"));
    });
    dbPromise.catch(() => { dbPromise = null; });
  }
  return dbPromise;
}

async function idb(mode, fn) {
  const d = await db();
  return new Promise((resolve, reject) => {
    const tx = d.transaction(STORE, mode);
    const req = fn(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req && req.result);
    tx.onerror = () => reject(tx.error || new Error("IndexedDB"));
    tx.onabort = () => reject(tx.error || new Error("IndexedDB"));
  });
}

/** A new key pair (Ed25519, else P-256) and chain root; not stored yet. */
export async function newIdentity(name) {
  let alg = "ed25519";
  let pair;
  try {
    pair = await crypto.subtle.generateKey(ALGS.ed25519.gen, false, ["sign", "verify"]);
  } catch (e) {
    alg = "p256";
    pair = await crypto.subtle.generateKey(ALGS.p256.gen, false, ["sign", "verify"]);
  }
  const key = b64(new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey)));
  const root = hex(crypto.getRandomValues(new Uint8Array(16)));
  return { alg, key, name, privateKey: pair.privateKey, root };
}

/** Keep ``id`` for the game ``fid`` (IndexedDB structured-clones the CryptoKey). */
export async function keepIdentity(fid, id) {
  await idb("readwrite", (s) => s.put({ alg: id.alg, key: id.key, privateKey: id.privateKey, root: id.root }, fid));
}

/** This device's identity for ``fid``, or null. */
export async function identity(fid) {
  try {
    return (await idb("readonly", (s) => s.get(fid))) || null;
  } catch (e) {
    return null;
  }
}

export async function forgetIdentity(fid) {
  try { await idb("readwrite", (s) => s.delete(fid)); } catch (e) { /* nothing to forget */ }
}

/** Sign ``messageB64`` (base64url) with ``id``; the 64-byte signature in base64url. */
export async function sign(id, messageB64) {
  const sig = await crypto.subtle.sign(ALGS[id.alg].sign, id.privateKey, unb64(messageB64));
  return b64(new Uint8Array(sig));
}

/** Whether ``sigB64`` is ``key``'s (raw public key, base64url) signature of ``messageB64``. */
export async function verify(alg, key, messageB64, sigB64) {
  const a = ALGS[alg];
  if (!a) return false;
  try {
    const pub = await crypto.subtle.importKey("raw", unb64(key), a.imp, false, ["verify"]);
    return await crypto.subtle.verify(a.sign, pub, unb64(sigB64), unb64(messageB64));
  } catch (e) {
    return false;
  }
}

/** Every check ``{p, alg, key, message, sig}`` verified: the first that fails, or null. */
export async function firstBad(checks) {
  for (const c of checks || []) {
    if (!(await verify(c.alg, c.key, c.message, c.sig))) return c;
  }
  return null;
}

/** 8 random bytes in base64url: a friends' game's id. */
export const newFid = () => b64(crypto.getRandomValues(new Uint8Array(8)));
