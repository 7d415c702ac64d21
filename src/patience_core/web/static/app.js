// The page: state from the server's player view; clicks, drags and keys turned into move text.
// The page knows no rules: what may be played is the view's legal moves, and why a move is
// refused is the server's answer. A game has its own address (/play/ID), so back, forward,
// reload and a shared link find it.

import { cap, cardName, cardsOf, fit, drawScene, hasStock, pileName } from "./table.js";
import { Moves, describe, parsePileMove } from "./moves.js";
import { animate, celebrate, deal, motionOn, shake, slideBack, snapshot } from "./motion.js";

const $ = (id) => document.getElementById(id);
const LAST = "patience.game";
const SAVED = "patience.games";
const settings = {
  get auto() { return localStorage.getItem("patience.auto") !== "off"; },
  set auto(on) { localStorage.setItem("patience.auto", on ? "on" : "off"); },
  get winnable() { return localStorage.getItem("patience.winnable") === "on"; },
  set winnable(on) { localStorage.setItem("patience.winnable", on ? "on" : "off"); },
};

let state = null;        // the server's answer: { id, version, title, view, redo, seconds, counted, assisted, deal_number }
let moves = null;        // what the cards can do (moves.js), for state.view
let specs = [];          // the installed games
let selected = null;     // a card chosen (its scene data), waiting for where it goes
let hinted = null;       // the hint shown: { move }
let hintAsked = 0;       // bumped by Escape and by every change: a hint that comes later is dropped
let receivedAt = 0;      // when state came, for the clock
let demo = false;
let busy = false;
let endShownFor = null;  // the game version whose end was announced
let clickPlayedAt = -1e9; // when a single click last played a move (a double click's second click is not another move)
let dragging = null;
let drawnFor = "";       // the size of the table's box the table was last drawn for

const names = { card: cardName, pile: (p) => pileName(p, state.view.piles) };
const say = (text, { error = false } = {}) => {
  const box = $("message");
  box.textContent = text;
  box.classList.toggle("error", error);
};

// --- the server -----------------------------------------------------------------------------------

class Refused extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new Refused(0, "the server cannot be reached: is patience serve still running?");
  }
  const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok) throw new Refused(response.status, data.error || `the server answered ${response.status}`);
  if (data.view && rowPilesOnly(data.view)) delete data.view.piles;
  return data;
}

// Every view lists its piles; a game whose only piles are a stock, a waste and a hand (Golf,
// Pyramid: a coverage layout over a row) is drawn as that row, the way it always was.
const ROW_KINDS = new Set(["stock", "waste", "hand"]);
function rowPilesOnly(view) {
  return Array.isArray(view.piles) && view.piles.every((p) => ROW_KINDS.has(p.kind));
}

const gamePath = (suffix = "", id = state.id) => `/api/games/${encodeURIComponent(id)}${suffix}`;

// --- time ------------------------------------------------------------------------------------------

function clock() {
  if (!state) return 0;
  const running = state.view.status === "playing" && document.visibilityState === "visible";
  return state.seconds + (running ? (performance.now() - receivedAt) / 1000 : 0);
}

