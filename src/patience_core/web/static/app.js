// The page: state from the server's player view, clicks and keys turned into move text. The
// page knows no rules: what may be played is the view's legal moves, and why a click is refused
// is the server's answer.

import { cardName, cardWidth, cardsOf, drawLayout, drawPiles, moveName } from "./table.js";

const $ = (id) => document.getElementById(id);
const KEY = "patience.game";
const settings = {
  get auto() { return localStorage.getItem("patience.auto") !== "off"; },
  set auto(on) { localStorage.setItem("patience.auto", on ? "on" : "off"); },
  get winnable() { return localStorage.getItem("patience.winnable") === "on"; },
  set winnable(on) { localStorage.setItem("patience.winnable", on ? "on" : "off"); },
};

let state = null;        // the server's answer: { id, version, title, view, redo, seconds, counted, assisted, deal_number }
let specs = [];          // the installed games
let selected = null;     // a card chosen, waiting for its partner
let hinted = new Set();  // the cards (or "draw", "redeal") of the hint shown
let receivedAt = 0;      // when state came, for the clock
let demo = false;
let busy = false;
let endShownFor = null;  // the game version whose end was announced

// --- the server ---------------------------------------------------------------------------------

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
  return data;
}

const gamePath = (suffix = "") => `/api/games/${encodeURIComponent(state.id)}${suffix}`;

// --- messages ---------------------------------------------------------------------------------------

function say(text, { error = false } = {}) {
  const box = $("message");
  box.textContent = text;
  box.classList.toggle("error", error);
}

// --- drawing --------------------------------------------------------------------------------------

function legal() { return state ? state.view.legal_moves : []; }

// Cards that some legal move uses: they can be clicked to play or to choose.
function reachable() {
  const out = new Set();
  for (const move of legal()) for (const card of cardsOf(move)) out.add(card);
  return out;
}

function render() {
  if (!state) return;
  const view = state.view;
  const focusKey = document.activeElement?.dataset?.key;
  const main = document.querySelector("main");
  const cw = cardWidth(view.layout, main.clientWidth - 16);
  document.documentElement.style.setProperty("--cw", `${cw}px`);
  document.body.classList.toggle("compact", cw < 48);
  const marks = { selected, hinted, reachable: reachable() };
  drawLayout($("table"), view, cw, marks);
  drawPiles({ stock: $("stock-place"), drawn: $("drawn-place"), waste: $("waste-place") }, view, marks);
  const redeal = $("redeal");
  redeal.hidden = !legal().includes("redeal");
  redeal.classList.toggle("hinted", hinted.has("redeal"));
  $("title").textContent = state.title + (state.deal_number ? `, deal ${state.deal_number}` : "");
  document.title = `${state.title} - Patience`;
  $("undo").disabled = view.moves.length === 0 || demo;
  $("redo").disabled = state.redo === 0 || demo;
  $("restart").disabled = view.moves.length === 0 || demo;
  $("hint").disabled = view.status !== "playing" || demo;
  $("demo").disabled = view.status !== "playing";
  $("demo").setAttribute("aria-pressed", String(demo));
  $("winnable").hidden = !settings.winnable;
  status();
  // For tests and tools: how far the game is, without reading the picture.
  Object.assign(document.body.dataset, { moves: String(view.moves.length), status: view.status, version: String(state.version) });
  if (focusKey) {
    const again = document.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
    if (again && again.tabIndex >= 0) again.focus();
    else document.querySelector("#table .card[tabindex='0'], .piles [tabindex='0']")?.focus();
  }
}

function clock() {
  if (!state) return 0;
  const running = state.view.status === "playing" && document.visibilityState === "visible";
  return state.seconds + (running ? (performance.now() - receivedAt) / 1000 : 0);
}

function status() {
  const v = state.view;
  const s = Math.floor(clock());
  const time = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  const passes = v.stock.passes === null ? `passes ${v.stock.passes_used + 1}` : `pass ${v.stock.passes_used + 1} of ${v.stock.passes}`;
  const parts = [
    `Score ${v.score}`,
    `Cards left ${v.cards_left} of ${v.cards_at_start}`,
    `Stock ${v.stock.count}, ${passes}`,
    `Moves ${v.moves.length}`,
    `Time ${time}`,
  ];
  $("status").replaceChildren(...parts.map((text) => Object.assign(document.createElement("span"), { textContent: text })));
}

