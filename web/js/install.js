// The app as an installed, offline app: asks the browser to keep this site's
// storage (saved games and the offline copy) instead of evicting it when space
// runs low, and shows on the home screen how much it uses; registerServiceWorker()
// (called by app.js once the engine is up) keeps the offline copy itself.
// State for tests and the curious: window.cairnStorage.

import { t, language, onLanguageChange } from "./i18n.js";
import { toast } from "./ui.js";

const state = { requested: false, persisted: null, usage: null, quota: null };
window.cairnStorage = state;

const MB = 1024 * 1024;
const size = (n) => (n >= 100 * MB ? `${Math.round(n / MB)} MB` : n >= MB ? `${new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n / MB)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

async function askToPersist() {
  const s = navigator.storage;
  if (!s || !s.persist) return;
  try {
    state.persisted = s.persisted ? await s.persisted() : false;
    if (!state.persisted) {
      state.requested = true;
      state.persisted = await s.persist();
    }
  } catch (e) {
    console.warn("storage.persist:", e);
  }
}

async function showUsage() {
  const box = document.getElementById("storage-info");
  const s = navigator.storage;
  if (!box || !s || !s.estimate) return;
  try {
    const { usage = 0, quota = 0 } = await s.estimate();
    state.usage = usage;
    state.quota = quota;
    box.textContent = state.persisted
      ? t("Offline copy and saved games use {size} of this device's storage (kept by the browser).", { size: size(usage) })
      : t("Offline copy and saved games use {size} of this device's storage (the browser may clear it when space runs low).", { size: size(usage) });
  } catch (e) {
    box.textContent = "";
  }
}

async function start() {
  // Asked on the player's first tap or key (some browsers ask the player, and
  // a question nobody prompted is unwelcome), or at once in the installed app.
  try {
    if (navigator.storage && navigator.storage.persisted) state.persisted = await navigator.storage.persisted();
  } catch (e) { /* unknown */ }
  const installed = window.matchMedia && matchMedia("(display-mode: standalone)").matches;
  if (installed) await askToPersist();
  else {
    const ask = () => {
      removeEventListener("pointerdown", ask, true);
      removeEventListener("keydown", ask, true);
      askToPersist().then(showUsage);
    };
    addEventListener("pointerdown", ask, true);
    addEventListener("keydown", ask, true);
  }
  await showUsage();
  // The offline copy grows once the service worker has stored the site.
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.ready.then(() => setTimeout(showUsage, 3000)).catch(() => {});
  }
  onLanguageChange(() => showUsage());
  const home = document.getElementById("home");
  if (home) new MutationObserver(() => { if (!home.hidden) showUsage(); }).observe(home, { attributes: true, attributeFilter: ["hidden"] });
}

/** The service worker keeps the site for offline use; when a new build takes
 *  over, the page says so (it still runs the old build until reloaded). */
export function registerServiceWorker(skip) {
  if (!("serviceWorker" in navigator) || skip) return;
  const updating = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (updating) toast(t("A new version of Cairn is ready: reload the page to use it."), "info", 0);
  });
  navigator.serviceWorker.register("sw.js").catch((e) => console.warn("service worker:", e));
}

start();
