// The live table page. No framework, no build step, nothing fetched from elsewhere: the Pi may
// be offline. One EventSource carries everything; on (re)connect the server first sends a
// snapshot, so a page that loses the stream rebuilds itself from it and misses nothing.
"use strict";

const VERDICTS = {
  correct: { icon: "\u2714", word: "CORRECT" },
  wrong: { icon: "\u2716", word: "WRONG" },
  tie: { icon: "=", word: "TIE" },
  void: { icon: "\u2205", word: "VOID" },
};
const CLASSIC_KINDS = ["banana", "strawberry", "lime", "plum"];
const KIND_COLOURS = {
  banana: "#f0e442", strawberry: "#d55e00", lime: "#5cc45c", plum: "#9b4f96",
  yellow: "#f0e442", red: "#d55e00", green: "#5cc45c", blue: "#56b4e9",
};
const MAX_RULINGS = 30;

const view = {
  game: null, // the "game" event
  table: null, // latest state.table
  zones: [],
  imageSize: null, // [w, h] of the camera view, for drawing zones over it
  names: [],
  rulings: new Map(), // id -> ruling event, in arrival order
  over: null,
  frame: null,
  controls: true,
};

// ---- tiny DOM helper: text only, never innerHTML, so player names cannot inject markup ----
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "style") el.style.cssText = v; // CSSOM: allowed by the page's CSP
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}
const $ = (id) => document.getElementById(id);
const num = (x) => (typeof x === "number" && isFinite(x) ? x : null);

function nameOf(seat, names) {
  if (seat === null || seat === undefined) return "someone (shared bell)";
  const list = names && names.length ? names : view.names;
  return list[seat] !== undefined ? list[seat] : `seat ${seat}`;
}

// ---- the live stream --------------------------------------------------------------------------
function connect() {
  const source = new EventSource("/events");
  source.onopen = () => setLink(true);
  source.onerror = () => setLink(false); // EventSource retries by itself
  source.onmessage = (msg) => {
    let ev;
    try { ev = JSON.parse(msg.data); } catch (e) { return; }
    handle(ev);
  };
}

function setLink(on) {
  const el = $("link");
  el.className = "link " + (on ? "on" : "off");
  el.querySelector(".word").textContent = on ? "live" : "reconnecting…";
}

function handle(ev) {
  switch (ev.type) {
    case "snapshot": return applySnapshot(ev);
    case "state": return applyState(ev);
    case "ruling": return applyRuling(ev, true);
    case "game": return applyGame(ev);
    case "eliminated": return notice(`${nameOf(ev.seat)} is out${ev.reason ? ": " + ev.reason : ""}`);
    case "game_over": return applyOver(ev);
    case "frame": return applyFrame(ev.v);
    case "notice": return notice(ev.message || "notice");
    case "round_over": return hawaikiRound(ev);
    case "question": return hawaikiQuestion(ev);
    default: return;
  }
}

function applySnapshot(s) {
  view.controls = s.controls !== false;
  hawaikiSnapshot(s);
  view.rulings.clear();
  $("rulings").replaceChildren();
  $("notices").replaceChildren();
  if (s.game) applyGame(s.game, true);
  if (s.state) applyState(s.state);
  for (const r of s.rulings || []) applyRuling(r, false);
  for (const e of s.eliminated || []) notice(`${nameOf(e.seat)} is out${e.reason ? ": " + e.reason : ""}`);
  if (s.game_over) applyOver(s.game_over, true); else $("over").hidden = true;
  if (s.frame !== null && s.frame !== undefined) applyFrame(s.frame);
  renderNow();
  $("controls").classList.toggle("disabled", !view.controls);
}

function applyGame(g, quiet) {
  view.game = g;
  view.names = Array.isArray(g.players) ? g.players.map(String) : [];
  view.over = null;
  $("over").hidden = true;
  if (!quiet) hawaikiNewGame();
  if (!quiet) {
    view.rulings.clear();
    $("rulings").replaceChildren();
    $("notices").replaceChildren();
    renderNow();
    refreshBoxes();
  }
  renderGameLine();
  fillSeatSelects();
  showHawaikiControls();
}

