// Clans of Caledonia's words on the page: t/tn in the context "caledonia" (gettext's msgctxt),
// for renderers/caledonia.js, renderers/caledonia/* and help/caledonia.js (see ../i18n.js).
import { context } from "../i18n.js";

export const { t, tn, N_ } = context("caledonia");
