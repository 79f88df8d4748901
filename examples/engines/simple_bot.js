#!/usr/bin/env node
// A simple belote bot speaking the engine protocol belote-engine/1 (docs/engines.md).
//
// The same bot as simple_bot.py, in JavaScript for Node, with no package:
//
//     belote duel classic "engine:node examples/engines/simple_bot.js" heuristic --deals 200
//
// Its play: take in the first round with the jack of the turned suit, name a
// suit in the second round with its jack and two more cards of it, swap the 7
// of trump when it may, declare everything, never stop; lead its most valuable
// card and follow with its least valuable one (announcing belote when it can).
// In an auction of contracts (contree) it bids the lowest legal contract in a
// suit where it holds the jack and two more cards, up to 80 and 10 more for
// each further card of the suit and each ace of another suit; it never
// coinches nor surcoinches. In a strain auction (bulgarian) it bids, when the
// bid is legal, all-trumps with two jacks, no-trumps with two aces, else a suit
// where it holds the jack and another card; it never doubles nor redoubles. In
// no-trumps every suit counts as plain, in all-trumps every suit as trump.
"use strict";

const readline = require("readline");

const PROTOCOL = "belote-engine/1";
const TRUMP_POINTS = { J: 20, 9: 14, A: 11, 10: 10, K: 4, Q: 3, 8: 0, 7: 0 };
const PLAIN_POINTS = { A: 11, 10: 10, K: 4, Q: 3, J: 2, 9: 0, 8: 0, 7: 0 };

// The card's points when trump is a suit letter, "NT" or "AT".
function points(card, trump) {
  const rank = card.slice(0, -1);
  const suit = card.slice(-1);
  return (suit === trump || trump === "AT" ? TRUMP_POINTS : PLAIN_POINTS)[rank];
}

// The trump suit, or "NT" / "AT" read from the last bid (a strain auction's bid is "bid NT").
function contractStrain(observation) {
  if (observation.trump !== null) return observation.trump;
  for (let k = observation.bids.length - 1; k >= 0; k--) {
    const words = observation.bids[k].split(" ");
    if (words[1] === "bid") return words[words.length - 1];
  }
  return null;
}

// A strain auction's bid: AT with two jacks, NT with two aces, else a suit with its jack and another card.
function strainBid(hand, legal) {
  const bids = {};
  for (const action of legal) {
    const words = action.split(" ");
    if (words[1] === "bid") bids[words[2]] = action;
  }
  const count = (rank) => hand.filter((card) => card.slice(0, -1) === rank).length;
  if (bids.AT && count("J") >= 2) return bids.AT;
  if (bids.NT && count("A") >= 2) return bids.NT;
  for (const suit of "SHDC") {
    if (bids[suit] && hand.includes("J" + suit) && hand.filter((card) => card.slice(-1) === suit).length >= 2) {
      return bids[suit];
    }
  }
  return null;
}

// One of the legal actions (strings such as "1 play JH").
function choose(observation, legal) {
  const hand = observation.hand;
  const words = legal.map((action) => action.split(" "));
  const byVerb = (verb) => legal.find((action, k) => words[k][1] === verb && words[k].length === 2);
  if (observation.phase === "bidding-1") {
    const turned = observation.turned.slice(-1);
    if (hand.includes("J" + turned) && byVerb("take")) return byVerb("take");
    return byVerb("pass") || legal[0];
  }
  if (observation.phase === "auction" && words.some((w) => w[1] === "bid" && w.length === 3)) {
    return strainBid(hand, legal) || byVerb("pass") || legal[0]; // a strain auction: "1 bid NT", "1 double"
  }
  if (observation.phase === "auction") {
    for (let k = 0; k < legal.length; k++) { // the legal bids come lowest first
      if (words[k][1] !== "bid" || words[k][2] === "capot") continue;
      const suit = words[k][3];
      const held = hand.filter((card) => card.slice(-1) === suit).length;
      const aces = hand.filter((card) => card.slice(0, -1) === "A" && card.slice(-1) !== suit).length;
      if (hand.includes("J" + suit) && held >= 3 && Number(words[k][2]) <= 80 + 10 * (held - 3 + aces)) {
        return legal[k];
      }
    }
    return byVerb("pass") || legal[0];
  }
  if (observation.phase === "bidding-2") {
    for (let k = 0; k < legal.length; k++) {
      if (words[k][1] === "take" && words[k].length === 3) {
        const suit = words[k][2];
        const held = hand.filter((card) => card.slice(-1) === suit).length;
        if (hand.includes("J" + suit) && held >= 3) return legal[k];
      }
    }
    return byVerb("pass") || legal[0];
  }
  for (const verb of ["swap", "declare"]) {
    if (byVerb(verb)) return byVerb(verb);
  }
  const plays = legal.filter((action, k) => words[k][1] === "play");
  if (plays.length === 0) {
    return legal.find((action, k) => words[k][1] !== "stop") || legal[0];
  }
  const trump = contractStrain(observation);
  const cards = [];
  for (const action of plays) {
    const card = action.split(" ")[2];
    if (!cards.includes(card)) cards.push(card);
  }
  // The first card of the most (leading) or least (following) points, as Python's max and min.
  const leading = observation.trick.length === 0;
  let best = cards[0];
  for (const card of cards.slice(1)) {
    const better = leading ? points(card, trump) > points(best, trump)
      : points(card, trump) < points(best, trump);
    if (better) best = card;
  }
  const options = plays.filter((action) => action.split(" ")[2] === best);
  // "play KH belote" when it may announce: the longest, the first of equals.
  return options.reduce((a, b) => (b.length > a.length ? b : a));
}

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

const input = readline.createInterface({ input: process.stdin });
input.on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  if (message.type === "hello") {
    send({ type: "ready", protocol: PROTOCOL, name: "simple-javascript",
      author: "the belote examples", options: [], variants: ["*"] });
  } else if (message.type === "decide") {
    send({ type: "action", id: message.id, action: choose(message.observation, message.legal) });
  } else if (message.type === "quit") {
    input.close();
  }
});
input.on("close", () => process.exit(0));
