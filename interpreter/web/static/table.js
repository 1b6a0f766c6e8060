// The table: one seat's screen, drawn from the server's "state" messages; moves go back as text.
// Cards.js draws cards; this file lays out the table, picks moves by clicking cards, and slides
// cards from where they were to where they are (FLIP: the last layout is measured, then undone).
import {cardEl, cardWords, screen} from "/static/cards.js";

const $ = (id) => document.getElementById(id);
const [, , GAME, TOKEN] = location.pathname.split("/");
let ws = null, state = null, retry = 500, stopped = false;
let picks = [];                  // cards picked so far for the move being built
let sent = null;                 // the move sent for this decision, until the server answers
let autoFor = null;              // the decision a forced move was played for
let holdTrick = null;            // a trick just gathered, still shown in the middle for a moment
let showingHeld = false;         // ... and drawn there now (the next trick has not begun)
let askedRematch = false;

const settings = {
  speed: Number(localStorage.getItem("cardrules.speed") ??
                (matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : 380)),
  auto: localStorage.getItem("cardrules.auto") !== "false",
};

function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") e.textContent = v;
    else if (k === "class") e.className = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
}

// -- the connection ------------------------------------------------------------------------------
function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/${GAME}/${TOKEN}`);
  ws.onopen = () => { retry = 500; $("conn").textContent = ""; };
  ws.onmessage = (ev) => receive(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    sent = null;                   // the server sends the table again on reconnecting
    if (stopped || ev.code === 4001 || ev.code === 4004) return;
    $("conn").textContent = "Reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  };
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function play(move) {             // one move a decision: clicks wait until the server answers
  if (sent || !state || stopped) return;
  if (!ws || ws.readyState !== WebSocket.OPEN) {    // a click while reconnecting plays nothing: say so
    toast("Not connected (reconnecting…): the move was not sent. Choose it again once the table is back.");
    return;
  }
  sent = move;
  picks = [];
  send({type: "move", move: move.move, decision: state.decision});
  draw();
}

function receive(msg) {
  if (msg.type === "error") {
    toast(msg.message);
    if (sent) { sent = null; if (state) draw(); }          // the move was refused: choose again
    if (msg.code === "taken_over") {
      stopped = true;
      if (state) { state.moves = []; draw(); }               // this window plays no more
      document.body.dataset.state = "taken-over";
      $("status").textContent = "This seat is open in another window.";
      $("prompt").replaceChildren(el("p", {class: "ask", text: "This seat is open in another window: it plays there now."}));
    } else if (!state) { stopped = true; document.body.dataset.state = "refused"; $("status").textContent = msg.message; }
    return;
  }
  if (msg.type === "why") {
    if (msg.text && state && !sent) toast(msg.text);
    return;
  }
  if (msg.type === "handover") {
    state = null;
    document.body.dataset.state = "handover";
    $("handover-text").textContent = `Pass the device to ${msg.name}.`;
    $("ready").textContent = `I am ${msg.name}: show my cards`;
    $("handover").hidden = false;
    $("title").textContent = msg.game;
    hideBoard(true);
    $("ready").focus();
    return;
  }
  if (msg.type === "state") {
    $("handover").hidden = true;
    hideBoard(false);
    const old = state;
    const same = old && old.seat === msg.seat;
    const ended = same && msg.hands.length > old.hands.length;
    if (same && msg.last_trick.length && JSON.stringify(msg.last_trick) !== JSON.stringify(old.last_trick)) {
      holdTrick = msg.last_trick;                // the whole trick, its last card included, for a moment
      clearTimeout(receive.hold);
      receive.hold = setTimeout(() => {
        holdTrick = null;
        if (state) { const b = measure(); draw(); slide(b); }
      }, 900 + settings.speed * 2);
    }
    state = msg;
    if (!same || old.decision !== msg.decision) picks = [];
    sent = null;
    const before = same ? measure() : null;
    draw();
    if (before) slide(before);
    if (ended && !msg.over) notice(    // the match's end: the prompt says it, uncoveredmsg.log.find((line) => line.startsWith(`Hand ${msg.hands.length} is over`)) ||
                      `Hand ${msg.hands.length} is over.`);
    if (msg.next_game && askedRematch) location.assign(`/play/${msg.next_game}/${TOKEN}`);
    forced();
  }
}

function hideBoard(h) { $("board").hidden = h; $("side").hidden = h; }

function notice(text) {          // news, not an error
  toast(text);
  $("toast").classList.add("news");
}

function toast(text) {
  $("toast").classList.remove("news");
  const t = $("toast");
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, 4000);
}

// -- moves: the parts a click names -----------------------------------------------------------------
// A move's parts: {card} {cards} {zone} {seat} {blind} {text}. Its cards (every card part and every
// card of a list part) are picked by clicking them, in any order; the moves that hold every picked
// card are still possible, and their other cards are lit. A move whose cards are all picked is
// played (one card, one move) or confirmed; a zone or seat it names is then lit as its target.
function cardsOf(m) {
  const out = [];
  for (const p of m.parts) {
    if (p.card !== undefined) out.push(p.card);
    if (p.cards !== undefined) out.push(...p.cards);
  }
  return out;
}
function placesOf(m) {          // "zone|card" of each card a move names: where that very card lies
  const out = [];
  for (const p of m.parts) {
    if (p.card !== undefined) out.push(`${p.from}|${p.card}`);
    if (p.cards !== undefined) p.cards.forEach((c, k) => out.push(`${p.from[k]}|${c}`));
  }
  return out;
}
function isBlind(m) { return m.parts.some((p) => p.blind !== undefined); }
function cardMoves() { return state.moves.filter((m) => cardsOf(m).length && !isBlind(m)); }
function otherMoves() { return state.moves.filter((m) => !cardsOf(m).length && !isBlind(m)); }
function fits(m, cards) { const mine = cardsOf(m); return cards.every((c) => mine.includes(c)); }
function possible(cards) { return cardMoves().filter((m) => fits(m, cards)); }
function complete(cards) { return possible(cards).filter((m) => cardsOf(m).length === cards.length); }
function targetKey(p) {
  if (p.zone !== undefined) return "zone:" + p.zone;
  if (p.seat !== undefined) return "seat:" + p.seat;
  return null;
}
function myTurn() { return state && !state.over && state.to_move === state.seat && !stopped; }

function clickCard(name) {
  if (!myTurn() || sent) return;
  if (picks.includes(name)) { picks = picks.filter((c) => c !== name); return draw(); }
  let next = [...picks, name];
  if (!possible(next).length) {
    if (!possible([name]).length) {          // said at once; the server's reason, if it has one, replaces it
      toast(whyNot(name));
      return send({type: "why", card: name});
    }
    next = [name];                              // a card that does not go with the others: start again
  }
  picks = next;
  const done = complete(picks), still = possible(picks);
  // one move left, all its cards picked, nothing more to say: played; a chosen set is confirmed
  if (done.length === 1 && still.length === 1 && !targetKeyOf(done[0]) &&
      !done[0].parts.some((p) => p.cards !== undefined)) return play(done[0]);
  draw();
}
function targetKeyOf(m) {
  for (const p of m.parts) { const k = targetKey(p); if (k) return k; }
  return null;
}
function clickTarget(k) {
  const pool = picks.length ? complete(picks) : otherMoves();
  const hit = pool.filter((m) => m.parts.some((p) => targetKey(p) === k));
  if (hit.length === 1) return play(hit[0]);
  if (hit.length) drawPrompt(hit, "Which move?");
}

function whyNot(name) {          // a click on a card no legal move uses: what can be done instead
  const kinds = [...new Set(state.moves.map((m) => m.name))];
  const what = kinds.map((k) => state.move_kinds[k] || k).join("; or ");
  return `${cap(cardWords(name, state.deck))} cannot be played now. ${what ? "You can: " + what + "." : ""}`;
}
function cap(s) { return s.charAt(0).toUpperCase() + s.slice(1); }

// A forced move plays itself (a single legal move, or face-down cards the seat cannot tell apart).
function forced() {
  if (!myTurn() || sent || !settings.auto || autoFor === state.decision) return;
  const ms = state.moves;
  const blind = ms.length > 1 && ms.every((m) => isBlind(m));
  if (ms.length !== 1 && !blind) return;
  autoFor = state.decision;
  const m = blind ? ms[Math.floor(Math.random() * ms.length)] : ms[0];
  const d = state.decision;
  setTimeout(() => {
    if (state && state.decision === d && myTurn() && !sent) {
      notice(blind ? `Played for you (the face-down cards look alike): ${m.label}`
                   : `Played for you (the only move): ${m.label}`);
      play(m);
    }
  }, 600);
}

// -- the last trick --------------------------------------------------------------------------------
function trickZones(s) { return s.zones.filter((z) => z.centre && z.owner !== null); }
function trickCards(trick) {     // [{seat, cards}] in seat order, from the server's [{seat, card}]
  const by = new Map();
  for (const t of trick) by.set(t.seat, [...(by.get(t.seat) || []), t.card]);
  return [...by.entries()].map(([seat, cards]) => ({seat, cards}));
}
function showLastTrick() {
  if (!state || !state.last_trick.length) return;
  const body = $("review-body"), taker = state.last_trick_taker;
  $("review-title").textContent = taker === null || taker === undefined ? "Last trick"
    : taker === state.seat ? "Last trick: you took it" : `Last trick: ${state.names[taker]} took it`;
  body.replaceChildren(...trickCards(state.last_trick).map((t) => el("div", {class: "review-row"},
    el("span", {class: "who", text: t.seat === state.seat ? "You" : state.names[t.seat]}),
    el("div", {class: "cards"}, ...t.cards.map((c) => cardEl(c, state.deck))))));
  $("review").showModal();
}

// -- the motion ------------------------------------------------------------------------------------
function cardNodes() { return [...document.querySelectorAll("#felt .card")]; }
function measure() {
  const cards = new Map(), zones = new Map();
  for (const e of cardNodes()) {     // a card shown twice (a trick held in the middle): from the middle
    const k = e.dataset.card;
    if (k && (!cards.has(k) || e.closest("#trick"))) cards.set(k, e.getBoundingClientRect());
  }
  for (const z of document.querySelectorAll("#felt [data-zone]")) {
    zones.set(z.dataset.zone, {rect: z.getBoundingClientRect(), n: Number(z.dataset.count), owner: z.dataset.owner});
  }
  return {cards, zones};
}
function slide(before) {
  const ms = settings.speed;
  if (!ms) return;
  const lost = [];                  // zones that hold fewer cards than before: where new cards come from
  for (const z of document.querySelectorAll("#felt [data-zone]")) {
    const b = before.zones.get(z.dataset.zone);
    if (b && b.n > Number(z.dataset.count)) lost.push(b);
  }
  for (const [id, b] of before.zones) if (!document.querySelector(`#felt [data-zone="${id}"]`) && b.n) lost.push(b);
  for (const e of cardNodes()) {
    const to = e.getBoundingClientRect();
    let from = e.dataset.card ? before.cards.get(e.dataset.card) : null;
    if (!from) {
      const zone = e.closest("[data-zone]");
      const b = zone && before.zones.get(zone.dataset.zone);
      if (b && b.n >= Number(zone.dataset.count)) continue;     // a card that was there already
      const src = lost.find((l) => l.owner === zone.dataset.owner) || lost[0];   // its owner's, first
      from = src && src.rect;
    }
    if (!from) continue;
    const dx = from.left - to.left, dy = from.top - to.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    e.animate([{transform: `translate(${dx}px, ${dy}px)`, zIndex: 5}, {transform: "none", zIndex: 5}],
              {duration: ms, easing: "cubic-bezier(.2,.7,.3,1)"});
  }
}

