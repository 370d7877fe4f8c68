// Share a game as a link: the whole save file, deflated, in the URL fragment
//   index.html#save=<base64url, no padding, of the deflate-raw compressed save JSON>.<check>
// <check>: the CRC-32 of the data before the dot, 4 bytes big-endian in
// base64url (6 characters), so that a character changed or lost on the way
// is told as such (links made before checks existed have no dot and open
// unchecked).
// The fragment never reaches a server (browsers do not send it), so nothing
// leaves the browser: the link is the game.  Opening a link goes through the
// same import as a file (app.js importText); this module makes and reads
// links and draws the share dialog and the "open a shared game" prompt.
// On phones "Share" uses the Web Share API (the file or the link) where the
// browser has it; everywhere "Copy link" copies it (or shows it to copy).

import { el, toast } from "./ui.js";
import { t, tn, onLanguageChange } from "./i18n.js";

const PREFIX = "#save=";

// -- the link's data ----------------------------------------------------------------

function toBase64url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new Error(t("the link is damaged (it has characters a game link never has)"));
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function streamBytes(stream, max) {
  const reader = stream.getReader();
  const parts = [];
  let total = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    total += value.length;
    if (max && total > max) {
      reader.cancel().catch(() => {});
      throw new Error(t("the game in the link is too large (over {mb} MB unpacked)", { mb: Math.round(max / 1048576) }));
    }
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

function pipeThrough(bytes, transform) {
  const writer = transform.writable.getWriter();
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  return transform.readable;
}

let CRC_TABLE = null;

/** CRC-32 (as zlib computes it) of ``text``'s characters (ASCII). */
function crc32(text) {
  if (!CRC_TABLE) {
    CRC_TABLE = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      CRC_TABLE[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) crc = CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The 6-character check of a link's data. */
export function linkCheck(data) {
  const c = crc32(data);
  return toBase64url(new Uint8Array([c >>> 24, (c >>> 16) & 0xff, (c >>> 8) & 0xff, c & 0xff]));
}

/** The fragment data for ``save``: base64url of its compact JSON,
 * deflate-raw, then a dot and its check. */
export async function encodeSave(save) {
  const json = new TextEncoder().encode(JSON.stringify(save));
  const data = toBase64url(await streamBytes(pipeThrough(json, new CompressionStream("deflate-raw"))));
  return `${data}.${linkCheck(data)}`;
}

/** The save's JSON text from a link's data; stops unpacking past ``maxBytes``.
 * Throws an Error whose message (translated) says what is wrong with the link. */
export async function decodeSaveData(data, maxBytes) {
  if (!data) throw new Error(t("the link holds no game"));
  const dot = data.lastIndexOf(".");
  if (dot >= 0) {
    const check = data.slice(dot + 1);
    data = data.slice(0, dot);
    if (check !== linkCheck(data)) throw new Error(t("the link is damaged: a character was changed or lost on the way (its check does not match)"));
  }
  // base64 is 4/3 of the bytes; deflate never shrinks JSON below 1/1000
  if (data.length > maxBytes) throw new Error(t("the game in the link is too large (over {mb} MB unpacked)", { mb: Math.round(maxBytes / 1048576) }));
  const packed = fromBase64url(data);
  let raw;
  try {
    raw = await streamBytes(pipeThrough(packed, new DecompressionStream("deflate-raw")), maxBytes);
  } catch (e) {
    if (e instanceof TypeError) throw new Error(t("the link is damaged or cut short (its data does not unpack)"));
    throw e;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(raw);
  } catch (e) {
    throw new Error(t("the link is damaged (its data is not text)"));
  }
}

/** The data of a ``#save=`` fragment, or null when ``hash`` is not one. */
export function linkData(hash) {
  return typeof hash === "string" && hash.startsWith(PREFIX) ? hash.slice(PREFIX.length) : null;
}

/** Drop the fragment from the address bar (and history), so a reload does not import again. */
export function clearLinkFragment() {
  history.replaceState(history.state, "", location.pathname + location.search);
}

/** The whole link for ``save`` (this page's address, no query: the reader's own language applies). */
export async function linkFor(save) {
  const page = location.pathname.endsWith("/") ? `${location.pathname}index.html` : location.pathname;
  return `${location.origin}${page}${PREFIX}${await encodeSave(save)}`;
}

/** The message for a link that cannot be opened, ``why`` being the reason. */
export const linkError = (why) => t("Cannot open the shared game: {why}", { why });

// -- the share dialog --------------------------------------------------------------------

/** The label of the Share buttons (the game's bar and each saved game). */
export const shareLabel = () => t("Share");

/** The game bar's Share button, put before ``beside``; relabelled on a language change. */
export function installShareButton(beside, onClick) {
  const btn = el("button", { type: "button", id: "share-btn", text: shareLabel(), onclick: onClick });
  beside.before(btn);
  onLanguageChange(() => { btn.textContent = shareLabel(); });
  return btn;
}

function dialog(id, ...children) {
  let box = document.getElementById(id);
  if (!box) {
    box = el("dialog", { id, class: "share-dialog" });
    document.body.append(box);
  }
  box.replaceChildren(...children);
  if (!box.open) box.showModal();
  return box;
}

function closeDialog(box) {
  if (box.open) box.close();
}

/** Put ``text`` on the clipboard; false when the browser will not. */
export async function writeClipboard(text) {
  try {
    if (!navigator.clipboard || !navigator.clipboard.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch (e) {
    return false;
  }
}

/** The share dialog for ``save``: Copy link, the system's Share (link or
 * file) where the browser has it, Download file.
 * opts: {title, filename, download()} */
export async function openShare(save, opts = {}) {
  const field = el("input", { type: "text", id: "share-link", readonly: true, "aria-label": t("Link to this game"), hidden: true });
  const status = el("p", { class: "muted small", id: "share-status", text: t("Making the link\u2026") });
  const copy = el("button", { type: "button", id: "share-copy", class: "primary", disabled: true, text: t("Copy link") });
  const sendLink = el("button", { type: "button", id: "share-send", hidden: true, text: t("Share link\u2026") });
  const sendFile = el("button", { type: "button", id: "share-file", hidden: true, text: t("Share file\u2026") });
  const download = el("button", { type: "button", id: "share-download", text: t("Download file") });
  const close = el("button", { type: "button", id: "share-close", text: t("Close") });
  const box = dialog("share",
    el("div", { class: "share-head" }, el("strong", { text: t("Share this game") }), close),
    el("div", { class: "share-body" },
      el("p", { text: t("The link holds the whole game: whoever opens it gets their own copy. Nothing is uploaded.") }),
      status, field,
      el("div", { class: "row" }, copy, sendLink, sendFile, download)));
  close.onclick = () => closeDialog(box);
  download.onclick = () => { if (opts.download) opts.download(save); };
  const showField = (why) => {
    field.hidden = false;
    status.textContent = why;
    field.focus();
    field.select();
  };
  let link;
  try {
    link = await linkFor(save);
  } catch (e) {
    status.textContent = t("This browser cannot make links ({why}): download the file instead.", { why: e.message });
    return box;
  }
  field.value = link;
  box.dataset.link = link;
  status.textContent = tn("The link is {n} character long.", "The link is {n} characters long.", link.length);
  copy.disabled = false;
  copy.onclick = async () => {
    if (await writeClipboard(link)) {
      toast(t("Link copied: paste it in a message to share this game."), "info");
      closeDialog(box);
    } else {
      showField(t("Copying is blocked here: select the link below and copy it."));
    }
  };
  const shareTitle = opts.title ? t("Cairn: {game}", { game: opts.title }) : "Cairn";
  if (navigator.share) {
    sendLink.hidden = false;
    sendLink.onclick = () => systemShare({ title: shareTitle, url: link }, box);
    const file = new File([JSON.stringify(save, null, 1)], opts.filename || "game.cairn.json", { type: "application/json" });
    let files = false;
    try { files = !!navigator.canShare && navigator.canShare({ files: [file] }); } catch (e) { files = false; }
    if (files) {
      sendFile.hidden = false;
      sendFile.onclick = () => systemShare({ title: shareTitle, files: [file] }, box);
    }
  }
  return box;
}

async function systemShare(data, box) {
  try {
    await navigator.share(data);
    closeDialog(box);
  } catch (e) {
    if (e && e.name === "AbortError") return;   // the player closed the share sheet
    toast(t("Sharing did not work ({why}): use Copy link or Download file.", { why: (e && e.message) || e }), "warn");
  }
}

// -- opening a link ----------------------------------------------------------------------

/** openReplay from replay.js, or null when the replay view is not there. */
export async function loadReplay() {
  try {
    const mod = await import("./replay.js");
    return typeof mod.openReplay === "function" ? mod.openReplay : null;
  } catch (e) {
    console.warn("no replay view:", e);
    return null;
  }
}

/** What the prompt says about a game: from an engine snapshot and the game's title
 * (the same fields as a saved-games entry). */
export function linkInfo(snap, title) {
  const v = snap.view;
  const players = v.seats.map((s, i) => (s && s.name) || t("Player {n}", { n: i + 1 }));
  const over = !!v.is_over;
  const winners = over ? (snap.winners || []).map((i) => players[i]) : [];
  const score = over ? (snap.scores || []).map((s) => s.total).sort((a, b) => b - a).join("\u2013") : "";
  return { title, players, over, ply: v.ply, winners, score };
}

/** Ask what to do with a shared game: resolves "resume", "replay" or null (neither).
 * info: {title, players, over, ply, winners, score (or result), known} */
export async function askLinkChoice(info) {
  const openReplay = await loadReplay();
  const asking = document.getElementById("link-prompt");
  if (asking && asking.onclose) asking.onclose();   // a link opened while another asks: that one is dropped
  return new Promise((resolve) => {
    let answer = null;
    const pick = (a) => () => { answer = a; closeDialog(box); };
    const result = info.score ? t("{winners} won {score}", { winners: (info.winners || []).join(" & "), score: info.score }) : info.result;
    const state = info.over
      ? (result ? t("Finished: {result}", { result }) : t("Finished"))
      : tn("In progress: {n} move played", "In progress: {n} moves played", info.ply);
    const resume = el("button", { type: "button", id: "link-resume", class: "primary", text: info.over ? t("Open") : t("Resume"), onclick: pick("resume") });
    const replay = openReplay ? el("button", { type: "button", id: "link-replay", text: t("Replay"), onclick: pick("replay") }) : null;
    const cancel = el("button", { type: "button", id: "link-cancel", text: t("Cancel"), onclick: pick(null) });
    const box = dialog("link-prompt",
      el("div", { class: "share-head" }, el("strong", { text: t("A shared game") })),
      el("div", { class: "share-body" },
        el("p", {}, el("strong", { text: info.title }), el("span", { class: "muted", text: ` \u00b7 ${info.players.join(", ")}` })),
        el("p", { text: state }),
        el("p", { class: "muted small", text: info.known
          ? t("This game is already in your saved games.")
          : t("It will be added to your saved games.") }),
        el("div", { class: "row" }, resume, replay, cancel)));
    box.onclose = () => { box.onclose = null; resolve(answer); };
  });
}
