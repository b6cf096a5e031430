// The table page: draws any parlour game from the server's messages (docs/web.rst).
//
// Everything drawn comes from the seat's own view: the zones the hello message names are drawn
// as cards (face down where the view hides them), the view's other fields are listed as facts,
// and the game's text picture of the view is there as a fallback. Legal moves arrive as notation
// and become buttons; a click sends the notation back.
"use strict";

const params = new URLSearchParams(location.search);
const TABLE = params.get("table");
const SEAT = params.get("seat") ? Number(params.get("seat")) : null;
const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const CARD = /^(?:(10|[2-9TJQKA])([CDHS])|JK|\?\?)$/;
const CARD_IN_TEXT = /\b(10|[2-9TJQKA])([CDHS])\b/g;
const NOT_FACTS = new Set(["type", "options", "rng", "viewer", "events", "hand"]);
const MANY_MOVES = 40; // above this, moves are grouped by their first word

let hello = null;
let lastStep = -1;
let socket = null;

const $ = (id) => document.getElementById(id);

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// --- connecting ---------------------------------------------------------------------------

function connect() {
  if (!TABLE) {
    setStatus("no table chosen: open / to be seated");
    return;
  }
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const seat = SEAT === null ? "" : `?seat=${SEAT}`;
  socket = new WebSocket(`${scheme}//${location.host}/tables/${encodeURIComponent(TABLE)}/ws${seat}`);
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => setStatus("disconnected: reload the page to sit down again");
}

function receive(message) {
  if (message.type === "hello") {
    hello = message;
    document.title = `${message.title}: table ${message.table}`;
    $("title").textContent = message.title;
  } else if (message.type === "state" && message.step > lastStep) {
    lastStep = message.step;
    draw(message);
    animate(message.events);
  } else if (message.type === "refused") {
    const refusal = $("refusal");
    refusal.textContent = message.message;
    refusal.hidden = false;
    for (const button of $("moves").querySelectorAll("button")) button.disabled = false;
  }
}

function sendMove(notation) {
  $("refusal").hidden = true;
  for (const button of $("moves").querySelectorAll("button")) button.disabled = true;
  socket.send(JSON.stringify({ type: "move", move: notation }));
}

// --- cards and tiles ----------------------------------------------------------------------

function isPiece(value) {
  return (typeof value === "string" && CARD.test(value)) || (value !== null && typeof value === "object" && value.type === "Tile");
}

function holdsPieces(value) {
  if (isPiece(value)) return true;
  if (Array.isArray(value)) return value.some(holdsPieces);
  if (value !== null && typeof value === "object") return Object.values(value).some(holdsPieces);
  return false;
}

function pieceNode(value) {
  if (typeof value === "object") {
    const hidden = value.a < 0;
    const tile = el("span", hidden ? "tile back" : "tile", hidden ? "" : `${value.a}|${value.b}`);
    if (!hidden) tile.dataset.card = `${value.a}|${value.b}`;
    return tile;
  }
  if (value === "??") return el("span", "card back");
  const card = el("span", "card");
  card.dataset.card = value;
  const match = CARD.exec(value);
  if (match[2]) {
    card.textContent = (match[1] === "T" ? "10" : match[1]) + SUITS[match[2]];
    if (match[2] === "D" || match[2] === "H") card.classList.add("red");
  } else {
    card.textContent = "\u2605"; // a joker
    card.classList.add("joker");
  }
  return card;
}

function seatName(seat) {
  if (seat === SEAT) return "you";
  return hello && hello.seats[seat] !== "person" ? `seat ${seat} \u00b7 ${hello.seats[seat]}` : `seat ${seat}`;
}

// A zone's value drawn as cards: a pile, groups of piles (melds, lines), or a trick.
function piecesNode(value) {
  if (value === null || value === undefined) return el("span", "empty", "none");
  if (isPiece(value)) return pieceNode(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", "empty", "none");
    if (value.every(isPiece)) return pileNode(value);
    const groups = el("div", "groups");
    for (const item of value) {
      const group = el("div", "group");
      group.append(piecesNode(item));
      groups.append(group);
    }
    return groups;
  }
  const box = el("div", "record");
  if (Array.isArray(value.cards) && Array.isArray(value.seats) && value.cards.length === value.seats.length) {
    if (value.cards.length === 0) box.append(el("span", "empty", "none"));
    value.cards.forEach((card, i) => {
      const played = el("figure", "played");
      played.append(pieceNode(card), el("figcaption", "", seatName(value.seats[i])));
      box.append(played);
    });
    return box;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key === "type") continue;
    if (holdsPieces(item)) box.append(piecesNode(item));
    else if (item !== null && typeof item !== "object") box.append(el("span", "caption", `${key} ${item}`));
  }
  return box;
}

// A row of cards; a long run of face-down cards is drawn as a short fan and a count.
function pileNode(cards) {
  const pile = el("div", "pile");
  const hidden = cards.filter((card) => card === "??" || (typeof card === "object" && card.a < 0)).length;
  if (hidden === cards.length && cards.length > 3) {
    pile.classList.add("fan");
    for (let i = 0; i < 3; i++) pile.append(pieceNode(cards[i]));
    pile.append(el("span", "count", `${cards.length}`));
    return pile;
  }
  for (const card of cards) pile.append(pieceNode(card));
  return pile;
}

function zoneNode(field, value, large) {
  const zone = el("div", large ? "zone large" : "zone");
  zone.dataset.zone = field;
  const count = Array.isArray(value) && value.every(isPiece) ? ` (${value.length})` : "";
  zone.append(el("h3", "", field.replace(/_/g, " ") + count), piecesNode(value));
  return zone;
}