// -- drawing ------------------------------------------------------------------------------------------
function place(k, n) {            // where the seat k places after this one sits, seen from this seat
  if (k === 0) return "bottom";
  if (n === 2) return "top";
  if (n === 3) return k === 1 ? "left" : "right";
  if (k === 1) return "left";
  if (k === n - 1) return "right";
  return "top";
}

function draw() {
  const s = state;
  document.title = `${s.game} — cardrules`;
  $("title").textContent = s.game;
  $("how").href = `/how-to-play/${GAME}/${TOKEN}`;
  let status;
  if (s.over) status = s.failed ? `The game stopped: ${s.failed}` : s.result;
  else {
    const head = `Hand ${s.hand}` + (s.phase ? ` · ${s.phase}` : "");
    status = s.to_move === s.seat ? `${head} · your turn` : `${head} · ${s.names[s.to_move]} to play…`;
  }
  $("status").textContent = status;
  if (!stopped) document.body.dataset.state = s.over ? "over" : s.to_move === s.seat ? "your-turn" : "waiting";
  Object.assign(document.body.dataset, {hand: s.hand, handsPlayed: s.hands.length, decision: s.decision, seat: s.seat});
  $("undo").hidden = !s.can_undo || stopped;
  $("last-trick").hidden = !trickZones(s).length;
  $("last-trick").disabled = !s.last_trick.length;

  const lit = new Set(), targets = new Set();
  if (myTurn() && !sent) {
    for (const m of possible(picks)) for (const c of placesOf(m)) if (!picks.includes(c.slice(c.indexOf("|") + 1))) lit.add(c);
    const pool = picks.length ? complete(picks) : otherMoves();
    for (const m of pool) for (const p of m.parts) { const k = targetKey(p); if (k) targets.add(k); }
  }
  const ctx = {lit, targets};
  const n = s.players.length;
  showingHeld = !!holdTrick && trickZones(s).every((z) => !z.cards.length);
  const spots = {top: [], left: [], right: [], bottom: []};
  for (let k = 0; k < n; k++) {
    const p = s.players[(s.seat + k) % n];
    spots[place(k, n)].push(p);
  }
  $("seat-top").replaceChildren(...spots.top.map((p) => drawSeat(p, ctx)));
  $("seat-left").replaceChildren(...spots.left.map((p) => drawSeat(p, ctx)));
  $("seat-right").replaceChildren(...spots.right.map((p) => drawSeat(p, ctx)));
  $("mine").replaceChildren(...spots.bottom.map((p) => drawSeat(p, ctx)));
  document.body.dataset.sides = spots.left.length ? "yes" : "no";

  const trick = $("trick");
  trick.replaceChildren();
  const held = showingHeld ?
    trickCards(holdTrick).map((t) => ({id: `held:${t.seat}`, owner: t.seat, cards: t.cards, centre: true,
                                       visibility: "all", label: "", description: ""})) : null;
  // each player's cards at their side of the middle; several at one side (the players across a
  // table of five or more, two such zones of one player) side by side, in seat order
  const cells = [];
  for (const z of held || trickZones(s)) {
    if (!shown(z, ctx)) continue;
    const k = (z.owner - s.seat + n) % n;
    cells.push([k, drawZone(z, ctx, s.seat === z.owner ? "You" : s.names[z.owner])]);
  }
  const at = {};
  for (const [k, cell] of cells.sort((a, b) => a[0] - b[0])) {
    const p = place(k, n);
    if (!at[p]) trick.append(at[p] = el("div", {class: `trick-place at-${p}`}));
    at[p].append(cell);
  }
  trick.hidden = !trick.children.length;
  $("shared").replaceChildren(...s.zones.filter((z) => z.owner === null && shown(z, ctx)).map((z) => drawZone(z, ctx)));
  drawPrompt(null);
  drawScores();
  const log = $("log");
  log.replaceChildren(...s.log.map((line) => el("li", {text: line})));
  log.scrollTop = log.scrollHeight;
}

