// The page of `belote serve`. It holds no rule of the game: it draws what the
// server sends (views, legal choices, results) and sends back the choice made.
"use strict";

const $ = (id) => document.getElementById(id);
let meta = null;
let game = null; // the last view of the current match, with its id
let replayDeals = [];
let replayText = "";
let step = 0;

function say(text) { $("message").textContent = text || ""; }

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const doc = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok) { throw new Error(doc.error || `the server answered ${response.status}`); }
  return doc;
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value; else if (key.startsWith("on")) node[key] = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return node;
}

function card(c, tag, small) {
  const red = c.suit === "H" || c.suit === "D";
  return el(tag || "span", { class: `card${red ? " red" : ""}${small ? " small" : ""}`, "data-card": c.code },
    `${c.rank}${c.symbol}`);
}

// ---- Play ----
function seatCount() {
  const asked = parseInt($("players").value, 10);
  if (asked) return asked;
  const name = $("variant").value.split("(")[0].trim();
  const found = meta && meta.variants.find((v) => v.name === name);
  return found ? found.default_players : 4;
}

function drawSeats() {
  const box = $("seats");
  const kept = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren("Seats: ");
  for (let s = 0; s < seatCount(); s++) {
    const select = el("select", { id: `seat-${s}`, title: `seat ${s}` });
    for (const who of ["human", ...meta.bots]) select.append(el("option", { value: who }, `${s}: ${who}`));
    select.value = kept[s] || (s === 0 ? "human" : "heuristic");
    box.append(select);
  }
}

async function newGame(record) {
  say("");
  const body = { variant: $("variant").value.trim(), seats: [...$("seats").querySelectorAll("select")].map((s) => s.value) };
  for (const key of ["players", "target", "seed"]) { const v = parseInt($(key).value, 10); if (!isNaN(v)) body[key] = v; }
  if (record !== undefined) { body.record = record; delete body.seats; }
  try {
    if (game) api("DELETE", `api/games/${game.id}`).catch(() => {});
    let view;
    try { view = await api("POST", "api/games", body); }
    catch (error) {
      if (record === undefined) throw error;
      // a resumed record: seat people and bots as the page shows, when the counts agree
      body.seats = [...$("seats").querySelectorAll("select")].map((s) => s.value);
      view = await api("POST", "api/games", body);
    }
    show(view);
  } catch (error) { say(error.message); }
}

async function act(path, body) {
  say("");
  try { show(await api("POST", `api/games/${game.id}/${path}`, body)); } catch (error) { say(error.message); }
}

function show(view) {
  game = view;
  document.body.dataset.views = String((parseInt(document.body.dataset.views, 10) || 0) + 1);
  $("table").hidden = false;
  $("save").disabled = false;
  $("undo").disabled = !view.can_undo;
  const m = view.match;
  const head = el("tr", {}, el("th", { class: "left" }, "deal"), ...m.sides.map((s) => el("th", {}, s)));
  const rows = m.deals.map((scores, k) => el("tr", {}, el("td", { class: "left" }, k + 1), ...scores.map((p) => el("td", {}, p))));
  const total = el("tr", {}, el("th", { class: "left" }, `match (target ${m.target})`), ...m.totals.map((p) => el("th", {}, p)));
  const sheet = el("table", { class: "scoresheet", id: "scoresheet" }, head, ...rows, total);
  const extra = view.deal_points ? el("p", {}, `This deal so far: ${view.deal_points.join(" / ")}${m.pending ? `, pending ${m.pending}` : ""}`) : "";
  $("scores").replaceChildren(el("div", {}, `${view.variant}, ${view.players} players, deal ${view.deal_number}`), sheet, extra);
  $("others").replaceChildren(...view.seats.filter((s) => s.seat !== view.me).map((s) =>
    el("div", { class: "seat" }, `${s.name} (${s.player}): ${view.hand_sizes[s.seat]} cards${s.seat === view.dealer ? ", dealer" : ""}${s.seat === view.taker ? ", took" : ""}`)));
  $("turned").replaceChildren(card(view.turned));
  $("trump-box").textContent = view.trump ? `Trump ${view.trump.symbol} taken by ${view.seats[view.taker].name}` : "";
  const played = (list, label) => list.length ? el("div", {}, label, ...list.map((c) => {
    const box = card(c, "span"); box.classList.add("played"); box.append(el("span", { class: "who" }, view.seats[c.seat].name)); return box;
  })) : "";
  $("trick").replaceChildren(played(view.trick, "Trick: "));
  $("last-trick").replaceChildren(view.trick.length ? "" : played(view.last_trick, "Last trick: "));
  const actor = view.to_act === null ? null : view.seats[view.to_act];
  $("status").textContent = view.deal_over ? "The deal is over." :
    view.your_turn ? `Your turn (seat ${view.me}).` : `Waiting for ${actor ? actor.name : "?"}.`;
  $("hand").replaceChildren(`Your hand (seat ${view.me}): `, ...view.hand.map((c) => {
    const button = card(c, "button");
    if (c.choice !== null && c.choice !== undefined) {
      button.classList.add("legal");
      button.title = view.choices[c.choice].text;
      button.onclick = () => act("choose", { choice: c.choice });
    } else {
      button.disabled = true;
      if (c.why) button.title = c.why;
    }
    return button;
  }));
  $("choices").replaceChildren(...view.choices.filter((c) => c.verb !== "play").map((c) =>
    el("button", { class: "choice", "data-verb": c.verb, onclick: () => {
      if (c.confirm && !window.confirm(c.confirm)) { say("Not called."); return; }
      act("choose", { choice: c.index });
    } }, c.text)));
  const summary = $("summary");
  summary.replaceChildren();
  if (view.deal_over && view.summary) {
    const s = view.summary;
    summary.append(el("h3", {}, s.redeal ? "Everyone passed: the cards are dealt again." : `Deal over: ${s.outcome}`));
    summary.append(el("table", {}, el("tr", {}, el("th", { class: "left" }, "line"), el("th", {}, "points"), el("th", {}, "to")),
      ...s.lines.map((l) => el("tr", {}, el("td", { class: "left" }, l.item), el("td", {}, l.points), el("td", {}, m.sides[l.to])))));
    if (m.over) summary.append(el("h3", { id: "match-over" }, `Match over: ${m.winner === null ? "nobody" : m.sides[m.winner]} won (${m.end_reason}).`));
    else summary.append(el("button", { id: "next-deal", onclick: () => act("next-deal") }, "Next deal"));
  }
  $("log").replaceChildren(...view.log.map((line) => el("li", {}, line)));
}