function show(next, { announce = true } = {}) {
  state = next;
  receivedAt = performance.now();
  localStorage.setItem(KEY, state.id);
  selected = null;
  hinted = new Set();
  render();
  if (announce && state.view.status !== "playing" && endShownFor !== state.id + state.version) {
    endShownFor = state.id + state.version;
    stopDemo();
    showEnd();
  }
}

// --- playing ---------------------------------------------------------------------------------------

async function change(path, body = {}) {
  if (busy) return null;
  busy = true;
  try {
    const next = await api("POST", gamePath(path), { version: state.version, ...body });
    show(next);
    return next;
  } catch (err) {
    await refused(err);
    return null;
  } finally {
    busy = false;
  }
}

async function refused(err) {
  if (err.status === 409) {  // another window changed the game: show it as it stands
    try { show(await api("GET", gamePath()), { announce: false }); } catch (_) { /* keep the old picture */ }
    say(`${err.message}. Here is the game as it stands now.`, { error: true });
    return;
  }
  say(err.message, { error: true });
}

async function play(move, { fromDemo = false } = {}) {
  const next = await change("/moves", { move, auto: settings.auto, demo: fromDemo });
  if (!next) return false;
  const auto = next.auto_played.length ? ` Auto-played: ${next.auto_played.map(moveName).join(", ")}.` : "";
  if (next.view.status === "playing") say(`Played ${moveName(next.played)}.${auto}`);
  return true;
}

// A move the page will not play: the server says why (and changes nothing).
async function explain(move, node) {
  node?.classList.add("refused");
  try {
    await api("POST", gamePath("/moves"), { move, version: state.version });
    // Legal after all (the picture was stale): show the game as it is.
    show(await api("GET", gamePath()));
  } catch (err) {
    await refused(err);
  }
  setTimeout(() => node?.classList.remove("refused"), 350);
}

// A click on a card: play it alone, choose it for a pair, complete a pair, or say why not.
async function clickCard(card, node) {
  stopDemo();
  if (state.view.status !== "playing") return say("The game is over: start a new deal or undo.");
  const moves = legal();
  if (selected) {
    const first = selected;
    selected = null;
    if (first === card) { render(); return say(`${cap(cardName(card))} put back.`); }
    const pair = moves.find((m) => sameCards(cardsOf(m), [first, card]));
    if (pair) return play(pair);
    render();
    return explain(`${first}+${card}`, node);
  }
  if (moves.includes(card)) return play(card);
  if (moves.some((m) => cardsOf(m).length > 1 && cardsOf(m).includes(card))) {
    selected = card;
    render();
    return say(`${cap(cardName(card))} chosen: now choose the card to pair it with, or choose it again to put it back.`);
  }
  return explain(card, node);
}

const cap = (text) => text[0].toUpperCase() + text.slice(1);
const sameCards = (a, b) => a.length === b.length && a.every((c) => b.includes(c));

function word(move) {
  stopDemo();
  if (!state || state.view.status !== "playing") return say("The game is over: start a new deal or undo.");
  if (legal().includes(move)) return play(move);
  return explain(move, null);
}