function shown(z, ctx) {          // an empty zone is drawn only when it matters now
  return z.cards.length > 0 || z.show_empty || ctx.targets.has("zone:" + z.id);
}

function drawSeat(p, ctx) {
  const s = state, mine = p.seat === s.seat;
  const isTarget = ctx.targets.has("seat:" + p.seat);
  const head = el("div", {class: "seat-head"},
    el("strong", {class: "name", text: mine ? `${p.name} (you)` : p.name}),
    p.kind !== "human" ? el("span", {class: "kind", text: p.kind}) : null,
    p.dealer ? el("span", {class: "badge", text: "dealer"}) : null,
    s.keeps_score === false ? null :      // a game without scores: no "0 (+0)"
      el("span", {class: "points", text: `${p.total}` + (s.over ? "" : ` (${p.score >= 0 ? "+" : ""}${p.score})`),
                  title: "match total (this hand)"}));
  const box = el("section", {class: "seat" + (p.to_move ? " to-move" : "") + (mine ? " me" : "") +
                                   (isTarget ? " target" : ""), "data-seat": p.seat,
                             "aria-label": mine ? "You" : p.name}, head);
  if (isTarget) {
    const b = el("button", {class: "target-button", text: `Choose ${p.name}`});
    b.addEventListener("click", () => clickTarget("seat:" + p.seat));
    box.append(b);
  }
  const zones = el("div", {class: "seat-zones"});
  for (const z of s.zones) if (z.owner === p.seat && !z.centre && shown(z, ctx)) zones.append(drawZone(z, ctx));
  box.append(zones);
  return box;
}

