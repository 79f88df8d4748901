// The page of `belote serve`. It holds no rule of the game: it draws what the
// server sends (views, legal choices, results) and sends back the choice made,
// with the version of the view it was made on. Every word comes from the
// message catalogue of the reader's language (GET api/messages/LANG).
"use strict";

const $ = (id) => document.getElementById(id);
let meta = null;
let lang = "en";
let M = {}; // the messages of the page's language
let game = null; // the last view of the current match, with its id
let busy = false; // a request that acts is on its way, or its cards are being drawn: no other input
let showLast = false; // the previous trick is shown in the middle
let replayDeals = [];
let replayText = "";
let step = 0;
let bidValue = null; // the value picked in the bidding box, waiting for its suit
let solveRun = 0; // each solve, analysis and comparison asked counts: an answer to an older one is dropped
let analyseRun = 0;
let compareRun = 0;
const SETTLE_MS = 400; // after a play, clicks wait this long on the new view (a double-click plays one card)
// the bots' pace, seconds a card: ?pace=0 in the address (the tests), else the page's setting
function pace() {
  const asked = new URLSearchParams(window.location.search).get("pace");
  const value = Number(asked !== null ? asked : ($("pace") ? $("pace").value : 0.6));
  return Number.isFinite(value) && value > 0 ? Math.min(value, 5) * 1000 : 0;
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- Words ----
function t(key, values) {
  const text = M[key] !== undefined ? M[key] : key;
  return text.replace(/\{(\w+)\}/g, (all, name) => (values && values[name] !== undefined ? String(values[name]) : all));
}
const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
function cardText(code) {
  const suit = code.slice(-1);
  return `${t(`rank.${code.slice(0, -1)}`)}${SYMBOLS[suit]}`;
}
const cardsText = (codes) => codes.map(cardText).join(" ");
const suitText = (letter) => `${t(`suit.${letter}`)} ${SYMBOLS[letter]}`;
// a contract: "120 ♥", "capot ♠", with its multiplier once coinched ("120 ♥ ×2");
// a strain auction's bid names a strain alone (value 0): "♠", "NT", "AT" ("♠ doubled (×2)")
const strainSymbol = (letter) => SYMBOLS[letter] || t(`strain.${letter}`);
const strainOnly = (b) => !b.capot && !b.value;
const bidText = (b) => (strainOnly(b) ? strainSymbol(b.strain) : `${b.capot ? t("bid.capot") : b.value} ${strainSymbol(b.strain)}`);
const redStrain = (letter) => letter === "H" || letter === "D";
function contractText(c) {
  const bid = bidText(c);
  if (strainOnly(c) && c.doubling) return t(["", "contract.doubled", "contract.redoubled", "contract.reredoubled"][c.doubling], { contract: bid, times: c.multiplier });
  if (c.doubling === 2) return t("contract.surcoinched", { contract: bid, times: c.multiplier });
  if (c.doubling === 1) return t("contract.coinched", { contract: bid, times: c.multiplier });
  return bid;
}
function comboText(c) {
  return c.kind === "carré" ? t("combo.carre", { rank: t(`rank.${c.rank}`) }) : t(`combo.${c.kind}`, { card: cardText(c.top) });
}

function say(text) { $("message").textContent = text || ""; }
function fieldError(field, text) {
  const box = $(`error-${field}`);
  if (box) box.textContent = text || ""; else say(text);
}
function clearErrors(...fields) { for (const f of fields) fieldError(f, ""); }
// a number field checked by the page in its own language (the forms are novalidate: the
// browser's bubbles would speak the browser's language); null when the field is fine
function numberError(input, field) {
  const v = input.validity;
  if (!v || v.valid) return null;
  if (v.badInput) return t("error.not_number", { field: t(`field.${field}`) });
  if (v.stepMismatch) return t("error.whole", { field: t(`field.${field}`), value: `'${input.value}'` });
  if (v.rangeUnderflow || v.rangeOverflow) {
    return t("error.range", { field: t(`field.${field}`), low: input.min, high: input.max || "…", value: input.value });
  }
  return null;
}
// a refusal of the server in the reader's language: its code, else the older key, else its English text
function errorText(error) {
  const key = error.code && M[error.code] !== undefined ? error.code : error.key && M[error.key] !== undefined ? error.key : null;
  if (key === null) return error.message;
  const values = { ...(error.values || {}), ...(error.params || {}) };
  if (values.field) values.field = t(`field.${values.field}`);
  return t(key, values);
}

async function api(method, path, body) {
  const token = tokenFor(path); // a seat's token, at a table of several people (seats.js)
  if (token && body !== undefined) body = { ...body, token };
  else if (token) path += `${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`;
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const doc = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) {
    const error = new Error(doc.error || `HTTP ${response.status}`);
    Object.assign(error, { status: response.status, field: doc.field, key: doc.key, values: doc.values, code: doc.code, params: doc.params });
    throw error;
  }
  return doc;
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value; else if (key.startsWith("on")) node[key] = value;
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === "") continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function card(c, tag, small) {
  const code = typeof c === "string" ? c : c.code;
  const suit = code.slice(-1);
  const red = suit === "H" || suit === "D";
  return el(tag || "span", { class: `card${red ? " red" : ""}${small ? " small" : ""}`, "data-card": code },
    el("span", { class: "rank" }, t(`rank.${code.slice(0, -1)}`)), el("span", { class: "suit" }, SYMBOLS[suit]));
}

// ---- Seats and sides, seen by the person at the bottom ----
// a player's name (set when joining by link), or null: drawn as text, never as markup
function playerName(view, seat) {
  const entry = view.seats && view.seats.find((s) => s.seat === seat);
  return entry && entry.player_name ? entry.player_name : null;
}
function seatName(view, seat, me) {
  const named = playerName(view, seat);
  if (me === null || me === undefined) return named || t("seat.n", { seat });
  if (seat === me) return t("seat.you");
  const sides = view.match.side_seats;
  const mine = sides.find((s) => s.includes(me));
  if (mine && mine.length > 1 && mine.includes(seat)) return named ? t("seat.partner_named", { name: named }) : t("seat.partner", { seat });
  return named || t("seat.n", { seat });
}
function sideName(view, side) {
  const seats = view.match.side_seats[side];
  if (seats.includes(view.me)) {
    const partner = seats.find((s) => s !== view.me);
    const named = partner === undefined ? null : playerName(view, partner);
    if (named) return `${t("seat.you")} + ${named}`;
    return seats.length > 1 ? t("side.you_partner") : t("seat.you");
  }
  return seats.map((s) => playerName(view, s) || seatName(view, s, view.me)).join(" + ");
}
// where a seat sits for the person at the bottom: the next seat to the left when play goes
// clockwise, to the right when it goes counter-clockwise (the rules' counter_clockwise)
function position(seat, me, players, ccw) {
  const offset = (seat - me + players) % players;
  if (offset === 0) return "bottom";
  if (players === 2) return "top";
  const side = players === 3 ? (offset === 1 ? "left" : "right") : ["bottom", "left", "top", "right"][offset];
  return ccw && side !== "top" ? { left: "right", right: "left" }[side] : side;
}