function applyState(ev) {
  if (!ev.table) return;
  view.table = ev.table;
  hawaikiState(ev);
  view.zones = Array.isArray(ev.zones) ? ev.zones : [];
  view.imageSize = Array.isArray(ev.image_size) ? ev.image_size : view.imageSize;
  if (Array.isArray(ev.table.players) && ev.table.players.length) {
    const names = ev.table.players.map((p) => String(p.name ?? `seat ${p.seat}`));
    if (names.join("\n") !== view.names.join("\n")) { view.names = names; fillSeatSelects(); }
  }
  // Many state events can arrive in a burst: draw once per animation frame.
  if (!applyState.queued) {
    applyState.queued = true;
    requestAnimationFrame(() => {
      applyState.queued = false; renderTable(); renderGameLine(); renderOverlay();
    });
  }
}

// ---- rulings ----------------------------------------------------------------------------------
function overall(r) {
  if (r.subject) return hawaikiVerdict(r); // a Hawaiki ruling decides one input, not a ring
  const presses = Array.isArray(r.presses) ? r.presses : [];
  if (r.winner !== null && r.winner !== undefined) return "correct";
  if (presses.some((p) => p.verdict === "tie")) return "tie";
  if (presses.some((p) => p.verdict === "correct")) return "correct"; // uncredited shared bell
  if (presses.some((p) => p.verdict === "wrong")) return "wrong";
  return "void";
}

function headline(r, verdict) {
  const presses = Array.isArray(r.presses) ? r.presses : [];
  const names = r.names;
  if (r.subject) return hawaikiHeadline(r);
  if (r.uncredited) return "Correct ring: who rang?";
  if (verdict === "correct") return `${nameOf(r.winner ?? presses.find((p) => p.verdict === "correct")?.seat, names)} rang first`;
  const who = (v) => [...new Set(presses.filter((p) => p.verdict === v).map((p) => nameOf(p.seat, names)))];
  if (verdict === "tie") return `${who("tie").join(" & ")} tied`;
  if (verdict === "wrong") return `${who("wrong").join(", ")} rang`;
  const all = [...new Set(presses.map((p) => nameOf(p.seat, names)))];
  return all.length ? `${all.join(", ")} rang` : "bell";
}

