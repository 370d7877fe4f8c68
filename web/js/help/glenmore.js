// Glen More rules reference and first-game guide, in our own words.
// Readings where the rulebook is ambiguous follow the engine (README "Rules notes").
// Every text is translated when the help is opened (getters call t()), so a
// change of language shows at once.

import { t } from "../i18n/glenmore.js";
import { tapOr } from "../pointer.js";

const p = (text) => `<p>${text}</p>`;
const list = (tag, items) => `<${tag}>${items.map((i) => `<li>${i}</li>`).join("")}</${tag}>`;
const terms = (pairs) => `<dl>${pairs.map(([dt, dd]) => `<dt>${dt}</dt><dd>${dd}</dd>`).join("")}</dl>`;

export default {
  get title() { return t("Glen More: how to play"); },
  get sections() {
    return [
      [t("Goal"), p(t("Grow a Highland estate of tiles around your starting village and have the most victory points (VP) after the third scoring. You score by keeping up with the other players in whisky, chieftains and special places, by converting goods at tiles such as the Fair or the Butcher, and by coins left at the end."))],
      [t("A turn"), list("ol", [
        t("<b>Take a tile.</b> The player whose figure is <i>last</i> on the chain plays (so one player may play several turns in a row). Move your figure forward (clockwise, the direction of the arrows on the chain) onto any tile ahead of it and take that tile. Tiles further away cost you tempo: others may play twice."),
        t("<b>Pay its cost</b> (shown on the tile) with goods lying on your tiles, or buy missing goods from the market. You may sell goods to the market at any time in your turn. A tile you cannot pay for, or cannot place, is not offered."),
        t("<b>Place it</b> in your estate: it must touch one of your tiles edge to edge, one of the eight tiles around the new spot must hold a clan member, and the river (north-south through your village) and the road (east-west) must continue unbroken."),
        t("<b>Activate</b> the new tile and every tile of yours around it (the eight spaces): each once, in any order, as you like."),
        t("<b>Move clan members</b> with the movement points villages and castles gave, then <b>End turn</b>. New tiles fill the chain behind the last figure."),
      ])],
      [t("Tiles"), terms([
        [t("Forest, Quarry, Meadow, Pasture, Grain field"), t("Produce one wood, stone, sheep, cattle or grain onto the tile each time they are activated (a tile holds at most three).")],
        [t("Village and castles (grey tiles)"), t("Come with a new clan member on them. Activating one gives one movement: move a clan member to any of the eight tiles around it, or send it off the estate to become a <b>chieftain</b> (you must keep at least one clan member in your estate, except in your last turn).")],
        [t("Distillery"), t("Gives a whisky barrel when placed; activated, it turns 1 grain into 1 whisky.")],
        [t("Tavern"), t("Costs whisky to build; each activation gives the VP printed on it.")],
        [t("Fair"), t("Hand in 1 to k <i>different</i> goods (k printed on the tile): 1, 2, 3, 4, 5 kinds give 1, 3, 5, 8, 12 VP. The game offers it as a short pick: first how many kinds, then which.")],
        [t("Butcher, Bridge, Grocer"), t("Convert the goods shown to VP.")],
        [t("Iona Abbey"), t("Produces one good of your choice.")],
        [t("Lochs and castles with a card"), t("Bring a special-place card: Loch Lochy (2 goods of your choice), Loch Ness (once a turn activate any one tile of yours), Loch Oich (activate all your tiles once, instead of the usual activation), Loch Morar (2 VP per green tile at the end), Loch Shiel (fills your empty production tiles), Iona Abbey (2 VP per yellow tile at the end), Duart Castle (3 VP per village at the end), Castle of Mey (chieftains count double), Castle Stalker (a clan member), Castle Moil and Donan Castle (whisky), Armadale Castle (3 coins), Cawdor Castle (3 bonnets). Bonnets on cards count as chieftains in every scoring.")],
      ])],
      [t("The market"), p(t("Five rows (wood, stone, sheep, cattle, grain). Buying takes a coin space and costs one more than its number; selling puts a coin into the row and pays its number. Prices follow supply and demand. You may buy only to pay a cost or what a tile needs right now; whisky and clan members are not goods."))],
      [t("Scoring"), p(t("Three scorings, when the stacks of tiles run out (the chain shows how many are left). In each, for whisky barrels, chieftains (with bonnets) and special-place cards, each player scores by the difference to the player with the least: 0, 1, 2, 3, 4, 5+ give 0, 1, 2, 3, 5, 8 VP. At the end: 1 VP per coin, end-of-game cards, and &minus;3 VP per tile more than the smallest estate. A tie goes to the player with more goods left."))],
      [t("Our readings of unclear rules"), list("ul", [
        t("When no tile on the chain can be paid for and placed, your figure moves to the next tile, which leaves the game (shown as <i>Pass</i>)."),
        t("With two or three players the die removes tiles and skips over figures."),
        t("Loch Oich's turn still allows clan-member movement from activated villages."),
        t("Fair tile 55 carries no road (as on the tile's photo)."),
      ])],
      [t("Controls"), list("ul", [
        t("Tap a highlighted tile on the chain to take it; tap a dashed space to place it; tap highlighted tiles to activate them."),
        t("<b>Pay all</b> pays a whole cost from your tiles in one tap; tapping single goods on your tiles pays one unit at a time."),
        t("Tap and hold any tile to see what it is and what it does. Drag to pan a large estate."),
        t("Undo takes back your moves until a new tile is revealed."),
      ])],
    ];
  },
  get coach() {
    return [
      tapOr(t("Your turn: tap a highlighted tile on the chain (top) to take it. Figures move clockwise; the last figure plays next."),
        t("Your turn: click a highlighted tile on the chain (top) to take it. Figures move clockwise; the last figure plays next.")),
      tapOr(t("Tap and hold any tile to see what it does and what it costs. The ? button has the full rules."),
        t("Point at any tile to see what it does and what it costs. The ? button has the full rules.")),
      t("Your estate is below the chain. After paying, place the tile on a dashed space next to a clan member."),
      t("Buttons for choices and End turn stay in the bar under the board. Scores & log slide up from there."),
    ];
  },
};