async function hint() {
  if (!state || state.view.status !== "playing" || busy) return null;
  say("Thinking of a hint…");
  busy = true;
  try {
    const advice = await api("POST", gamePath("/hint"));
    hinted = new Set(cardsOf(advice.move).length ? cardsOf(advice.move) : [advice.move]);
    render();
    say(`Hint: ${advice.explanation}.`);
    return advice;
  } catch (err) {
    await refused(err);
    return null;
  } finally {
    busy = false;
  }
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

function stopDemo() {
  if (!demo) return;
  demo = false;
  render();
  say("Demo stopped.");
}

// --- the end -----------------------------------------------------------------------------------------

function showEnd() {
  const v = state.view;
  const won = v.status === "won";
  $("end-title").textContent = won ? "You won!" : "Game over";
  const s = Math.round(state.seconds);
  const time = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  $("end-text").textContent = `${won ? "Every card is out." : "No move is left."} Cards left ${v.cards_left}, score ${v.score}, ${v.moves.length} moves, time ${time}.`;
  $("end-share").textContent = state.deal_number
    ? `${state.title}, deal ${state.deal_number}: share the number, and anyone can play the same deal.`
    : "";
  $("end-again").hidden = !state.deal_number;
  $("end-undo").hidden = won;
  $("end-dialog").showModal();
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

function fillNewDialog() {
  const select = $("new-game");
  select.replaceChildren(...entries().map((e) => new Option(e.name, e.id)));
  const current = state ? (state.view.preset || state.view.game) : "tripeaks";
  if ([...select.options].some((o) => o.value === current)) select.value = current;
  fillOptions();
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
      if (option.choices) {
        input = document.createElement("select");
        input.append(...option.choices.map((c) => new Option(c, c)));
      } else {
        input = Object.assign(document.createElement("input"), { type: option.type === "int" ? "number" : "text" });
        if (option.minimum !== null) input.min = option.minimum;
        if (option.maximum !== null) input.max = option.maximum;
      }
      input.value = value;
      label.append(`${option.help} `, input);
    }
    input.dataset.option = option.name;
    input.dataset.type = option.type;
    input.disabled = fixed;
    if (fixed) label.title = "This preset fixes it";
    box.append(label);
  }
  if (!entry.spec.options.length) box.append("This game has no options.");
}

async function newDeal(event) {
  event.preventDefault();
  const gameId = $("new-game").value;
  const options = {};
  for (const input of $("new-options").querySelectorAll("[data-option]")) {
    if (input.disabled) continue;
    const type = input.dataset.type;
    options[input.dataset.option] = type === "bool" ? input.checked : type === "int" ? Number(input.value) : input.value;
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
    $("new-dialog").close();
    stopDemo();
    show(next);
    say(`A new deal of ${next.title}.`);
  } catch (err) {
    $("new-error").textContent = err.message;
  } finally {
    $("new-deal").disabled = false;
  }
}

async function dealAgain() {
  $("end-dialog").close();
  const v = state.view;
  const next = await api("POST", "/api/games", { game: v.preset || v.game, seed: state.deal_number, options: presetFree(v) });
  show(next);
  say(`${next.title}: the same deal again.`);
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
  $("stats-dialog").showModal();
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

function downloadRecord() {
  if (!state) return;
  const over = state.view.status !== "playing";
  if (!over && !window.confirm("The record shows every card, the face-down ones and the stock order. Download it anyway?")) return;
  const link = document.createElement("a");
  link.href = gamePath(`/record${over ? "" : "?reveals_deal=true"}`);
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
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
    $("settings-dialog").close();
    show(next, { announce: false });
    say(`Resumed ${file.name}: ${next.view.moves.length} moves played so far.`);
  } catch (err) {
    say(err.message, { error: true });
  }
}

// --- keys --------------------------------------------------------------------------------------------

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (document.querySelector("dialog[open]")) return;  // a dialog has the keys
  if (event.target.matches("input, select, textarea")) return;
  const key = event.key;
  const actions = {
    d: () => word("draw"), e: () => word("redeal"), u: () => $("undo").click(), r: () => $("redo").click(),
    h: () => $("hint").click(), m: () => $("demo").click(), n: () => $("new").click(), x: () => $("restart").click(),
    s: () => $("stats").click(), o: () => $("settings").click(), w: () => $("winnable").click(), "?": () => $("help").click(),
  };
  if (key === "Escape") {
    if (demo) stopDemo();
    else if (selected) { selected = null; render(); say("Choice dropped."); }
    return;
  }
  if (key === "ArrowRight" || key === "ArrowLeft") {
    const cards = [...document.querySelectorAll("#table .card[tabindex='0'], .piles [tabindex='0']")];
    if (!cards.length) return;
    const at = cards.indexOf(document.activeElement);
    const step = key === "ArrowRight" ? 1 : -1;
    cards[(at + step + cards.length) % cards.length].focus();
    event.preventDefault();
    return;
  }
  const action = actions[key.toLowerCase()];
  if (action) { event.preventDefault(); action(); }
}