function drawZone(z, ctx, caption) {
  const s = state;
  const mine = z.owner === s.seat;
  const hand = (z.visibility === "owner" || z.visibility === "all_but_owner") && z.owner !== null;
  const stack = z.visibility === "none" || z.visibility === "top";
  const isTarget = ctx.targets.has("zone:" + z.id);
  const style = hand ? (mine ? "hand" : "fan") : stack ? "stack" : z.centre ? "row" : "fan";
  const box = el("div", {class: `zone ${style}` + (isTarget ? " target" : "") + (mine ? " mine" : ""),
                         "data-zone": z.id, "data-count": z.cards.length, "data-owner": z.owner ?? "",
                         title: z.description || null});
  const label = caption || z.label;
  // a pile shows one card: its count says "cards", as the terminal does ("Tricks 8" read as
  // eight tricks, "Pile 1 1" as a pile's number twice); a hand's cards are there to count
  const n = z.cards.length, counted = stack ? `${n} card${n === 1 ? "" : "s"}` : String(n);
  box.append(el("div", {class: "zone-label"}, el("span", {text: label}),
                n > 1 || stack ? el("span", {class: "count", text: counted}) : null,
                z.data ? el("span", {class: "zone-data", text: z.data}) : null));   // what it keeps: "owner South, value 9"
  const row = el("div", {class: "cards", role: "list", "aria-label": `${label}: ${z.cards.length} card${z.cards.length === 1 ? "" : "s"}`});
  let places = z.order ? z.order : z.cards.map((_, i) => i);     // each card's place in the zone
  if (showingHeld && !caption) {     // a trick still held in the middle is not yet in its winner's pile
    const held = new Set(holdTrick.map((t) => t.card).filter(Boolean));
    places = places.filter((i) => !z.cards[i] || !held.has(z.cards[i]));
  }
  if (stack && places.length) places = [places[places.length - 1]];
  places.forEach((k, i) => {
    const c = z.cards[k];
    const item = cardFor(c, z, ctx);
    if (stack && z.cards.length > 1) item.classList.add("deep");
    if (!c) item.dataset.key = `${z.id}#${i}`;
    const marked = z.marks && z.marks[k];     // the marks this seat knows the card carries
    row.append(el("div", {role: "listitem", class: "slot"}, item,
                  marked ? el("span", {class: "marks", text: marked, title: `Marks: ${marked}`}) : null));
  });
  box.append(row);
  if (isTarget) {
    const b = el("button", {class: "target-button", text: `Here: ${z.label}`});
    b.addEventListener("click", () => clickTarget("zone:" + z.id));
    box.append(b);
  }
  return box;
}

