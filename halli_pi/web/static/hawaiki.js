// The page at a Hawaiki table (shared/HAWAIKI.md): the three pile tops, each seat's hand as the
// referee accounts it ("≈": never seen), tokens, the round, the duties pending (a designation,
// a thanks with its deadline, an announcement held, a card to take back, a play the camera
// doubts, a top it cannot read, an empty draw pile) and the controls only a person can give.
// Loaded before app.js; its functions are called by app.js once a Hawaiki game is on, and use
// app.js's helpers (h, $, view, send).
"use strict";

const HAWAIKI_COMBOS = ["pair", "suite", "couleur", "brelan"];
const HAWAIKI_COLOURS = { red: "#d55e00", yellow: "#f0e442", green: "#009e73", blue: "#56b4e9", purple: "#cc79a7" };
// Verdicts that cost the seat a card, and those that change nothing (HAWAIKI.md §1.2).
const HAWAIKI_PENALTY = new Set(["false_announce", "missed", "wrong_words", "illegal", "out_of_turn", "invalid"]);
const HAWAIKI_NOTHING = new Set(["void", "late", "unannounced"]);

// `named`: the form naming each unreadable top, kept across redraws so a choice half made
// survives the countdown's and the camera's refreshes.
const hawaikiView = { questions: new Map(), named: new Map(), stateT: null, stateAt: 0, round: null, timer: null };

function isHawaiki() {
  return (view.table?.ruleset || view.game?.ruleset) === "hawaiki";
}

// ---- rulings: what was decided, in the words of the contract -------------------------------
function hawaikiVerdict(r) {
  if (HAWAIKI_PENALTY.has(r.verdict)) return "wrong";
  if (HAWAIKI_NOTHING.has(r.verdict)) return "void";
  return "correct";
}

function hawaikiWord(r) {
  return String(r.verdict || "void").replace(/_/g, " ").toUpperCase();
}

function hawaikiHeadline(r) {
  const who = r.seat === null || r.seat === undefined ? "the table" : nameOf(r.seat, r.names);
  return `${who} \u00b7 ${r.subject}`;
}

// ---- the table --------------------------------------------------------------------------------
function hawaikiState(ev) {
  hawaikiView.stateT = num(ev.t);
  hawaikiView.stateAt = performance.now();
}

// Seconds left to a deadline on the session clock, from the last state's time on.
function secondsLeft(deadline) {
  if (num(deadline) === null || hawaikiView.stateT === null) return null;
  const now = hawaikiView.stateT + (performance.now() - hawaikiView.stateAt) / 1000;
  return Math.max(0, deadline - now);
}

function cardChip(card, label) {
  const colour = HAWAIKI_COLOURS[String(card || "").split(" ")[1]] || "#888";
  return h("div", { class: "hw-pile", "data-card": card || "" },
    h("span", { class: "hw-label" }, label),
    h("span", { class: "hw-card", style: `border-color:${colour}` },
      h("span", { class: "swatch", style: `background:${colour}` }), card || "empty"));
}