function rulingCard(r, eager) {
  const verdict = overall(r);
  const v = VERDICTS[verdict];
  const status = r.status || "final";
  const presses = (Array.isArray(r.presses) ? r.presses.slice() : []).sort((a, b) => (num(a.t) ?? 0) - (num(b.t) ?? 0));
  const t0 = presses.length ? num(presses[0].t) : null;
  const items = presses.map((p) => {
    const pv = VERDICTS[p.verdict] || VERDICTS.void;
    const dt = t0 !== null && num(p.t) !== null ? Math.round((p.t - t0) * 1000) : null;
    const notes = [];
    if (num(p.reaction_ms) !== null) notes.push(`${Math.round(p.reaction_ms)} ms after the five`);
    if (p.anticipation) notes.push("too fast: anticipated");
    if (p.note && !(r.reason || "").includes(p.note)) notes.push(p.note);
    return h("li", {},
      h("span", { class: "dt" }, dt === null ? "" : dt === 0 ? "first" : `+${dt} ms`),
      h("span", {}, nameOf(p.seat, r.names)),
      h("span", { class: `pv v chip-${p.verdict in VERDICTS ? p.verdict : "void"}` },
        h("span", { "aria-hidden": "true" }, pv.icon), (p.verdict || "void")),
      notes.length ? h("span", { class: "note" }, notes.join(" · ")) : null);
  });
  const statusWord = status === "provisional" ? "provisional: checking" : status;
  const card = h("article", {
    class: `ruling v-${verdict}${status === "provisional" ? " provisional" : ""}`,
    "data-id": r.id ?? "", "data-status": status, "data-verdict": verdict,
  },
    h("div", { class: "head" },
      h("span", { class: "icon", "aria-hidden": "true" }, v.icon),
      h("span", { class: "word" }, r.subject ? hawaikiWord(r) : v.word),
      h("span", { class: "who" }, headline(r, verdict)),
      h("span", { class: "status" }, statusWord)),
    h("div", { class: "body" }, h("div", { class: "text" },
      r.reason ? h("div", { class: "reason" }, r.reason) : null,
      items.length ? h("ol", { class: "presses", "aria-label": "presses, times from the first" }, items) : null,
      r.uncredited && view.names.length && typeof r.id === "number" ? creditButtons(r) : null,
      h("div", { class: "meta" }, [
        typeof r.id === "number" ? `ruling ${r.id}` : null,
        num(r.t) !== null ? `t = ${r.t.toFixed(3)} s` : null,
        Array.isArray(r.cards) ? (r.subject ? "hands \u2248 " : "cards now: ") + r.cards.map((c, i) => `${nameOf(i, r.names)} ${c}`).join(", ") : null,
      ].filter(Boolean).join(" \u00b7 "))),
      r.evidence ? h("img", {
        class: "evidence", src: r.evidence, loading: eager ? "eager" : "lazy",
        alt: `evidence photo of ruling ${r.id ?? ""}`, onclick: () => zoom(r.evidence),
        onerror: (e) => { e.target.hidden = true; },
      }) : null));
  return card;
}

function creditButtons(r) {
  return h("div", { class: "credit" }, h("span", {}, "Credit to:"),
    view.names.map((n, seat) => h("button", {
      class: "seat", type: "button",
      onclick: () => send("/api/credit", { ruling_id: r.id, seat }, `credited ruling ${r.id} to ${n}`),
    }, n)));
}

let anonymous = 0;
function applyRuling(r, live) {
  if (r.id === null || r.id === undefined) r = { ...r, id: `anonymous-${++anonymous}` }; // no store: no ids
  if (r.replaces !== undefined && r.replaces !== null && view.rulings.has(r.replaces) && !view.rulings.has(r.id)) {
    // A correction stored under a new id takes the place of the ruling it replaces.
    const old = $("rulings").querySelector(`[data-id="${CSS.escape(String(r.replaces))}"]`);
    view.rulings.delete(r.replaces);
    view.rulings.set(r.id, r);
    if (old) old.replaceWith(rulingCard(r));
  } else if (view.rulings.has(r.id)) {
    view.rulings.set(r.id, r); // confirmation or correction: update in place
    const old = $("rulings").querySelector(`[data-id="${CSS.escape(String(r.id))}"]`);
    if (old) old.replaceWith(rulingCard(r));
  } else {
    view.rulings.set(r.id, r);
    $("rulings").prepend(rulingCard(r));
    while (view.rulings.size > MAX_RULINGS) {
      const first = view.rulings.keys().next().value;
      view.rulings.delete(first);
      $("rulings").lastElementChild?.remove();
    }
  }
  renderNow(live ? r.id : undefined);
  if (r.uncredited && typeof r.id === "number") $("form-credit").ruling_id.value = r.id;
  if (live) scheduleStats();
}

function renderNow(flashId) {
  const now = $("now");
  const latest = [...view.rulings.values()].pop();
  if (!latest) {
    now.replaceChildren(h("div", { class: "empty-note" }, "No ring yet. Rulings appear here the moment the bell is judged."));
    return;
  }
  const card = rulingCard(latest, true);
  if (flashId !== undefined && flashId === latest.id) card.classList.add("flash");
  now.replaceChildren(card);
}

