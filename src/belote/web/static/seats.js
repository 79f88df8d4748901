// Friends at one table, and a table that survives a reload (issue 42).
// A table of several people gives each person's seat a secret token: this
// page sends its seat's token with every request for its table, shows the
// links to send to the others, hears the table's changes as they happen
// (server-sent events: GET api/games/ID/events) and comes back to its table
// after a reload (the address and localStorage keep the table and the seat).
// It uses app.js's names (api, show, arrive, say, t, el, $, game, busy); app.js calls
// tokenFor, seatsCreated, seatsShown, catchUp and resumeTable.
//
// A page is never left behind (issue 49): the newest version the stream announced is
// kept (heard), and every time the page is free again (catchUp: after each action,
// each drawing and each look) it looks at the table when it is behind. A look the page
// could not make while it was busy is thus only put off, never lost; a look every
// CATCH_UP_MS and one when the page comes back to the front cover a stream that said
// nothing (a proxy that holds it, a machine that slept).
"use strict";

const SAVED_TABLE = "belote-table";
let seat = null; // { game, seat, token, links }: the table this page sits at, and as which seat
let stream = null; // the EventSource of the table's changes
let heard = -1; // the newest version the stream announced
let looking = false; // a look at the table (GET view) is on its way
const CATCH_UP_MS = 20000; // a table of several people is looked at this often anyway

// The token to send with a request: only for this page's own table.
function tokenFor(path) {
  return seat && seat.token && path.startsWith(`api/games/${seat.game}`) ? seat.token : null;
}

function remember(next) {
  seat = next;
  try {
    if (next) localStorage.setItem(SAVED_TABLE, JSON.stringify(next)); else localStorage.removeItem(SAVED_TABLE);
  } catch (e) { /* private mode: the address still holds the table */ }
  const url = new URL(window.location.href);
  for (const key of ["game", "seat", "token"]) url.searchParams.delete(key);
  if (next) {
    url.searchParams.set("game", next.game);
    if (next.token) { url.searchParams.set("seat", String(next.seat)); url.searchParams.set("token", next.token); }
  }
  window.history.replaceState(null, "", url);
}

// A new match was made: sit at its first person's seat and keep the others' links.
function seatsCreated(view) {
  const people = view.seats.filter((s) => s.token);
  const mine = people.find((s) => s.seat === view.me);
  const links = people.filter((s) => s.seat !== view.me).map((s) => ({ seat: s.seat, link: s.link }));
  remember({ game: view.id, seat: view.me, token: mine ? mine.token : null, links, own: mine ? mine.link : null });
  heard = -1;
}

// Every view drawn: keep the table's id, listen to its changes, catch up with what was heard.
function seatsShown(view) {
  if (!seat || seat.game !== view.id) remember({ game: view.id, seat: view.me, token: null, links: [] });
  drawInvites(view);
  drawNameForm(view);
  if (view.seats.filter((s) => s.player === "human").length > 1) listen(view.id);
  else if (stream) { stream.close(); stream = null; }
  catchUp();
}

// The page is free again, or heard of a newer version: look at the table if it is behind.
function catchUp() {
  if (!busy && !looking && seat && game && game.id === seat.game && heard > game.version) refresh();
}

function drawInvites(view) {
  const box = $("invites");
  const links = (seat && seat.links) || [];
  if (!links.length || view.match.over) { box.hidden = true; box.replaceChildren(); return; }
  const absolute = (link) => new URL(link, window.location.href).href;
  const row = (label, link, id) => {
    const input = el("input", { readonly: "readonly", value: absolute(link), id, size: 40 });
    const copy = el("button", { class: "copy", onclick: () => {
      input.select();
      const done = () => { copy.textContent = t("invite.copied"); };
      if (navigator.clipboard) navigator.clipboard.writeText(input.value).then(done, () => {}); else done();
    } }, t("invite.copy"));
    return el("div", { class: "invite" }, el("label", { for: id }, label), " ", input, " ", copy);
  };
  box.hidden = false;
  box.replaceChildren(el("h3", {}, t("invite.title")), el("p", { class: "note" }, t("invite.note")),
    ...links.map((l) => row(cap(t("seat.n", { seat: l.seat })), l.link, `invite-${l.seat}`)),
    seat.own ? row(t("invite.yours"), seat.own, "invite-own") : "");
}

// At a table of several people, each person names their seat (shown at the seat and in the score
// sheet): the server checks the name (1 to 24 printable characters) and answers error.name otherwise.
function drawNameForm(view) {
  const box = $("name-form");
  const people = view.seats.filter((s) => s.player === "human").length;
  if (!box || people < 2 || view.match.over) { if (box) box.hidden = true; return; }
  box.hidden = false;
  const input = $("name-input");
  const mine = view.seats.find((s) => s.seat === view.me);
  if (document.activeElement !== input) input.value = (mine && mine.player_name) || "";
  $("name-label").textContent = t("name.label");
  $("name-set").textContent = t("name.set");
  $("name-note").textContent = t("name.note");
  box.onsubmit = async (event) => {
    event.preventDefault();
    if (busy || !game) return;
    try {
      show(await api("POST", `api/games/${game.id}/name`, { name: input.value, version: game.version }), true);
      say("");
    } catch (error) {
      say(errorText(error));
    }
  };
}