function renderHawaikiTable() {
  const t = view.table || {};
  const tops = Array.isArray(t.tops) ? t.tops : [];
  const awaiting = Array.isArray(t.awaiting_take_back) ? t.awaiting_take_back : [];
  // What the camera reads on each pile now, beside the top the referee holds.
  const zoneOf = new Map(view.zones.filter((z) => num(z.pile) !== null).map((z) => [z.pile, z]));
  const seen = (pile) => {
    const z = zoneOf.get(pile);
    if (!z) return "";
    if (z.state !== "card") return ` \u00b7 camera: ${z.state}`;
    return num(z.confidence) !== null && z.confidence < 0.9 ? ` \u00b7 read ${Math.round(z.confidence * 100)}% sure` : "";
  };
  $("totals").replaceChildren(...tops.map((card, pile) => cardChip(card, `pile ${pile}${awaiting[pile] ? ": take back" : ""}${seen(pile)}`)),
    h("div", { class: "hw-stock muted" }, `draw pile \u2248 ${num(t.draw_pile) ?? "?"}`));
  const players = Array.isArray(t.players) ? t.players : [];
  $("players").replaceChildren(...players.map((p) => {
    const isTurn = t.to_act === p.seat && !t.over;
    const badges = [];
    if (isTurn) badges.push(h("span", { class: "badge turn" }, "\u25b6 to play"));
    if (num(p.owes_thanks)) {
      const left = secondsLeft(p.thanks_due);
      badges.push(h("span", { class: "badge warn hw-owes" },
        `owes ${p.owes_thanks > 1 ? "merci beaucoup" : "merci"}${left === null ? "" : ` \u00b7 ${left.toFixed(0)} s`}`));
    }
    return h("li", { class: `player${isTurn ? " turn" : ""}`, "data-seat": p.seat },
      h("div", { class: "top" }, h("span", { class: "name" }, p.name ?? `seat ${p.seat}`),
        h("span", { class: "cards", title: "cards in hand, as accounted (not seen)" },
          `\u2248 ${num(p.hand) ?? "?"}`, h("small", {}, " cards"))),
      h("div", { class: "detail" }, `${num(p.tokens) ?? "?"} tokens`),
      h("div", {}, badges));
  }));
  renderDuties();
  const ticking = players.some((p) => num(p.owes_thanks));
  if (ticking && !hawaikiView.timer) {
    hawaikiView.timer = setInterval(() => { if (isHawaiki()) renderHawaikiTable(); }, 1000);
  } else if (!ticking && hawaikiView.timer) {
    clearInterval(hawaikiView.timer);
    hawaikiView.timer = null;
  }
}

function hawaikiGameLine(parts) {
  const t = view.table || {};
  if (num(t.round)) parts.push(`round ${t.round}`);
  if (t.over || view.over) parts.push("game over");
  else if (t.to_act !== null && t.to_act !== undefined) parts.push(`${nameOf(t.to_act)} to play`);
  else if (t.round && !t.playing) parts.push("waiting for the next deal");
  return parts;
}

// ---- duties: what the table owes, and what the page asks ------------------------------------
function renderDuties() {
  const t = view.table || {};
  const box = $("hw-duties");
  // A person choosing a card in a name-the-top form: redraw once they are done with it.
  if (box.contains(document.activeElement) && document.activeElement.closest(".hw-name-top")) return;
  const items = [];
  for (const q of hawaikiView.questions.values()) items.push(questionItem(q));
  const d = t.designations;
  if (d && Array.isArray(d.combos) && d.combos.length) {
    const combo = d.combos[0];
    const need = combo === "couleur" ? 2 : 1;
    items.push(h("li", { class: "hw-designate" },
      h("span", {}, `${nameOf(d.seat)} designates for the ${combo}: ${need === 2 ? "tap twice (the same seat twice: 2 cards)" : "tap one opponent"}`),
      designateButtons(d.seat, combo, need)));
  }
  if (t.announced) {
    const what = Array.isArray(t.announced) ? t.announced.join(" and ") : "a combination";
    items.push(h("li", {}, `${nameOf(t.to_act)} has announced ${what}`));
  }
  for (const p of Array.isArray(t.players) ? t.players : []) {
    if (!num(p.owes_thanks)) continue;
    const left = secondsLeft(p.thanks_due);
    items.push(h("li", { class: "hw-thanks" },
      `${p.name}: say ${p.owes_thanks > 1 ? "merci beaucoup" : "merci"}${left === null ? "" : `, ${left.toFixed(0)} s left`}`));
  }
  (Array.isArray(t.awaiting_take_back) ? t.awaiting_take_back : []).forEach((waits, pile) => {
    if (waits) items.push(h("li", {}, `pile ${pile}: the last card must be taken back`));
  });
  if (hawaikiView.round) items.push(h("li", { class: "hw-round" }, roundText(hawaikiView.round)));
  box.replaceChildren(...items);
  box.hidden = !items.length;
}