function applyOver(ev, quiet) {
  view.over = ev;
  const names = view.names;
  const cards = Array.isArray(ev.cards) ? ev.cards : [];
  const winners = Array.isArray(ev.winners) ? ev.winners : [];
  // Hawaiki's standing is tokens (the most wins); Halli Galli's is cards.
  const tokens = Array.isArray(ev.tokens) ? ev.tokens : null;
  const counted = tokens || cards;
  const unit = tokens ? "tokens" : "cards";
  const order = counted.map((c, seat) => ({ seat, c })).sort((a, b) => b.c - a.c || a.seat - b.seat);
  const box = $("over");
  box.replaceChildren(
    h("h2", {}, winners.length ? `Game over: ${winners.map((s) => nameOf(s, names)).join(" & ")} ${winners.length > 1 ? "win" : "wins"}` : "Game over"),
    ev.reason ? h("p", {}, ev.reason) : null,
    order.length ? h("ol", {}, order.map((o) => h("li", {}, `${nameOf(o.seat, names)}: ${o.c} ${unit}${winners.includes(o.seat) ? " \u2605 winner" : ""}`))) : null);
  box.hidden = false;
  if (!quiet) refreshBoxes();
}

function notice(text) {
  const box = $("notices");
  box.prepend(h("div", { class: "notice" }, text));
  while (box.children.length > 5) box.lastElementChild.remove();
}

// ---- the table --------------------------------------------------------------------------------
function renderGameLine() {
  const g = view.game || {};
  const t = view.table || {};
  const parts = [];
  const ruleset = t.ruleset || g.ruleset;
  if (ruleset) parts.push(ruleset);
  if (view.names.length) parts.push(`${view.names.length} players`);
  if (isHawaiki()) {
    $("game-line").textContent = hawaikiGameLine(parts).join(" \u00b7 ");
    return;
  }
  if (t.over || view.over) parts.push("game over");
  else if (t.paused) parts.push("piles being gathered");
  else if (t.turn !== null && t.turn !== undefined) parts.push(`${nameOf(t.turn)} to turn a card`);
  if (t.last_two) parts.push("the last two");
  $("game-line").textContent = parts.length ? parts.join(" \u00b7 ") : "waiting for a game…";
}

function renderTable() {
  showHawaikiControls();
  if (isHawaiki()) return renderHawaikiTable();
  const t = view.table || {};
  const totals = t.totals && typeof t.totals === "object" ? t.totals : {};
  const fives = new Set(Array.isArray(t.fives) ? t.fives : Object.keys(totals).filter((k) => totals[k] === 5));
  const ruleset = String(t.ruleset || view.game?.ruleset || "");
  const kinds = ruleset.startsWith("classic") ? [...CLASSIC_KINDS] : [];
  for (const k of Object.keys(totals)) if (!kinds.includes(k)) kinds.push(k);
  const chips = kinds.map((k) => {
    const n = num(totals[k]) ?? 0;
    const colour = KIND_COLOURS[k] || KIND_COLOURS[k.split(" ")[0]] || "#888";
    return h("div", { class: `kind${n === 0 ? " zero" : ""}${fives.has(k) ? " five" : ""}`, "data-kind": k,
      "aria-label": `${k}: ${n}${fives.has(k) ? ", exactly five: ring!" : ""}` },
      h("span", { class: "swatch", style: `background:${colour}` }), h("span", { class: "name" }, k),
      h("span", { class: "n" }, n));
  });
  if (fives.size) chips.push(h("div", { class: "bell-note", role: "status" }, `5! exactly five ${[...fives].join(" and ")}: a ring now is right`));
  $("totals").replaceChildren(...chips);

  const zoneOf = new Map(view.zones.map((z) => [z.seat, z]));
  const players = Array.isArray(t.players) ? t.players : [];
  $("players").replaceChildren(...players.map((p) => {
    const status = p.status || "in";
    const isTurn = t.turn === p.seat && !t.over;
    const zone = zoneOf.get(p.seat);
    const badges = [];
    if (isTurn) badges.push(h("span", { class: "badge turn" }, "\u25b6 turn"));
    if (status === "out") badges.push(h("span", { class: "badge out" }, "\u2716 out"));
    else if (status === "no hidden cards") badges.push(h("span", { class: "badge nohidden" }, "no hidden cards"));
    else badges.push(h("span", { class: "badge" }, "in"));
    if (zone && zone.state && zone.state !== "card" && zone.state !== "empty") {
      badges.push(h("span", { class: "badge warn" }, `camera: ${zone.state}`));
    }
    const conf = zone && num(zone.confidence) !== null && zone.state === "card" && zone.confidence < 0.9
      ? ` (read ${Math.round(zone.confidence * 100)}% sure)` : "";
    const cards = num(p.cards) ?? ((num(p.hidden) ?? 0) + (num(p.pile) ?? 0));
    return h("li", { class: `player${isTurn ? " turn" : ""}${status === "out" ? " out" : ""}`, "data-seat": p.seat },
      h("div", { class: "top" }, h("span", { class: "name" }, p.name ?? `seat ${p.seat}`),
        h("span", { class: "cards" }, cards, h("small", {}, " cards"))),
      h("div", { class: "card" }, p.top ? `on top: ${p.top}${conf}` : "no face-up card"),
      h("div", { class: "detail" }, `${num(p.hidden) ?? "?"} hidden \u00b7 ${num(p.pile) ?? "?"} face-up`),
      h("div", {}, badges));
  }));
}