// --- start -------------------------------------------------------------------------------------------

function onTableClick(event) {
  const node = event.target.closest("button");
  if (!node || !state) return;
  if (node.dataset.action === "draw") return word("draw");
  if (node.dataset.card) return clickCard(node.dataset.card, node);
  if (node.classList.contains("back")) {
    stopDemo();
    say("That card is face down: play the cards lying on it first.", { error: true });
  }
}

function wire() {
  document.querySelector("main").addEventListener("click", onTableClick);
  $("redeal").addEventListener("click", () => word("redeal"));
  $("undo").addEventListener("click", async () => { if (await change("/undo")) say(`Took back ${moveName(state.undone || "")}.`); });
  $("redo").addEventListener("click", async () => { if (await change("/redo")) say(`Played ${moveName(state.redone || "")} again.`); });
  $("restart").addEventListener("click", async () => { if (await change("/restart")) say("Back at the start of the deal: Redo plays the moves again."); });
  $("hint").addEventListener("click", () => { stopDemo(); hint(); });
  $("demo").addEventListener("click", () => (demo ? stopDemo() : runDemo()));
  $("new").addEventListener("click", () => { fillNewDialog(); $("new-error").textContent = ""; $("new-dialog").showModal(); });
  $("new-game").addEventListener("change", fillOptions);
  $("new-form").addEventListener("submit", newDeal);
  $("new-number").addEventListener("focus", () => { document.querySelector("input[name=deal][value=number]").checked = true; });
  $("stats").addEventListener("click", showStats);
  $("settings").addEventListener("click", () => {
    $("set-auto").checked = settings.auto;
    $("set-winnable").checked = settings.winnable;
    $("settings-dialog").showModal();
  });
  $("set-auto").addEventListener("change", (e) => { settings.auto = e.target.checked; });
  $("set-winnable").addEventListener("change", (e) => { settings.winnable = e.target.checked; render(); });
  $("winnable").addEventListener("click", stillWinnable);
  $("help").addEventListener("click", () => $("help-dialog").showModal());
  $("record").addEventListener("click", downloadRecord);
  $("end-record").addEventListener("click", downloadRecord);
  $("upload").addEventListener("change", upload);
  $("end-new").addEventListener("click", () => { $("end-dialog").close(); $("new").click(); });
  $("end-again").addEventListener("click", dealAgain);
  $("end-undo").addEventListener("click", () => { $("end-dialog").close(); $("undo").click(); });
  for (const button of document.querySelectorAll("dialog .close")) {
    button.addEventListener("click", () => button.closest("dialog").close());
  }
  document.addEventListener("keydown", onKey);
  window.addEventListener("resize", render);
  document.addEventListener("visibilitychange", () => {
    if (state) { state.seconds = clock(); receivedAt = performance.now(); }
  });
  setInterval(() => { if (state) status(); }, 1000);
}

async function start() {
  wire();
  try {
    specs = await api("GET", "/api/games");
  } catch (err) {
    return say(err.message, { error: true });
  }
  const id = localStorage.getItem(KEY);
  if (id) {
    try {
      show(await api("GET", `/api/games/${encodeURIComponent(id)}`), { announce: false });
      say(state.view.moves.length ? `Welcome back: your game of ${state.title} goes on.` : `${state.title}: a new deal.`);
      return;
    } catch (_) { /* gone: deal a new one */ }
  }
  const first = specs.some((s) => s.id === "tripeaks") ? "tripeaks" : specs[0]?.id;
  if (!first) return say("No game is installed.", { error: true });
  show(await api("POST", "/api/games", { game: first }));
  say(`${state.title}: click a free card to play it, or the stock to draw. Press ? for the keys.`);
}

document.readyState === "loading" ? document.addEventListener("DOMContentLoaded", start) : start();

