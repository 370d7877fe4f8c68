// Glen More's words on the page: t/tn in the context "glenmore" (gettext's msgctxt),
// for renderers/glenmore.js, renderers/glenmore/* and help/glenmore.js (see ../i18n.js).
import { context } from "../i18n.js";

export const { t, tn, N_ } = context("glenmore");