// Zones and cards drawn over the camera view, when the state says where the zones lie (each
// zone's "zone" polygon in image pixels, SPEC section 2). A referee that annotates its frames
// itself sends no polygons, and nothing is drawn twice.
function renderOverlay() {
  const svg = $("cam-overlay");
  const img = $("cam");
  const zones = view.zones.filter((z) => Array.isArray(z.zone) && z.zone.length >= 3);
  const size = Array.isArray(view.imageSize) ? view.imageSize
    : img.naturalWidth ? [img.naturalWidth, img.naturalHeight] : null;
  if (!zones.length || !size || img.hidden) { svg.replaceChildren(); return; }
  svg.setAttribute("viewBox", `0 0 ${size[0]} ${size[1]}`);
  const fontSize = Math.max(12, Math.round(size[0] / 34));
  svg.replaceChildren(...zones.flatMap((z) => {
    const pts = z.zone.map((p) => `${num(p[0]) ?? 0},${num(p[1]) ?? 0}`).join(" ");
    const minY = Math.min(...z.zone.map((p) => num(p[1]) ?? 0));
    const minX = Math.min(...z.zone.map((p) => num(p[0]) ?? 0));
    const state = ["card", "empty", "occluded", "unknown"].includes(z.state) ? z.state : "unknown";
    const sure = num(z.confidence) !== null && z.confidence < 0.9 ? "?" : "";
    const where = num(z.pile) !== null ? `pile ${z.pile}` : nameOf(z.seat); // Hawaiki: a pile's zone
    const label = `${where}: ${state === "card" ? (z.card || "card") + sure : state}`;
    const maxX = Math.max(...z.zone.map((p) => num(p[0]) ?? 0));
    // A label that would run off the right edge is anchored at the zone's right side instead.
    const wide = minX + label.length * fontSize * 0.62 > size[0];
    return [
      svgEl("polygon", { points: pts, class: `z-${state}` }),
      svgEl("text", {
        x: wide ? maxX : minX, y: Math.max(fontSize, minY - 4), "font-size": fontSize,
        "text-anchor": wide ? "end" : "start",
      }, label),
    ];
  }));
}

