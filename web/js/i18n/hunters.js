// Carcassonne: Hunters and Gatherers's words on the page: t/tn in the context "hunters" (gettext's msgctxt),
// for renderers/hunters.js, renderers/hunters/* and help/hunters.js (see ../i18n.js).
import { context } from "../i18n.js";

export const { t, tn, N_ } = context("hunters");