function cardFor(name, z, ctx) {
  const mine = z.owner === state.seat && (z.visibility === "owner" || z.visibility === "all_but_owner");
  const can = !!name && ctx.lit.has(`${z.id}|${name}`);       // this copy, not one of its name elsewhere
  const picked = !!name && picks.includes(name) && cardMoves().some((m) => placesOf(m).includes(`${z.id}|${name}`));
  const zoneTarget = ctx.targets.has("zone:" + z.id);
  if (!name || (!can && !picked && !(mine && myTurn() && !sent) && !zoneTarget)) return cardEl(name, state.deck);
  const b = cardEl(name, state.deck, "button");
  b.classList.toggle("playable", can);
  b.classList.toggle("selected", picked);
  b.classList.toggle("unplayable", !can && !picked && !zoneTarget);
  if (picked) b.setAttribute("aria-pressed", "true");
  if (!can && !picked && !zoneTarget) b.title = "not playable now: click to see why";
  b.addEventListener("click", () => (zoneTarget && !can && !picked ? clickTarget("zone:" + z.id) : clickCard(name)));
  return b;
}

function moveButton(m, cls = "choice") {
  const b = el("button", {class: `${cls} move`, "data-move": m.move, text: m.label});
  if (sent) b.disabled = true;
  b.addEventListener("click", () => play(m));
  return b;
}