function listen(id) {
  if (stream && stream.game === id) return;
  if (stream) stream.close();
  heard = -1; // what another table's stream said is not this table's
  const token = tokenFor(`api/games/${id}`);
  stream = new EventSource(`api/games/${id}/events${token ? `?token=${encodeURIComponent(token)}` : ""}`);
  stream.game = id;
  stream.onmessage = (event) => {
    let version;
    try { version = JSON.parse(event.data).version; } catch (e) { return; }
    if (!game || game.id !== id) return;
    heard = Math.max(heard, version);
    catchUp();
  };
  // A stream refused for good (the server follows too many, 429) is not opened again by the
  // browser: the page then looks at the table every few seconds, and tries a stream at its next view.
  stream.onerror = () => {
    if (!stream || stream.game !== id || stream.readyState !== EventSource.CLOSED) return;
    stream = null;
    lookEvery(id);
  };
}

let polling = null; // the timer of a page that has no stream to follow
function lookEvery(id) {
  if (polling) return;
  polling = setInterval(() => {
    if (stream || !game || game.id !== id) { clearInterval(polling); polling = null; return; }
    refresh();
  }, 3000);
}

// Draw the table as it is now (another person acted, or the page came back): the cards
// played since the view on the page come one at a time, as the bots' do after your own
// card (arrive). A page busy acting or drawing looks later: its catchUp() when it is free.
async function refresh() {
  if (busy || looking || !seat) return;
  looking = true;
  const asked = heard;
  let view;
  try {
    view = await api("GET", `api/games/${seat.game}/view`);
  } catch (error) {
    say(errorText(error)); // the next look (the stream's next word, or CATCH_UP_MS) tries again
    return;
  } finally { looking = false; }
  // an announcement older than the look and newer than the table is the server's old word
  // (a server restarted): the table as it is now wins, and the page does not look again for it
  if (heard <= asked && heard > view.version) heard = view.version;
  if (busy) return; // an action began meanwhile: its end catches up
  if (!game || game.id !== view.id) show(view);
  else if (view.version > game.version) await arrive(game, view, false); // its end catches up again
  else catchUp();
}

// A table of several people is looked at every CATCH_UP_MS, and when the page comes back
// to the front or online, whatever the stream said (or did not say).
function lookAgain() {
  if (document.hidden || !game || game.match.over || !seat || game.id !== seat.game) return;
  if (game.seats.filter((s) => s.player === "human").length > 1) refresh();
}
setInterval(lookAgain, CATCH_UP_MS);
document.addEventListener("visibilitychange", lookAgain);
window.addEventListener("online", lookAgain);

// The page opens: back to the table of the address (a seat's link) or of the last visit.
async function resumeTable() {
  const params = new URLSearchParams(window.location.search);
  let saved = null;
  if (params.get("game")) {
    saved = { game: params.get("game"), seat: params.has("seat") ? Number(params.get("seat")) : null, token: params.get("token"), links: [] };
    try {
      const stored = JSON.parse(localStorage.getItem(SAVED_TABLE) || "null");
      if (stored && stored.game === saved.game && stored.token === saved.token) saved = stored;
    } catch (e) { /* nothing saved */ }
  } else {
    try { saved = JSON.parse(localStorage.getItem(SAVED_TABLE) || "null"); } catch (e) { saved = null; }
  }
  if (!saved || !saved.game) return;
  seat = saved;
  try {
    const view = await api("GET", `api/games/${saved.game}/view`);
    remember(saved);
    show(view);
    formFrom(view);
    if (window.matchMedia("(max-width: 700px)").matches) $("setup-box").open = false;
  } catch (error) {
    remember(null);
    say(errorText(error));
  }
}

// After a reload the New match form shows the match in progress (its variant, players, target
// and seats), not the defaults: a new match made from it is the same kind of match.
function formFrom(view) {
  $("variant").value = view.variant;
  $("players").value = String(view.players);
  drawSeats();
  for (const s of view.seats) {
    const select = $(`seat-${s.seat}`);
    if (select && [...select.options].some((o) => o.value === s.player)) select.value = s.player;
  }
  $("target").value = String(view.match.target);
}

// Leaving a match in progress asks first (the browser words the question).
window.addEventListener("beforeunload", (event) => {
  if (game && !game.match.over) { event.preventDefault(); event.returnValue = ""; }
});