// ---- What happened, in words ----
function eventText(e, name) {
  const you = e.seat !== undefined && name(e.seat) === t("seat.you");
  const who = e.seat !== undefined ? cap(name(e.seat)) : "";
  const form = you ? "you" : "other";
  switch (e.key) {
    case "pass": case "keep": return t(`log.${e.key}${e.forced ? "_forced" : ""}.${form}`, { who });
    case "take": return t(`log.take.${form}`, { who, suit: suitText(e.suit) });
    case "swap": return t(`log.swap.${form}`, { who, card: cardText(e.card) });
    case "bid": return t(`log.bid.${form}`, { who, contract: bidText(e) });
    case "coinche": case "surcoinche": case "double": case "redouble": case "reredouble": return t(`log.${e.key}.${form}`, { who, times: e.multiplier });
    case "play": return t(`log.play${e.belote ? `_${e.belote}` : ""}.${form}`, { who, card: cardText(e.card) });
    case "stop_callout": case "stop_jarrete": return t(`log.${e.key}.${form}`, { who });
    case "declare": return t(`log.declare.${form}`, { who, combination: comboText(e.combination), points: e.combination.points, cards: cardsText(e.combination.cards) });
    case "trick": return t(you ? "log.trick_you" : "log.trick", { number: e.number, who: name(e.seat), points: e.points });
    case "scoring": return t("log.scoring", { list: e.combinations.length ? e.combinations.map((c) => `${comboText(c)} (${name(c.seat)})`).join(", ") : t("log.none") });
    default: return e.key;
  }
}

function choiceText(c) {
  switch (c.verb) {
    case "pass": return t("choice.pass");
    case "take": return c.turned ? t("choice.take_turned", { suit: suitText(c.suit) }) : t("choice.take", { suit: suitText(c.suit) });
    case "swap": return t("choice.swap", { card: cardText(c.card) });
    case "bid": return t("choice.bid", { contract: bidText(c) });
    case "coinche": case "surcoinche": case "double": case "redouble": case "reredouble": return t(`choice.${c.verb}`, { times: c.multiplier });
    case "keep": return t("choice.keep");
    case "declare": {
      const list = c.combinations.map((k) => `${comboText(k)} (${k.points})`).join(", ");
      return c.all ? t("choice.declare_all", { list }) : t("choice.declare_one", { list, cards: cardsText(c.combinations.flatMap((k) => k.cards)) });
    }
    case "play": return c.belote ? t(`choice.play_${c.belote}`, { card: cardText(c.card) }) : t("choice.play", { card: cardText(c.card) });
    case "stop": return t(`choice.stop_${c.word}`, c.totals);
    default: return c.text;
  }
}

function stopQuestion(c) {
  return [t("confirm.stop", c.totals), c.totals.enough ? t("confirm.reaches") : t("confirm.short"), t(`confirm.stop_${c.word}`)].join(" ");
}

function refusalText(r, view) {
  if (r.key === "swap_first" && r.seat === view.me) return t("why.swap_first_you");
  const values = { ...r };
  if (r.suit) values.suit = suitText(r.suit);
  if (r.card) values.card = cardText(r.card);
  if (r.seat !== undefined) values.who = seatName(view, r.seat, view.me);
  return t(`why.${r.key}`, values);
}

function lineText(l) {
  const values = { ...(l.values || {}) };
  if (l.key === "line.combination") return comboText({ kind: values.kind, top: values.card });
  if (l.key === "line.carre") return comboText({ kind: "carré", rank: values.rank });
  if (l.key === "line.from_attack" || l.key === "line.taken" || l.key === "line.from_others") return t(l.key, { item: lineText({ key: values.key, values, item: values.item }) });
  if (l.key === "line.contract") {
    const bid = bidText({ capot: values.value === "capot", value: values.value, strain: values.strain });
    return t("line.contract", { contract: values.times === "1" ? bid : `${bid} ×${values.times}` });
  }
  if (l.key === "line.other" || !l.key) return l.item;
  return t(l.key);
}

function reasonText(reason, view) {
  // "seat 1 called out and made it": the seat named as the reader sees it
  const seat = /^seat (\d+) (.*)$/.exec(String(reason));
  const key = seat ? `reason.seat_${seat[2].replace(/\W+/g, "_")}` : `reason.${String(reason).replace(/\W+/g, "_")}`;
  const who = seat && view ? seatName(view, Number(seat[1]), view.me) : seat ? t("seat.n", { seat: seat[1] }) : "";
  return M[key] !== undefined ? t(key, { who }) : reason;
}

// the winner agrees with its verb: you, you and your partner, two seats, one seat
function matchOverText(view) {
  const m = view.match;
  const reason = reasonText(m.end_reason, view);
  if (m.winner === null) return t("summary.match_over", { side: t("summary.nobody"), reason });
  const seats = m.side_seats[m.winner];
  if (seats.includes(view.me)) return t(seats.length > 1 ? "summary.match_over_we" : "summary.match_over_you", { reason });
  return t(seats.length > 1 ? "summary.match_over_plural" : "summary.match_over", { side: sideName(view, m.winner), reason });
}

const variantName = (name) => (M[`variant_name.${name}`] !== undefined ? t(`variant_name.${name}`) : name);

// ---- Play ----
function variantInfo() {
  const name = $("variant").value.split("(")[0].trim();
  return meta && meta.variants.find((v) => v.name === name);
}

function drawSeats() {
  const box = $("seats");
  const kept = [...box.querySelectorAll("select")].map((s) => s.value);
  const found = variantInfo();
  const text = $("players").value.trim();
  let count = found ? found.default_players : 4;
  fieldError("players", "");
  if (text !== "") {
    const asked = Number(text);
    if (found && found.players.includes(asked)) count = asked;
    else if (found) fieldError("players", t("error.players", { variant: found.name, allowed: found.players.join(" / "), value: text }));
  }
  box.replaceChildren(el("span", {}, t("setup.seats")));
  for (let s = 0; s < count; s++) {
    const select = el("select", { id: `seat-${s}`, title: t("seat.n", { seat: s }) });
    for (const who of ["human", ...meta.bots]) select.append(el("option", { value: who }, `${s}: ${t(`player.${who}`)}`));
    select.value = kept[s] || (s === 0 ? "human" : "heuristic");
    box.append(select);
  }
}

function inProgress() { return game && !game.match.over; }

async function newGame(record) {
  say("");
  clearErrors("variant", "players", "target", "seed", "seats", "record");
  if (busy) return;
  if (inProgress() && !window.confirm(t("confirm.abandon"))) return;
  const body = { variant: $("variant").value.trim(), seats: [...$("seats").querySelectorAll("select")].map((s) => s.value) };
  for (const key of ["players", "target", "seed"]) {
    const input = $(key);
    const wrong = numberError(input, key);
    if (wrong) { fieldError(key, wrong); input.focus(); return; }
    if (input.value.trim() !== "") body[key] = input.value.trim();
  }
  if (record !== undefined) { body.record = record; delete body.players; }
  busy = true;
  let view;
  try {
    try { view = await api("POST", "api/games", body); } catch (error) {
      if (record === undefined || error.field !== "seats") throw error;
      delete body.seats; // a resumed record with another number of seats: its own defaults
      view = await api("POST", "api/games", body);
    }
  } catch (error) {
    idle();
    fieldError(record !== undefined && !["seats"].includes(error.field) ? "record" : (error.field || "variant"), errorText(error));
    return; // the match in progress, if any, goes on
  }
  if (game) api("DELETE", `api/games/${game.id}`).catch(() => {});
  seatsCreated(view);
  showLast = false;
  if (window.matchMedia("(max-width: 700px)").matches) $("setup-box").open = false;
  $("table").hidden = false;
  await arrive(null, view, false);
}

