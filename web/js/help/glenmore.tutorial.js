// Glen More: learn to play, a guided first game (js/tutorial.js reads it): a
// prepared game (this seed and these players) whose every move is listed in
// order. The learner's moves carry the words of the step (what to do and why,
// in the rulebook's terms; N_: translated in this game's context); the other
// players' moves are played as written. tests/test_tutorials.py replays them
// against the engine (each legal in turn, every kind of move the learner is
// offered played at least once); web/dev/tutorial_script.py prints them.
import { N_ } from "../i18n/glenmore.js";

export default {
  seed: 3,
  options: {},
  players: [
    { kind: "human", name: N_("Apprentice") },
    { kind: "bot", level: "easy", name: "Morag" },
  ],
  title: N_("Learn to play Glen More"),
  // the moves in the order they are played: the learner's, each with what to do and why,
  // and the other players' (their moves are scripted: the tutorial is the same every time)
  steps: [
    { move: { type: "take", space: 7 },
      say: N_("Your figure (red) stands on the chain of tiles. Move it to the lit Grain field to take that tile: whoever is furthest behind on the chain plays next, so a short step keeps your turns coming.") },
    { move: { type: "place", at: [1, 0] },
      say: N_("Lay the Grain field on the lit square beside your starting village. A new tile goes edge to edge with your land, next to a tile with a clan member, and rivers and roads must run on.") },
    { move: { type: "activate", tile: [0, 0] },
      say: N_("Laying a tile activates it and the eight tiles around it, once each, in any order. Start with your village: it gives 1 movement point for a clan member.") },
    { move: { type: "activate", tile: [1, 0] },
      say: N_("Now the Grain field: a production tile puts 1 of its resource on itself (3 at most). Grain pays for tiles and feeds distilleries.") },
    { move: { type: "end_activation" },
      say: N_("You are done activating: next you spend your movement point.") },
    { move: { type: "move", from: [0, 0], to: [1, 0] },
      say: N_("Move your clan member from the village to the Grain field. New tiles must lie next to a clan member, so spreading them out gives you room to grow.") },
    { move: { type: "end_turn" },
      say: N_("End your turn. Morag's figure is now furthest behind on the chain, so Morag plays next.") },
    { move: { type: "take", space: 10 } },   // Take Forest
    { move: { type: "place", at: [-1, 0] } },   // Place Forest west of the village
    { move: { type: "activate", tile: [0, 0] } },   // The starting village: 1 move for a clan member
    { move: { type: "activate", tile: [-1, 0] } },   // Forest west of the village: take 1 wood
    { move: { type: "end_activation" } },   // Done activating
    { move: { type: "end_turn" } },   // End turn
    { move: { type: "take", space: 2 },
      say: N_("Take the Village: it comes with a second clan member and another movement point, but it costs 1 stone, which you do not have.") },
    { move: { type: "buy", resource: "stone" },
      say: N_("Buy the stone at the market: you pay the cheapest empty price, 2 coins here. You may buy only what you need to pay this turn.") },
    { move: { type: "place", at: [2, 0] },
      say: N_("Lay the Village on the lit square, next to your clan member on the Grain field.") },
    { move: { type: "activate", tile: [1, 0] },
      say: N_("Activate the Grain field again: a second grain.") },
    { move: { type: "activate", tile: [2, 0] },
      say: N_("Activate the new Village: 1 movement point.") },
    { move: { type: "end_activation" },
      say: N_("Tap Done activating: your movement point is spent next, to make a chieftain.") },
    { move: { type: "move", from: [1, 0], to: "chieftain" },
      say: N_("Send the clan member on the Grain field away from your land: it becomes a chieftain for good. Chieftains count in every scoring (one clan member must always stay on your land).") },
    { move: { type: "end_turn" },
      say: N_("End your turn.") },
    { move: { type: "take", space: 6 } },   // Take Forest
    { move: { type: "place", at: [-1, -1] } },   // Place Forest north-west of the village
    { move: { type: "activate", tile: [-1, 0] } },   // Forest west of the village: take 1 wood
    { move: { type: "activate", tile: [-1, -1] } },   // Forest north-west of the village: take 1 wood
    { move: { type: "activate", tile: [0, 0] } },   // The starting village: 1 move for a clan member
    { move: { type: "end_activation" } },   // Done activating
    { move: { type: "move", from: [0, 0], to: [-1, -1] } },   // Move a clan member from the starting village to Forest north-west of the village
    { move: { type: "end_turn" } },   // End turn
    { move: { type: "take", space: 13 },
      say: N_("Take the Distillery: it costs 1 stone and turns grain into whisky. Whisky barrels count in every scoring.") },
    { move: { type: "buy", resource: "stone" },
      say: N_("No stone again: buy one. It now costs 3 coins, since your last purchase filled the 2-coin space.") },
    { move: { type: "place", at: [3, 0] },
      say: N_("Lay the Distillery on the lit square. A distillery gives you a whisky barrel at once.") },
    { move: { type: "activate", tile: [2, 0] },
      say: N_("Activate the Village: another movement point.") },
    { move: { type: "activate", tile: [3, 0], use: ["grain"] },
      say: N_("Activate the Distillery: 1 grain makes 1 whisky.") },
    { move: { type: "pay", resource: "grain", from: [1, 0] },
      say: N_("Pay that grain from your Grain field.") },
    { move: { type: "end_activation" },
      say: N_("Tap Done activating: the market stays open until you end your turn.") },
    { move: { type: "sell", resource: "grain", from: [1, 0] },
      say: N_("Sell your last grain at the market for 1 coin: you may sell at any time in your turn, and every coin is a point at the end.") },
    { move: { type: "end_turn" },
      say: N_("End your turn. When the first stack of tiles runs out, the first scoring follows: watch Morag's turn.") },
    { move: { type: "take", space: 12 } },   // Take Grain field
    { move: { type: "place", at: [-2, 0] } },   // Place Grain field 2 west of the village
    { move: { type: "activate", tile: [-2, 0] } },   // Grain field 2 west of the village: take 1 grain
    { move: { type: "end_turn" } },   // End turn
    { move: { type: "take", space: 8 } },   // Take Quarry
    { move: { type: "place", at: [-2, -1] } },   // Place Quarry 1 north and 2 west of the village
    { move: { type: "activate", tile: [-2, 0] } },   // Grain field 2 west of the village: take 1 grain
    { move: { type: "activate", tile: [-1, 0] } },   // Forest west of the village: take 1 wood
    { move: { type: "activate", tile: [-1, -1] } },   // Forest north-west of the village: take 1 wood
    { move: { type: "activate", tile: [-2, -1] } },   // Quarry 1 north and 2 west of the village: take 1 stone
    { move: { type: "end_turn" } },   // End turn
  ],
  end: N_("That was the first scoring: in whisky, chieftains and special-location cards, each player scores by how far ahead of the lowest player they are. There are three scorings, then the final one with coins and cards: play on from here, or start a real game."),
};
