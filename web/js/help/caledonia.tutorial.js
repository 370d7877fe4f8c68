// Clans of Caledonia: learn to play, a guided first game (js/tutorial.js reads it): a
// prepared game (this seed and these players) whose every move is listed in
// order. The learner's moves carry the words of the step (what to do and why,
// in the rulebook's terms; N_: translated in this game's context); the other
// players' moves are played as written. tests/test_tutorials.py replays them
// against the engine (each legal in turn, every kind of move the learner is
// offered played at least once); web/dev/tutorial_script.py prints them.
import { N_ } from "../i18n/caledonia.js";

export default {
  seed: 35,
  options: {},
  players: [
    { kind: "human", name: N_("Apprentice") },
  ],
  title: N_("Learn to play Clans of Caledonia"),
  // the moves in the order they are played: the learner's, each with what to do and why,
  // and the other players' (their moves are scripted: the tutorial is the same every time)
  steps: [
    { move: { type: "pick", clan: "stewart", tile: 9 },
      say: N_("Clans of Caledonia: five rounds of farming and trade in 19th-century Scotland. First choose a clan and a starting tile: take Clan Stewart, traders who start with more merchants.") },
    { move: { type: "start_worker", unit: "woodcutter", space: 147 },
      say: N_("Place your first starting worker: a woodcutter on the lit forest space. You pay for the worker and for the land; woodcutters bring money every round.") },
    { move: { type: "start_worker", unit: "woodcutter", space: 19 },
      say: N_("Place a second woodcutter on the lit space. Later your units must go next to your own units, or where your shipping reaches.") },
    { move: { type: "take_contract", contract: 9 },
      say: N_("Each turn you take one main action, or pass. Take the export contract for 2 cheese (Exports tab): in round 1 taking a contract even pays you 5 pounds.") },
    { move: { type: "trade", good: "cheese", side: "buy", n: 2 },
      say: N_("Trade: buy the 2 cheese at the market. Every good you buy needs a merchant from your pool and raises its price for the next buyer.") },
    { move: { type: "fulfil", contract: 9, slaughter: [] },
      say: N_("Fulfil the contract: hand in the 2 cheese for its imported sugar cane, hops and money. Fulfilled contracts count again at the end.") },
    { move: { type: "expand", unit: "sheep" },
      say: N_("Expand: choose a sheep from your board (Expand group). Animals and fields produce goods every round.") },
    { move: { type: "place", space: 11 },
      say: N_("Put the sheep on the lit grassland space: you pay the sheep plus the land.") },
    { move: { type: "shipping" },
      say: N_("Upgrade your shipping to the first loch: your units reach further across water, and a port is now in reach.") },
    { move: { type: "port", port: 8 },
      say: N_("A port you reach is a free action, once per game. Port 8 gives you 5 pounds.") },
    { move: { type: "keep_contracts", contracts: [] },
      say: N_("With no open contract, port 8 also lets you draw 3 contracts and keep one. Keep none this time.") },
    { move: { type: "end_turn" },
      say: N_("End your turn: another port is still in reach, so the game asks you to end it yourself.") },
    { move: { type: "technology", worker: "woodcutter" },
      say: N_("Upgrade the woodcutters' technology: each of your woodcutters brings more money from now on.") },
    { move: { type: "end_turn" },
      say: N_("End your turn.") },
    { move: { type: "hire" },
      say: N_("Hire a merchant: more merchants, bigger trades.") },
    { move: { type: "end_turn" },
      say: N_("End your turn.") },
    { move: { type: "pass" },
      say: N_("Pass: the first to pass gets the most money. When everyone has passed, workers bring income, animals produce, and the round's scoring tile gives glory: this round, 1 per upgrade.") },
  ],
  end: N_("Round 1 is over. Four more rounds like it, then the final scoring: glory, goods, money, hops, imports, fulfilled contracts and your connected settlements."),
};