// A view that answers an action: the cards played since the view before, one by one at the
// bots' pace, then the view itself. Input waits until it has settled (SETTLE_MS more): the
// second click of a double-click lands on a view that ignores it. Then data-views counts it.
async function arrive(before, view, fromHand) {
  busy = true;
  try {
    await animate(before, view);
    show(view, true);
    if (fromHand) focusHand();
    await sleep(SETTLE_MS);
  } finally {
    counted();
    idle();
  }
}

// The page is free again: input is taken, and a table that moved on meanwhile (another
// person's move heard while this page was drawing) is caught up with at once (seats.js).
function idle() {
  busy = false;
  catchUp();
}

function counted() { document.body.dataset.views = String((parseInt(document.body.dataset.views, 10) || 0) + 1); }

async function animate(before, view) {
  const ms = pace();
  const same = before && before.id === view.id && before.deal_number === view.deal_number && view.events.length >= before.events.length;
  const from = same ? before.events.length : 0;
  if (!ms) return;
  drawSeatsAround(view); // the seats of this view (a new match's, say) while its cards come
  const mine = new Set(view.events.slice(from).filter((e) => e.key === "play" && e.seat === view.me).map((e) => e.card));
  for (const button of $("hand").querySelectorAll("button")) if (mine.has(button.dataset.card)) button.remove();
  const lastPlay = view.events.map((e) => e.key).lastIndexOf("play");
  for (let k = from; k < view.events.length; k++) {
    const e = view.events[k];
    if (e.key !== "play") continue;
    let end = k + 1;
    while (end < view.events.length && view.events[end].key === "trick") end += 1; // the trick's winner with its last card
    // the person's own card is drawn at once, unless it ends a trick that more cards follow:
    // that trick stays on the felt a beat, as one a bot ends does
    if (e.seat === view.me && !(end > k + 1 && k < lastPlay)) continue;
    drawCentre(view, view.events.slice(0, end));
    drawAnnouncements(view, view.events.slice(0, end));
    await sleep(ms);
  }
}

async function act(path, body) {
  if (busy || !game) return;
  say("");
  busy = true;
  const fromHand = $("hand").contains(document.activeElement) || path === "choose" && body && game.choices[body.choice] && game.choices[body.choice].verb === "play";
  drawBusy();
  const before = game;
  let view;
  try {
    view = await api("POST", `api/games/${game.id}/${path}`, { ...(body || {}), version: game.version });
  } catch (error) {
    if (error.status === 409) { // the view was stale, or the match is over: draw the table as it is now
      try { show(await api("GET", `api/games/${game.id}/view`)); } catch (again) { say(errorText(again)); }
      say(error.code && error.code !== "error.stale" ? errorText(error) : t("error.stale"));
    } else {
      say(errorText(error));
      show(game);
    }
    idle();
    return;
  }
  await arrive(before, view, fromHand);
}

// keyboard play: the hand is one stop of the Tab key; the arrows go from card to card, Enter plays
function focusHand() {
  const legal = $("hand").querySelector("button.legal");
  (legal || $("hand")).focus();
}
function handKeys(event) {
  const keys = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
  if (!(event.key in keys)) return;
  const buttons = [...$("hand").querySelectorAll("button:not([disabled])")];
  if (!buttons.length) return;
  const at = buttons.indexOf(document.activeElement);
  const next = buttons[(at + keys[event.key] + buttons.length) % buttons.length];
  for (const b of buttons) b.tabIndex = b === next ? 0 : -1;
  next.focus();
  event.preventDefault();
}

function drawBusy() {
  $("status").textContent = t("status.others");
  $("status").classList.add("waiting");
  for (const button of document.querySelectorAll("#hand button, #choices button, #bidding button, #undo, #next-deal")) button.disabled = true;
}

function drawSheet(view) {
  const m = view.match;
  const head = el("tr", {}, el("th", { class: "left" }, t("sheet.deal")), ...m.sides.map((s, k) => el("th", {}, sideName(view, k))));
  const rows = m.deals.map((scores, k) => {
    const passed = m.outcomes && m.outcomes[k] === "redeal"; // a deal passed out is marked, not a bare 0 / 0
    return el("tr", { class: passed ? "passed" : "" }, el("td", { class: "left" }, k + 1, passed ? ` (${t("sheet.passed_out")})` : ""),
      ...scores.map((p) => el("td", {}, passed ? t("sheet.passed_mark") : p)));
  });
  const total = el("tr", { class: "total" }, el("th", { class: "left" }, t("sheet.total")), ...m.totals.map((p) => el("th", {}, p)));
  const sheet = el("table", { class: "scoresheet", id: "scoresheet" }, head, ...rows, total);
  const current = view.deal_points && !view.deal_over ? el("p", { id: "deal-points" }, t("sheet.so_far", {
    points: view.deal_points.map((p, k) => `${sideName(view, k)} ${p}`).join(", "),
  })) : "";
  // a strain auction's match: game points (tens) to its target, and the points left hanging by a level deal
  const pending = m.pending ? el("p", { id: "sheet-pending" }, t(view.game_points ? "sheet.hanging" : "sheet.pending", { points: m.pending })) : "";
  $("scores").replaceChildren(
    el("p", {}, t(view.game_points ? "sheet.head_game_points" : "sheet.head", { variant: variantName(view.variant), players: view.players, deal: view.deal_number, target: m.target })),
    sheet, current, pending);
}

function drawSeatsAround(view) {
  const n = view.players;
  for (const where of ["top", "left", "right", "bottom"]) { $(`pos-${where}`).replaceChildren(); $(`pos-${where}`).className = "pos"; }
  for (const s of view.seats) {
    const where = position(s.seat, view.me, n, view.counter_clockwise);
    const box = $(`pos-${where}`);
    const marks = [];
    if (s.seat === view.dealer) marks.push(el("span", { class: "mark dealer", title: t("table.dealer") }, t("table.dealer_mark")));
    if (s.seat === view.taker) marks.push(el("span", { class: "mark taker", title: t("table.taker") }, t("table.taker_mark")));
    const backs = where === "bottom" ? "" : el("span", { class: "backs" }, ...Array.from({ length: view.hand_sizes[s.seat] }, () => el("span", { class: "back" })));
    const thinking = !view.deal_over && view.to_act === s.seat && s.seat !== view.me ? el("span", { class: "thinking" }, t("table.thinking")) : "";
    box.append(el("div", { class: "name", "data-seat": s.seat }, cap(seatName(view, s.seat, view.me)), " ",
      el("small", {}, s.player === "human" ? "" : `(${t(`player.${s.player.split(":")[0]}`)})`), ...marks), lastCall(view, s.seat), backs, thinking);
    box.classList.toggle("to-act", !view.deal_over && view.to_act === s.seat);
  }
}

// what was announced in the trick on the felt (and the one before it while it stays): declarations, belote, calling out
function drawAnnouncements(view, events) {
  const all = events || view.events;
  const state = trickState(all);
  const from = state.current.length ? state.started : state.lastStarted;
  const name = (seat) => seatName(view, seat, view.me);
  for (const box of document.querySelectorAll("#felt .announce")) box.remove();
  all.slice(from).forEach((e) => {
    const said = e.key === "declare" || e.key.startsWith("stop_") || (e.key === "play" && e.belote);
    if (!said) return;
    const where = position(e.seat, view.me, view.players, view.counter_clockwise);
    $(`pos-${where}`).append(el("div", { class: "announce", "data-seat": e.seat }, eventText(e, name)));
  });
}