// The camera view: fetch a new frame only when the previous one has loaded, so a slow phone
// shows the latest picture instead of a queue of old ones.
function applyFrame(v) {
  view.frame = v;
  const img = $("cam");
  if (img.dataset.loading === "1") return;
  if (String(v) === img.dataset.v) return;
  img.dataset.loading = "1";
  img.dataset.v = String(v);
  const next = new Image();
  next.onload = () => {
    img.src = next.src; img.hidden = false; $("cam-note").hidden = true; img.dataset.loading = "";
    renderOverlay();
    if (String(view.frame) !== img.dataset.v) applyFrame(view.frame);
  };
  next.onerror = () => { img.dataset.loading = ""; };
  next.src = `/frame.jpg?v=${encodeURIComponent(v)}`;
}

function zoom(src) {
  const d = $("zoom");
  d.querySelector("img").src = src;
  if (d.showModal) d.showModal();
}

// ---- history and stats ------------------------------------------------------------------------
async function getJSON(url) {
  const res = await fetch(url, { cache: "no-store" });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.json();
}

async function loadHistory() {
  const box = $("history");
  try {
    const data = await getJSON("/api/history");
    const games = Array.isArray(data.games) ? data.games : [];
    if (!games.length) { box.replaceChildren(h("p", { class: "muted" }, "No games yet.")); return; }
    box.replaceChildren(...games.map((g) => h("div", { class: "game-card" },
      h("h3", {}, `Game ${g.game ?? ""}${g.session ? ` (session ${g.session})` : ""} \u00b7 ${g.ruleset ?? ""} \u00b7 ${g.over ? "finished" : "in play"} \u00b7 ${g.rulings ?? 0} rulings`),
      g.over && g.winners?.length ? h("p", {}, `\u2605 ${g.winners.join(" & ")}${g.reason ? " \u2014 " + g.reason : ""}`) : null,
      h("table", {}, h("thead", {}, h("tr", {}, h("th", { class: "num" }, "#"), h("th", {}, "player"),
        h("th", { class: "num" }, g.ruleset === "hawaiki" ? "tokens" : "cards"))),
        h("tbody", {}, (g.standings || []).map((s) => h("tr", {},
          h("td", { class: "num" }, s.rank ?? ""), h("td", {}, `${s.name}${s.winner ? " \u2605" : ""}${s.out ? " (out)" : ""}`),
          h("td", { class: "num" }, (g.ruleset === "hawaiki" ? s.tokens : s.cards) ?? "\u2013"))))))));
  } catch (e) {
    box.replaceChildren(h("p", { class: "muted" }, "History is not available right now."));
  }
}

async function loadStats() {
  const box = $("stats");
  try {
    const data = await getJSON("/api/stats");
    const players = Array.isArray(data.players) ? data.players : [];
    const hawaiki = Array.isArray(data.hawaiki) && data.hawaiki.length ? hawaikiStats(data.hawaiki) : null;
    if (!players.length) { box.replaceChildren(hawaiki || h("p", { class: "muted" }, "No rings yet.")); return; }
    const ms = (x) => (num(x) === null ? "\u2013" : `${Math.round(x)}`);
    const f = data.fastest;
    box.replaceChildren(
      f ? h("p", {}, `Fastest ring: ${f.name}, ${ms(f.reaction_ms)} ms after the five${f.ruling !== undefined ? ` (ruling ${f.ruling})` : ""}`) : null,
      h("div", { class: "scroll" }, h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, "player"),
        h("th", { class: "num", title: "correct rings" }, "\u2714 right"), h("th", { class: "num", title: "wrong rings" }, "\u2716 wrong"),
        h("th", { class: "num", title: "median reaction time, ms" }, "median"), h("th", { class: "num", title: "fastest correct ring, ms" }, "fastest"))),
        h("tbody", {}, players.map((p) => h("tr", {}, h("td", {}, p.name),
          h("td", { class: "num" }, p.correct ?? 0), h("td", { class: "num" }, p.wrong ?? 0),
          h("td", { class: "num" }, ms(p.median_ms)), h("td", { class: "num" }, ms(p.fastest_ms))))))),
      h("p", { class: "muted small" }, "Times in milliseconds, from the card that made the five to the press."),
      chart(players), hawaiki);
  } catch (e) {
    box.replaceChildren(h("p", { class: "muted" }, "Stats are not available right now."));
  }
}