async function save() {
  try {
    const record = await api("GET", `api/games/${game.id}/record`);
    const link = el("a", { href: URL.createObjectURL(new Blob([JSON.stringify(record, null, 1)], { type: "application/json" })), download: "belote-match.json" });
    document.body.append(link); link.click(); link.remove();
  } catch (error) { say(error.message); }
}

async function readFile(input) {
  const file = input.files[0];
  return file ? await file.text() : "";
}

// ---- Replay and analyse ----
async function replay() {
  say("");
  replayText = $("replay-text").value;
  try {
    replayDeals = (await api("POST", "api/replay", { text: replayText })).deals;
  } catch (error) { say(error.message); return; }
  $("replay").hidden = false;
  $("replay-deal").replaceChildren(...replayDeals.map((d, k) => el("option", { value: k }, `${d.number}: ${d.variant}, dealer seat ${d.dealer}`)));
  step = 0;
  drawFrame();
}

function currentDeal() { return replayDeals[parseInt($("replay-deal").value, 10) || 0]; }

function drawFrame() {
  const deal = currentDeal();
  step = Math.max(0, Math.min(step, deal.frames.length - 1));
  document.body.dataset.step = String(step);
  const f = deal.frames[step];
  $("step").textContent = `action ${step} of ${deal.frames.length - 1}${f.action ? `: ${f.action}` : ""}`;
  const seats = f.hands.map((hand, s) => el("div", { class: "seat" }, `seat ${s}${s === deal.dealer ? " (dealer)" : ""}${s === f.taker ? " (took)" : ""}${s === f.to_act ? " ← to act" : ""}: `,
    ...hand.map((c) => card(c, "span", true))));
  const trick = f.trick.length ? el("div", {}, "Trick: ", ...f.trick.map((c) => { const b = card(c, "span", true); b.title = `seat ${c.seat}`; return b; })) : "";
  const line = f.log.length ? f.log[f.log.length - 1] : "";
  $("frame").replaceChildren(el("div", {}, "Turned ", card(f.turned, "span", true), f.trump ? `  trump ${f.trump.symbol}` : "",
    f.points ? `  points so far: ${f.points.join(" / ")}` : ""), ...seats, trick, el("p", { id: "frame-line" }, line));
  const audit = $("audit");
  audit.replaceChildren();
  if (step === deal.frames.length - 1 && deal.result) {
    const r = deal.result;
    audit.append(el("h3", {}, `Result: ${r.outcome}, scores ${r.scores.join(" / ")}`),
      el("table", { id: "audit-lines" }, el("tr", {}, el("th", { class: "left" }, "line"), el("th", {}, "points"), el("th", {}, "to side")),
        ...r.lines.map((l) => el("tr", {}, el("td", { class: "left" }, l.item), el("td", {}, l.points), el("td", {}, l.to)))));
  }
}