// The auction so far as a small table: one column a seat, from the first to call, one row a round.
function drawAuction(view) {
  const box = $("auction-box");
  const calls = view.auction ? view.auction.calls : view.events.filter((e) => e.key === "pass" || e.key === "take");
  if (!calls.length) { box.hidden = true; $("auction").replaceChildren(); return; }
  box.hidden = false;
  const n = view.players;
  const first = calls[0].seat;
  const order = Array.from({ length: n }, (_, k) => (first + (view.counter_clockwise ? n - k : k)) % n);
  const rows = [];
  let last = n;
  for (const c of calls) {
    const column = order.indexOf(c.seat);
    if (column <= last) rows.push([]); // a new round
    rows[rows.length - 1][column] = c;
    last = column;
  }
  const cell = (c) => {
    if (!c) return el("td", {});
    const text = c.key === "take" ? t("auction.take", { suit: suitText(c.suit) }) : c.key === "pass" && !c.verb ? t("call.pass") : callText(c);
    const red = c.verb === "bid" && redStrain(c.strain);
    return el("td", { class: `call-cell ${c.verb || c.key}${red ? " red" : ""}` }, text);
  };
  $("auction").replaceChildren(
    el("tr", {}, ...order.map((s) => el("th", {}, cap(seatName(view, s, view.me))))),
    ...rows.map((r) => el("tr", {}, ...order.map((_, k) => cell(r[k])))));
}

function callText(c) {
  if (c.verb === "bid") return bidText(c);
  return t(`call.${c.verb}`, { times: c.multiplier });
}

function lastCall(view, seat) {
  // while a contract auction goes on, each seat shows what it said last
  const a = view.auction;
  if (!a || !a.open) return "";
  const calls = a.calls.filter((c) => c.seat === seat);
  if (!calls.length) return "";
  const c = calls[calls.length - 1];
  const red = c.verb === "bid" && redStrain(c.strain);
  return el("span", { class: `call ${c.verb}${red ? " red" : ""}`, "data-call-seat": seat }, callText(c));
}

// The tricks as the events tell them: the one being played, the last one won and its winner.
function trickState(events) {
  let current = [], last = [], winner = null, started = 0, lastStarted = 0;
  events.forEach((e, k) => {
    if (e.key === "play") current.push({ seat: e.seat, code: e.card });
    else if (e.key === "trick") { last = current; winner = e.seat; current = []; lastStarted = started; started = k + 1; }
  });
  return { current, last, winner, started, lastStarted };
}

function drawCentre(view, events) {
  for (const where of ["top", "left", "right", "bottom"]) $(`slot-${where}`).replaceChildren();
  // a trick won stays on the felt, its winner marked, until the next is led (the last one until the next deal)
  const state = trickState(events || view.events);
  const between = !state.current.length && state.last.length > 0;
  const previous = showLast || between;
  const cards = previous ? state.last : state.current;
  for (const c of cards) {
    const where = position(c.seat, view.me, view.players, view.counter_clockwise);
    const face = card(c, "span");
    face.classList.add("played");
    if (previous) face.classList.add("previous"); // a trick won: dimmed, its winner marked
    if (previous && c.seat === state.winner) { face.classList.add("winner"); face.title = t("table.won_by", { who: seatName(view, c.seat, view.me) }); }
    $(`slot-${where}`).replaceChildren(face);
  }
  const info = [];
  if (showLast && !between) info.push(el("div", { class: "note" }, t("table.previous_shown")));
  if (between) {
    info.push(el("div", { class: "note", id: "trick-winner" }, view.deal_over && !view.hand.length
      ? t("table.last_won_by", { who: seatName(view, state.winner, view.me) }) : t("table.won_by", { who: seatName(view, state.winner, view.me) })));
  }
  if (view.table_card) info.push(el("div", { id: "table-card" }, t("table.on_table"), " ", card(view.table_card, "span", true)));
  else if (view.trump === null && view.turned) info.push(el("div", { id: "turned-card" }, t("table.turned"), " ", card(view.turned, "span", true)));
  const contract = view.auction && view.auction.contract;
  if (contract) { // the bid to beat while the auction goes on, then the contract played
    const red = redStrain(contract.strain);
    info.push(el("div", { id: "contract-badge", class: `${red ? "red" : ""}${view.auction.open ? " standing" : ""}`, title: seatName(view, contract.seat, view.me) }, contractText(contract)));
  }
  if (view.bottom) info.push(el("div", { id: "bottom-card" }, t("table.bottom"), " ", card(view.bottom, "span", true)));
  $("centre-info").replaceChildren(...info);
  $("show-last").disabled = !state.last.length || between;
  $("show-last").textContent = showLast ? t("table.current") : t("table.previous");
}

function drawContract(view) {
  const parts = [];
  // what the cards are played in: a trump suit, or no-trumps / all-trumps (no trump suit: view.trump is null)
  const strain = view.strain ? view.strain.code : view.trump ? view.trump.suit : null;
  if (strain) {
    parts.push(el("span", { class: `trump${redStrain(strain) ? " red" : ""}`, id: "trump", "data-strain": strain }, strainSymbol(strain)));
    const played = view.auction && view.auction.contract;
    if (played) {
      parts.push(el("span", { id: "contract-played" }, played.seat === view.me ? t("contract.played_you", { contract: contractText(played) })
        : t("contract.played", { contract: contractText(played), who: seatName(view, played.seat, view.me) })));
    } else parts.push(el("span", {}, view.taker === null ? t("contract.trump", { suit: suitText(view.trump.suit) })
      : view.taker === view.me ? t("contract.taken_you", { suit: suitText(view.trump.suit) })
        : t("contract.taken", { suit: suitText(view.trump.suit), who: seatName(view, view.taker, view.me) })));
  } else if (view.auction) {
    const c = view.auction.contract;
    parts.push(el("span", {}, !c ? t(view.auction.open ? "contract.no_bid" : "contract.passed_out") : c.seat === view.me ? t("contract.standing_you", { contract: contractText(c) })
      : t("contract.standing", { contract: contractText(c), who: seatName(view, c.seat, view.me) })));
  } else {
    parts.push(el("span", {}, t("contract.bidding", { card: cardText(view.turned.code) })));
  }
  parts.push(el("span", { class: "dealer-note" }, t("contract.dealer", { who: seatName(view, view.dealer, view.me) })));
  $("contract").replaceChildren(...parts);
}

// ---- The bidding box of a contract auction ----
// The values (greyed when not higher than the standing bid), capot, then the
// suits: a value is picked first, and a suit makes the bid. Pass, coinche and
// surcoinche are buttons of their own. Which bids are legal is the server's
// word: a button is live only when a choice of the view names it.
// A strain auction (bulgarian) has no values: a strain button makes the bid, the ones not
// above the standing strain greyed; double and redouble take coinche's places.
const BOX_VERBS = ["bid", "pass", "coinche", "surcoinche", "double", "redouble", "reredouble"];