// Inline SVG charts, no library: rings per player as bars (with counts and icons, so colour is
// not the only cue), and every reaction time as a dot on one millisecond axis, median marked.
const SVG_NS = "http://www.w3.org/2000/svg";
function svgEl(tag, attrs, text) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

function chart(players) {
  const wrap = h("div", { class: "charts" });
  const W = 360, left = 70, right = 350;
  // Rings.
  const rowA = 36;
  const a = svgEl("svg", { viewBox: `0 0 ${W} ${rowA * players.length + 22}`, class: "chart",
    role: "img", "aria-label": "correct and wrong rings per player" });
  a.append(svgEl("text", { x: 0, y: 13, "font-size": 13, "font-weight": 700 }, "Rings: \u2714 correct, \u2716 wrong"));
  const maxRings = Math.max(1, ...players.map((p) => Math.max(p.correct ?? 0, p.wrong ?? 0)));
  const unit = (right - left - 40) / maxRings;
  players.forEach((p, i) => {
    const y = 22 + i * rowA;
    const c = p.correct ?? 0, w = p.wrong ?? 0;
    a.append(svgEl("text", { x: left - 6, y: y + 18, "text-anchor": "end", "font-size": 13, "font-weight": 700 }, p.name));
    a.append(svgEl("rect", { x: left, y: y + 3, width: c * unit, height: 13, fill: "#009e73" }));
    a.append(svgEl("text", { x: left + c * unit + 4, y: y + 14, "font-size": 12 }, `\u2714 ${c}`));
    a.append(svgEl("rect", { x: left, y: y + 18, width: w * unit, height: 13, fill: "#d55e00" }));
    a.append(svgEl("text", { x: left + w * unit + 4, y: y + 29, "font-size": 12 }, `\u2716 ${w}`));
  });
  wrap.append(a);
  // Reaction times.
  const times = players.flatMap((p) => (Array.isArray(p.reactions_ms) ? p.reactions_ms : []).filter((x) => num(x) !== null));
  if (times.length) {
    const rowB = 26;
    const maxMs = Math.ceil(Math.max(500, ...times) / 100) * 100;
    const x = (ms) => left + (ms / maxMs) * (right - left);
    const b = svgEl("svg", { viewBox: `0 0 ${W} ${rowB * players.length + 42}`, class: "chart",
      role: "img", "aria-label": "reaction times of correct rings per player, median marked" });
    b.append(svgEl("text", { x: 0, y: 13, "font-size": 13, "font-weight": 700 }, "Reaction time after the five (ms), | median"));
    players.forEach((p, i) => {
      const y = 22 + i * rowB + 12;
      b.append(svgEl("text", { x: left - 6, y: y + 5, "text-anchor": "end", "font-size": 13, "font-weight": 700 }, p.name));
      b.append(svgEl("line", { x1: left, x2: right, y1: y, y2: y, stroke: "#3a444e" }));
      for (const ms of Array.isArray(p.reactions_ms) ? p.reactions_ms : []) {
        if (num(ms) !== null) b.append(svgEl("circle", { cx: x(ms), cy: y, r: 4.5, fill: "#56b4e9", "fill-opacity": 0.8 }));
      }
      if (num(p.median_ms) !== null) {
        b.append(svgEl("line", { x1: x(p.median_ms), x2: x(p.median_ms), y1: y - 9, y2: y + 9, stroke: "#f0e442", "stroke-width": 3 }));
      }
    });
    const yAxis = 22 + rowB * players.length + 14;
    for (const tick of [0, maxMs / 2, maxMs]) {
      b.append(svgEl("line", { x1: x(tick), x2: x(tick), y1: yAxis - 14, y2: yAxis - 10, stroke: "#a9b3bd" }));
      b.append(svgEl("text", { x: x(tick), y: yAxis, "font-size": 11, "text-anchor": "middle" }, Math.round(tick)));
    }
    wrap.append(b);
  }
  return wrap;
}

