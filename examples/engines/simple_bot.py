#!/usr/bin/env python3
"""A simple belote bot speaking the engine protocol belote-engine/1 (docs/engines.md).

Only the standard library: this is what a bot written in any language does.
The same bot is written in JavaScript in simple_bot.js; both play the same.

    belote duel classic "engine:python3 examples/engines/simple_bot.py" random --deals 200

Its play: take in the first round with the jack of the turned suit, name a
suit in the second round with its jack and two more cards of it, swap the 7
of trump when it may, declare everything, never stop; lead its most valuable
card and follow with its least valuable one (announcing belote when it can).
In an auction of contracts (contree) it bids the lowest legal contract in a
suit where it holds the jack and two more cards, up to 80 and 10 more for
each further card of the suit and each ace of another suit; it never
coinches nor surcoinches. In a strain auction (bulgarian) it bids, when the
bid is legal, all-trumps with two jacks, no-trumps with two aces, else a suit
where it holds the jack and another card; it never doubles nor redoubles. In
no-trumps every suit counts as plain, in all-trumps every suit as trump.
"""

import json
import sys

PROTOCOL = "belote-engine/1"
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def points(card, trump):
    """The card's points when ``trump`` is a suit letter, "NT" or "AT"."""
    rank, suit = card[:-1], card[-1]
    return (TRUMP_POINTS if suit == trump or trump == "AT" else PLAIN_POINTS)[rank]


def contract_strain(observation):
    """The trump suit, or "NT" / "AT" read from the last bid (a strain auction's bid is "bid NT")."""
    if observation["trump"] is not None:
        return observation["trump"]
    for action in reversed(observation["bids"]):
        words = action.split()
        if words[1] == "bid":
            return words[-1]
    return None


def strain_bid(hand, legal):
    """A strain auction's bid: AT with two jacks, NT with two aces, else a suit with its jack and another card."""
    bids = {action.split()[2]: action for action in legal if action.split()[1] == "bid"}
    ranks = [card[:-1] for card in hand]
    if "AT" in bids and ranks.count("J") >= 2:
        return bids["AT"]
    if "NT" in bids and ranks.count("A") >= 2:
        return bids["NT"]
    for suit in "SHDC":
        if suit in bids and "J" + suit in hand and sum(card[-1] == suit for card in hand) >= 2:
            return bids[suit]
    return None


def choose(observation, legal):
    """One of the legal actions (strings such as '1 play JH')."""
    hand = observation["hand"]
    verbs = {action.split()[1]: action for action in legal}
    if observation["phase"] == "bidding-1":
        turned = observation["turned"][-1]
        if "J" + turned in hand and "take" in verbs:
            return verbs["take"]
        return verbs.get("pass", legal[0])
    if observation["phase"] == "auction" and any(len(action.split()) == 3 for action in legal
                                                  if action.split()[1] == "bid"):
        bid = strain_bid(hand, legal)  # a strain auction: "1 bid NT", "1 double"
        return bid or verbs.get("pass", legal[0])
    if observation["phase"] == "auction":
        for action in legal:  # the legal bids come lowest first
            words = action.split()
            if words[1] != "bid" or words[2] == "capot":
                continue
            suit = words[3]
            held = sum(card[-1] == suit for card in hand)
            aces = sum(card[:-1] == "A" and card[-1] != suit for card in hand)
            if "J" + suit in hand and held >= 3 and int(words[2]) <= 80 + 10 * (held - 3 + aces):
                return action
        return verbs.get("pass", legal[0])
    if observation["phase"] == "bidding-2":
        for action in legal:
            words = action.split()
            if words[1] == "take" and len(words) == 3:
                suit = words[2]
                if "J" + suit in hand and sum(card[-1] == suit for card in hand) >= 3:
                    return action
        return verbs.get("pass", legal[0])
    for verb in ("swap", "declare"):
        for action in legal:
            if action.split()[1:] == [verb]:
                return action
    plays = [action for action in legal if action.split()[1] == "play"]
    if not plays:
        return next((action for action in legal if action.split()[1] != "stop"), legal[0])
    trump = contract_strain(observation)
    cards = []
    for action in plays:
        card = action.split()[2]
        if card not in cards:
            cards.append(card)
    if observation["trick"]:
        card = min(cards, key=lambda c: points(c, trump))
    else:
        card = max(cards, key=lambda c: points(c, trump))
    options = [action for action in plays if action.split()[2] == card]
    return max(options, key=len)  # "play KH belote" when it may announce


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            send({"type": "ready", "protocol": PROTOCOL, "name": "simple-python",
                  "author": "the belote examples", "options": [], "variants": ["*"]})
        elif kind == "decide":
            action = choose(message["observation"], message["legal"])
            send({"type": "action", "id": message["id"], "action": action})
        elif kind == "quit":
            break


if __name__ == "__main__":
    main()