function drawStrainBidding(view, box) {
  const a = view.auction;
  const bids = view.choices.filter((c) => c.verb === "bid");
  const strains = a.strains.map((letter) => {
    const choice = bids.find((c) => c.strain === letter);
    const word = SYMBOLS[letter] ? t(`suit.${letter}`) : t(`strain_word.${letter}`);
    return el("button", {
      class: `bid-suit bid-strain${redStrain(letter) ? " red" : ""}${choice ? "" : " below"}`, "data-strain": letter, disabled: !choice,
      title: choice ? choiceText(choice) : t("bidding.below"),
      onclick: () => { if (choice) act("choose", { choice: choice.index }); },
    }, el("span", { class: "symbol" }, strainSymbol(letter)), el("span", { class: "word" }, word));
  });
  const calls = view.choices.filter((c) => c.verb !== "bid" && BOX_VERBS.includes(c.verb)).map((c) =>
    el("button", { class: `bid-call ${c.verb}`, "data-verb": c.verb, onclick: () => act("choose", { choice: c.index }) }, choiceText(c)));
  box.replaceChildren(
    el("div", { class: "bid-head" }, t("bidding.title"), " ", el("span", { class: "note", id: "bid-hint" }, bids.length ? t("bidding.pick_strain") : "")),
    el("div", { class: "bid-suits bid-strains", role: "group", "aria-label": t("bidding.strains") }, ...strains),
    el("div", { class: "bid-calls" }, ...calls));
}

function drawBidding(view) {
  const box = $("bidding");
  const a = view.auction;
  if (!a || !a.open || !view.your_turn) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  if (a.strain_auction) { drawStrainBidding(view, box); return; }
  const bids = view.choices.filter((c) => c.verb === "bid");
  const key = (c) => (c.capot ? "capot" : String(c.value));
  const live = new Set(bids.map(key));
  if (bidValue !== null && !live.has(bidValue)) bidValue = null;
  const values = [...a.values.map(String), ...(a.capot ? ["capot"] : [])].map((v) => {
    const legal = live.has(v);
    return el("button", {
      class: `bid-value${v === bidValue ? " picked" : ""}${legal ? "" : " below"}`, "data-value": v,
      disabled: !legal, "aria-pressed": v === bidValue ? "true" : "false",
      title: legal ? t("bidding.value_title") : t("bidding.below"),
      onclick: () => { bidValue = v; drawBidding(game); },
    }, v === "capot" ? t("bid.capot") : v);
  });
  const suits = a.strains.map((letter) => {
    const choice = bids.find((c) => key(c) === bidValue && c.strain === letter);
    const red = letter === "H" || letter === "D";
    return el("button", {
      class: `bid-suit${red ? " red" : ""}`, "data-strain": letter, disabled: !choice,
      title: choice ? choiceText(choice) : t("bidding.pick_value"),
      onclick: () => { if (choice) { bidValue = null; act("choose", { choice: choice.index }); } },
    }, el("span", { class: "symbol" }, strainSymbol(letter)), el("span", { class: "word" }, t(`suit.${letter}`)));
  });
  const calls = view.choices.filter((c) => c.verb !== "bid" && BOX_VERBS.includes(c.verb)).map((c) =>
    el("button", { class: `bid-call ${c.verb}`, "data-verb": c.verb, onclick: () => { bidValue = null; act("choose", { choice: c.index }); } }, choiceText(c)));
  const hint = !bids.length ? "" : bidValue === null ? t("bidding.pick_value")
    : t("bidding.pick_suit", { value: bidValue === "capot" ? t("bid.capot") : bidValue });
  box.replaceChildren(
    el("div", { class: "bid-head" }, t("bidding.title"), " ", el("span", { class: "note", id: "bid-hint" }, hint)),
    bids.length ? el("div", { class: "bid-values", role: "group", "aria-label": t("bidding.values") }, ...values) : "",
    bids.length ? el("div", { class: "bid-suits", role: "group", "aria-label": t("bidding.suits") }, ...suits) : "",
    el("div", { class: "bid-calls" }, ...calls));
}

function show(view, quiet) {
  if (!game || game.version !== view.version || game.id !== view.id) bidValue = null;
  game = view;
  if (!quiet) counted();
  document.body.dataset.version = String(view.version);
  $("table").hidden = false;
  $("save").disabled = false;
  $("undo").disabled = !view.can_undo;
  if (!view.last_trick.length || view.trick.length) showLast = false;
  drawSheet(view);
  $("felt").classList.toggle("bidding", Boolean(view.auction && view.auction.open && !view.deal_over));
  drawSeatsAround(view);
  drawContract(view);
  drawCentre(view);
  drawAnnouncements(view);
  const actor = view.to_act === null ? null : view.to_act;
  const status = $("status");
  status.classList.toggle("waiting", !view.deal_over && !view.your_turn);
  status.textContent = view.deal_over ? t("status.deal_over") :
    view.your_turn ? t("status.your_turn") : t("status.waiting", { who: seatName(view, actor, view.me) });
  // a pass that was all the person could say was made for them: said so until they act again
  const own = view.events.filter((e) => e.seat === view.me && e.key !== "trick");
  const forced = !view.deal_over && own.length > 0 && Boolean(own[own.length - 1].forced);
  $("forced-note").hidden = !forced;
  $("forced-note").textContent = forced ? t("note.forced_pass") : "";
  drawAuction(view);
  $("hand").replaceChildren(...view.hand.map((c) => {
    const button = card(c, "button");
    if (c.choice !== null && c.choice !== undefined && view.your_turn) {
      button.classList.add("legal");
      button.title = choiceText(view.choices[c.choice]);
      button.onclick = () => act("choose", { choice: c.choice });
    } else {
      button.disabled = true;
      if (c.refusal) button.title = refusalText(c.refusal, view);
    }
    return button;
  }));
  const live = [...$("hand").querySelectorAll("button:not([disabled])")];
  live.forEach((b, k) => { b.tabIndex = k === 0 ? 0 : -1; });
  drawBidding(view);
  const boxed = view.auction && view.auction.open ? BOX_VERBS : [];
  // while bidding the hand is read, not played: drawn in full
  $("hand").classList.toggle("reading", !view.deal_over && (!view.strain || Boolean(view.auction && view.auction.open)));
  // one button per distinct choice: "declare all" and "declare only" of one same combination are one
  const seen = new Set();
  const distinct = view.choices.filter((c) => {
    if (c.verb !== "declare") return true;
    const same = c.combinations.flatMap((k) => k.cards).sort().join(" ");
    if (seen.has(same)) return false;
    seen.add(same);
    return true;
  });
  $("choices").replaceChildren(...distinct.filter((c) => c.verb !== "play" && !boxed.includes(c.verb)).map((c) =>
    el("button", { class: "choice", "data-verb": c.verb, onclick: () => {
      if (c.verb === "stop" && !window.confirm(stopQuestion(c))) { say(t("confirm.not_called")); return; }
      act("choose", { choice: c.index });
    } }, choiceText(c))));
  const summary = $("summary");
  summary.replaceChildren();
  const m = view.match;
  if (view.deal_over && view.summary) {
    const s = view.summary;
    const capot = s.capot !== null && s.capot !== undefined ? t("summary.capot", { side: sideName(view, s.capot) }) : "";
    // a strain auction's deal: made, inside (the declarers behind) or level (points hang), in game points
    const outcome = s.game_points ? t(`outcome_game.${s.outcome}`) : t(`outcome.${s.outcome}`);
    summary.append(el("h3", { id: "summary-head" }, s.redeal ? t("summary.redeal") : `${t("summary.over", { outcome })}${capot ? ` ${capot}` : ""}`));
    if (s.reckoning) summary.append(dealSheet(view, s));
    if (s.pending_won) {
      summary.append(el("p", { id: "summary-won" }, t(s.game_points ? "summary.hanging_won" : "summary.held_won", { side: sideName(view, s.pending_won.to), points: s.pending_won.points })));
    }
    if (s.game_points && s.pending) summary.append(el("p", { id: "summary-hanging" }, t("summary.hanging", { points: s.pending })));
    else if (s.pending && s.reckoning) {
      summary.append(el("p", { id: "summary-held" }, t(s.pending_rule === "next-attack-or-defence" ? "summary.held_next_attack" : "summary.held_next_winner", { points: s.pending })));
    }
    summary.append(el("table", { id: "summary-lines" }, el("tr", {}, el("th", { class: "left" }, t("summary.line")), el("th", {}, t(s.game_points ? "summary.game_points" : "summary.points")), el("th", { class: "left" }, t("summary.to"))),
      ...s.lines.map((l) => el("tr", {}, el("td", { class: "left" }, lineText(l)), el("td", {}, l.points), el("td", { class: "left" }, sideName(view, l.to)))),
      el("tr", { class: "total" }, el("th", { class: "left" }, t("summary.this_deal")), el("th", { colspan: 2, class: "left" }, s.scores.map((p, k) => `${sideName(view, k)} ${p}`).join(", ")))));
    if (m.over) summary.append(el("h3", { id: "match-over" }, matchOverText(view)));
    else summary.append(el("button", { id: "next-deal", onclick: () => act("next-deal") }, t("summary.next")));
  }
  const name = (seat) => seatName(view, seat, view.me);
  const log = $("log");
  log.replaceChildren(...view.events.map((e) => el("li", { class: e.key === "trick" ? "trick" : "" }, eventText(e, name))));
  log.scrollTop = log.scrollHeight;
  seatsShown(view);
}