function drawPrompt(moves, title) {
  const box = $("prompt");
  box.replaceChildren();
  if (!state) return;
  if (state.over) {
    box.append(el("p", {class: "result", text: state.failed || state.result}));
    if (state.next_game) {
      box.append(el("a", {class: "choice", href: `/play/${state.next_game}/${TOKEN}`, text: "Join the next game"}));
    } else if (!stopped) {
      const b = el("button", {class: "choice", id: "rematch", text: "Play again (same seats)"});
      b.addEventListener("click", () => { askedRematch = true; b.disabled = true; send({type: "rematch"}); });
      box.append(b);
    }
    return;
  }
  if (stopped) return;
  if (state.to_move !== state.seat) {
    box.append(el("p", {class: "ask dim", text: `Waiting for ${state.names[state.to_move]}…`}));
    return;
  }
  if (sent) { box.append(el("p", {class: "ask sent", text: `${sent.label}…`})); return; }
  if (moves) {
    box.append(el("p", {class: "ask", text: title}), ...moves.map((m) => moveButton(m)));
    return;
  }
  const blind = state.moves.filter(isBlind);
  if (blind.length && blind.length === state.moves.length) {
    box.append(el("p", {class: "ask", text: `${blind[0].label.split(" ")[0]}: pick one of ${blind.length} face-down cards` +
                                         (state.fan_from ? ` from ${state.fan_from}` : "")}));
    const row = el("div", {class: "cards blind"});
    for (const m of blind) {
      const b = cardEl(null, state.deck, "button");
      b.classList.add("playable");
      b.dataset.blind = m.parts[0].blind;
      b.setAttribute("aria-label", `face-down card ${m.parts[0].blind + 1}`);
      b.addEventListener("click", () => play(m));
      row.append(b);
    }
    box.append(row);
    return;
  }
  const other = otherMoves();
  if (picks.length) {
    const done = complete(picks), still = possible(picks);
    const more = still.length > done.length;
    box.append(el("p", {class: "ask", text: `Picked ${picks.map(screen).join(" ")}` +
      (done.length ? (more ? ": confirm, or pick more." : ": confirm.") : ": pick more.") + " (Esc cancels)"}));
    for (const m of done) box.append(moveButton(m, "choice confirm"));
    const cancel = el("button", {class: "plain", text: "Cancel"});
    cancel.addEventListener("click", () => { picks = []; draw(); });
    box.append(cancel);
    return;
  }
  const kinds = [...new Set(cardMoves().map((m) => m.name))].map((k) => state.move_kinds[k] || k);
  // moves that name no card only: what each kind does, as the terminal says it ("Bid the
  // counters your partnership will take; or Pass"), not a bare "Your turn."
  const told = (k) => state.move_kinds[k] && state.move_kinds[k].toLowerCase() !== k.replace(/_/g, " ").toLowerCase();
  const said = kinds.length ? kinds : [...new Set(other.map((m) => m.name))].filter(told).map((k) => state.move_kinds[k]);
  box.append(el("p", {class: "ask", text: "Your turn" + (said.length ? ": " + said.join("; or ") + (kinds.length ? " — click a lit card." : ".") : ".")}));
  if (other.length) box.append(otherMovesBox(other));
}