// --- drawing a state ----------------------------------------------------------------------

function draw(message) {
  const view = message.view.value;
  const zones = hello ? hello.zones : [];
  const players = message.scores.length;
  document.body.dataset.step = message.step;
  document.body.dataset.state = message.over ? "over" : message.legal.length ? "your-turn" : "waiting";

  const others = $("others");
  others.replaceChildren();
  for (let seat = 0; seat < players; seat++) {
    const panel = seatPanel(seat, message, view, zones, seat === SEAT);
    if (seat === SEAT) $("my-seat").replaceChildren(panel);
    else others.append(panel);
  }

  const centre = $("centre");
  centre.replaceChildren();
  for (const zone of zones) if (!zone.by_seat) centre.append(zoneNode(zone.field, view[zone.field], false));
  if (!zones.length) centre.append(el("pre", "board", message.text));

  drawMoves(message.legal);
  drawFacts(message, view, zones);
  $("text").textContent = message.text;
  $("status").textContent = statusText(message);
}

function seatPanel(seat, message, view, zones, mine) {
  const panel = el("div", "seat");
  panel.dataset.seat = seat;
  if (message.to_act.includes(seat)) panel.classList.add("to-act");
  if (message.winners.includes(seat)) panel.classList.add("winner");
  const head = el("div", "seat-head");
  head.append(el("span", "name", seatName(seat)), el("span", "score", `score ${message.scores[seat]}`));
  if (message.to_act.includes(seat)) head.append(el("span", "marker", "to act"));
  panel.append(head);
  for (const zone of zones) {
    if (zone.by_seat) panel.append(zoneNode(zone.field, view[zone.field][seat], mine));
  }
  return panel;
}

function decorated(text) {
  // Notation with its cards drawn in colour: "play QS" shows a red or black Q with its suit.
  const node = el("span");
  let at = 0;
  for (const match of text.matchAll(CARD_IN_TEXT)) {
    node.append(text.slice(at, match.index));
    const suit = el("span", match[2] === "D" || match[2] === "H" ? "suit red" : "suit", (match[1] === "T" ? "10" : match[1]) + SUITS[match[2]]);
    node.append(suit);
    at = match.index + match[0].length;
  }
  node.append(text.slice(at));
  return node;
}

function moveButton(notation) {
  const button = el("button", "move");
  button.dataset.move = notation;
  button.title = notation;
  button.append(decorated(notation));
  button.addEventListener("click", () => sendMove(notation));
  return button;
}

function drawMoves(legal) {
  const moves = $("moves");
  moves.replaceChildren();
  if (legal.length <= MANY_MOVES) {
    for (const notation of legal) moves.append(moveButton(notation));
    return;
  }
  const byVerb = new Map();
  for (const notation of legal) {
    const verb = notation.split(" ")[0];
    if (!byVerb.has(verb)) byVerb.set(verb, []);
    byVerb.get(verb).push(notation);
  }
  for (const [verb, group] of byVerb) {
    const details = el("details", "verb");
    details.append(el("summary", "", `${verb} (${group.length})`));
    for (const notation of group) details.append(moveButton(notation));
    moves.append(details);
  }
}

function factText(value) {
  if (value === null) return "none";
  if (typeof value !== "object") return String(value);
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== "object")) return value.join(" ");
  const text = JSON.stringify(value, (key, item) => (key === "type" ? undefined : item));
  return text.length > 160 ? text.slice(0, 157) + "..." : text;
}

function drawFacts(message, view, zones) {
  const facts = $("facts");
  facts.replaceChildren();
  const zoneFields = new Set(zones.map((zone) => zone.field));
  const add = (name, value) => facts.append(el("dt", "", name), el("dd", "", value));
  add("hand", String(message.hand));
  for (const [key, value] of Object.entries(view)) {
    if (!NOT_FACTS.has(key) && !zoneFields.has(key)) add(key.replace(/_/g, " "), factText(value));
  }
  if (hello && hello.low_score_wins) add("scoring", "the lower score wins");
  add("options", factText(view.options));
}

function statusText(message) {
  if (message.over) {
    const winners = message.winners.map(seatName);
    return winners.length ? `Game over: ${winners.join(", ")} won.` : "Game over: nobody won.";
  }
  if (message.legal.length) return "Your move.";
  return `Waiting for ${message.to_act.map(seatName).join(", ")}.`;
}

// --- animating events ---------------------------------------------------------------------

// Each event of the last move gets a log line and a short highlight: the seat it is about
// flashes in the kind's colour, and the cards it names light up where they are drawn.
function animate(events) {
  const log = $("log");
  events.forEach((event, i) => {
    const delay = i * 150;
    const line = el("li", "event fresh");
    line.dataset.kind = event.kind;
    line.style.animationDelay = `${delay}ms`;
    line.append(decorated(event.text));
    log.prepend(line);
    if (event.player !== null) {
      const panel = document.querySelector(`.seat[data-seat="${event.player}"]`);
      if (panel) flash(panel, event.kind, delay);
    }
    for (const card of event.cards) {
      for (const node of document.querySelectorAll(`[data-card="${card}"]`)) flash(node, event.kind, delay);
    }
  });
  while (log.children.length > 60) log.lastChild.remove();
}

function flash(node, kind, delay) {
  node.dataset.kind = kind;
  node.style.animationDelay = `${delay}ms`;
  node.classList.remove("flash");
  void node.offsetWidth; // restart the animation
  node.classList.add("flash");
  node.addEventListener("animationend", () => node.classList.remove("flash"), { once: true });
}

function setStatus(text) {
  $("status").textContent = text;
}

connect();