// A question the camera leaves to a person, with the answers it takes.
function questionItem(q) {
  const text = h("span", {}, q.text, q.why ? h("small", { class: "muted" }, ` (${q.why})`) : null);
  const item = (...answers) => h("li", { class: "hw-question", "data-kind": q.kind || "play", "data-pile": q.pile }, text, ...answers);
  if (q.kind === "unreadable") {
    const key = `${q.pile}@${q.t}`;
    if (!hawaikiView.named.has(key)) hawaikiView.named.set(key, nameTopForm(q.pile));
    // A hand that only hovered laid nothing (a dealt card is always there to be named); on a
    // pile that awaits a take-back, the hand may have taken the card back (P12).
    const awaiting = Array.isArray(view.table?.awaiting_take_back) && view.table.awaiting_take_back[q.pile];
    return item(hawaikiView.named.get(key), q.dealt ? null : dismissButton(q.pile),
      !q.dealt && awaiting ? takenBackButton(q.pile) : null);
  }
  if (q.kind === "reshuffle") {
    return item(h("button", { type: "button", class: "yes", onclick: () => send("/api/hawaiki/reshuffle", {},
      "the draw pile was rebuilt") }, "Done: reshuffled"));
  }
  return item(
    h("button", { type: "button", class: "yes", onclick: () => send("/api/hawaiki/play",
      { pile: q.pile, card: q.card, t: q.t, ...(num(q.seen_t) !== null ? { seen_t: q.seen_t } : {}) },
      `the play on pile ${q.pile} is confirmed`) }, "Yes, it was laid"),
    dismissButton(q.pile, "No"));
}

function dismissButton(pile, label = "Nothing was laid") {
  return h("button", { type: "button", class: "no", onclick: () => send("/api/hawaiki/dismiss", { pile },
    "nothing was laid") }, label);
}

// The top the camera cannot read was taken back: the referee logs a `retract`, not a play.
function takenBackButton(pile) {
  return h("button", { type: "button", class: "yes hw-taken-back", onclick: () => send("/api/hawaiki/top",
    { pile, taken_back: true }, `the card on pile ${pile} was taken back`) }, "It was taken back");
}

// Name the card on a pile the camera cannot read: a value and a colour, as on the card.
function nameTopForm(pile) {
  const value = h("select", { name: "value", "aria-label": "value" },
    [1, 2, 3, 4, 5, 6, 7].map((v) => h("option", { value: v }, v)));
  const colour = h("select", { name: "colour", "aria-label": "colour" },
    Object.keys(HAWAIKI_COLOURS).map((c) => h("option", { value: c }, c)));
  return h("form", { class: "hw-name-top", onsubmit: (e) => {
    e.preventDefault();
    document.activeElement?.blur(); // the duties may be redrawn again (see renderDuties)
    const card = `${value.value} ${colour.value}`;
    send("/api/hawaiki/top", { pile, card }, `${card} named on pile ${pile}`);
  } }, value, colour, h("button", { type: "submit", class: "yes" }, "That card"));
}

function designateButtons(seat, combo, need) {
  const picked = [];
  const wrap = h("span", { class: "hw-targets" });
  view.names.forEach((n, target) => {
    if (target === seat) return;
    wrap.append(h("button", { type: "button", class: "seat", "data-target": target, onclick: () => {
      picked.push(target);
      if (picked.length < need) return;
      send("/api/hawaiki/designate", { seat, targets: picked.splice(0), combo },
        `${nameOf(seat)} designated for the ${combo}`);
    } }, n));
  });
  return wrap;
}

function roundText(r) {
  const lost = (Array.isArray(r.tokens_lost) ? r.tokens_lost : []).map((n, s) => `${nameOf(s)} -${n}`).join(", ");
  const how = r.hands_source === "counted" ? "hands counted" : "hands by accounting";
  const who = r.out === null || r.out === undefined ? "" : `${nameOf(r.out)} laid their last card; `;
  return `Round ${r.round} over: ${who}${how}; tokens ${lost}`;
}

function hawaikiQuestion(ev) {
  const key = JSON.stringify(ev.key);
  if (ev.open) hawaikiView.questions.set(key, ev); else hawaikiView.questions.delete(key);
  const open = new Set([...hawaikiView.questions.values()].map((q) => `${q.pile}@${q.t}`));
  for (const k of [...hawaikiView.named.keys()]) if (!open.has(k)) hawaikiView.named.delete(k);
  if (isHawaiki()) renderDuties();
}