let statsTimer = null;
function scheduleStats() {
  if (!$("stats-box").open || statsTimer) return;
  statsTimer = setTimeout(() => { statsTimer = null; loadStats(); }, 1500);
}
function refreshBoxes() {
  if ($("history-box").open) loadHistory();
  if ($("stats-box").open) loadStats();
}

// ---- controls ---------------------------------------------------------------------------------
function pin() {
  const value = $("pin").value.trim();
  try { sessionStorage.setItem("halli-pi-pin", value); } catch (e) { /* private mode */ }
  return value;
}

async function send(url, body, okText) {
  const msg = $("control-msg");
  const value = pin();
  if (!value) {
    $("controls").open = true;
    $("pin").focus();
  }
  msg.className = "control-msg";
  msg.textContent = "sending…";
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Table-Pin": value },
      body: JSON.stringify(body),
    });
    let data = {};
    try { data = await res.json(); } catch (e) { /* not JSON */ }
    if (res.ok) {
      msg.className = "control-msg ok";
      msg.textContent = `\u2714 ${okText}`;
      return true;
    }
    msg.className = "control-msg err";
    msg.textContent = `\u2716 refused (${res.status}): ${data.error || res.statusText}`;
  } catch (e) {
    msg.className = "control-msg err";
    msg.textContent = "\u2716 the referee cannot be reached";
  }
  if (!$("controls").open) $("controls").open = true;
  return false;
}

function fillSeatSelects() {
  const selects = ["correct-seat", "credit-seat"].map($);
  for (const sel of [...selects, ...document.querySelectorAll("select.seat-select")]) {
    const keep = sel.value;
    sel.replaceChildren(...view.names.map((n, i) => h("option", { value: i }, `${i}: ${n}`)));
    if (keep !== "" && keep < view.names.length) sel.value = keep;
  }
}

function setupControls() {
  try { $("pin").value = sessionStorage.getItem("halli-pi-pin") || ""; } catch (e) { /* */ }
  $("form-game").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = e.target;
    const players = f.players.value.split(",").map((s) => s.trim()).filter(Boolean);
    const options = {};
    for (const k of ["window_ms", "tie_ms"]) if (f[k].value !== "") options[k] = Number(f[k].value);
    if (f.play_to_all_cards.checked) options.play_to_all_cards = true;
    if (f.ruleset.value === "hawaiki") {
      // Hawaiki has no bell window; its own options are left at the contract's defaults.
      delete options.window_ms; delete options.tie_ms; delete options.play_to_all_cards;
    }
    if (!confirm(`Start a new ${f.ruleset.value} game for ${players.join(", ")}?`)) return;
    send("/api/game", { players, ruleset: f.ruleset.value, options }, "new game started");
  });
  $("form-correct").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = e.target;
    send("/api/correct", { seat: Number(f.seat.value), card: f.card.value.trim(), t: null },
      `card at seat ${f.seat.value} corrected to ${f.card.value.trim()}`);
  });
  $("form-credit").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = e.target;
    send("/api/credit", { ruling_id: Number(f.ruling_id.value), seat: Number(f.seat.value) },
      `ruling ${f.ruling_id.value} credited`);
  });
  $("form-end").addEventListener("submit", (e) => {
    e.preventDefault();
    if (!confirm("End the game now? Standings stay as they are.")) return;
    send("/api/end", {}, "game ended");
  });
  setupHawaikiControls();
  $("history-box").addEventListener("toggle", () => { if ($("history-box").open) loadHistory(); });
  $("stats-box").addEventListener("toggle", () => { if ($("stats-box").open) loadStats(); });
}

setupControls();
connect();