// ---- The deal's summary as a score sheet: the contract, what the attack counted against
// what it needed, and the verdict in the variant's words. Every number is the server's
// (summary.reckoning: the scoring's own count); the page only words them.
function dealSheet(view, s) {
  const r = s.reckoning;
  const strain = s.contract ? null : view.strain ? view.strain.code : view.trump ? view.trump.suit : null;
  const contract = s.contract ? contractText(s.contract) : strain ? `${t(`suit.${strain}`)} ${strainSymbol(strain)}` : "";
  const taker = view.taker === null || view.taker === undefined ? sideName(view, r.side) : seatName(view, view.taker, view.me);
  const parts = [["cards", r.cards], ["declarations", r.declarations], ["belote", r.belote]]
    .filter(([, p], k) => k === 0 || p).map(([part, p]) => t(`summary.part_${part}`, { points: p }));
  const count = parts.length > 1 ? t("summary.count_parts", { points: r.points, parts: parts.join(" + ") }) : parts[0];
  let needed = r.basis === "capot" ? t("summary.needed_capot")
    : r.basis === "half" ? t("summary.needed_half", { needed: r.needed, total: r.total })
      : s.contract && s.contract.value !== r.needed ? t("summary.needed_bid_more", { needed: r.needed, value: s.contract.value })
        : t("summary.needed_bid", { needed: r.needed });
  if (r.beat_defence) needed = t("summary.needed_beat", { needed });
  let verdict = s.game_points ? t(`outcome_game.${s.outcome}`)
    : s.outcome === "failed" ? t("summary.verdict_failed", { word: s.failed_label }) : t(`outcome.${s.outcome}`);
  if (s.capot !== null && s.capot !== undefined) {
    verdict = t(s.game_points ? "summary.verdict_valat" : "summary.verdict_capot", { verdict, side: sideName(view, s.capot) });
  }
  const row = (key, text, attrs, side) => el("tr", { "data-row": key }, el("th", { class: "left", scope: "row" }, t(`summary.sheet_${key}`)),
    el("td", { class: "left", ...(attrs || {}) }, el("span", { class: "count" }, text), side === undefined ? "" : el("span", { class: "who" }, ` · ${sideName(view, side)}`)));
  return el("table", { id: "summary-sheet", class: `deal-sheet ${s.outcome}` },
    row("contract", t("summary.taken_by", { contract, who: taker }), { id: "summary-contract" }),
    row("attack", count, { "data-points": r.points, "data-side": r.side }, r.side),
    row("needed", needed, { "data-needed": r.needed === null ? "capot" : r.needed }),
    row("defence", String(r.defence), { "data-points": r.defence, "data-side": 1 - r.side }, 1 - r.side),
    row("result", verdict, { "data-outcome": s.outcome }));
}

async function save() {
  try {
    const record = await api("GET", `api/games/${game.id}/record`);
    const link = el("a", { href: URL.createObjectURL(new Blob([JSON.stringify(record, null, 1)], { type: "application/json" })), download: "belote-match.json" });
    document.body.append(link); link.click(); link.remove();
  } catch (error) { say(errorText(error)); }
}

async function readFile(input) {
  const file = input.files[0];
  return file ? await file.text() : "";
}

// ---- Replay and analyse ----
async function replay() {
  say("");
  clearErrors("replay", "analyse");
  const text = $("replay-text").value;
  let deals;
  try { deals = (await api("POST", "api/replay", { text })).deals; } catch (error) {
    fieldError("replay", errorText(error)); return; // the deal shown before, if any, stays as it was
  }
  replayText = text;
  replayDeals = deals;
  $("replay").hidden = false;
  $("replay-deal").replaceChildren(...replayDeals.map((d, k) => dealOption(d, k)));
  step = 0;
  drawFrame();
}

// a deal of the replay's menu; a deal passed out says so
function dealOption(d, k) {
  const passed = d.result && d.result.outcome === "redeal" ? ` (${t("sheet.passed_out")})` : "";
  return el("option", { value: k }, t("replay.deal_option", { number: d.number, variant: variantName(d.variant), dealer: d.dealer }) + passed);
}

function currentDeal() { return replayDeals[parseInt($("replay-deal").value, 10) || 0]; }

function drawFrame() {
  const deal = currentDeal();
  $("analysis").replaceChildren(); // an analysis belongs to the step it was asked at
  clearErrors("analyse");
  step = Math.max(0, Math.min(step, deal.frames.length - 1));
  document.body.dataset.step = String(step);
  const f = deal.frames[step];
  const name = (seat) => t("seat.n", { seat });
  $("step").textContent = t("replay.step", { step, last: deal.frames.length - 1 });
  const seats = f.hands.map((hand, s) => el("div", { class: `seat${s === f.to_act ? " to-act" : ""}` },
    el("span", { class: "name" }, cap(name(s)), s === deal.dealer ? ` (${t("table.dealer")})` : "", s === f.taker ? ` (${t("table.taker")})` : ""), " ",
    ...hand.map((c) => card(c, "span", true))));
  const trick = f.trick.length ? el("div", { class: "trick-line" }, t("replay.trick"), " ", ...f.trick.map((c) => { const b = card(c, "span", true); b.title = name(c.seat); return b; })) : "";
  const lines = f.events.map((e) => eventText(e, name));
  const opening = f.turned ? [t("table.turned"), " ", card(f.turned, "span", true)]
    : f.auction && f.auction.contract ? [t(f.auction.open ? "contract.standing" : "contract.played", { contract: contractText(f.auction.contract), who: name(f.auction.contract.seat) })]
      : [t(f.auction && f.auction.open ? "contract.no_bid" : "contract.passed_out")];
  $("frame").replaceChildren(el("div", {}, ...opening,
    f.trump ? `  ${t("contract.trump", { suit: suitText(f.trump.suit) })}` : "",
    f.points ? `  ${t("replay.points", { points: f.points.join(" / ") })}` : ""), ...seats, trick,
  el("p", { id: "frame-line" }, lines.join(" ")));
  const audit = $("audit");
  audit.replaceChildren();
  if (step === deal.frames.length - 1 && deal.result) {
    const r = deal.result;
    audit.append(el("h3", {}, t("replay.result", { outcome: t(`outcome.${r.outcome}`), scores: r.scores.join(" / ") })),
      el("table", { id: "audit-lines" }, el("tr", {}, el("th", { class: "left" }, t("summary.line")), el("th", {}, t("summary.points")), el("th", {}, t("replay.side"))),
        ...r.lines.map((l) => el("tr", {}, el("td", { class: "left" }, lineText(l)), el("td", {}, l.points), el("td", {}, l.to)))));
  }
}

