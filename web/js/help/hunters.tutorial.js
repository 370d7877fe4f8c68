// Carcassonne: Hunters and Gatherers: learn to play, a guided first game (js/tutorial.js reads it): a
// prepared game (this seed and these players) whose every move is listed in
// order. The learner's moves carry the words of the step (what to do and why,
// in the rulebook's terms; N_: translated in this game's context); the other
// players' moves are played as written. tests/test_tutorials.py replays them
// against the engine (each legal in turn, every kind of move the learner is
// offered played at least once); web/dev/tutorial_script.py prints them.
import { N_ } from "../i18n/hunters.js";

export default {
  seed: 26,
  options: {},
  players: [
    { kind: "human", name: N_("Apprentice") },
    { kind: "bot", level: "easy", name: "Ayla" },
  ],
  title: N_("Learn to play Hunters and Gatherers"),
  // the moves in the order they are played: the learner's, each with what to do and why,
  // and the other players' (their moves are scripted: the tutorial is the same every time)
  steps: [
    { move: { type: "place", x: -1, y: 0, rot: 1 },
      say: N_("Your drawn tile is shown at the top. Tap the lit square west of the volcano, then the lit button to lay the tile turned the right way: every edge must match its neighbour (river to river, meadow to meadow, forest to forest).") },
    { move: { type: "meeple", piece: 0, role: "fisher" },
      say: N_("After laying a tile you may put one piece on it. Put a fisher on its river: when both ends of the river stop at a lake or a spring, it scores 1 point per tile plus the fish in its lakes.") },
    { move: { type: "place", x: 0, y: 1, rot: 0 } },   // Place a forest and meadow tile south of the volcano, as drawn
    { move: { type: "meeple", piece: 0, role: "gatherer" } },   // Gatherer on the forest
    { move: { type: "place", x: -1, y: -1, rot: 1 },
      say: N_("Lay this forest tile on the lit square north-west of the volcano.") },
    { move: { type: "meeple", piece: 0, role: "gatherer" },
      say: N_("Put a gatherer on its forest. A forest closed all round scores 2 points per tile (and 2 per mushroom patch), and the gatherer comes home.") },
    { move: { type: "place", x: 1, y: 1, rot: 3 } },   // Place a forest and meadow tile south-east of the volcano, turned a quarter anticlockwise
    { move: { type: "meeple", piece: 1, role: "hunter" } },   // Hunter on the meadow
    { move: { type: "place", x: -2, y: -1, rot: 1 },
      say: N_("Lay the next tile on the lit square: it makes your gatherer's forest bigger and starts a meadow.") },
    { move: { type: "meeple", piece: 2, role: "hunter" },
      say: N_("Put a hunter on the meadow. Hunters lie down and stay: at the end, a meadow scores 2 points per deer, mammoth and aurochs for the hunters there, and each tiger eats a deer.") },
    { move: { type: "place", x: 0, y: 2, rot: 2 } },   // Place a river and meadow tile 2 south of the volcano, turned half round
    { move: { type: "meeple", piece: 1, role: "hunter" } },   // Hunter on the meadow
    { move: { type: "place", x: -2, y: -2, rot: 1 },
      say: N_("Lay this tile on the lit square: your forest grows to 3 tiles, and a new small forest appears beside it.") },
    { move: { type: "meeple", piece: 1, role: "gatherer" },
      say: N_("Put a gatherer on the new forest: a forest, river or meadow with a tribe member on it is taken, so this second forest needs its own.") },
    { move: { type: "place", x: 0, y: 3, rot: 3 } },   // Place a forest, river and meadow tile 3 south of the volcano, turned a quarter anticlockwise
    { move: { type: "skip" } },   // Place nothing
    { move: { type: "place", x: -2, y: -3, rot: 0 },
      say: N_("Lay the tile on the lit square: it closes the small forest.") },
    { move: { type: "skip" },
      say: N_("Place nothing this time. The closed forest scores for your gatherer, 2 points for each of its 2 tiles, and the gatherer comes home to be used again.") },
    { move: { type: "place", x: -1, y: 2, rot: 0 } },   // Place a forest, river and meadow tile 2 south and 1 west of the volcano, as drawn
    { move: { type: "meeple", piece: 1, role: "fisher" } },   // Fisher on the river
    { move: { type: "place", x: -1, y: -2, rot: 0 },
      say: N_("This tile closes your big forest. Lay it on the lit square.") },
    { move: { type: "meeple", piece: 1, role: "hut" },
      say: N_("Put a hut on its river: huts stay to the end and then score 1 point per fish in the whole system of rivers and lakes they stand on. Then the big forest scores, and since it holds a gold nugget you draw a bonus tile.") },
    { move: { type: "place", x: -2, y: 0, rot: 0 },
      say: N_("A bonus tile, framed in gold, only for whoever closes a forest with gold. Lay it on the lit square: it also closes the river with your fisher.") },
    { move: { type: "meeple", piece: 0, role: "gatherer" },
      say: N_("Put a gatherer on its forest. The river with your fisher is complete now: it scores and the fisher comes home.") },
    { move: { type: "place", x: 2, y: 1, rot: 1 } },   // Place a river and meadow tile with a lake 1 south and 2 east of the volcano, turned a quarter clockwise
    { move: { type: "meeple", piece: 0, role: "fisher" } },   // Fisher on the river
    { move: { type: "place", x: -3, y: -1, rot: 0 },
      say: N_("Lay this tile on the lit square: its river is closed at both ends as soon as it is laid.") },
    { move: { type: "meeple", piece: 3, role: "fisher" },
      say: N_("Put your fisher back to work on this river: it is complete at once and scores.") },
    { move: { type: "place", x: 1, y: 3, rot: 0 } },   // Place a river and meadow tile with a lake 3 south and 1 east of the volcano, as drawn
    { move: { type: "skip" } },   // Place nothing
  ],
  end: N_("That is the whole game: lay a tile, maybe put a piece on it, score what you close. When the last land tile is laid, meadows score for their hunters and river systems for their huts, and the most points wins."),
};