// Many moves that differ in their last value ("Bid tricks 6, strain spades" ... "Bid tricks 10,
// strain notrump": 25 buttons) are laid out as rows, one per value before the last ("Bid tricks
// 6, strain:"), each with a button per last value ("spades"); the other moves ("Pass") follow as
// buttons. A few moves stay one row of buttons; each button's title is the move's whole label.
const ROWS_FROM = 9;
function otherMovesBox(moves) {
  const split = (m) => { const k = m.label.lastIndexOf(", "); return k < 0 ? null : [m.label.slice(0, k), m.label.slice(k + 2)]; };
  const rows = new Map(), rest = [];
  for (const m of moves) {
    const s = split(m);
    if (!s) { rest.push(m); continue; }
    if (!rows.has(s[0])) rows.set(s[0], []);
    rows.get(s[0]).push(m);
  }
  const inRows = moves.length - rest.length;
  if (inRows < ROWS_FROM || rows.size < 2 || rows.size === inRows) {
    return oneValueRow(moves) || el("div", {class: "other-moves"}, ...moves.map((m) => moveButton(m)));
  }
  // The last value's name, when every button would start with it ("strain spades"), goes to
  // the rows' labels: "Bid tricks 6, strain:" [spades] [clubs] ...
  const lasts = moves.filter((m) => split(m)).map((m) => split(m)[1]);
  const word = lasts[0].split(" ")[0];
  const shared = lasts.every((x) => x.startsWith(word + " ") && x.length > word.length + 1) ? word : null;
  return el("div", {class: "move-rows"}, ...[...rows].map(([head, ms]) => el("div", {class: "move-row"},
    el("span", {class: "row-label", text: head + (shared ? `, ${shared}:` : ":")}),
    el("span", {class: "buttons"}, ...ms.map((m) => {
      const b = moveButton(m, "choice small");
      b.textContent = shared ? split(m)[1].slice(shared.length + 1) : split(m)[1];
      b.title = m.label;
      return b;
    })))),
    ...(rest.length ? [el("div", {class: "other-moves"}, ...rest.map((m) => moveButton(m)))] : []));
}

// Many moves of one value ("Bid amount 70" ... "Bid amount 180": 23 buttons) are one row: their
// shared words as its label ("Bid amount:"), a button per value ("70"); the others follow.
function oneValueRow(moves) {
  const at = (m) => m.label.lastIndexOf(" ");
  const heads = new Map();
  for (const m of moves) {
    if (at(m) > 0) heads.set(m.label.slice(0, at(m)), [...(heads.get(m.label.slice(0, at(m))) || []), m]);
  }
  const [head, ms] = [...heads].reduce((a, b) => (b[1].length > a[1].length ? b : a), ["", []]);
  if (ms.length < ROWS_FROM) return null;
  const rest = moves.filter((m) => !ms.includes(m));
  return el("div", {class: "move-rows"}, el("div", {class: "move-row"},
    el("span", {class: "row-label", text: head + ":"}),
    el("span", {class: "buttons"}, ...ms.map((m) => {
      const b = moveButton(m, "choice small");
      b.textContent = m.label.slice(at(m) + 1);
      b.title = m.label;
      return b;
    }))),
    ...(rest.length ? [el("div", {class: "other-moves"}, ...rest.map((m) => moveButton(m)))] : []));
}

