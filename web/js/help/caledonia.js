// Clans of Caledonia rules reference and first-game guide, in our own words.
// Readings follow the engine (engine/cairn/caledonia/README.md and its data tables).
// Every text is translated when the help is opened (getters call t()), so a
// change of language shows at once.

import { t } from "../i18n/caledonia.js";
import { SEAT_COLOURS } from "../ui.js";
import { UNIT_ORDER, unitName, goodName } from "../renderers/caledonia/paint.js";
import { pieceURL } from "../renderers/caledonia/pieces.js";

const p = (text) => `<p>${text}</p>`;
// the pieces as on the board (the same drawings, pieces.js), each with its name
const GOODS = ["wool", "milk", "grain", "cheese", "bread", "whisky", "cotton", "tobacco", "sugarcane", "hops", "beef", "mutton"];
const picto = (what) => {
  const src = pieceURL(what, 28);
  return src ? `<img src="${src}" width="28" height="28" alt="" style="vertical-align:middle">` : "";
};
const legend = (pairs) => pairs.map(([what, name]) => `<span style="white-space:nowrap">${picto(what)} ${name}</span>`).join(" &middot; ");
const list = (tag, items) => `<${tag}>${items.map((i) => `<li>${i}</li>`).join("")}</${tag}>`;

export default {
  get title() { return t("Clans of Caledonia: how to play"); },
  get sections() {
    return [
      [t("Goal"), p(t("Lead a Scottish clan through five rounds of trade: spread farms, buildings and workers over the map, make and sell goods, and fulfil export contracts that bring imported goods home. Glory comes from the round scoring, fulfilled contracts, what you own at the end and how many of your settlements lie within shipping reach of each other."))],
      [t("Setup"), list("ol", [
        t("<b>Choose a clan and a starting tile</b> (the Clans tab): each clan has one special ability; the tile gives your starting money and goods."),
        t("<b>Place your starting workers</b>: a woodcutter on forest and a miner on mountain (tap a highlighted space, then confirm below the board)."),
      ])],
      [t("A turn"), p(t("On your turn take <b>one main action</b>, or pass for the rest of the round:")) + list("ul", [
        t("<b>Trade</b> (Trade tab): tap a good, then buy or sell 1 or more. Each unit needs a merchant from your pool; you pay or receive the current price for all of them, then the price moves one step per unit. Never buy and sell the same good in one round."),
        t("<b>Expand</b>: choose a unit from your board (Expand, or tap it on the Players tab); the map shows every space you can use with its total cost (unit + land). Farms and buildings need grassland, woodcutters forest, miners mountain. A space next to your units (no river between), or one your shipping reaches (marked &asymp;, blue)."),
        t("<b>Take a contract</b> (Exports tab): tap one, then take it. Early rounds pay you to take one, later rounds cost money (the round's amount is on the Exports tab)."),
        t("<b>Fulfil a contract</b>: hand in the goods it asks (beef and mutton mean slaughtering one of your cows or sheep on the map) and get its imports, hops, money and bonuses."),
        t("<b>Upgrade</b>: shipping (4 pounds a step: river, then 1 to 4 lochs), technology (10 pounds: your woodcutters or miners earn more), or hire a merchant (4 pounds)."),
      ]) + p(t("<b>Free actions</b> (marked <i>Free:</i>) do not use up your turn: a port bonus you reach, and some clan abilities. When your main action is done and a port could still be used, <i>End turn</i> finishes."))],
      [t("Neighbours and buildings"), list("ul", [
        t("<b>Neighbourhood bonus</b>: expanding next to another player's farm or building lets you buy what it makes, 2 pounds cheaper for basic goods and 3 for processed goods, up to 3 of each (4 with 2 players)."),
        t("<b>Building bonus</b>: your fourth dairy, bakery or distillery lets you draw contracts and keep one."),
      ])],
      [t("Passing and production"), p(t("The first to pass gets the most money (the amounts are on the Exports tab) and plays first next round. When all have passed: income from your workers, goods from your animals and fields, then your buildings may turn milk into cheese and grain into bread or whisky (you choose how many). Then the round's scoring tile gives glory."))],
      [t("End of the game"), p(t("After round 5, final scoring: glory so far; goods in stock; money (1 per 10 pounds); hops; imports by rarity (the rarest import pays most); the most fulfilled contracts; the most settlements connected through your shipping reach. Ties go to the player with more money. The Final tab lists every category."))],
      [t("Playing alone"), p(t("With one seat you play the rulebook's solo game: neutral workers block some spaces, dice move the market between rounds, and your total is rated from Newbie to Genius. Choose a <i>Solo opponent</i> seat instead to play against the official card-driven opponent (levels 1-5): its drawn card and unit pointer are shown on the Players tab.")) + p(t("From level 2 up the solo opponent is the strongest opponent in this app: it beats the <i>Hard</i> bot in most games there, while Hard usually beats it at level 1."))],
      [t("Controls"), list("ul", [
        t("Tabs at the top of the board: Map, Trade, Exports, Players (and Clans, Final). A dot marks a tab with something you can do now."),
        t("Drag to pan the map, pinch or the +/&minus; buttons to zoom, &#x2922; to see it all. On a phone held upright the map is turned a quarter (north points right)."),
        `${t("Units (a band in the owner's colour joins the units of one settlement):")} ${legend(UNIT_ORDER.map((u) => [{ unit: u, colour: SEAT_COLOURS[0] }, unitName(u)]))}`,
        `${t("Goods:")} ${legend(GOODS.map((g) => [{ good: g }, goodName(g)]))}`,
        t("Undo takes back your moves within your turn."),
      ])],
    ];
  },
  get coach() {
    return [
      t("The board has tabs: Map, Trade, Exports and Players. A dot marks a tab where you can act now."),
      t("Each turn take one main action from the bar below (trade, expand, a contract, an upgrade) or pass. Free actions are marked Free."),
      t("Expanding shows every space you may use with its full cost; \u2248 (blue) means reached by shipping."),
    ];
  },
};
