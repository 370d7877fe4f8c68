// Carcassonne: Hunters and Gatherers rules reference and first-game guide,
// in our own words. Readings follow the engine (engine/cairn/hunters/README.md).

export default {
  title: "Hunters and Gatherers: how to play",
  sections: [
    ["Goal", `<p>Lay a prehistoric landscape tile by tile and place your tribe members on its forests, rivers and
      meadows. Complete features during the game and own the best hunting grounds and fishing waters at the end.</p>`],
    ["A turn", `<ol>
      <li><b>Place the drawn tile</b> (shown on the board) so that it touches the landscape and every edge matches
        its neighbour: forest to forest, meadow to meadow, river to river. Tap a highlighted square: the tile
        appears there as a ghost; tap again or use <i>Turn</i> to rotate it, then <i>Place here</i>.</li>
      <li><b>Then you may put one piece on that tile</b> (tap a spot, or <i>Place nothing</i>):
        <ul><li><b>Gatherer</b> on a forest,</li><li><b>Fisher</b> on a river,</li>
        <li><b>Hunter</b> on a meadow,</li><li><b>Hut</b> on a river or lake.</li></ul>
        Not on a forest, river or meadow that already holds a tribe member, and not on a river system that
        already has a hut (features joined later may end up shared).</li>
      <li>Completed forests and rivers score at once; their gatherers and fishers come home.</li>
    </ol>`],
    ["Features", `<dl>
      <dt>Forest</dt><dd>Complete when closed all round: 2 points per tile plus 2 per mushroom patch. A gold
        nugget in a completed forest lets the player who completed it place a bonus tile at once.</dd>
      <dt>River</dt><dd>Complete when both ends stop at a lake or spring: 1 point per tile plus the fish in its end
        lakes.</dd>
      <dt>Meadow</dt><dd>Never completes. At the end, the hunters with the majority score 2 per deer, mammoth and
        aurochs; each tiger eats a deer; a fire drives all tigers away.</dd>
      <dt>River system and huts</dt><dd>At the end, the majority of huts on a connected system of rivers and lakes
        scores 1 per fish in all its lakes.</dd>
      <dt>Bonus tiles</dt><dd>Framed in gold. Mushrooms (+2 in a forest), shrine (a hunter on its meadow piece alone
        scores that meadow), fire (no tigers in that meadow), aurochs (2 points for hunters).</dd>
    </dl>
    <p>Ties for the majority: all tied players score in full.</p>`],
    ["End of the game", `<p>When the last land tile is placed: gatherers and fishers on unfinished forests and
      rivers score nothing; huts and hunters score as above. Most points wins.</p>`],
    ["Our readings of unclear rules", `<ul>
      <li>Fish counts, some nuggets and animals, and five tile shapes were read from photos; where unclear we kept
        the component totals (28 deer, 14 mammoths, 10 tigers, 30 fish, 25 nuggets).</li>
      <li>A tile that fits nowhere is set aside and another is drawn.</li>
      <li>Only one bonus tile per turn, even if it completes another gold forest.</li>
    </ul>`],
    ["Controls", `<ul>
      <li>Drag to pan, pinch or the +/&minus; buttons to zoom, double tap to fit.</li>
      <li>Tap a feature where nothing can be played to see its owner and value; on a computer, hover.</li>
      <li>Spot labels on the tile just placed name the role that goes there.</li>
    </ul>`],
  ],
  coach: [
    "Your tile is shown at the top. Tap a highlighted square to try it there; tap again to turn it, then Place here.",
    "After placing, tap a spot on the new tile for a gatherer, fisher, hunter or hut, or choose Place nothing.",
    "Scores & log slide up from the bar under the board; the ? button has the full rules.",
  ],
};