async function analyse() {
  clearErrors("analyse");
  const deal = currentDeal();
  const at = step;
  const number = parseInt($("replay-deal").value, 10) || 0;
  const run = ++analyseRun;
  $("analysis").replaceChildren(el("p", { class: "note" }, t("replay.analysing")));
  try {
    const a = await api("POST", "api/analyse", { text: replayText, deal: number, start: deal.frames[step].analyse_from });
    if (run !== analyseRun || at !== step || currentDeal() !== deal) return; // the reader moved on: this answer is stale
    if (!a.cards.length) { // a deal passed out, or no card left: said so, never "side -"
      $("analysis").replaceChildren(el("p", { class: "note", id: "analysis-none" }, t(a.result === "redeal" ? "analysis.passed_out" : "analysis.no_card")));
      return;
    }
    const rows = a.cards.map((c) => el("tr", {},
      el("td", {}, c.trick), el("td", {}, c.seat),
      el("td", { class: c.mark ? "mark-bad" : "" }, `${cardText(c.card)}${c.mark}`),
      el("td", {}, c.value), el("td", {}, c.loss),
      el("td", { class: "left" }, ...Object.entries(c.values).map(([code, value]) =>
        el("span", { class: c.best_cards.includes(code) ? "best" : "" }, `${cardText(code)} ${value}  `)))));
    $("analysis").replaceChildren(
      el("p", {}, t("analysis.head", { side: a.cards[0].side })),
      el("div", { class: "scroll" }, el("table", { id: "analysis-table" }, el("tr", {}, ...["trick", "seat", "card", "value", "loss"].map((h) => el("th", {}, t(`analysis.${h}`))),
        el("th", { class: "left" }, t("analysis.every"))), ...rows)));
  } catch (error) {
    if (run !== analyseRun || at !== step) return;
    $("analysis").replaceChildren();
    fieldError("analyse", errorText(error));
  }
}

async function solvePosition() {
  if ($("solve-go").disabled) return; // one solve at a time: a double-click asks once
  clearErrors("position");
  const run = ++solveRun;
  $("solve-go").disabled = true;
  $("solution").replaceChildren(el("p", { class: "note" }, t("solve.working")));
  try {
    const s = await api("POST", "api/solve", { position: $("position-text").value });
    if (run !== solveRun) return; // a newer question was asked: this answer is dropped
    $("solution").replaceChildren(
      el("p", {}, t("solve.head", { seat: s.seat, value: s.value, side: s.side })),
      el("table", { id: "solution-table" }, el("tr", {}, el("th", {}, t("analysis.card")), el("th", {}, t("analysis.value"))),
        ...s.cards.map((c) => el("tr", { class: c.best ? "best" : "" }, el("td", {}, cardText(c.card)), el("td", {}, c.value)))),
      el("p", { id: "solution-line" }, t("solve.line", { line: s.line.map(cardText).join(" ") })));
  } catch (error) {
    if (run !== solveRun) return;
    $("solution").replaceChildren(); fieldError("position", errorText(error));
  } finally { if (run === solveRun) $("solve-go").disabled = false; }
}

// ---- Compare ----
const RATES = [["attack_success_rate", "made"], ["failure_rate", "failed"], ["capot_rate", "capot"], ["litige_rate", "litige"]];
const MEANS = [["mean_points", "mean_points"], ["mean_taker_score", "taker"], ["mean_other_score", "other"]];
const pct = (x) => `${(100 * x).toFixed(1)}%`;

function bar(low, high, value, max) {
  // an interval drawn to scale: the bar from low to high, a tick at the value
  const w = 120;
  const x = (v) => Math.max(0, Math.min(w, (w * v) / (max || 1)));
  return el("span", { class: "interval", title: `${low} – ${high}` },
    el("span", { class: "range", style: `left:${x(low)}px;width:${Math.max(1, x(high) - x(low))}px` }),
    el("span", { class: "tick", style: `left:${x(value)}px` }));
}

function compareTables(doc) {
  const vs = doc.variants;
  const head = el("tr", {}, el("th", { class: "left" }, ""), ...vs.map((v) => el("th", {}, v.variant)));
  const rows = [];
  for (const [key, label] of RATES) {
    rows.push(el("tr", { "data-row": key }, el("td", { class: "left" }, t(`compare.${label}`)), ...vs.map((v) => {
      const [low, high] = v.ci95[key];
      return el("td", {}, `${pct(v[key])} ±${(50 * (high - low)).toFixed(1)}`, el("br"), bar(low, high, v[key], 1));
    })));
  }
  rows.push(el("tr", {}, el("td", { class: "left" }, t("compare.redeals")), ...vs.map((v) => el("td", {}, pct(v.redeals_per_deal)))));
  const largest = Math.max(...vs.map((v) => v.mean_ci95.mean_points[1]));
  for (const [key, label] of MEANS) {
    rows.push(el("tr", {}, el("td", { class: "left" }, t(`compare.${label}`)), ...vs.map((v) => {
      const [low, high] = v.mean_ci95[key];
      const value = key === "mean_other_score" ? v.mean_points - v.mean_taker_score : v[key];
      return el("td", {}, `${value.toFixed(1)} ±${((high - low) / 2).toFixed(1)}`, el("br"), bar(low, high, value, largest));
    })));
  }
  rows.push(el("tr", {}, el("td", { class: "left" }, t("compare.deals_per_match")), ...vs.map((v) => el("td", {}, v.matches ? v.matches.mean_deals.toFixed(2) : "-"))));
  const rates = el("table", { id: "compare-table", class: "compare" }, head, ...rows);
  const blocks = [el("h3", {}, t("compare.head", { deals: doc.deals, bots: doc.bots, seed: doc.seed })), el("div", { class: "scroll" }, rates)];
  const pairs = Object.keys(doc.paired || {});
  if (pairs.length) {
    const phead = el("tr", {}, el("th", { class: "left" }, t("compare.paired")), ...pairs.map((p) => el("th", {}, p)));
    const prow = (label, cells) => el("tr", {}, el("td", { class: "left" }, label), ...cells);
    const cell = (value, ci, unit) => {
      const none = ci[0] <= 0 && ci[1] >= 0;
      const text = `${value >= 0 ? "+" : ""}${(unit * value).toFixed(1)} ±${(unit * (ci[1] - ci[0]) / 2).toFixed(1)}`;
      return el("td", { class: none ? "unclear" : "" }, text, none ? " ≈" : "");
    };
    const prows = [
      prow(t("compare.deal_winner"), pairs.map((p) => el("td", {}, pct(doc.different_deal_winner[p])))),
      prow(t("compare.match_winner"), pairs.map((p) => el("td", {}, doc.different_match_winner[p] === undefined ? "-" : pct(doc.different_match_winner[p])))),
      prow(t("compare.points_shift"), pairs.map((p) => cell(doc.paired[p].points.value, doc.paired[p].points.ci95, 1))),
      ...["made", "failed", "litige", "capot"].map((k) => prow(t(`compare.${k}`), pairs.map((p) => cell(doc.paired[p][k].value, doc.paired[p][k].ci95, 100)))),
    ];
    blocks.push(el("p", {}, t("compare.paired_note")), el("div", { class: "scroll" }, el("table", { id: "paired-table", class: "compare" }, phead, ...prows)));
  }
  $("compare-result").replaceChildren(...blocks, chart(doc));
}