async function analyse() {
  say("Analysing: the solver is working...");
  const deal = currentDeal();
  const start = deal.frames[step].cards_played;
  try {
    const a = await api("POST", "api/analyse", { text: replayText, deal: parseInt($("replay-deal").value, 10) || 0, start });
    say("");
    const rows = a.cards.map((c) => el("tr", {},
      el("td", {}, c.trick), el("td", {}, c.seat),
      el("td", { class: c.mark ? "mark-bad" : "" }, `${c.card}${c.mark}`),
      el("td", {}, c.value), el("td", {}, c.loss),
      el("td", { class: "left" }, ...Object.entries(c.values).map(([code, value]) =>
        el("span", { class: c.best_cards.includes(code) ? "best" : "" }, `${code} ${value}  `)))));
    $("analysis").replaceChildren(
      el("p", {}, `Values for side ${a.cards.length ? a.cards[0].side : "-"}, with perfect play from then on; ? lost value, ?? changed the result.`),
      el("table", { id: "analysis-table" }, el("tr", {}, ...["trick", "seat", "card", "value", "loss"].map((h) => el("th", {}, h)),
        el("th", { class: "left" }, "every legal card (best shaded)")), ...rows),
      el("pre", {}, a.text));
  } catch (error) { say(error.message); }
}

async function solvePosition() {
  say("Solving: the solver is working...");
  try {
    const s = await api("POST", "api/solve", { position: $("position-text").value });
    say("");
    $("solution").replaceChildren(
      el("p", {}, `Seat ${s.seat} to play; value ${s.value} for side ${s.side}, every seat playing perfectly.`),
      el("table", { id: "solution-table" }, el("tr", {}, el("th", {}, "card"), el("th", {}, "value")),
        ...s.cards.map((c) => el("tr", { class: c.best ? "best" : "" }, el("td", {}, c.card), el("td", {}, c.value)))),
      el("p", {}, `Line: ${s.line.join(" ")}`));
  } catch (error) { say(error.message); $("solution").replaceChildren(); }
}

// ---- Compare ----
function chart(doc) {
  const keys = [["attack_success_rate", "made"], ["failure_rate", "failed"], ["capot_rate", "capot"], ["litige_rate", "litige"]];
  const colours = ["#2d6a3e", "#c0142c", "#1f5fa8", "#c08a14"];
  const width = 140 * doc.variants.length + 60;
  const svg = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="230" id="chart">`];
  doc.variants.forEach((v, k) => {
    keys.forEach(([key], j) => {
      const rate = v[key] || 0, h = 160 * rate, x = 40 + 140 * k + 26 * j;
      svg.push(`<rect x="${x}" y="${190 - h}" width="22" height="${h}" fill="${colours[j]}"><title>${v.variant} ${key}: ${(100 * rate).toFixed(1)}%</title></rect>`);
    });
    svg.push(`<text x="${40 + 140 * k}" y="208" font-size="12">${v.variant}</text>`);
  });
  keys.forEach(([, label], j) => svg.push(`<text x="${40 + 70 * j}" y="226" font-size="11" fill="${colours[j]}">■ ${label}</text>`));
  svg.push(`<text x="4" y="30" font-size="11">100%</text><line x1="36" y1="30" x2="${width}" y2="30" stroke="#ddd"/>`);
  svg.push("</svg>");
  $("compare-chart").innerHTML = svg.join("");
}

async function runCompare() {
  say("");
  const variants = $("compare-variants").value.split(",").map((v) => v.trim()).filter((v) => v);
  const body = { variants, deals: parseInt($("compare-deals").value, 10) || 200, bots: $("compare-bots").value };
  let job;
  try { job = await api("POST", "api/compare", body); } catch (error) { say(error.message); return; }
  const bar = $("compare-progress");
  bar.hidden = false;
  $("compare-table").textContent = "";
  $("compare-chart").replaceChildren();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    let status;
    try { status = await api("GET", `api/compare/${job.id}`); } catch (error) { say(error.message); return; }
    bar.max = status.total; bar.value = status.done;
    if (status.error) { say(status.error); return; }
    if (status.finished) { bar.value = bar.max; $("compare-table").textContent = status.result.text; chart(status.result); return; }
  }
}

// ---- Wiring ----
async function start() {
  meta = await api("GET", "api/meta");
  $("variant-names").replaceChildren(...meta.variants.map((v) => el("option", { value: v.name }, v.description)));
  $("compare-variants").value = meta.compare_variants.join(", ");
  drawSeats();
  $("variant").onchange = drawSeats; $("players").onchange = drawSeats;
  $("new-game").onclick = () => newGame();
  $("undo").onclick = () => act("undo");
  $("save").onclick = save;
  $("resume-file").onchange = async () => {
    try { await newGame(JSON.parse(await readFile($("resume-file")))); } catch (error) { say(`the file is not a record: ${error.message}`); }
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
  document.body.dataset.ready = "yes";
}

start().catch((error) => say(error.message));