function drawScores() {
  const s = state;
  if (s.keeps_score === false) {      // a game without scores: no sheet of zeros
    const decided = s.players.length === 1 ? "you win or lose it" : "the match is decided by who loses";
    $("scores").replaceChildren(el("p", {class: "dim", text: `No score is kept: ${decided}.`}));
    drawVariables();
    return;
  }
  const t = s.players.length > 4 ? scoresByPlayer(s) : scoresByHand(s);
  const teams = (s.teams || []).map((g) => el("div", {class: "team"},
    el("span", {class: "dim", text: g.seats.map((p) => p === s.seat ? "You" : s.names[p]).join(" + ") + ": "}),
    `${g.total}` + (s.over ? "" : ` (this hand ${g.score > 0 ? "+" : ""}${g.score})`)));
  $("scores").replaceChildren(t, ...teams);
  drawVariables();
}

function scoresByHand(s) {          // a column per player, a row per hand
  const t = el("table");
  t.append(el("tr", {}, el("th", {text: ""}), ...s.players.map((p) => el("th", {text: p.seat === s.seat ? "You" : p.name}))));
  s.hands.forEach((r, k) => t.append(el("tr", {}, el("td", {text: `hand ${k + 1}`}),
    ...r.map((x) => el("td", {text: (x > 0 ? "+" : "") + x})))));
  if (!s.over) t.append(el("tr", {}, el("td", {text: `hand ${s.hand} so far`}), ...s.players.map((p) => el("td", {text: String(p.score)}))));
  if (s.so_far) t.append(el("tr", {class: "so-far"}, el("td", {text: "result so far"}), ...s.so_far.map((x) => el("td", {text: x}))));
  t.append(el("tr", {class: "total"}, el("td", {text: "total"}), ...s.players.map((p) => el("td", {text: String(p.total)}))));
  return t;
}

// Five players or more: a column each does not fit the side panel (names cut off at its edge), so
// a row each, with the last hand's result, this hand's score so far and the total (the earlier
// hands are told in the narration).
function scoresByPlayer(s) {
  const last = s.hands[s.hands.length - 1];
  const cols = [];
  if (last) cols.push([`hand ${s.hands.length}`, (k) => (last[k] > 0 ? "+" : "") + last[k]]);
  if (!s.over) cols.push(["so far", (k) => String(s.players[k].score)]);
  if (s.so_far) cols.push(["result so far", (k) => s.so_far[k]]);
  cols.push(["total", (k) => String(s.players[k].total)]);
  return el("table", {class: "by-player"},
    el("tr", {}, el("th", {text: ""}), ...cols.map(([name]) => el("th", {text: name}))),
    ...s.players.map((p, k) => el("tr", {}, el("td", {text: p.seat === s.seat ? "You" : p.name}),
      ...cols.map(([name, value]) => el("td", {class: name === "total" ? "total" : null, text: value(k)})))));
}

function drawVariables() {
  const s = state;
  $("variables").replaceChildren(...s.variables.map((v) => el("div", {class: "var", title: v.description || null},
    el("span", {class: "dim", text: v.name + ": "}),
    Array.isArray(v.value) ? v.value.map((x, i) => `${i === s.seat ? "you" : s.names[i]} ${x}`).join(", ") : String(v.value))));
}

// -- settings and keys ----------------------------------------------------------------------------
$("speed").value = String(settings.speed);
if (![...$("speed").options].some((o) => o.value === String(settings.speed))) $("speed").value = "380";
$("speed").addEventListener("change", () => {
  settings.speed = Number($("speed").value);
  localStorage.setItem("cardrules.speed", String(settings.speed));
});
$("auto-forced").checked = settings.auto;
$("auto-forced").addEventListener("change", () => {
  settings.auto = $("auto-forced").checked;
  localStorage.setItem("cardrules.auto", String(settings.auto));
  if (state) forced();
});
$("last-trick").addEventListener("click", showLastTrick);
$("undo").addEventListener("click", () => { if (!sent) send({type: "undo"}); });
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && picks.length && state) { picks = []; draw(); }
});
$("ready").addEventListener("click", () => send({type: "ready"}));
connect();