function chart(doc) {
  const colours = ["#2d6a3e", "#c0142c", "#1f5fa8", "#c08a14"];
  const width = 110 * doc.variants.length + 50;
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} 230`);
  svg.setAttribute("id", "chart");
  const add = (tag, attrs, text) => { const n = document.createElementNS(ns, tag); for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v); if (text) n.textContent = text; svg.append(n); return n; };
  add("line", { x1: 36, y1: 30, x2: width, y2: 30, stroke: "#ddd" });
  add("text", { x: 2, y: 34, "font-size": 11 }, "100%");
  doc.variants.forEach((v, k) => {
    RATES.forEach(([key, label], j) => {
      const rate = v[key] || 0, h = 160 * rate, x = 40 + 110 * k + 22 * j;
      const rect = add("rect", { x, y: 190 - h, width: 18, height: h, fill: colours[j] });
      const title = document.createElementNS(ns, "title"); title.textContent = `${v.variant} ${t(`compare.${label}`)}: ${pct(rate)}`; rect.append(title);
    });
    add("text", { x: 40 + 110 * k, y: 208, "font-size": 12 }, v.variant);
  });
  RATES.forEach(([, label], j) => add("text", { x: 40 + 80 * j, y: 226, "font-size": 11, fill: colours[j] }, `■ ${t(`compare.${label}`)}`));
  return el("div", { id: "compare-chart" }, svg);
}

async function runCompare() {
  say("");
  clearErrors("variants", "deals", "compare");
  $("compare-result").replaceChildren(); // never an old result under a new question
  const run = ++compareRun;
  const variants = $("compare-variants").value.split(",").map((v) => v.trim()).filter((v) => v);
  const decks = $("compare-deals");
  const wrong = numberError(decks, "deals");
  if (wrong) { fieldError("deals", wrong); return; }
  const body = { variants, deals: decks.value.trim() === "" ? null : decks.value.trim(), bots: $("compare-bots").value };
  let job;
  try { job = await api("POST", "api/compare", body); } catch (error) {
    if (run !== compareRun) return;
    fieldError(error.field === "deals" ? "deals" : error.field === "variants" ? "variants" : "compare", errorText(error)); return;
  }
  const bar = $("compare-progress");
  bar.hidden = false;
  bar.value = 0;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    let status;
    if (run !== compareRun) return; // a newer comparison was asked: this one's answers are dropped
    try { status = await api("GET", `api/compare/${job.id}`); } catch (error) { if (run === compareRun) fieldError("compare", errorText(error)); return; }
    if (run !== compareRun) return;
    bar.max = status.total; bar.value = status.done;
    if (status.error) { bar.hidden = true; fieldError("compare", status.error); return; }
    if (status.finished) { bar.hidden = true; compareTables(status.result); return; }
  }
}

// ---- Languages ----
function drawVariantNames() {
  // a plug-in variant has no entry in the catalogues: its own description, as it gives it
  $("variant-names").replaceChildren(...meta.variants.map((v) => el("option", { value: v.name },
    M[`variant.${v.name}`] !== undefined ? t(`variant.${v.name}`) : v.description)));
}

async function setLanguage(code) {
  const doc = await api("GET", `api/messages/${code}`);
  lang = code;
  M = doc.messages;
  document.documentElement.lang = code;
  document.body.dataset.lang = code;
  try { localStorage.setItem("belote-lang", code); } catch (e) { /* private mode */ }
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-placeholder]")) node.placeholder = t(node.dataset.i18nPlaceholder);
  document.title = t("page.title");
  $("lang").value = code;
  if (meta) { drawSeats(); drawVariantNames(); }
  if (game) show(game);
  if (replayDeals.length && !$("replay").hidden) {
    $("replay-deal").replaceChildren(...replayDeals.map((d, k) => dealOption(d, k)));
    drawFrame();
  }
}

function browserLanguage() {
  let saved = null;
  try { saved = localStorage.getItem("belote-lang"); } catch (e) { /* private mode */ }
  if (saved && meta.languages[saved]) return saved;
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const code = tag.slice(0, 2).toLowerCase();
    if (meta.languages[code]) return code;
  }
  return meta.language || "en";
}

// ---- Wiring ----
async function start() {
  meta = await api("GET", "api/meta");
  $("lang").replaceChildren(...Object.entries(meta.languages).map(([code, name]) => el("option", { value: code }, name)));
  await setLanguage(browserLanguage());
  $("lang").onchange = () => setLanguage($("lang").value).catch((error) => say(errorText(error)));
  drawVariantNames();
  $("compare-variants").value = meta.compare_variants.join(", ");
  $("compare-deals").max = String(meta.limits.compare_deals); // one deck limit: the server's
  try { const kept = localStorage.getItem("belote-pace"); if (kept !== null) $("pace").value = kept; } catch (e) { /* private mode */ }
  $("pace").onchange = () => { try { localStorage.setItem("belote-pace", $("pace").value); } catch (e) { /* private mode */ } };
  $("hand").onkeydown = handKeys;
  drawSeats();
  $("variant").oninput = drawSeats; $("players").oninput = drawSeats;
  $("new-game").onclick = () => newGame();
  $("undo").onclick = () => act("undo");
  $("save").onclick = save;
  $("show-last").onclick = () => { showLast = !showLast; if (game) drawCentre(game); };
  $("resume-file").onchange = async () => {
    let record;
    try { record = JSON.parse(await readFile($("resume-file"))); } catch (error) {
      clearErrors("record"); fieldError("record", t("error.not_record")); $("resume-file").value = ""; return;
    }
    await newGame(record);
    $("resume-file").value = "";
  };
  $("replay-file").onchange = async () => { $("replay-text").value = await readFile($("replay-file")); replay(); };
  $("replay-go").onclick = replay;
  $("replay-deal").onchange = () => { step = 0; drawFrame(); };
  $("first").onclick = () => { step = 0; drawFrame(); };
  $("prev").onclick = () => { step -= 1; drawFrame(); };
  $("next").onclick = () => { step += 1; drawFrame(); };
  $("last").onclick = () => { step = currentDeal().frames.length - 1; drawFrame(); };
  $("analyse").onclick = analyse;
  $("solve-go").onclick = solvePosition;
  $("compare-go").onclick = runCompare;
  for (const tab of document.querySelectorAll(".tab")) {
    tab.onclick = () => {
      for (const other of document.querySelectorAll(".tab")) other.classList.toggle("active", other === tab);
      for (const view of document.querySelectorAll(".view")) view.hidden = view.id !== `view-${tab.dataset.view}`;
    };
  }
  await resumeTable(); // back at the table of the address or of the last visit (seats.js)
  document.body.dataset.ready = "yes";
}

start().catch((error) => say(error.message));
