// A friends' game's record on this device (localStorage "cairn:friends:<gid>"):
//   {fid, stage: "lobby" | "joined" | "play", record (the engine's, stored
//    whole after every change), links: {p: invite link} (the host's),
//    answer (a friend's join link), next, since (when the wait began),
//    sentAt, fingerprints}
// and its entry in the saved-games list (store.js; `friends` in the entry:
// what the list says of it). Writes never throw: a full storage warns once.

const key = (gid) => `cairn:friends:${gid}`;

export function loadFriends(gid) {
  try {
    const raw = localStorage.getItem(key(gid));
    const data = raw ? JSON.parse(raw) : null;
    return data && typeof data === "object" && typeof data.fid === "string" ? data : null;
  } catch (e) {
    return null;
  }
}

/** Store ``data`` for ``gid``; false when the browser refused (full). */
export function saveFriends(gid, data) {
  try {
    localStorage.setItem(key(gid), JSON.stringify(data));
    return true;
  } catch (e) {
    return false;
  }
}

export function dropFriends(gid) {
  try { localStorage.removeItem(key(gid)); } catch (e) { /* nothing stored */ }
}

/** The local gid of the friends' game ``fid`` in the saved-games list, or null. */
export function gidOfFid(store, fid) {
  const e = store.list().find((x) => x.friends && x.friends.fid === fid && loadFriends(x.gid));
  return e ? e.gid : null;
}

/** This device's friends' games in play: [{gid, record}]. */
export function friendsInPlay(store) {
  return store.list().filter((x) => x.friends).map((x) => ({ gid: x.gid, data: loadFriends(x.gid) }))
    .filter((x) => x.data && x.data.stage === "play" && x.data.record).map((x) => ({ gid: x.gid, record: x.data.record }));
}

/** A stand-in save for the saved-games list while a game has no moves yet
 * (the lobby, a friend waiting for the start). */
export function lobbySave(setup) {
  return { game: setup.game, seats: setup.seats.map((s) => ({ name: s.name, kind: s.kind })), moves: [], options: setup.options };
}