function hawaikiRound(ev) {
  hawaikiView.round = ev;
  notice(roundText(ev));
  if (isHawaiki()) renderDuties();
}

function hawaikiSnapshot(s) {
  hawaikiView.questions.clear();
  for (const q of Array.isArray(s.questions) ? s.questions : []) hawaikiView.questions.set(JSON.stringify(q.key), q);
  hawaikiView.round = s.round_over || null;
}

function hawaikiNewGame() {
  hawaikiView.questions.clear();
  hawaikiView.named.clear();
  hawaikiView.round = null;
}

// ---- controls ---------------------------------------------------------------------------------
function showHawaikiControls() {
  const on = isHawaiki();
  $("hawaiki-controls").hidden = !on;
  $("form-correct").hidden = on;
  $("form-credit").hidden = on;
  $("hw-duties").hidden = !on || !$("hw-duties").children.length;
}

function seatOf(form) { return Number(form.seat.value); }

function setupHawaikiControls() {
  const on = (id, build) => $(id).addEventListener("submit", (e) => {
    e.preventDefault();
    const [url, body, okText] = build(e.target);
    send(url, body, okText);
  });
  on("hw-announce", (f) => {
    const combos = HAWAIKI_COMBOS.filter((c) => f[c].checked);
    const body = { seat: seatOf(f) };
    if (combos.length) body.combo = combos.length === 1 ? combos[0] : combos;
    return ["/api/hawaiki/announce", body, `${nameOf(seatOf(f))} announces ${combos.join(" and ") || "a combination"}`];
  });
  on("hw-pass", (f) => ["/api/hawaiki/pass", { seat: seatOf(f) }, `${nameOf(seatOf(f))} passes`]);
  on("hw-merci", (f) => ["/api/hawaiki/merci", { seat: seatOf(f), words: f.words.value }, `${nameOf(seatOf(f))}: ${f.words.value}`]);
  on("hw-count", (f) => ["/api/hawaiki/count", { seat: seatOf(f), cards: Number(f.cards.value) }, `${nameOf(seatOf(f))}'s hand counted`]);
  on("hw-draw", (f) => ["/api/hawaiki/draw", { seat: seatOf(f), n: Number(f.n.value) }, `${nameOf(seatOf(f))} drew ${f.n.value}`]);
  on("hw-retract", (f) => ["/api/hawaiki/retract", { pile: Number(f.pile.value) }, `pile ${f.pile.value}: card taken back`]);
  on("hw-reshuffle", () => ["/api/hawaiki/reshuffle", {}, "the draw pile was rebuilt"]);
  on("hw-deal", (f) => ["/api/hawaiki/deal", { piles: [f.p0.value.trim(), f.p1.value.trim(), f.p2.value.trim()] }, "a new round was dealt"]);
}

// Hawaiki's figures: combinations announced (bonus earned) and missed, thanks missed, rounds.
function hawaikiStats(rows) {
  return h("div", { class: "scroll hw-stats" }, h("h3", {}, "Hawaiki"),
    h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, "player"),
      h("th", { class: "num", title: "combinations announced and formed" }, "announced"),
      h("th", { class: "num", title: "combinations formed but not announced" }, "missed"),
      h("th", { class: "num", title: "thanks not said in time" }, "thanks missed"),
      h("th", { class: "num", title: "rounds ended by laying the last card" }, "rounds won"),
      h("th", { class: "num" }, "tokens lost"))),
    h("tbody", {}, rows.map((p) => h("tr", {}, h("td", {}, p.player),
      h("td", { class: "num" }, p.announced ?? 0), h("td", { class: "num" }, p.missed ?? 0),
      h("td", { class: "num" }, p.thanks_missed ?? 0), h("td", { class: "num" }, p.rounds_won ?? 0),
      h("td", { class: "num" }, p.tokens_lost ?? 0))))));
}
