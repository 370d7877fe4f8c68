// Tap or click: words that tell what to do with a finger on a touch screen and with the
// mouse elsewhere (both written out, each translated: tapOr(t("Tap ..."), t("Click ..."))).

const coarse = typeof window !== "undefined" && !!(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);

/** ``tap`` on a touch screen, ``click`` with a mouse. */
export function tapOr(tap, click) { return coarse ? tap : click; }
