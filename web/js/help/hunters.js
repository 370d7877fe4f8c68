// Carcassonne: Hunters and Gatherers rules reference and first-game guide,
// in our own words. Readings follow the engine (engine/cairn/hunters/README.md).
// A function: help.js calls it each time help is shown, so every text is
// said in the language of that moment (paragraph by paragraph, through t()).
import { t } from "../i18n/hunters.js";
import { tapOr } from "../pointer.js";

const li = (...items) => items.map((x) => `<li>${x}</li>`).join("");
const dd = (...pairs) => pairs.map(([term, text]) => `<dt>${term}</dt><dd>${text}</dd>`).join("");

export default function help() {
  return {
    title: t("Hunters and Gatherers: how to play"),
    sections: [
      [t("Goal"), `<p>${t("Lay a prehistoric landscape tile by tile and place your tribe members on its forests, rivers and meadows. Complete features during the game and own the best hunting grounds and fishing waters at the end.")}</p>`],
      [t("A turn"), `<ol>${li(
        t("<b>Place the drawn tile</b> (shown on the board) so that it touches the landscape and every edge matches its neighbour: forest to forest, meadow to meadow, river to river. Tap a highlighted square: the tile appears there as a ghost; tap again or use <i>Turn</i> to rotate it, then <i>Place here</i>."),
        `${t("<b>Then you may put one piece on that tile</b> (tap a spot, or <i>Place nothing</i>):")}
          <ul>${li(t("<b>Gatherer</b> on a forest,"), t("<b>Fisher</b> on a river,"), t("<b>Hunter</b> on a meadow,"), t("<b>Hut</b> on a river or lake."))}</ul>
          ${t("Not on a forest, river or meadow that already holds a tribe member, and not on a river system that already has a hut (features joined later may end up shared).")}`,
        t("Completed forests and rivers score at once; their gatherers and fishers come home."),
      )}</ol>`],
      [t("Features"), `<dl>${dd(
        [t("Forests"), t("Complete when closed all round: 2 points per tile plus 2 per mushroom patch. A gold nugget in a completed forest lets the player who completed it place a bonus tile at once.")],
        [t("Rivers"), t("Complete when both ends stop at a lake or spring: 1 point per tile plus the fish in its end lakes.")],
        [t("Meadows"), t("Never completes. At the end, the hunters with the majority score 2 per deer, mammoth and aurochs; each tiger eats a deer; a fire drives all tigers away.")],
        [t("River system and huts"), t("At the end, the majority of huts on a connected system of rivers and lakes scores 1 per fish in all its lakes.")],
        [t("Bonus tiles"), t("Framed in gold. Mushrooms (+2 in a forest), sacred circle (a hunter on its meadow piece alone scores that meadow), fire (no tigers in that meadow), aurochs (2 points for hunters).")],
      )}</dl>
      <p>${t("Ties for the majority: all tied players score in full.")}</p>`],
      [t("End of the game"), `<p>${t("When the last land tile is placed: gatherers and fishers on unfinished forests and rivers score nothing; huts and hunters score as above. Most points wins.")}</p>`],
      [t("Our readings of unclear rules"), `<ul>${li(
        t("Fish counts, some nuggets and animals, and five tile shapes were read from photos; where unclear we kept the component totals (28 deer, 14 mammoths, 10 tigers, 30 fish, 25 nuggets)."),
        t("A tile that fits nowhere is set aside and another is drawn."),
        t("Only one bonus tile per turn, even if it completes another gold forest."),
      )}</ul>`],
      [t("Controls"), `<ul>${li(
        t("Drag to pan, pinch or the +/&minus; buttons to zoom, double tap to fit."),
        t("Tap a feature where nothing can be played to see its owner and value; on a computer, hover."),
        t("Spot labels on the tile just placed name the role that goes there."),
      )}</ul>`],
    ],
    coach: [
      tapOr(t("Your tile is shown at the top. Tap a highlighted square to try it there; tap again to turn it, then Place here."),
        t("Your tile is shown at the top. Click a highlighted square to try it there; click again to turn it, then Place here.")),
      tapOr(t("After placing, tap a spot on the new tile for a gatherer, fisher, hunter or hut, or choose Place nothing."),
        t("After placing, click a spot on the new tile for a gatherer, fisher, hunter or hut, or choose Place nothing.")),
      t("Scores & log slide up from the bar under the board; the ? button has the full rules."),
    ],
  };
}