// One way to write a time, for the status line and the end alike.
function timeText(seconds) {
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// --- drawing ---------------------------------------------------------------------------------------

const itemOf = (node) => ({
  key: node.dataset.key,
  card: node.dataset.card,
  src: node.dataset.src,
  index: node.dataset.index === undefined ? undefined : Number(node.dataset.index),
  run: node.dataset.run === undefined ? 1 : Number(node.dataset.run),
  pos: node.dataset.position,
});

// What a node stands for as the end of a move: a place, or a card (to pair with, or on a pile).
function targetOf(node) {
  if (node.dataset.place) return { place: node.dataset.place };
  const src = node.dataset.src;
  if (src && (moves.piles.has(src) || src === moves.home)) return { place: src, card: node.dataset.card, src };
  return node.dataset.card ? { card: node.dataset.card } : null;
}

// The nodes a move ends on: its place, the cards of that pile, a card to pair with.
function targetNodes(to) {
  const box = $("table");
  if (to.card) return [...box.querySelectorAll(`.card[data-card="${CSS.escape(to.card)}"]`)];
  return [...box.querySelectorAll(`[data-place="${CSS.escape(to.place)}"], .card[data-src="${CSS.escape(to.place)}"]`)];
}

function hintNodes(move) {
  const box = $("table");
  if (["draw", "deal", "redeal"].includes(move)) return [...box.querySelectorAll(".card.stock, .place.stock")];
  const cards = cardsOf(move);
  if (cards.length) return cards.flatMap((c) => [...box.querySelectorAll(`.card[data-card="${CSS.escape(c)}"]`)]);
  const m = parsePileMove(move);
  if (!m) return [];
  const pile = moves.piles.get(m.src);
  const start = pile ? pile.cards.length - m.n : 0;
  return [...box.querySelectorAll(`.card[data-src="${CSS.escape(m.src)}"][data-index="${start}"]`), ...targetNodes({ place: m.dst }).slice(-1)];
}

function stage() {
  const s = $("stage");
  return { w: s.clientWidth, h: s.clientHeight };
}

function render({ motion = null, keepFocus = true } = {}) {
  if (!state) return;
  const view = state.view;
  const box = $("table");
  const before = motion ? snapshot(box) : null;
  const focus = keepFocus ? focusMemory() : null;
  // The lines around the table first: the table is sized to the room they leave.
  const title = state.title + (dealNumber() ? `, deal ${dealNumber()}` : "");
  $("title").textContent = title;
  document.title = `${title} - Patience`;
  $("undo").disabled = view.moves.length === 0 || demo;
  $("redo").disabled = state.redo === 0 || demo;
  $("restart").disabled = view.moves.length === 0 || demo;
  $("hint").disabled = view.status !== "playing" || demo;
  $("demo").disabled = view.status !== "playing";
  $("demo").setAttribute("aria-pressed", String(demo));
  $("winnable").hidden = !settings.winnable;
  status();
  const area = stage();
  drawnFor = `${area.w}x${area.h}`;
  const { cw, scene } = fit(view, area.w, area.h);
  drawScene(box, scene, cw);
  annotate(box);
  // For tests and tools: how far the game is, without reading the picture.
  Object.assign(document.body.dataset, { moves: String(view.moves.length), status: view.status, version: String(state.version), game: state.id });
  if (motion && motion.deal) deal(box, { early: motion.early ? placesOf(motion.early, area) : null, order: motion.order });
  else if (motion) animate(box, before, motion);
  if (focus) restoreFocus(focus);
}

// Where each card of `view` would be drawn in a box of `area` (by key, in px): a new deal's
// cards that auto-play sent home are dealt there first.
function placesOf(view, area) {
  const ghost = document.createElement("div");
  const { cw, scene } = fit(view, area.w, area.h);
  drawScene(ghost, scene, cw);
  return snapshot(ghost).at;
}

// A game as it opens: with auto-play on, the server plays what auto-play plays at the deal
// (the aces go home), and the deal is shown with those cards dealt to their places first,
// then flying home. The page shows the game as it stands after them at once. What was played
// for you, in words (or "").
async function opened(next, options = {}) {
  if (settings.auto && next.view.status === "playing" && next.view.moves.length === 0) {
    try {
      const after = await api("POST", gamePath("/auto-play", next.id), { version: next.version });
      if (after.auto_played.length) {
        show(after, { ...options, motion: { deal: true, early: next.view, order: motionOf(after).order } });
        return autoWords(after);
      }
      next = after;
    } catch (_) { /* shown as dealt: auto-play plays after the first move */ }
  }
  show(next, options);
  return "";
}

// Classes and tab stops: a card with a move is a tab stop; a chosen card's places light up and
// become tab stops too; the hint is marked.
function annotate(box) {
  const playing = state.view.status === "playing";
  for (const node of box.querySelectorAll(".card")) {
    if (node.classList.contains("stock")) continue;
    const can = playing && moves.from(itemOf(node)).length > 0;
    node.classList.toggle("movable", can);
    if (can) node.tabIndex = 0;
  }
  const stockWord = moves.stockWord();
  for (const node of box.querySelectorAll(".card.stock, .place.stock")) {
    node.dataset.action = "stock";
    const top = node.classList.contains("place") ? !box.querySelector(".card.stock") : node === [...box.querySelectorAll(".card.stock")].pop();
    if (!top) continue;
    const word = playing ? stockWord : null;
    node.classList.toggle("free", Boolean(word));
    if (word) node.tabIndex = 0;
    const base = node.getAttribute("aria-label");
    const doing = { draw: "Draw", deal: "Deal a row", redeal: word === "redeal" ? "Turn the waste over" : "" }[word];
    if (doing) node.setAttribute("aria-label", `${base}. ${doing}`);
    if (word === "redeal") node.classList.add("redeal");
  }
  if (selected) {
    const node = box.querySelector(`[data-key="${CSS.escape(selected.key)}"]`);
    if (!node) selected = null;
    else {
      node.classList.add("selected");
      node.setAttribute("aria-pressed", "true");
      for (const m of moves.from(selected)) {
        const targets = targetNodes(m.to);
        targets.forEach((t) => t.classList.add("target"));
        const last = targets[targets.length - 1];
        if (last) last.tabIndex = 0;
      }
    }
  }
  if (hinted) for (const node of hintNodes(hinted.move)) node.classList.add("hinted");
}

// The deal number: the server's, or the one the player asked for.
function dealNumber() {
  if (state.deal_number) return state.deal_number;
  const entry = savedGames().find((g) => g.id === state.id);
  return entry?.deal || null;
}

function status() {
  const v = state.view;
  const parts = [`Score ${v.score}`, `Cards left ${v.cards_left} of ${v.cards_at_start}`];
  if (hasStock(v)) {
    const pass = v.stock.passes === null ? `pass ${v.stock.passes_used + 1}` : `pass ${v.stock.passes_used + 1} of ${v.stock.passes}`;
    parts.push(`Stock ${v.stock.count}, ${pass}`);
  }
  parts.push(`Moves ${v.moves.length}`, `Time ${timeText(clock())}`);
  const number = dealNumber();
  parts.push(number ? `Deal ${number}` : "Deal number shown at the end");
  $("status").replaceChildren(...parts.map((text) => Object.assign(document.createElement("span"), { textContent: text })));
}

// Focus stays where the player was: on the same card if it can still be played, else on the
// playable card nearest to where focus was (never back to the first card of the table).
function focusMemory() {
  const node = document.activeElement;
  if (!node || !$("table").contains(node)) return null;
  const r = node.getBoundingClientRect();
  return { key: node.dataset.key, x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

function restoreFocus(memory) {
  const box = $("table");
  const same = box.querySelector(`[data-key="${CSS.escape(memory.key)}"]`);
  if (same && same.tabIndex >= 0) { same.focus({ preventScroll: true }); return; }
  let best = null;
  let bestD = Infinity;
  for (const node of box.querySelectorAll("[tabindex='0']")) {
    const r = node.getBoundingClientRect();
    const d = Math.hypot(r.left + r.width / 2 - memory.x, r.top + r.height / 2 - memory.y);
    if (d < bestD) { best = node; bestD = d; }
  }
  best?.focus({ preventScroll: true });
}

// --- showing a game --------------------------------------------------------------------------------

function show(next, { announce = true, motion = {}, address = "keep" } = {}) {
  const fresh = !state || state.id !== next.id;
  state = next;
  moves = new Moves(next.view);
  receivedAt = performance.now();
  selected = null;
  hinted = null;
  hintAsked += 1;
  localStorage.setItem(LAST, state.id);
  remember(state);
  const path = `/play/${encodeURIComponent(state.id)}`;
  if (address === "push" && location.pathname !== path) history.pushState({ game: state.id }, "", path);
  else if (address !== "keep" || location.pathname !== path) history.replaceState({ game: state.id }, "", path);
  render({ motion: motion.deal ? motion : fresh ? (next.view.moves.length === 0 ? { deal: true } : null) : motion });
  watchPending();
  if (announce && state.view.status !== "playing" && endShownFor !== state.id + state.version) {
    endShownFor = state.id + state.version;
    stopDemo({ quiet: true });
    showEnd();
  }
}

// --- playing ---------------------------------------------------------------------------------------

async function change(path, body = {}, motion = {}) {
  if (busy) return null;
  busy = true;
  try {
    const next = await api("POST", gamePath(path), { version: state.version, ...body });
    show(next, { motion: { ...motion, ...motionOf(next) } });
    return next;
  } catch (err) {
    await refused(err);
    return null;
  } finally {
    busy = false;
  }
}

// The keys of the cards each auto-played move took, in order, so that they go one by one; and
// whether cards came from the stock.
function motionOf(next) {
  const order = new Map();
  const v = next.view;
  (next.auto_played || []).forEach((move, i) => {
    for (const card of cardsOf(move)) order.set(`card:${card}`, i + 1);
    const m = parsePileMove(move);
    const dst = m && (v.piles || []).find((p) => p.id === m.dst);
    if (dst) {
      const later = next.auto_played.slice(i + 1).filter((x) => parsePileMove(x)?.dst === m.dst).length;
      const card = dst.cards[dst.cards.length - 1 - later];
      if (card) order.set(`card:${card}`, i + 1);
    }
  });
  const drew = state && next.view.stock.count < state.view.stock.count;
  return { order, drew: drew || (next.played === "draw") };
}

async function refused(err) {
  if (err.status === 409) {  // another window changed the game: show it as it stands
    try { show(await api("GET", gamePath()), { announce: false }); } catch (_) { /* keep the old picture */ }
    say(`${err.message}. Here is the game as it stands now.`, { error: true });
    return;
  }
  say(err.message, { error: true });
}

// What a move did, in words: the card drawn is named.
function played(next) {
  return `${cap(moveWords(next.played, next.view))}.${autoWords(next)}`;
}

function moveWords(move, v) {
  if (move === "draw") {
    const card = v.drawn || topOf(v, "waste");
    return card ? `drew the ${cardName(card)}` : "drew";
  }
  if (move === "deal") return "dealt a row";
  if (move === "redeal") return "turned the waste over";
  return `played ${describe(move, v, names)}`;
}

// The moves auto-play played, in words, a card that went alone named ("the ace of diamonds to
// foundation 2"), or "".
function autoWords(next) {
  const v = next.view;
  const cardOf = new Map();  // the rank of an auto-played move -> the card it took
  for (const [key, rank] of motionOf(next).order) if (key.startsWith("card:")) cardOf.set(rank, key.slice(5));
  const words = next.auto_played.map((move, i) => {
    const m = parsePileMove(move);
    const dst = m && (v.piles || []).find((p) => p.id === m.dst);
    const card = cardOf.get(i + 1);
    if (m && m.n === 1 && dst && card) return `the ${cardName(card)} to ${names.pile(dst)}`;
    return moveWords(move, v);
  });
  return words.length ? ` Played for you: ${words.join(", ")}.` : "";
}

function topOf(view, kind) {
  const pile = (view.piles || []).find((p) => p.kind === kind);
  if (pile) return pile.cards[pile.cards.length - 1] || null;
  const list = view[kind] || [];
  return list[list.length - 1] || null;
}

async function play(move, { fromDemo = false, from = new Map() } = {}) {
  const next = await change("/moves", { move, auto: settings.auto, demo: fromDemo }, { from });
  if (!next) return false;
  if (next.view.status === "playing") say(played(next));
  return true;
}

// A move the page will not play: the server says why (and changes nothing).
async function explain(move, node) {
  shake(node);
  try {
    await api("POST", gamePath("/moves"), { move, version: state.version });
    // Legal after all (the picture was stale): show the game as it is.
    show(await api("GET", gamePath()));
  } catch (err) {
    await refused(err);
  }
}

function refuseCovered(item, node) {
  const p = state.view.layout.find((q) => q.id === item.pos);
  const over = p ? p.covered_by.map((id) => state.view.layout.find((q) => q.id === id)).filter((q) => q && q.present) : [];
  const words = over.map((q) => (q.face_up ? `the ${cardName(q.card)}` : "a face-down card"));
  shake(node);
  say(`The ${cardName(item.card)} is covered by ${words.join(" and ") || "another card"}: play ${over.length > 1 ? "those" : "that"} first.`, { error: true });
}

// A click (or Enter) on a card or a place.
async function act(node) {
  if (!state) return;
  stopDemo();
  if (node.dataset.action === "stock") return stockClick();
  if (state.view.status !== "playing") return say("The game is over: start a new deal or undo.");
  const item = node.classList.contains("card") ? itemOf(node) : null;
  if (selected) {
    const first = selected;
    if (item && item.key === first.key) {
      selected = null;
      render();
      return say(`${cap(cardName(first.card))} put back.`);
    }
    const target = targetOf(node);
    const move = target && moves.onto(first, target);
    selected = null;
    if (move && moves.legal.includes(move)) return play(move);
    if (move) { render(); return explain(move, node); }
    render();
    if (!item) return say("Choice dropped.");
  }
  if (!item) return undefined;
  if (!item.card) return say("That card is face down: play the cards lying on it first.", { error: true });
  const obvious = moves.obvious(item);
  if (obvious) {
    const ok = play(obvious);
    clickPlayedAt = performance.now();
    return ok;
  }
  if (moves.from(item).length) {
    selected = item;
    render();
    const where = moves.from(item).length;
    return say(`${cap(cardName(item.card))} chosen: now choose where it goes (${where} place${where === 1 ? "" : "s"} lit), or choose it again to put it back.`);
  }
  if (item.pos && node.classList.contains("covered")) return refuseCovered(item, node);
  if (moves.isPileMove(item)) {
    shake(node);
    return say(`The ${cardName(item.card)} cannot move now: no pile takes ${item.run > 1 ? `these ${item.run} cards` : "it"}.`, { error: true });
  }
  return explain(item.card, node);
}

function stockClick() {
  stopDemo();
  if (!state || state.view.status !== "playing") return say("The game is over: start a new deal or undo.");
  const word = moves.stockWord();
  if (word) return play(word);
  return explain("draw", null);
}

function word(move) {
  stopDemo();
  if (!state || state.view.status !== "playing") return say("The game is over: start a new deal or undo.");
  if (moves.legal.includes(move)) return play(move);
  return explain(move, null);
}

// A double click (or F): the card to its foundation.
function sendHome(node) {
  if (!state || state.view.status !== "playing" || !node?.dataset.card) return;
  const item = itemOf(node);
  const move = moves.homeMove(item);
  selected = null;
  if (move) return play(move);
  if (moves.isPileMove(item)) return explain(`${item.src}-f`, node);
  return explain(item.card, node);
}

async function hint() {
  if (!state || state.view.status !== "playing" || busy) return null;
  say("Thinking of a hint…");
  const asked = ++hintAsked;
  try {
    const advice = await api("POST", gamePath("/hint"));
    if (asked !== hintAsked) return null;  // Escape, or the game moved on
    hinted = { move: advice.move };
    render();
    say(`Hint: ${advice.explanation}.`);
    return advice;
  } catch (err) {
    if (asked === hintAsked) await refused(err);
    return null;
  }
}

// --- dragging: a card (and the cards on it) carried to a pile with the mouse or a finger ----------

function onPointerDown(event) {
  if (event.button !== 0 || !state || state.view.status !== "playing" || demo) return;
  const node = event.target.closest(".card");
  if (!node || !node.dataset.card || node.classList.contains("stock")) return;
  dragging = { node, item: itemOf(node), x0: event.clientX, y0: event.clientY, id: event.pointerId, started: false };
}

function runNodes(item) {
  const box = $("table");
  if (moves.isPileMove(item)) {
    return [...box.querySelectorAll(`.card[data-src="${CSS.escape(item.src)}"]`)].filter((n) => Number(n.dataset.index) >= item.index);
  }
  return [box.querySelector(`[data-key="${CSS.escape(item.key)}"]`)];
}

function startDrag(d) {
  d.started = true;
  d.nodes = runNodes(d.item);
  d.origin = d.nodes.map((n) => n.getBoundingClientRect());
  d.ghosts = d.nodes.map((n, i) => {
    const ghost = n.cloneNode(true);
    ghost.removeAttribute("id");
    ghost.classList.add("ghost");
    Object.assign(ghost.style, { left: `${d.origin[i].left}px`, top: `${d.origin[i].top}px`, zIndex: String(1000 + i) });
    return ghost;
  });
  $("drag-layer").replaceChildren(...d.ghosts);
  $("drag-layer").style.setProperty("--cw", `${d.origin[0].width}px`);
  d.nodes.forEach((n) => n.classList.add("lifted"));
  d.targets = new Set();
  for (const m of moves.from(d.item)) for (const t of targetNodes(m.to)) { t.classList.add("target"); d.targets.add(t); }
  try { d.node.setPointerCapture(d.id); } catch (_) { /* released already */ }
  selected = null;
}

function dropNode(d, event) {
  // The lit place the dragged card overlaps most, else whatever lies under the pointer.
  const r = d.ghosts[0].getBoundingClientRect();
  let best = null;
  let bestArea = 0;
  for (const t of d.targets) {
    const b = t.getBoundingClientRect();
    const area = Math.max(0, Math.min(r.right, b.right) - Math.max(r.left, b.left)) * Math.max(0, Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top));
    if (area > bestArea) { best = t; bestArea = area; }
  }
  if (best) return best;
  for (const under of document.elementsFromPoint(event.clientX, event.clientY)) {
    if (!$("table").contains(under)) continue;
    const node = under.closest(".card, .place");
    if (node && !node.classList.contains("lifted")) return node;
  }
  return null;
}

function onPointerMove(event) {
  const d = dragging;
  if (!d || event.pointerId !== d.id) return;
  const dx = event.clientX - d.x0;
  const dy = event.clientY - d.y0;
  if (!d.started) {
    if (Math.hypot(dx, dy) < 6) return;
    startDrag(d);
  }
  event.preventDefault();
  d.ghosts.forEach((g) => { g.style.transform = `translate(${dx}px, ${dy}px)`; });
  const over = dropNode(d, event);
  for (const t of $("table").querySelectorAll(".over")) t.classList.remove("over");
  if (over && d.targets.has(over)) over.classList.add("over");
}

async function onPointerUp(event) {
  const d = dragging;
  if (!d || event.pointerId !== d.id) return;
  dragging = null;
  if (!d.started) return;
  suppressClick();
  const over = dropNode(d, event);
  const dx = event.clientX - d.x0;
  const dy = event.clientY - d.y0;
  const target = over ? targetOf(over) : null;
  const move = target ? moves.onto(d.item, target) : null;
  const finish = () => {
    $("drag-layer").replaceChildren();
    d.nodes.forEach((n) => n.classList.remove("lifted"));
    for (const t of document.querySelectorAll(".target, .over")) t.classList.remove("target", "over");
  };
  if (move && moves.legal.includes(move)) {
    // The cards land from where they were dropped.
    const box = $("table").getBoundingClientRect();
    const from = new Map(d.nodes.map((n, i) => [n.dataset.key, { x: d.origin[i].left + dx - box.left, y: d.origin[i].top + dy - box.top }]));
    const ok = await play(move, { from });
    finish();
    if (!ok) slideBack(runNodes(d.item), dx, dy);
    return;
  }
  finish();
  slideBack(d.nodes, dx, dy);
  if (move) await explain(move, null);
}

function onPointerCancel(event) {
  const d = dragging;
  if (!d || event.pointerId !== d.id) return;
  dragging = null;
  if (!d.started) return;
  $("drag-layer").replaceChildren();
  d.nodes.forEach((n) => n.classList.remove("lifted"));
  for (const t of document.querySelectorAll(".target, .over")) t.classList.remove("target", "over");
}

let clickSuppressed = false;
function suppressClick() {
  clickSuppressed = true;
  setTimeout(() => { clickSuppressed = false; }, 0);
}

// --- the demo: the hint plays the rest, move by move -----------------------------------------------

const pause = (ms) => new Promise((done) => setTimeout(done, ms));

async function runDemo() {
  demo = true;
  render();
  say("Demo: the hint plays the rest. Press Escape or Demo to stop.");
  while (demo && state.view.status === "playing") {
    const advice = await hint();
    if (!demo || !advice) break;
    await pause(600);
    if (!demo) break;
    if (!(await play(advice.move, { fromDemo: true }))) break;
    await pause(300);
  }
  stopDemo();
}

function stopDemo({ quiet = false } = {}) {
  if (!demo) return;
  demo = false;
  render();
  if (!quiet) say("Demo stopped.");
}

// --- windows: each open one is a step of the history, so Back closes it ----------------------------

let dialogStep = false;   // a step of the history stands for the open window
let stepGoing = null;     // Back asked for, to drop that step: { promise, done }

function openDialog(dialog) {
  if (!dialog.open) dialog.showModal();
  const entry = { game: state?.id, dialog: dialog.id };
  if (dialogStep) history.replaceState(entry, "", location.href);
  else {
    history.pushState(entry, "", location.href);
    dialogStep = true;
  }
}

// Close a window and wait until its step of the history is gone.
function closeDialog(dialog) {
  if (dialog.open) dialog.close();
  return dropDialogStep();
}

function dropDialogStep() {
  if (stepGoing) return stepGoing.promise;
  if (document.querySelector("dialog[open]") || !dialogStep) return Promise.resolve();
  dialogStep = false;
  let done;
  const promise = new Promise((resolve) => { done = resolve; });
  stepGoing = { promise, done };
  history.back();
  return promise;
}

async function onPopState() {
  if (stepGoing) { const going = stepGoing; stepGoing = null; going.done(); return; }
  const open = document.querySelector("dialog[open]");
  if (open && dialogStep) {  // Back closes the window first
    dialogStep = false;
    open.close();
    return;
  }
  const id = idFromAddress();
  if (id && (!state || id !== state.id)) await load(id, { address: "keep" });
}

// --- a result that waits for the statistics -----------------------------------------------------------

// The server keeps a result the statistics could not take (a full disk, a file that cannot be
// written) and counts it at the game's next request: the page asks again, less and less often.
const PENDING_FIRST = 2000;  // ms
const PENDING_MOST = 60000;
let pendingTimer = null;
let pendingWait = PENDING_FIRST;

const resultWaits = (s) => Boolean(s && s.counted && s.view.status !== "playing" && s.recorded === false);

function watchPending() {
  clearTimeout(pendingTimer);
  if (!resultWaits(state)) { pendingWait = PENDING_FIRST; return; }
  const id = state.id;
  pendingTimer = setTimeout(async () => {
    if (!state || state.id !== id) return;
    let next = null;
    try { next = await api("GET", gamePath()); } catch (_) { /* the server is away: try again */ }
    if (!state || state.id !== id) return;
    if (next && !resultWaits(next)) {
      pendingWait = PENDING_FIRST;
      state.recorded = next.recorded;
      state.version = next.version;
      say("The result of this game is now counted in the statistics.");
      return;
    }
    pendingWait = Math.min(PENDING_MOST, pendingWait * 2);
    watchPending();
  }, pendingWait);
}

// --- the end -----------------------------------------------------------------------------------------

function showEnd() {
  const v = state.view;
  const won = v.status === "won";
  say("");
  $("end-title").textContent = won ? "You won!" : "Game over";
  const stockLeft = hasStock(v) ? v.stock.count : 0;
  let how;
  if (!won) how = "No move is left.";
  else if (v.cards_left === 0 && stockLeft === 0) how = "Every card is out.";
  else how = `The table is clear${stockLeft ? `, with ${stockLeft} card${stockLeft === 1 ? "" : "s"} left in the stock` : ""}.`;
  const waits = resultWaits(state) ? " The statistics could not take the result just now: it is kept, and counted as soon as they can." : "";
  $("end-text").textContent = `${how} Cards left ${v.cards_left}, score ${v.score}, ${v.moves.length} moves, time ${timeText(clock())}.${waits}`;
  const number = dealNumber();
  $("end-share").textContent = number ? `${state.title}, deal ${number}: share the number, and anyone can play the same deal.` : "";
  $("end-again").hidden = !number;
  $("end-undo").hidden = won;
  if (won) celebrate($("table"));
  openDialog($("end-dialog"));
}

// --- new deals, options and statistics ---------------------------------------------------------------

function entries() {
  // Every game and preset, as the menu lists them.
  const out = [];
  for (const spec of specs) {
    out.push({ id: spec.id, name: spec.name, description: spec.description, spec, fixed: {} });
    for (const p of spec.presets) out.push({ id: p.id, name: p.name, description: p.description, spec, fixed: p.options });
  }
  return out;
}

// Whether leaving the game for a new deal counts as a loss (the server says: a move of the
// player's, beyond what auto-play played at the deal, and no result yet).
function inProgress() {
  return Boolean(state && state.view.status === "playing" && state.abandon_counts);
}

function openNewDialog() {
  const select = $("new-game");
  select.replaceChildren(...entries().map((e) => new Option(e.name, e.id)));
  const current = state ? (state.view.preset || state.view.game) : "tripeaks";
  if ([...select.options].some((o) => o.value === current)) select.value = current;
  fillOptions();
  $("new-error").textContent = "";
  const abandon = $("new-abandon");
  abandon.hidden = !inProgress();
  abandon.textContent = inProgress()
    ? `Dealing again abandons this game of ${state.title} (${state.view.moves.length} moves played): an abandoned game counts as a loss in the statistics.`
    : "";
  openDialog($("new-dialog"));
}

function fillOptions() {
  const entry = entries().find((e) => e.id === $("new-game").value);
  const box = $("new-options");
  const legend = document.createElement("legend");
  legend.textContent = "Options";
  box.replaceChildren(legend);
  $("new-description").textContent = entry ? entry.description : "";
  if (!entry) return;
  const sameGame = state && (state.view.preset || state.view.game) === entry.id;
  for (const option of entry.spec.options) {
    const fixed = option.name in entry.fixed;
    const value = fixed ? entry.fixed[option.name] : sameGame ? state.view.options[option.name] : option.default;
    const label = document.createElement("label");
    let input;
    if (option.type === "bool") {
      input = Object.assign(document.createElement("input"), { type: "checkbox", checked: value });
      label.append(input, ` ${option.help}`);
    } else {
      input = document.createElement("select");
      const words = option.words || [];
      const small = option.type === "int" && option.minimum !== null && option.maximum !== null && option.maximum - option.minimum <= 30;
      if (option.choices) input.append(...option.choices.map((c) => new Option(c, c)));
      else if (small) {
        for (let n = option.minimum; n <= option.maximum; n++) input.append(new Option(String(n), String(n)));
        input.append(...words.map((w) => new Option(w, w)));
      } else {
        // A wide range: typed, with its words (such as "unlimited") accepted as they are.
        input = Object.assign(document.createElement("input"), { type: "text", autocomplete: "off" });
        if (option.type === "int") input.inputMode = words.length ? "text" : "numeric";
        if (words.length) input.title = `a number, or ${words.join(", ")}`;
      }
      input.value = String(value);
      label.append(`${option.help} `, input);
    }
    input.dataset.option = option.name;
    input.dataset.type = option.type;
    input.dataset.words = (option.words || []).join(" ");
    input.disabled = fixed;
    if (fixed) label.title = "This preset fixes it";
    box.append(label);
  }
  if (!entry.spec.options.length) box.append("This game has no options.");
}

function optionValue(input) {
  const type = input.dataset.type;
  if (type === "bool") return input.checked;
  const text = input.value.trim();
  if (type === "int" && /^-?\d+$/.test(text)) return Number(text);
  return text;  // a word such as "unlimited", or text the server checks and names when it is wrong
}

async function newDeal(event, leaving = null) {
  event.preventDefault();
  const gameId = $("new-game").value;
  const options = {};
  for (const input of $("new-options").querySelectorAll("[data-option]")) {
    if (!input.disabled) options[input.dataset.option] = optionValue(input);
  }
  const kind = document.querySelector("input[name=deal]:checked").value;
  const body = { game: gameId, options };
  if (kind === "number") {
    const number = $("new-number").value.trim();
    if (!/^\d+$/.test(number)) { $("new-error").textContent = "A deal number is a whole number, such as 1234."; return; }
    body.seed = number;
  }
  if (kind === "winnable") body.winnable = true;
  $("new-error").textContent = kind === "winnable" ? "Looking for a winnable deal…" : "";
  $("new-deal").disabled = true;
  try {
    const next = await api("POST", "/api/games", body);
    const lost = leaving ? await abandon(leaving) : null;
    await closeDialog($("new-dialog"));
    stopDemo({ quiet: true });
    if (body.seed) remember(next, body.seed);
    const auto = await opened(next, { address: "push" });
    say(`A new deal of ${next.title}.${lost ? ` The game of ${leaving.title} you left counts as a loss.` : ""}${auto}`);
  } catch (err) {
    $("new-error").textContent = err.message;
  } finally {
    $("new-deal").disabled = false;
  }
}

async function dealAgain() {
  await closeDialog($("end-dialog"));
  const v = state.view;
  const number = dealNumber();
  try {
    const next = await api("POST", "/api/games", { game: v.preset || v.game, seed: String(number), options: presetFree(v) });
    remember(next, number);
    const auto = await opened(next, { address: "push" });
    say(`${next.title}: the same deal again.${auto}`);
  } catch (err) {
    say(err.message, { error: true });
  }
}

// Options a preset does not fix (a preset's own values may not be given again).
function presetFree(view) {
  const entry = entries().find((e) => e.id === (view.preset || view.game));
  return Object.fromEntries(Object.entries(view.options).filter(([k]) => !(entry && k in entry.fixed)));
}

async function showStats() {
  const rows = await api("GET", "/api/stats").catch((err) => { say(err.message, { error: true }); return null; });
  if (!rows) return;
  const body = $("stats-body");
  if (!rows.length) {
    body.textContent = "No finished games yet.";
  } else {
    const table = document.createElement("table");
    table.className = "stats";
    const head = ["Game", "Options", "Played", "Won", "Win", "Streak", "Best streak", "Best score"];
    table.createTHead().insertRow().append(...head.map((h) => Object.assign(document.createElement("th"), { textContent: h, scope: "col" })));
    const tbody = table.createTBody();
    for (const r of rows) {
      const cells = [r.game, r.label || "default", r.played, r.won, `${Math.round(r.win_rate * 100)}%`, r.current_streak, r.best_streak, r.best_score];
      tbody.insertRow().append(...cells.map((c) => Object.assign(document.createElement("td"), { textContent: String(c) })));
    }
    body.replaceChildren(table);
  }
  openDialog($("stats-dialog"));
}

async function stillWinnable() {
  if (!state || !settings.winnable) return;
  say("Looking at the hidden cards…");
  try {
    const answer = await api("POST", gamePath("/still-winnable-full-information"));
    state.assisted = true;
    state.version = answer.version;
    say(`Still winnable? ${cap(answer.verdict)} (the solver looked at the hidden cards; this game counts apart in the statistics).`);
  } catch (err) {
    await refused(err);
  }
}

// A yes-or-no window; resolves true for yes.
function confirmStep(title, text, yes) {
  const dialog = $("confirm-dialog");
  $("confirm-title").textContent = title;
  $("confirm-text").textContent = text;
  $("confirm-yes").textContent = yes;
  return new Promise((done) => {
    let settled = false;
    const answer = async (value) => {
      if (settled) return;
      settled = true;
      await closeDialog(dialog);
      done(value);
    };
    $("confirm-yes").onclick = () => answer(true);
    $("confirm-no").onclick = () => answer(false);
    dialog.onclose = () => answer(false);  // Escape, or Back
    openDialog(dialog);
  });
}

async function downloadRecord() {
  if (!state) return;
  const over = state.view.status !== "playing";
  const question = "The record shows every card, the face-down ones and the stock order, so this game then counts apart in the statistics, as with \"Still winnable?\".";
  if (!over && !(await confirmStep("Download the record?", question, "Download it"))) return;
  const id = state.id;
  let response;
  try {
    response = await fetch(gamePath(`/record${over ? "" : "?reveals_deal=true"}`, id));
  } catch (_) {
    return say("the server cannot be reached: is patience serve still running?", { error: true });
  }
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    return say(data.error || `the server answered ${response.status}`, { error: true });
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") || "")?.[1] || "patience-game.json";
  const link = Object.assign(document.createElement("a"), { href: URL.createObjectURL(await response.blob()), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  if (over || !state || state.id !== id) return;
  try {
    show(await api("GET", gamePath()), { announce: false });
  } catch (err) {
    return say(err.message, { error: true });
  }
  say(`Downloaded ${name}. It shows the hidden cards: this game counts apart in the statistics.`);
}

async function upload(event) {
  const file = event.target.files[0];
  event.target.value = "";
  if (!file) return;
  try {
    const text = await file.text();
    let record;
    try { record = JSON.parse(text); } catch (_) { throw new Refused(400, `${file.name} is not a saved game: it is not JSON`); }
    const next = await api("POST", "/api/records", record);
    await closeDialog($("saved-dialog"));
    show(next, { announce: false, address: "push" });
    say(`Resumed ${file.name}: ${next.view.moves.length} moves played so far.`);
  } catch (err) {
    say(err.message, { error: true });
  }
}

// --- games in progress: kept in this browser, newest first --------------------------------------------

function savedGames() {
  try {
    const list = JSON.parse(localStorage.getItem(SAVED) || "[]");
    return Array.isArray(list) ? list.filter((g) => g && typeof g.id === "string") : [];
  } catch (_) {
    return [];
  }
}

function remember(s, deal = undefined) {
  const list = savedGames();
  const old = list.find((g) => g.id === s.id);
  const rest = list.filter((g) => g.id !== s.id);
  const entry = { id: s.id, title: s.title, moves: s.view.moves.length, left: s.view.cards_left, at: Date.now(),
    deal: deal !== undefined ? String(deal) : old?.deal };
  // A finished game leaves the list (its deal number is the server's by then).
  const keep = s.view.status === "playing" ? [entry, ...rest] : rest;
  localStorage.setItem(SAVED, JSON.stringify(keep.slice(0, 30)));
}

function ago(ms) {
  const minutes = Math.round((Date.now() - ms) / 60000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  return `${Math.round(hours / 24)} days ago`;
}

async function showSaved() {
  const list = $("saved-list");
  const games = savedGames();
  list.replaceChildren();
  if (!games.length) list.append(Object.assign(document.createElement("li"), { textContent: "No game in progress." }));
  for (const g of games) {
    const here = state && g.id === state.id;
    const button = Object.assign(document.createElement("button"), { type: "button" });
    button.textContent = `${g.title}${g.deal ? `, deal ${g.deal}` : ""}: ${g.moves} move${g.moves === 1 ? "" : "s"}, ${g.left} cards left, ${ago(g.at)}${here ? " (this game)" : ""}`;
    button.disabled = here;
    button.addEventListener("click", async () => {
      await closeDialog($("saved-dialog"));
      await load(g.id, { address: "push" });
    });
    const item = document.createElement("li");
    item.append(button);
    list.append(item);
  }
  openDialog($("saved-dialog"));
}

// --- keys --------------------------------------------------------------------------------------------

// The tab stop nearest in the arrow's direction.
function moveFocus(key) {
  const stops = [...$("table").querySelectorAll("[tabindex='0']")];
  if (!stops.length) return;
  const from = document.activeElement;
  if (!stops.includes(from)) { stops[0].focus(); return; }
  const a = from.getBoundingClientRect();
  const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[key];
  let best = null;
  let bestScore = Infinity;
  for (const node of stops) {
    if (node === from) continue;
    const b = node.getBoundingClientRect();
    const dx = b.left + b.width / 2 - (a.left + a.width / 2);
    const dy = b.top + b.height / 2 - (a.top + a.height / 2);
    const along = dx * dir[0] + dy * dir[1];
    if (along <= 1) continue;
    const across = Math.abs(dx * dir[1]) + Math.abs(dy * dir[0]);
    const score = along + across * 2;
    if (score < bestScore) { best = node; bestScore = score; }
  }
  if (!best) {
    // Round the edge: the farthest stop on the other side, nearest across.
    const sorted = stops.slice().sort((p, q) => {
      const pr = p.getBoundingClientRect();
      const qr = q.getBoundingClientRect();
      return (pr.left - qr.left) * dir[0] + (pr.top - qr.top) * dir[1];
    });
    best = sorted[0] === from ? sorted[1] : sorted[0];
  }
  best?.focus();
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (document.querySelector("dialog[open]")) return;  // a window has the keys
  // A field of a window just closed keeps the focus until the next frame: it takes no keys.
  if (event.target.matches("input, select, textarea") && !event.target.closest("dialog:not([open])")) return;
  const key = event.key;
  if (key === "Escape") {
    hintAsked += 1;
    if (demo) stopDemo();
    else if (selected) { selected = null; render(); say("Choice dropped."); }
    else if (hinted || $("message").textContent.startsWith("Thinking")) { hinted = null; render(); say("Hint put away."); }
    return;
  }
  if (key.startsWith("Arrow")) {
    moveFocus(key);
    event.preventDefault();
    return;
  }
  const focused = $("table").contains(document.activeElement) ? document.activeElement : null;
  const actions = {
    d: stockClick, e: () => word("redeal"), u: () => $("undo").click(), r: () => $("redo").click(),
    h: () => $("hint").click(), m: () => $("demo").click(), n: () => $("new").click(), x: () => $("restart").click(),
    g: () => $("saved").click(), s: () => $("stats").click(), o: () => $("settings").click(), w: () => $("winnable").click(),
    "?": () => $("help").click(), f: () => (focused ? sendHome(focused) : say("Choose a card first (Tab), then F.")),
  };
  const action = actions[key.toLowerCase()];
  if (action) { event.preventDefault(); action(); }
}

// --- start -------------------------------------------------------------------------------------------

function onTableClick(event) {
  if (clickSuppressed) { clickSuppressed = false; return; }
  const node = event.target.closest(".card, .place");
  if (!node || !state) return;
  // The second click of a double click lands on whatever slid under the pointer: it is no move.
  if (event.detail > 1 && node.dataset.action !== "stock") return;
  act(node);
}

function onDoubleClick(event) {
  const node = event.target.closest(".card");
  if (!node || performance.now() - clickPlayedAt < 700) return;  // the first click played already
  sendHome(node);
}

function idFromAddress() {
  const m = /^\/play\/([^/]+)$/.exec(location.pathname);
  return m ? decodeURIComponent(m[1]) : null;
}

async function load(id, { address = "keep" } = {}) {
  try {
    const next = await api("GET", `/api/games/${encodeURIComponent(id)}`);
    show(next, { announce: false, address });
    say(next.view.moves.length ? `Welcome back: your game of ${next.title} goes on.` : `${next.title}: a new deal.`);
    return true;
  } catch (err) {
    if (err.status !== 404) { say(err.message, { error: true }); return false; }
    forget(id);
    unknownGame(id);
    return false;
  }
}

function forget(id) {
  localStorage.setItem(SAVED, JSON.stringify(savedGames().filter((g) => g.id !== id)));
  if (localStorage.getItem(LAST) === id) localStorage.removeItem(LAST);
}

// An address naming no game here: say so, and deal nothing until asked.
function unknownGame(id) {
  state = null;
  $("table").replaceChildren();
  $("table").style.height = "0";
  $("status").replaceChildren();
  $("title").textContent = "Patience";
  document.body.dataset.status = "unknown";
  const shown = id.length > 24 ? `${id.slice(0, 24)}…` : id;
  say(`There is no game ${shown} on this server: the address is mistyped, or the game was played on another server. Choose New deal (N) or Games (G).`, { error: true });
  for (const b of ["undo", "redo", "restart", "hint", "demo"]) $(b).disabled = true;
}

function wire() {
  const table = $("table");
  table.addEventListener("click", onTableClick);
  table.addEventListener("dblclick", onDoubleClick);
  table.addEventListener("pointerdown", onPointerDown);
  window.addEventListener("pointermove", onPointerMove, { passive: false });
  window.addEventListener("pointerup", onPointerUp);
  window.addEventListener("pointercancel", onPointerCancel);
  table.addEventListener("dragstart", (e) => e.preventDefault());
  $("undo").addEventListener("click", async () => { const n = await change("/undo"); if (n) say(`Took back ${describe(n.undone || "", n.view, names)}.`); });
  $("redo").addEventListener("click", async () => { const n = await change("/redo"); if (n) say(`Played ${describe(n.redone || "", n.view, names)} again.`); });
  $("restart").addEventListener("click", async () => { if (await change("/restart")) say("Back at the start of the deal: Redo plays the moves again."); });
  $("hint").addEventListener("click", () => { stopDemo(); hint(); });
  $("demo").addEventListener("click", () => (demo ? stopDemo() : runDemo()));
  $("new").addEventListener("click", openNewDialog);
  $("new-game").addEventListener("change", fillOptions);
  $("new-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const leaving = inProgress() ? state : null;
    if (leaving && !(await confirmNewDeal())) return;
    newDeal(event, leaving);
  });
  $("new-number").addEventListener("focus", () => { document.querySelector("input[name=deal][value=number]").checked = true; });
  $("saved").addEventListener("click", showSaved);
  $("stats").addEventListener("click", showStats);
  $("settings").addEventListener("click", () => {
    $("set-auto").checked = settings.auto;
    $("set-winnable").checked = settings.winnable;
    openDialog($("settings-dialog"));
  });
  $("set-auto").addEventListener("change", (e) => { settings.auto = e.target.checked; });
  $("set-winnable").addEventListener("change", (e) => { settings.winnable = e.target.checked; render(); });
  $("winnable").addEventListener("click", stillWinnable);
  $("help").addEventListener("click", () => openDialog($("help-dialog")));
  $("record").addEventListener("click", downloadRecord);
  $("end-record").addEventListener("click", downloadRecord);
  $("upload-button").addEventListener("click", () => $("upload").click());
  $("upload").addEventListener("change", upload);
  $("end-new").addEventListener("click", async () => { await closeDialog($("end-dialog")); openNewDialog(); });
  $("end-again").addEventListener("click", dealAgain);
  $("end-undo").addEventListener("click", async () => { await closeDialog($("end-dialog")); $("undo").click(); });
  for (const button of document.querySelectorAll("dialog .close")) {
    button.addEventListener("click", () => closeDialog(button.closest("dialog")));
  }
  for (const dialog of document.querySelectorAll("dialog")) {
    dialog.addEventListener("close", () => dropDialogStep());  // Escape: its step goes too
  }
  window.addEventListener("popstate", onPopState);
  document.addEventListener("keydown", onKey);
  // The table is sized to its box: drawn again whenever the box changes, by the window or by
  // the lines under the table (a status line that wraps, a longer message).
  new ResizeObserver(() => {
    const area = stage();
    if (state && !dragging?.started && `${area.w}x${area.h}` !== drawnFor) render();
  }).observe($("stage"));
  document.addEventListener("visibilitychange", () => {
    if (state) { state.seconds = clock(); receivedAt = performance.now(); }
  });
  setInterval(() => { if (state) status(); }, 1000);
}

// The game left for a new deal: the server counts it as a loss (once, and only where it has
// no result yet) and takes no more moves for it, so it leaves the games in progress. Whether
// it counted as a loss; null when the server could not be told (the game stays in progress).
async function abandon(old) {
  try {
    const answer = await api("POST", gamePath("/abandon", old.id), {});
    forget(old.id);
    return answer.abandoned_as === "lost";
  } catch (err) {
    if (err.status === 404 || err.status === 422) forget(old.id);  // gone, or abandoned already
    return null;
  }
}

// The confirmation a new deal asks for while a game is on (the New deal window says it too).
function confirmNewDeal() {
  return confirmStep(
    "Abandon this game?",
    `${state.title}, ${state.view.moves.length} moves played: an abandoned game counts as a loss in the statistics.`,
    "Abandon it and deal",
  );
}

async function start() {
  wire();
  try {
    specs = await api("GET", "/api/games");
  } catch (err) {
    return say(err.message, { error: true });
  }
  const id = idFromAddress() || (location.pathname === "/" ? localStorage.getItem(LAST) : null);
  if (id) {
    const ok = await load(id, { address: idFromAddress() ? "keep" : "replace" });
    if (ok || idFromAddress()) return;
  }
  const first = specs.some((s) => s.id === "tripeaks") ? "tripeaks" : specs[0]?.id;
  if (!first) return say("No game is installed.", { error: true });
  const auto = await opened(await api("POST", "/api/games", { game: first }), { address: "replace" });
  say(`${state.title}: click or drag a free card to play it, or click the stock to draw. Press ? for the keys.${auto}`);
}

document.readyState === "loading" ? document.addEventListener("DOMContentLoaded", start) : start();
