// The support page: pick a variant, build or paste a round, settle it, compare with what was paid.
// One state object (`round`, the request body) drives both views: the builder and the JSON text.
// Everything is built with DOM calls and textContent: nothing from a round or an answer is parsed as HTML.
"use strict";

// --- tiles -------------------------------------------------------------------------------
const DIGITS = "一二三四五六七八九";
const SUITS = { m: ["万", "Characters"], p: ["筒", "Dots"], s: ["条", "Bamboo"] };
const HONOURS = { E: ["东", "风", "East wind"], S: ["南", "风", "South wind"], W: ["西", "风", "West wind"],
  N: ["北", "风", "North wind"], C: ["中", "", "Red dragon"], F: ["发", "", "Green dragon"], P: ["白", "", "White dragon"] };
const FLOWERS = "春夏秋冬梅兰竹菊";
const Z = { 1: "E", 2: "S", 3: "W", 4: "N", 5: "P", 6: "F", 7: "C" };
const ZH_TO_CODE = { 红中: "C", 发财: "F", 白板: "P", 幺鸡: "1s", 东风: "E", 南风: "S", 西风: "W", 北风: "N",
  中: "C", 发: "F", 白: "P", 东: "E", 南: "S", 西: "W", 北: "N" };
for (const [s, [zh]] of Object.entries(SUITS)) [...DIGITS].forEach((d, i) => { ZH_TO_CODE[d + zh] = `${i + 1}${s}`; });
[...FLOWERS].forEach((f, i) => { ZH_TO_CODE[f] = `${i + 1}f`; });
const ZH_KEYS = Object.keys(ZH_TO_CODE).sort((a, b) => b.length - a.length);

/** 中文 face (two parts, for a tile-like chip), English name, css class; null for a non-tile. */
function tileInfo(code) {
  let m = /^([1-9])([mps])$/.exec(code);
  if (m) return { top: DIGITS[m[1] - 1], bottom: SUITS[m[2]][0], en: `${m[1]} ${SUITS[m[2]][1]}`, cls: `t-${m[2]}` };
  if (HONOURS[code]) { const [top, bottom, en] = HONOURS[code]; return { top, bottom, en, cls: `t-${code}` }; }
  m = /^([1-8])f$/.exec(code);
  if (m) return { top: FLOWERS[m[1] - 1], bottom: "", en: `Flower ${m[1]}`, cls: "t-f" };
  return null;
}
const tileZh = (code) => { const t = tileInfo(code); return t ? t.top + t.bottom : String(code); };

/** Any accepted spelling of one tile → its code (unknown spellings are kept, for the service to name). */
function toCode(text) {
  const t = String(text).trim();
  if (tileInfo(t)) return t;
  if (/^[1-7]z$/.test(t)) return Z[t[0]];
  return ZH_TO_CODE[t] || t;
}

/** A tile list as the API takes it (a list, or a compact string such as "123m55pCC") → codes. */
function parseTiles(v) {
  if (Array.isArray(v)) return v.map((t) => (typeof t === "string" ? toCode(t) : t));
  if (typeof v !== "string") return [];
  const s = v.replace(/[\s,]/g, ""), out = [];
  let nums = "";
  for (let i = 0; i < s.length;) {
    const c = s[i];
    if (/[0-9]/.test(c)) { nums += c; i++; continue; }
    if ("mpszf".includes(c) && nums) { for (const n of nums) out.push(c === "z" ? Z[n] || n + c : n + c); nums = ""; i++; continue; }
    if ("ESWNCFP".includes(c)) { out.push(c); i++; continue; }
    const k = ZH_KEYS.find((key) => s.startsWith(key, i));
    if (k) { out.push(ZH_TO_CODE[k]); i += k.length; continue; }
    out.push(c); i++;
  }
  if (nums) out.push(nums);
  return out;
}

// --- cards (斗地主): ranks without suits; a card game has its own round shape ------------------
const CARD_RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"];
const JOKERS = { BJ: ["小王", "Black joker"], RJ: ["大王", "Red joker"] };
const CARD_ALIASES = { t: "10", j: "J", q: "Q", k: "K", a: "A", bj: "BJ", rj: "RJ", 小王: "BJ", 大王: "RJ" };
const RANK_EN = { J: "Jack", Q: "Queen", K: "King", A: "Ace" };
/** 中文/English face of a canonical card, null for anything else. */
function cardInfo(code) {
  if (JOKERS[code]) return { top: JOKERS[code][0], bottom: "", en: JOKERS[code][1], cls: `c-${code}` };
  if (CARD_RANKS.includes(code)) return { top: code, bottom: "", en: RANK_EN[code] || code, cls: "c-rank" };
  return null;
}
/** Any accepted spelling of one card → its code (unknown spellings are kept, for the service to name). */
function cardCode(text) {
  const t = String(text).trim();
  return cardInfo(t) ? t : CARD_ALIASES[t] || CARD_ALIASES[t.toLowerCase()] || t;
}
/** A card list as the API takes it (a list, or a compact string such as "333JQKA10BJ") → codes. */
function parseCards(v) {
  if (Array.isArray(v)) return v.map((c) => (typeof c === "string" ? cardCode(c) : c));
  if (typeof v !== "string") return [];
  const s = v.replace(/[\s,]/g, ""), out = [];
  for (let i = 0; i < s.length;) {
    const two = s.slice(i, i + 2);
    if (two === "10" || JOKERS[two.toUpperCase()] || CARD_ALIASES[two]) { out.push(cardCode(two)); i += 2; continue; }
    out.push(cardCode(s[i])); i++;
  }
  return out;
}
/** The round fields of each kind of game: a round carries only its own kind's (else 422 field_not_used). */
const MAHJONG_ROUND_FIELDS = ["wins", "wall_remaining", "last_drawer", "reveals"];
const MAHJONG_PLAYER_FIELDS = ["melds", "discards", "flowers", "ready_declared_turn"];
const CARD_ROUND_FIELDS = ["bottom", "bidding", "plays", "wilds", "landlord"];
const RECORD_ROUND_FIELDS = ["finish_order", "chaodi"];
const RECORD_PLAYER_FIELDS = ["bombs", "dealt"];
/** The shapes of a round (a variant's description says which): mahjong's tiles, 斗地主's replayed plays, and
 * 双扣's record of how the round ended. Each has its own fields, and what a blank round and a blank seat hold. */
const SHAPES = {
  tiles: { round: MAHJONG_ROUND_FIELDS, player: MAHJONG_PLAYER_FIELDS, blank: () => ({ wins: [] }), seat: () => ({}) },
  plays: { round: CARD_ROUND_FIELDS, player: [], blank: () => ({ bottom: [], bidding: [], plays: [] }), seat: () => ({}) },
  record: { round: RECORD_ROUND_FIELDS, player: RECORD_PLAYER_FIELDS, blank: () => ({ finish_order: [] }), seat: () => ({ bombs: [] }) },
};
/** 名次: the places out, 头游 first (a 双扣 round ends with at most three seats out). */
const PLACES = [["头游", "1st out"], ["二游", "2nd out"], ["三游", "3rd out"]];

// --- small DOM helpers ------------------------------------------------------------------
const $ = (id) => document.getElementById(id);
function el(tag, attrs = {}, ...kids) {
  const n = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) n.addEventListener(k.slice(2), v);
    else if (k === "checked" || k === "value") n[k] = v;
    else n.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat(Infinity)) if (kid !== null && kid !== undefined && kid !== false) n.append(kid instanceof Node ? kid : String(kid));
  return n;
}
const en = (text) => el("span", { lang: "en" }, text);
function tileChip(code, attrs = {}, tag = "span") {
  const t = tileInfo(code);
  const label = t ? `${t.top}${t.bottom} ${t.en} (${code})` : `${code} (not a tile)`;
  return el(tag, { class: `tile ${t ? t.cls : "unknown"}`, title: label, "aria-label": label, ...attrs },
    el("b", {}, t ? t.top : String(code)), t && t.bottom ? el("i", {}, t.bottom) : null, el("small", {}, code));
}
const tiles = (list) => el("span", {}, parseTiles(list).map((c) => tileChip(c)));
function cardChip(code, attrs = {}, tag = "span") {
  const c = cardInfo(code);
  const label = c ? `${c.top === code ? "" : `${c.top} `}${c.en} (${code})` : `${code} (not a card)`;
  return el(tag, { class: `tile card ${c ? c.cls : "unknown"}`, title: label, "aria-label": label, ...attrs },
    el("b", {}, c ? c.top : String(code)), c && c.top === code ? null : el("small", {}, code));  // the code only where it differs
}
const cards = (list) => el("span", {}, parseCards(list).map((c) => cardChip(c)));
// The builder serves one kind of game at a time: tiles for mahjong, cards for 斗地主 and 双扣.
const isCards = () => state.detail?.card_game === true;
/** The shape of the variant's round: a card game is replayed from its plays unless it says it is posted as a record. */
const roundShape = (d = state.detail) => (d?.card_game !== true ? "tiles" : d.round_shape === "record" ? "record" : "plays");
const parseHand = (v) => (isCards() ? parseCards(v) : parseTiles(v));
const codeOf = (text) => (isCards() ? cardCode(text) : toCode(text));
const infoOf = (code) => (isCards() ? cardInfo(code) : tileInfo(code));
const chipOf = (code, attrs, tag) => (isCards() ? cardChip(code, attrs, tag) : tileChip(code, attrs, tag));
const faceOf = (code) => { const t = infoOf(code); return t ? t.top + t.bottom : String(code); };

// --- JSON pointers into the round ------------------------------------------------------------
const ptrParts = (ptr) => ptr.split("/").slice(1).map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
function getAt(ptr) { let v = state.round; for (const p of ptrParts(ptr)) { if (v == null) return undefined; v = v[p]; } return v; }
function setAt(ptr, value) {
  const parts = ptrParts(ptr), last = parts.pop();
  let v = state.round;
  for (const p of parts) { if (v[p] == null || typeof v[p] !== "object") v[p] = {}; v = v[p]; }
  if (value === undefined) delete v[last]; else v[last] = value;
}

// --- state -------------------------------------------------------------------------------
const state = { variants: [], detail: null, round: null, zone: { ptr: "/players/0/hand", single: false, label: "" },
  examples: null, answer: null };
/** A seat as a blank round of this shape holds it: nothing but its own fields, and no card or tile yet. */
const blankSeat = (seat, shape = roundShape()) => ({ seat, ...SHAPES[shape].seat(), hand: [] });
function blankRound(variant, n, shape = roundShape()) {
  const players = Array.from({ length: n }, (_, seat) => blankSeat(seat, shape));
  // a record reads as a game server writes it (and as the contract's example): how the round ended, then the seats
  return shape === "record" ? { variant, dealer: 0, ...SHAPES.record.blank(), players }
    : { variant, dealer: 0, players, ...SHAPES[shape].blank() };
}
/** A seat carried into another shape of round: its hand and the other shapes' fields mean nothing there. */
function reshapeSeat(p, shape) {
  const drop = new Set(Object.entries(SHAPES).filter(([s]) => s !== shape).flatMap(([, d]) => d.player));
  const kept = Object.entries(p).filter(([k]) => k !== "seat" && k !== "hand" && !drop.has(k));
  return { ...blankSeat(p.seat, shape), ...Object.fromEntries(kept) };
}
const nPlayers = () => (Array.isArray(state.round.players) ? state.round.players.length : 0);
const seatName = (i) => `Seat ${i}`;

async function api(path, body) {
  const resp = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body) });
  let data = null;
  try { data = await resp.json(); } catch { data = { detail: `${resp.status} ${resp.statusText}` }; }
  return { status: resp.status, data };
}

async function loadVariant(id) {
  if (state.detail && state.detail.id === id) return;
  const { status, data } = await api(`/v1/variants/${encodeURIComponent(id)}`);
  state.detail = status === 200 ? data : null;
}

// --- the URL fragment: the round, base64url of its UTF-8 JSON --------------------------------
function encodeRound(round) {
  const bytes = new TextEncoder().encode(JSON.stringify(round));
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function decodeRound(text) {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0))));
}
const shareLink = () => `${location.origin}${location.pathname}#round=${encodeRound(state.round)}`;

// --- rendering: setup bar ----------------------------------------------------------------------
const DEALER_LABELS = { tiles: ["庄家", "Dealer"], plays: ["先叫", "First bidder"], record: ["庄家", "Dealer"] };
function seatOptions(select, n, value, extra) {
  select.replaceChildren(...(extra ? [el("option", { value: "" }, extra)] : []),
    ...Array.from({ length: n }, (_, i) => el("option", { value: String(i) }, seatName(i))));
  select.value = value === undefined || value === null ? "" : String(value);
}
function renderSetup() {
  const r = state.round, d = state.detail, n = nPlayers();
  $("variant").replaceChildren(...state.variants.map((v) => el("option", { value: v.id }, `${v.name} ${v.name_en}`)));
  $("variant").value = r.variant;
  const [lo, hi] = d ? [d.players.min, d.players.max] : [n, n];
  $("players").replaceChildren(...Array.from({ length: hi - lo + 1 }, (_, i) => el("option", { value: String(lo + i) }, String(lo + i))));
  $("players").value = String(n);
  seatOptions($("dealer"), n, r.dealer ?? 0);
  seatOptions($("last-drawer"), n, r.last_drawer, "—");
  $("round-id").value = r.round_id ?? "";
  $("wall").value = r.wall_remaining ?? "";
  for (const id of ["wall", "last-drawer"]) $(id).closest("label").hidden = isCards();  // mahjong only
  const [zh, e] = DEALER_LABELS[roundShape()];  // 斗地主's seat 0 is who bids first; mahjong and 双扣 have a dealer
  $("dealer").closest("label").firstChild.textContent = `${zh} `;
  $("dealer").closest("label").querySelector("span").textContent = e;
}

// --- rendering: options and flags, generated from the variant's option descriptions -------------
function valueField(desc, current, onSet, ptr, key) {
  const value = current === undefined ? desc.default : current;
  const set = (v) => onSet(JSON.stringify(v) === JSON.stringify(desc.default) ? undefined : v);
  let input;
  const choices = desc.choices || (desc.type === "boolean" ? [true, false] : desc.type === "suit" ? ["m", "p", "s"] : null);
  if (desc.type === "boolean" && !desc.nullable) {
    input = el("input", { type: "checkbox", checked: value === true, onchange: (e) => set(e.target.checked) });
  } else if (choices) {
    const all = desc.nullable ? [null, ...choices] : choices;
    const label = (c) => `${c === null ? "— (null)" : desc.type === "suit" ? `${c} ${SUITS[c][0]}` : String(c)}${
      JSON.stringify(c) === JSON.stringify(desc.default) ? " (default)" : ""}`;
    input = el("select", { onchange: (e) => set(all[Number(e.target.value)]) },
      all.map((c, i) => el("option", { value: String(i) }, label(c))));
    input.value = String(Math.max(0, all.findIndex((c) => JSON.stringify(c) === JSON.stringify(value))));
  } else if (desc.type === "integer") {
    input = el("input", { type: "number", step: "1", min: desc.minimum, max: desc.maximum, value: value ?? "",
      placeholder: String(desc.default),
      onchange: (e) => set(e.target.value === "" ? desc.default : Number(e.target.value)) });
  } else if (desc.type === "string" || desc.type === "tile") {
    input = el("input", { value: value ?? "", onchange: (e) => set(e.target.value === "" ? desc.default : e.target.value) });
  } else {  // tiles, records, anything richer: JSON (a compact tile string is fine for tiles)
    input = el("input", { value: value === undefined ? "" : JSON.stringify(value), placeholder: JSON.stringify(desc.default),
      onchange: (e) => {
        const text = e.target.value.trim();
        if (!text) return set(desc.default);
        try { set(JSON.parse(text)); } catch {
          if (desc.type === "tiles") set(text);  // a compact string such as "123m55p"
          else e.target.setAttribute("aria-invalid", "true");
        }
      } });
  }
  input.id = key.replace(/[^a-zA-Z0-9_-]/g, "_");
  input.dataset.key = key;
  return el("div", { class: "field opt", "data-ptr": ptr },
    el("label", { class: "label", for: input.id }, desc.zh, " ", en(desc.name), el("small", { lang: "en" }, desc.en)), input);
}
function renderOptions() {
  const box = $("options");
  if (!state.detail) { box.replaceChildren(el("p", { class: "hint" }, "Unknown variant.")); return; }
  const opts = state.round.options || {};
  box.replaceChildren(...state.detail.options.map((o) => valueField(o, opts[o.name], (v) => {
    setAt(`/options/${o.name}`, v);
    if (state.round.options && !Object.keys(state.round.options).length) delete state.round.options;
    changed(true);  // the builder shows what options open: 斗地主's wild ranks, 双扣's 抄底 seat and dealt hands
  }, `/options/${o.name}`, `opt:${o.name}`)));
}

// --- rendering: recorded payouts (expected totals) -------------------------------------------
function renderRecorded() {
  const n = nPlayers(), totals = state.round.expected?.totals;
  const inputs = Array.from({ length: n }, (_, i) => el("label", {}, `${seatName(i)} `, el("input", {
    type: "number", step: "1", "data-key": `rec:${i}`, id: `recorded-${i}`, value: Array.isArray(totals) ? totals[i] ?? "" : "",
    onchange: onRecorded })));
  $("recorded").replaceChildren(...inputs, el("p", { class: "err", id: "recorded-note" }));
}
function onRecorded() {
  const values = [...$("recorded").querySelectorAll("input")].map((i) => i.value.trim());
  const note = $("recorded-note");
  note.textContent = "";
  if (values.every((v) => v === "")) setAt("/expected/totals", undefined);
  else if (values.some((v) => v === "")) { note.textContent = "Enter a total for every seat (0 for none) 每家都要填"; return; }
  else setAt("/expected/totals", values.map(Number));
  if (state.round.expected && !Object.keys(state.round.expected).length) delete state.round.expected;
  changed();
  if (state.answer) settle();
}

// --- rendering: the builder ---------------------------------------------------------------------
function zone(ptr, labelZh, labelEn, { single = false, max = 0, keep = false } = {}) {
  const raw = getAt(ptr);
  const list = single ? (raw == null ? [] : [raw]) : Array.isArray(raw) ? raw : parseHand(raw);
  const active = state.zone.ptr === ptr;
  const label = `${labelZh} ${labelEn}`;
  const chips = list.map((item, i) => {
    const obj = item !== null && typeof item === "object";
    const code = codeOf(obj ? item.tile : item);
    const claimed = obj && item.claimed_by != null;
    const chip = chipOf(code, { "data-key": `rm:${ptr}:${i}`, "data-ptr": single ? null : `${ptr}/${i}`,
      class: `tile${isCards() ? " card" : ""} ${infoOf(code)?.cls || "unknown"}${claimed ? " claimed" : ""}`,
      title: `${faceOf(code)} ${code}${obj && item.turn != null ? `, turn ${item.turn}` : ""}${claimed ? `, claimed by seat ${item.claimed_by}` : ""} — click to remove`,
      "aria-label": `${faceOf(code)} ${code}: remove from ${labelEn}`,
      onclick: () => removeTile(ptr, i, single, keep) }, "button");
    return chip;
  });
  return el("div", { class: `zone${active ? " active" : ""}`, "data-ptr": ptr },
    el("button", { type: "button", class: "pick", "aria-pressed": String(active), "data-key": `zone:${ptr}`,
      onclick: () => { state.zone = { ptr, single, max, label }; renderBuilder(); } },
    active ? "▶ " : "", labelZh, " ", en(labelEn), single ? "" : ` (${list.length})`),
    el("span", { class: "chips" }, chips.length ? chips : el("span", { class: "empty" }, active ? `click ${isCards() ? "cards" : "tiles"} above` : "—")));
}
function removeTile(ptr, i, single, keep) {
  if (single) setAt(ptr, undefined);
  else {
    const raw = getAt(ptr), list = Array.isArray(raw) ? raw : parseHand(raw);
    list.splice(i, 1);
    setAt(ptr, list.length || keep ? list : undefined);
  }
  tidy(); changed(true);
}
function addTile(code) {
  const z = state.zone;
  if (z.single) setAt(z.ptr, code);
  else {
    const raw = getAt(z.ptr), list = Array.isArray(raw) ? raw : parseHand(raw);
    if (z.max && list.length >= z.max) { status(`${z.label} holds ${z.max} ${isCards() ? "cards" : "tiles"}`); return; }
    list.push(code);
    setAt(z.ptr, list);
  }
  changed(true);
}
/** Drop containers the builder emptied, so the JSON stays what a game server would send. */
function tidy() {
  const r = state.round;
  if (r.reveals && typeof r.reveals === "object" && !Object.keys(r.reveals).length) delete r.reveals;
}

const seatSelect = (value, extra, onchange, key) => {
  const s = el("select", { "data-key": key, onchange: (e) => onchange(e.target.value === "" ? undefined : Number(e.target.value)) });
  seatOptions(s, nPlayers(), value, extra);
  return s;
};
const field = (ptr, labelZh, labelEn, input) => {
  input.id = input.id || `f${ptr.replace(/\W/g, "_")}`;
  return el("div", { class: "field", "data-ptr": ptr }, el("label", { for: input.id }, labelZh, " ", en(labelEn)), input);
};
const num = (ptr, key) => el("input", { type: "number", min: "0", step: "1", "data-key": key, value: getAt(ptr) ?? "",
  onchange: (e) => { setAt(ptr, e.target.value === "" ? undefined : Number(e.target.value)); changed(); } });
const check = (ptr, key) => el("input", { type: "checkbox", "data-key": key, checked: getAt(ptr) === true,
  onchange: (e) => { setAt(ptr, e.target.checked ? true : undefined); changed(); } });

const MELD_TYPES = [["pong", "碰", "pong"], ["kong", "杠", "kong"], ["chow", "吃", "chow"]];
const KONG_KINDS = [["exposed", "明杠 exposed"], ["added", "加杠 added"], ["concealed", "暗杠 concealed"]];
function meldRow(i, j) {
  const p = `/players/${i}/melds/${j}`, m = getAt(p);
  const type = el("select", { "data-key": `mt:${p}`, "aria-label": `Meld ${j + 1} type`, onchange: (e) => {
    const t = e.target.value, tile = m.tile ?? parseTiles(m.tiles)[0];
    const next = { type: t };
    if (t === "chow") next.tiles = tile ? [tile] : []; else if (tile) next.tile = tile;
    if (t === "kong") next.kind = "exposed";
    if (m.from != null) next.from = m.from;
    setAt(p, next); changed(true);
  } }, MELD_TYPES.filter(([t]) => t !== "chow" || state.detail?.chow || m.type === "chow")
    .map(([v, zh, e]) => el("option", { value: v }, `${zh} ${e}`)));
  type.value = m.type;
  const parts = [type];
  if (m.type === "kong") {
    const kind = el("select", { "data-key": `mk:${p}`, "aria-label": `Meld ${j + 1} kong kind`,
      onchange: (e) => { m.kind = e.target.value; if (m.kind !== "exposed") delete m.from; changed(true); } },
    KONG_KINDS.map(([v, t]) => el("option", { value: v }, t)));
    kind.value = m.kind || "exposed";
    parts.push(kind);
  }
  parts.push(m.type === "chow" ? zone(`${p}/tiles`, "牌", "tiles", { max: 3, keep: true }) : zone(`${p}/tile`, "牌", "tile", { single: true }));
  if (m.type !== "kong" || m.kind === "exposed" || m.from != null) {
    parts.push(field(`${p}/from`, "来自", "from", seatSelect(m.from, "—", (v) => { setAt(`${p}/from`, v); changed(); }, `mf:${p}`)));
  }
  if (m.type === "kong") {
    parts.push(field(`${p}/delayed`, "憨包豆", "delayed", check(`${p}/delayed`, `md:${p}`)));
    parts.push(zone(`${p}/revealed`, "开杠", "revealed"));
  }
  parts.push(el("button", { type: "button", class: "small", "data-key": `mx:${p}`, "aria-label": `Remove meld ${j + 1}`,
    onclick: () => { state.round.players[i].melds.splice(j, 1); if (!state.round.players[i].melds.length) delete state.round.players[i].melds; changed(true); } }, "✕"));
  return el("div", { class: "meld line", "data-ptr": p }, parts);
}
function seatPanel(i) {
  const r = state.round, p = `/players/${i}`, player = r.players[i];
  const addMeld = (type) => () => {
    player.melds = player.melds || [];
    player.melds.push(type === "chow" ? { type, tiles: [] } : type === "kong" ? { type, kind: "concealed" } : { type });
    state.zone = { ptr: `${p}/melds/${player.melds.length - 1}/${type === "chow" ? "tiles" : "tile"}`, single: type !== "chow", max: 3, label: "meld" };
    changed(true);
  };
  const flags = (state.detail?.flags || []).map((f) => valueField(f, player.flags?.[f.name], (v) => {
    setAt(`${p}/flags/${f.name}`, v);
    if (player.flags && !Object.keys(player.flags).length) delete player.flags;
    changed();
  }, `${p}/flags/${f.name}`, `flag:${i}:${f.name}`));
  const hasFlowers = Object.keys(tileCopies()).some((c) => /f$/.test(c)) || player.flowers;
  return el("fieldset", { class: "seat", "data-ptr": p },
    el("legend", {}, `座位 ${i} `, en(seatName(i)), " ", r.dealer === i || (r.dealer == null && i === 0) ? el("span", { class: "badge" }, "庄 dealer") : null),
    zone(`${p}/hand`, "手牌", "hand", { keep: true }),
    (player.melds || []).map((_, j) => meldRow(i, j)),
    zone(`${p}/discards`, "弃牌", "discards"),
    hasFlowers ? zone(`${p}/flowers`, "花牌", "flowers") : null,
    el("div", { class: "line" }, el("span", {}, "副露 ", en("add a meld:")),
      MELD_TYPES.filter(([t]) => t !== "chow" || state.detail?.chow).map(([t, zh, e]) =>
        el("button", { type: "button", class: "small", "data-key": `add:${p}:${t}`, onclick: addMeld(t) }, `+ ${zh} ${e}`)),
      field(`${p}/ready_declared_turn`, "报听轮次", "ready at turn", num(`${p}/ready_declared_turn`, `rd:${i}`))),
    flags.length ? el("div", { class: "flags", "data-ptr": `${p}/flags` }, flags) : null);
}
const WIN_FLAGS = [["kong_draw", "杠上开花"], ["robbing_kong", "抢杠"], ["after_kong_discard", "杠上炮"], ["last_tile", "海底"],
  ["heavenly", "天胡"], ["earthly", "地胡"]];
function winRow(k) {
  const p = `/wins/${k}`, w = state.round.wins[k];
  return el("div", { class: "win", "data-ptr": p },
    el("div", { class: "line" },
      el("strong", {}, `胡 ${k + 1}`),
      field(`${p}/winner`, "赢家", "winner", seatSelect(w.winner, null, (v) => { w.winner = v ?? 0; changed(true); }, `ww:${k}`)),
      field(`${p}/from`, "点炮", "from", seatSelect(w.from, "自摸 self-drawn", (v) => { setAt(`${p}/from`, v); changed(); }, `wf:${k}`)),
      zone(`${p}/tile`, "胡牌", "winning tile", { single: true }),
      field(`${p}/turn`, "轮次", "turn", num(`${p}/turn`, `wt:${k}`)),
      el("button", { type: "button", class: "small", "data-key": `wx:${k}`, "aria-label": `Remove win ${k + 1}`,
        onclick: () => { state.round.wins.splice(k, 1); changed(true); } }, "✕")),
    el("div", { class: "line" }, WIN_FLAGS.map(([f, zh]) => {
      const box = check(`${p}/${f}`, `wflag:${k}:${f}`);
      box.id = `win${k}-${f}`;
      return el("label", { "data-ptr": `${p}/${f}` }, box, ` ${zh} `, en(f));
    })));
}
/** Rebuilding a part of the page must not lose the keyboard user's place: refocus by data-key. */
function keepFocus(render) {
  const key = document.activeElement?.dataset?.key;
  render();
  if (key && !document.activeElement?.dataset?.key) document.querySelector(`[data-key="${CSS.escape(key)}"]`)?.focus();
}
function renderBuilder() { keepFocus({ tiles: buildBuilder, plays: buildCardBuilder, record: buildRecordBuilder }[roundShape()]); }

// --- the builder of a card game (斗地主): dealt hands, 底牌, wilds, the bidding, the plays ------------
const ACTIONS = [["call", "叫地主 call"], ["rob", "抢地主 rob"], ["pass", "不叫/不抢 pass"]];
/** Who bids or plays next: the seat after the last entry (the landlord leads the first play). */
function nextSeat(list, first) {
  const last = Array.isArray(list) && list.length ? list[list.length - 1].seat : null;
  return typeof last === "number" ? (last + 1) % Math.max(nPlayers(), 1) : first;
}
function landlordOf(r) {  // the last seat that called or robbed (the engine checks the bidding)
  const bids = Array.isArray(r.bidding) ? r.bidding.filter((b) => b && (b.action === "call" || b.action === "rob")) : [];
  return typeof r.landlord === "number" ? r.landlord : bids.length ? bids[bids.length - 1].seat : null;
}
function cardSeatPanel(i) {
  const r = state.round, p = `/players/${i}`, player = r.players[i];
  const flags = (state.detail?.flags || []).map((f) => valueField(f, player.flags?.[f.name], (v) => {
    setAt(`${p}/flags/${f.name}`, v);
    if (player.flags && !Object.keys(player.flags).length) delete player.flags;
    changed();
  }, `${p}/flags/${f.name}`, `flag:${i}:${f.name}`));
  return el("fieldset", { class: "seat", "data-ptr": p },
    el("legend", {}, `座位 ${i} `, en(seatName(i)), " ",
      (r.dealer ?? 0) === i ? el("span", { class: "badge" }, "先叫 first bidder") : null, " ",
      landlordOf(r) === i ? el("span", { class: "badge" }, "地主 landlord") : null),
    zone(`${p}/hand`, "发牌", "dealt hand", { keep: true }),
    flags.length ? el("div", { class: "flags", "data-ptr": `${p}/flags` }, flags) : null);
}
function bidRow(k) {
  const p = `/bidding/${k}`, b = state.round.bidding[k];
  const action = el("select", { "data-key": `ba:${k}`, "aria-label": `Bid ${k + 1} action`,
    onchange: (e) => { b.action = e.target.value; changed(true); } }, ACTIONS.map(([v, t]) => el("option", { value: v }, t)));
  action.value = b.action;
  return el("div", { class: "line bid", "data-ptr": p }, el("strong", {}, `${k + 1}.`),
    field(`${p}/seat`, "座位", "seat", seatSelect(b.seat, null, (v) => { b.seat = v ?? 0; changed(true); }, `bs:${k}`)),
    field(`${p}/action`, "叫", "action", action),
    el("button", { type: "button", class: "small", "data-key": `bx:${k}`, "aria-label": `Remove bid ${k + 1}`,
      onclick: () => { state.round.bidding.splice(k, 1); changed(true); } }, "✕"));
}
function playRow(k) {
  const p = `/plays/${k}`, play = state.round.plays[k];
  return el("div", { class: "line play", "data-ptr": p }, el("strong", {}, `${k + 1}.`),
    field(`${p}/seat`, "座位", "seat", seatSelect(play.seat, null, (v) => { play.seat = v ?? 0; changed(true); }, `ps:${k}`)),
    zone(`${p}/cards`, "出牌", "cards (none = pass 不要)", { keep: true }),
    play.as !== undefined ? zone(`${p}/as`, "癞子当", "wilds stand for", { keep: true }) : null,
    el("button", { type: "button", class: "small", "data-key": `px:${k}`, "aria-label": `Remove play ${k + 1}`,
      onclick: () => { state.round.plays.splice(k, 1); changed(true); } }, "✕"));
}
function buildCardBuilder() {
  const r = state.round;
  if (!Array.isArray(r.players)) r.players = [];
  const list = (key) => (Array.isArray(r[key]) ? r[key] : null);
  const wildMode = (r.options?.mode ?? "classic") !== "classic" || r.wilds !== undefined;
  $("builder").replaceChildren(
    ...r.players.map((_, i) => cardSeatPanel(i)),
    el("fieldset", { class: "reveals", "data-ptr": "/bottom" }, el("legend", {}, "底牌 ", en("Bottom cards (the landlord takes them)")),
      zone("/bottom", "底牌", "bottom", { max: 3, keep: true }),
      wildMode ? zone("/wilds", "癞子", "wild ranks") : null,
      field("/landlord", "地主", "landlord (optional: the bidding decides)", seatSelect(r.landlord, "—", (v) => {
        setAt("/landlord", v); changed(true); }, "landlord"))),
    el("fieldset", { class: "wins", "data-ptr": "/bidding" }, el("legend", {}, "叫地主 ", en("Bidding, in order")),
      (list("bidding") || []).map((_, k) => bidRow(k)),
      el("button", { type: "button", class: "small", "data-key": "add-bid", onclick: () => {
        r.bidding = list("bidding") || [];
        r.bidding.push({ seat: nextSeat(r.bidding, r.dealer ?? 0), action: r.bidding.length ? "pass" : "call" });
        changed(true);
      } }, "+ 叫 add a bid")),
    el("fieldset", { class: "wins", "data-ptr": "/plays" }, el("legend", {}, "出牌 ", en("Plays, in order (the landlord leads)")),
      (list("plays") || []).map((_, k) => playRow(k)),
      el("button", { type: "button", class: "small", "data-key": "add-play", onclick: () => {
        r.plays = list("plays") || [];
        r.plays.push({ seat: nextSeat(r.plays, landlordOf(r) ?? 0), cards: [] });
        state.zone = { ptr: `/plays/${r.plays.length - 1}/cards`, single: false, max: 0, label: "play" };
        changed(true);
      } }, "+ 出 add a play")));
  renderTarget();
}

// --- the builder of a card game posted as a record (双扣): the cards each seat is left with, the bombs it
// played, and how the round ended (who played out, in order, or the 抄底 seat). Nothing is replayed. ------
const teamOf = (i) => (nPlayers() === 4 ? i % 2 : null);  // 4 players: partners sit opposite, 0 & 2 against 1 & 3
function bombRow(i, j) {  // no data-ptr of its own: an error at the bomb lands on its zone, next to its cards
  return el("div", { class: "line bomb" }, zone(`/players/${i}/bombs/${j}`, `炸弹 ${j + 1}`, "bomb", { keep: true }),
    el("button", { type: "button", class: "small", "data-key": `bombx:${i}:${j}`, "aria-label": `Remove seat ${i}'s bomb ${j + 1}`,
      onclick: () => {
        state.round.players[i].bombs.splice(j, 1);
        // the picker must not point at a bomb that went or moved up: back to the seat's cards left
        if (state.zone.ptr.startsWith(`/players/${i}/bombs/`)) state.zone = { ptr: `/players/${i}/hand`, single: false, label: "" };
        changed(true);
      } }, "✕"));
}
function recordSeatPanel(i) {
  const r = state.round, p = `/players/${i}`, player = r.players[i];
  const place = Array.isArray(r.finish_order) ? r.finish_order.indexOf(i) : -1, team = teamOf(i);
  const addBomb = () => {  // an empty bomb, and the picker points at it: its cards are clicked in next
    player.bombs = Array.isArray(player.bombs) ? player.bombs : [];
    player.bombs.push([]);
    state.zone = { ptr: `${p}/bombs/${player.bombs.length - 1}`, single: false, max: 0, label: "bomb" };
    changed(true);
  };
  // 拆相补偿 asks for the dealt hands; one posted without the option stays in sight, for its error to sit by
  const dealt = r.options?.split_compensation === true || player.dealt !== undefined;
  return el("fieldset", { class: "seat", "data-ptr": p },
    el("legend", {}, `座位 ${i} `, en(seatName(i)), " ",
      (r.dealer ?? 0) === i ? el("span", { class: "badge" }, "庄 dealer") : null, " ",
      team === null ? null : el("span", { class: "badge" }, `${team} 队 team ${team}`), " ",
      place < 0 ? null : el("span", { class: "badge" }, PLACES[place] ? PLACES[place].join(" ") : `${place + 1}`)),
    zone(`${p}/hand`, "余牌", "cards left", { keep: true }),
    (Array.isArray(player.bombs) ? player.bombs : []).map((_, j) => bombRow(i, j)),
    el("div", { class: "line" }, el("button", { type: "button", class: "small", "data-key": `add-bomb:${i}`, onclick: addBomb },
      "+ 炸 add a bomb")),
    dealt ? zone(`${p}/dealt`, "发牌", "dealt hand (拆相补偿)", { keep: true }) : null);
}
/** A round ends by playing out or by 抄底, never both (S9 a): setting one end takes the other away. */
function endBy(key, value) {
  const r = state.round;
  if (key === "chaodi") {
    setAt("/chaodi", value);
    if (value === undefined) r.finish_order = Array.isArray(r.finish_order) ? r.finish_order : [];
    else delete r.finish_order;
  } else { r.finish_order = value; delete r.chaodi; }
  changed(true);
}
function finishOrderSection() {
  const r = state.round, order = Array.isArray(r.finish_order) ? r.finish_order : [];
  const seats = Array.from({ length: nPlayers() }, (_, s) => s).filter((s) => !order.includes(s));
  const chaodi = r.options?.chaodi === true || r.chaodi != null;  // shown with the option, or when posted without it
  const playedOut = r.chaodi == null ? [
    order.length ? order.map((s, k) => el("span", { class: "badge" }, `${k + 1}. ${seatName(s)}`)) : el("span", { class: "empty" }, "—"),
    seats.map((s) => el("button", { type: "button", class: "small", "data-key": `fo:${s}`, onclick: () => endBy("finish_order", [...order, s]) },
      `+ ${seatName(s)}`)),
    el("button", { type: "button", class: "small", "data-key": "fo-clear", onclick: () => endBy("finish_order", []) }, "清空 clear"),
  ] : el("span", { class: "empty" }, "— 抄底: nobody played out (clear the 抄底 seat to enter them)");
  return el("fieldset", { class: "wins", "data-ptr": "/finish_order" },
    el("legend", {}, "出完顺序 ", en("Finish order: click the seats as they played out, 头游 first")),
    el("div", { class: "line" }, playedOut),
    chaodi ? field("/chaodi", "抄底", "the seat that ended the round at the deal", seatSelect(r.chaodi, "—", (v) => endBy("chaodi", v), "chaodi"))
      : null);
}
function buildRecordBuilder() {
  const r = state.round;
  if (!Array.isArray(r.players)) r.players = [];
  $("builder").replaceChildren(...r.players.map((_, i) => recordSeatPanel(i)), finishOrderSection());
  renderTarget();
}

function buildBuilder() {
  const r = state.round;
  if (!Array.isArray(r.players)) r.players = [];
  if (!Array.isArray(r.wins)) r.wins = r.wins == null ? [] : r.wins;
  $("builder").replaceChildren(
    ...r.players.map((_, i) => seatPanel(i)),
    el("fieldset", { class: "wins", "data-ptr": "/wins" }, el("legend", {}, "胡牌 ", en("Wins (none = a drawn round 流局)")),
      r.wins.map((_, k) => winRow(k)),
      el("button", { type: "button", class: "small", "data-key": "add-win", onclick: () => {
        r.wins.push({ winner: 0 });
        state.zone = { ptr: `/wins/${r.wins.length - 1}/tile`, single: true, label: "winning tile" };
        changed(true);
      } }, "+ 胡 add a win")),
    el("fieldset", { class: "reveals", "data-ptr": "/reveals" }, el("legend", {}, "翻牌 ", en("Reveals: tiles turned over after the round")),
      el("div", { class: "line" }, zone("/reveals/chicken_flip", "翻鸡", "chicken_flip", { single: true }),
        zone("/reveals/wild_indicator", "翻王", "wild_indicator", { single: true })),
      zone("/reveals/birds", "鸟/码", "birds")));
  renderTarget();
}

// --- the palette: the variant's tile set, with how many copies are left -------------------------
function tileCopies() {  // the variant's own description says what is in play: its cards, or its tile set
  if (isCards()) return Object.fromEntries((state.detail?.cards?.cards || []).map((c) => [c.card, c.copies]));
  const sets = state.detail?.tile_sets || {};
  return (sets[String(nPlayers())] || Object.values(sets)[0] || {}).copies || {};
}
function usedTiles() {
  const used = {}, add = (list) => parseHand(list).forEach((c) => { used[c] = (used[c] || 0) + 1; });
  const r = state.round, seen = new Set();
  if (roundShape() === "record") {  // the record's cards: those left and the bombs played (dealt hands are a deal of their own)
    for (const pl of r.players || []) {
      add(pl.hand ?? []);
      for (const b of Array.isArray(pl.bombs) ? pl.bombs : []) add(b ?? []);
    }
    return used;
  }
  if (isCards()) {  // the deal: hands and 底牌 (a play's cards come out of a hand)
    for (const pl of r.players || []) add(pl.hand ?? []);
    add(r.bottom ?? []);
    return used;
  }
  for (const pl of r.players || []) {
    add(pl.hand ?? []);
    add(pl.flowers ?? []);
    for (const d of pl.discards || []) if (!(d && typeof d === "object" && d.claimed_by != null)) add([d && typeof d === "object" ? d.tile : d]);
    for (const m of pl.melds || []) {
      if (m.type === "chow") add(m.tiles ?? []);
      else if (m.tile) add(Array(m.type === "kong" ? 4 : 3).fill(m.tile));
      add(m.revealed ?? []);
    }
  }
  for (const w of r.wins || []) {
    const key = w.from == null ? null : `${w.from}/${w.turn}/${w.tile}`;
    if (w.tile && !(key && seen.has(key))) add([w.tile]);
    if (key) seen.add(key);
  }
  const rv = r.reveals || {};
  add([rv.chicken_flip, rv.wild_indicator].filter(Boolean));
  add(rv.birds ?? []);
  return used;
}
function renderPalette() { keepFocus(buildPalette); }
function buildPalette() {
  const copies = tileCopies(), used = usedTiles(), rows = {};
  for (const code of Object.keys(copies)) {
    const group = isCards() ? (JOKERS[code] ? "z" : "m") : /^[1-9][mps]$/.test(code) ? code[1] : /f$/.test(code) ? "f" : "z";
    const left = copies[code] - (used[code] || 0);
    (rows[group] = rows[group] || []).push(chipOf(code, { type: "button", "data-key": `pal:${code}`,
      "aria-label": `${faceOf(code)} ${infoOf(code)?.en} (${code}), ${left} left`, onclick: () => addTile(code) }, "button"));
    rows[group].at(-1).append(el("span", { class: `left${left <= 0 ? " none" : ""}`, "aria-hidden": "true" }, `×${left}`));
  }
  $("palette").replaceChildren(...["m", "p", "s", "z", "f"].filter((g) => rows[g]).map((g) => el("div", { class: "row" }, rows[g])));
}
function renderTarget() {
  const z = state.zone, box = document.querySelector(`.zone[data-ptr="${CSS.escape(z.ptr)}"]`);
  const name = box ? box.querySelector("button.pick").textContent.replace(/^▶ /, "").replace(/ \(\d+\)$/, "") : z.ptr;
  const seat = /^\/players\/(\d+)/.exec(z.ptr);
  $("target").replaceChildren("点牌加入 ", en(`Click a ${isCards() ? "card" : "tile"} to add it to: `),
    el("strong", {}, `${seat ? `${seatName(Number(seat[1]))} · ` : ""}${name}`), en(z.single ? " (one tile: replaces it)" : ""));
}

// --- keeping the views in sync -------------------------------------------------------------------
/** JSON for people: an object or list that fits on a line stays on one line (a hand is one line). */
function pretty(v, indent = "", lead = 0) {
  const flat = JSON.stringify(v);
  if (v === null || typeof v !== "object" || indent.length + lead + flat.length <= 80) return flat;
  const inner = indent + "  ";
  if (Array.isArray(v)) return `[\n${v.map((x) => inner + pretty(x, inner)).join(",\n")}\n${indent}]`;
  return `{\n${Object.entries(v).map(([k, x]) => `${inner}${JSON.stringify(k)}: ${pretty(x, inner, k.length + 4)}`)
    .join(",\n")}\n${indent}}`;
}
/** After every edit: JSON text, share link, palette counts; the builder too when its structure changed. */
function changed(rebuild = false) {
  if (rebuild) renderBuilder();
  $("json").value = pretty(state.round);
  $("json-error").textContent = "";
  const link = shareLink();
  $("share").value = link;
  history.replaceState(null, "", link);
  renderPalette();
}
function renderAll() {
  renderSetup(); renderOptions(); renderRecorded(); renderBuilder(); changed();
}
let jsonTimer = 0;
function onJsonInput() {
  clearTimeout(jsonTimer);
  jsonTimer = setTimeout(async () => {
    let parsed;
    try { parsed = JSON.parse($("json").value); } catch (e) { $("json-error").textContent = `Not valid JSON yet: ${e.message}`; return; }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) { $("json-error").textContent = "A round is a JSON object { … }"; return; }
    await setRound(parsed, false);
  }, 250);
}
async function setRound(round, rewriteJson = true) {
  state.round = round;
  await loadVariant(round.variant);
  renderSetup(); renderOptions(); renderRecorded(); renderBuilder();
  if (rewriteJson) changed(); else { $("json-error").textContent = ""; $("share").value = shareLink(); history.replaceState(null, "", shareLink()); renderPalette(); }
}

// --- settling and showing the answer ---------------------------------------------------------------
function clearProblems() {
  $("problems").replaceChildren();
  document.querySelectorAll(".field-error").forEach((n) => n.remove());
  document.querySelectorAll("[aria-invalid], .bad").forEach((n) => { n.removeAttribute("aria-invalid"); n.classList.remove("bad"); });
}
/** The element a JSON pointer names: the deepest one the page shows, walking up the pointer. */
function targetOf(ptr) {
  for (let p = ptr; ; p = p.slice(0, p.lastIndexOf("/"))) {
    const found = document.querySelector(`[data-ptr="${CSS.escape(p)}"]`);
    if (found || !p) return found;
  }
}
function showProblems(problem) {
  clearProblems();
  const errs = problem.errors || [];
  const list = el("ul", {}, errs.map((e) => {
    const target = targetOf(e.pointer);
    if (target) {  // a tile chip, a zone, a field, or a whole section (then only the message)
      const chip = target.classList.contains("tile");
      const input = target.matches(".field, label") ? target.querySelector("input, select, textarea") : null;
      (chip ? target : target.matches(".zone") ? target.querySelector("button.pick") : input)?.classList.add("bad");
      input?.setAttribute("aria-invalid", "true");
      (chip ? target.closest(".zone") : target).append(el("p", { class: "err field-error" }, `${e.detail} [${e.code}]`));
    }
    return el("li", {}, el("button", { type: "button", onclick: () => targetOf(e.pointer)?.scrollIntoView({ block: "center" }) },
      e.pointer || "/"), `: ${e.detail} [${e.code}]`);
  }));
  $("problems").replaceChildren(el("strong", {}, `${problem.status} ${problem.title || ""}`), el("p", {}, problem.detail || ""),
    ...(errs.length ? [list] : []));
}
async function settle() {
  clearProblems();
  const { status, data } = await api("/v1/settlements", state.round);
  if (status !== 200) { state.answer = null; $("answer").replaceChildren(); showProblems({ status, ...data }); return; }
  state.answer = data;
  renderAnswer(data);
}
const signed = (v) => el("span", { class: v > 0 ? "pos" : v < 0 ? "neg" : "" }, v > 0 ? `+${v}` : String(v));
const table = (caption, head, rows, cls = "") => el("table", { class: cls }, el("caption", { class: "sr-only" }, caption),
  el("thead", {}, el("tr", {}, head.map(([zh, e, c]) => el("th", { class: c || "", scope: "col" }, zh, " ", en(e))))),
  el("tbody", {}, rows));
// 双扣 names a pattern by what pays or doubles and the row it is read from: "贡献分 7线", "炸弹翻倍 3个4线"
const PATTERN_KINDS_EN = { 贡献分: "Bomb contribution", 炸弹翻倍: "Bomb doubling" };
const placeText = (place) => (place == null ? "—" : PLACES[place - 1] ? [`${PLACES[place - 1][0]} `, en(PLACES[place - 1][1])] : String(place));
/** One 双扣 seat of the answer: its side and place out, the bombs it played with their 线数, the 线数 it is paid
 * by (贡献线数), its doubling row, and the cards it was left with. */
function recordHandRow(h, patternCell) {
  return el("tr", { "data-seat": h.seat },
    el("th", { scope: "row" }, seatName(h.seat)),
    el("td", {}, h.team == null ? "—" : [`${h.team} 队 `, en(`seats ${h.team} & ${h.team + 2}`)]),
    el("td", {}, placeText(h.place)),
    el("td", {}, h.won ? "✓ 胜" : ""),
    el("td", {}, (h.bombs || []).map((b) => el("span", { class: "bomb-played" }, cards(b.cards), ` ${b.lines}线`))),
    el("td", { class: "num" }, h.lines ? `${h.lines}线` : "—"),
    el("td", { class: "num" }, `×${h.doubling}`),
    patternCell(h),
    el("td", {}, cards(h.cards_left || [])));
}
function renderAnswer(a) {
  const record = a.hands.some((h) => h.place !== undefined);  // 双扣: places out, teams and bombs, no roles
  const cardGame = !record && a.hands.some((h) => h.role !== undefined);  // 斗地主: roles and cards left, no waits
  const enOf = Object.fromEntries([...state.detail?.patterns || [], ...state.detail?.multipliers || []].map((p) => [p.zh, p.en]));
  const patternEn = (p) => {
    if (enOf[p]) return enOf[p];
    const [kind, row] = p.split(" ");
    return PATTERN_KINDS_EN[kind] && enOf[row] ? `${PATTERN_KINDS_EN[kind]}: ${enOf[row]}` : "";
  };
  const totals = a.scores.map((s) => s.total), sum = totals.reduce((x, y) => x + y, 0);
  const fromItems = a.scores.map(() => 0);
  a.items.forEach((it) => { fromItems[it.payer] -= it.points; fromItems[it.payee] += it.points; });
  const balanced = sum === 0 && fromItems.every((v, i) => v === totals[i]);
  const mm = a.mismatches, byseat = Object.fromEntries((mm?.totals || []).map((t) => [t.seat, t]));
  const recorded = state.round.expected?.totals;
  const summary = el("div", { class: "summary" },
    el("span", {}, "下一庄 ", en("next dealer"), " ", el("strong", {}, a.next_dealer == null ? "—" : seatName(a.next_dealer))),
    el("span", { class: balanced ? "ok" : "notok", id: "zero-sum" }, balanced ? "✓ 零和 " : "✗ 不平 ",
      en(balanced ? "zero-sum: totals add up to 0 and equal the items" : `NOT zero-sum (Σ = ${sum})`)),
    el("span", { class: "hint" }, `${a.rules_version} · ${a.digest.slice(0, 19)}…`));
  const banner = mm ? el("p", { class: `banner${mm.count ? "" : " good"}`, id: "mismatch-banner" }, mm.count
    ? `与实际结算不符 ${mm.count} 处 — ${mm.count} difference${mm.count > 1 ? "s" : ""} from the recorded payouts`
    : "✓ 与实际结算一致 — matches the recorded payouts") : null;
  const totalRows = a.scores.map((s) => el("tr", { class: byseat[s.seat] ? "mismatch" : "", "data-seat": s.seat },
    el("th", { scope: "row" }, seatName(s.seat), cardGame ? (a.hands.find((h) => h.seat === s.seat)?.role === "landlord" ? " 地主" : "")
      : s.seat === state.round.dealer ? " 庄" : ""),
    el("td", { class: "hint" }, Object.entries(s.by_kind).map(([k, v]) => `${k} ${v > 0 ? "+" : ""}${v}`).join(", ")),
    el("td", { class: "num" }, el("strong", {}, signed(s.total))),
    recorded ? el("td", { class: "num" }, String(recorded[s.seat] ?? "")) : null,
    recorded ? el("td", { class: "num diff" }, byseat[s.seat] ? signed(byseat[s.seat].difference) : "✓") : null));
  const itemRows = a.items.map((it, i) => el("tr", {},
    el("td", { class: "num" }, String(i + 1)),
    el("td", {}, `${seatName(it.payer)} → ${seatName(it.payee)}`),
    el("td", { class: "num" }, el("strong", {}, String(it.points))),
    el("td", {}, it.name, " ", en(it.name_en)),
    el("td", { class: "hint" }, it.kind),
    el("td", { class: "note" }, it.note)));
  const patternCell = (h) => el("td", {}, (h.patterns || []).map((p, i) => [i ? ", " : "", p, patternEn(p) ? en(` ${patternEn(p)}`) : ""]));
  const handRows = a.hands.map((h) => (record ? recordHandRow(h, patternCell) : cardGame ? el("tr", { "data-seat": h.seat },
    el("th", { scope: "row" }, seatName(h.seat)),
    el("td", {}, h.role === "landlord" ? "地主 " : "农民 ", en(h.role)),
    el("td", {}, h.won ? "✓ 胜" : ""),
    patternCell(h),
    el("td", {}, cards(h.cards_left || []))) : el("tr", {},
    el("th", { scope: "row" }, seatName(h.seat)),
    el("td", {}, h.won ? "✓ 胡" : ""),
    patternCell(h),
    el("td", {}, h.ready === undefined ? "" : h.ready ? "✓" : "✗"),
    el("td", {}, tiles(h.waits || [])))));
  const handHead = record ? [["座位", "Seat"], ["队", "Team"], ["名次", "Place"], ["胜", "Won"], ["炸弹", "Bombs (线数)"],
    ["贡献线数", "Lines paid", "num"], ["翻倍", "Doubling", "num"], ["牌型", "Patterns"], ["余牌", "Cards left"]]
    : cardGame ? [["座位", "Seat"], ["身份", "Role"], ["胜", "Won"], ["倍数", "Multipliers"], ["余牌", "Cards left"]]
    : [["座位", "Seat"], ["胡", "Won"], ["牌型", "Patterns"], ["听牌", "Ready"], ["听", "Waits"]];
  const extra = mm && (mm.missing_items.length || mm.unexpected_items.length) ? el("div", { class: "wide" },
    el("h3", {}, "记录的条目 ", en("Recorded items that differ")),
    el("ul", {}, mm.missing_items.map((it) => el("li", { class: "notok" }, `recorded #${it.index}, not computed: ${seatName(it.payer)} → ${seatName(it.payee)} ${it.points} ${it.name || it.kind || ""}`)),
      mm.unexpected_items.map((it) => el("li", { class: "notok" }, `computed, not recorded: ${seatName(it.payer)} → ${seatName(it.payee)} ${it.points} ${it.name}`)))) : null;
  $("answer").replaceChildren(...[summary, banner].filter(Boolean), el("div", { class: "tables" },
    el("div", {}, el("h3", {}, "各家合计 ", en("Totals per seat")), table("Totals per seat", [["座位", "Seat"], ["分类", "by kind"],
      ["合计", "Total", "num"], ...(recorded ? [["实际", "Recorded", "num"], ["差额", "Difference", "num"]] : [])], totalRows, "totals")),
    el("div", { class: record ? "wide" : null }, el("h3", {}, "牌型 ", en("Hands")), table("Hands", handHead, handRows, "hands")),
    el("div", { class: "wide" }, el("h3", {}, "明细 ", en(`Items (${a.items.length})`)), table("Items", [["#", "", "num"],
      ["付 → 收", "payer → payee"], ["分", "points", "num"], ["规则", "rule"], ["类", "kind"], ["说明", "note"]], itemRows, "items")),
    extra,
    a.notes.length ? el("div", { class: "wide" }, el("h3", {}, "备注 ", en("Notes")), el("ul", {}, a.notes.map((n) => el("li", {}, n)))) : null));
}

// --- copy buttons ----------------------------------------------------------------------------------
function status(text) { $("status").textContent = text; }
async function copy(text, what) {
  try { await navigator.clipboard.writeText(text); status(`Copied ${what}.`); } catch {
    const area = el("textarea", {}, text);
    document.body.append(area); area.select();
    status(document.execCommand("copy") ? `Copied ${what}.` : `Select and copy the ${what} by hand.`);
    area.remove();
  }
}
const curl = () => `curl -s ${location.origin}/v1/settlements -H 'Content-Type: application/json' -d '${
  JSON.stringify(state.round).replace(/'/g, "'\\''")}'`;

// --- start -----------------------------------------------------------------------------------------
function roundFromFragment() {
  const m = /^#round=([A-Za-z0-9_-]+)$/.exec(location.hash);
  if (!m) return null;
  try { return decodeRound(m[1]); } catch { status("The link's round could not be read."); return null; }
}
async function start() {
  const { data } = await api("/v1/variants");
  state.variants = data.variants || [];
  const shared = roundFromFragment();
  const round = shared || blankRound(state.variants[0]?.id, 4);
  await setRound(round);
  if (shared) await settle();

  $("setup").addEventListener("submit", (e) => { e.preventDefault(); settle(); });
  document.addEventListener("keydown", (e) => { if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); settle(); } });
  $("variant").addEventListener("change", async (e) => {
    const r = state.round, wasShape = roundShape();
    state.answer = null; $("answer").replaceChildren(); clearProblems();  // an answer of another variant's rules
    r.variant = e.target.value;
    await loadVariant(r.variant);
    const shape = roundShape();
    if (shape !== wasShape) {  // tiles, plays, record: the other shapes' fields and hands mean nothing here
      for (const [s, d] of Object.entries(SHAPES)) if (s !== shape) for (const k of d.round) delete r[k];
      r.players = r.players.map((p) => reshapeSeat(p, shape));
      Object.assign(r, SHAPES[shape].blank());
      state.zone = { ptr: "/players/0/hand", single: false, label: "" };
    }
    const names = new Set(state.detail.options.map((o) => o.name)), flags = new Set(state.detail.flags.map((f) => f.name));
    if (r.options) for (const k of Object.keys(r.options)) if (!names.has(k)) delete r.options[k];
    for (const p of r.players) if (p.flags) for (const k of Object.keys(p.flags)) if (!flags.has(k)) delete p.flags[k];
    if (r.options && !Object.keys(r.options).length) delete r.options;  // no setting left: the defaults
    for (const p of r.players) if (p.flags && !Object.keys(p.flags).length) delete p.flags;
    const { min, max } = state.detail.players;
    if (nPlayers() < min || nPlayers() > max) resize(Math.min(Math.max(nPlayers(), min), max));
    renderAll();
  });
  $("players").addEventListener("change", (e) => { resize(Number(e.target.value)); renderAll(); });
  $("dealer").addEventListener("change", (e) => { state.round.dealer = Number(e.target.value); changed(true); });
  $("last-drawer").addEventListener("change", (e) => { setAt("/last_drawer", e.target.value === "" ? undefined : Number(e.target.value)); changed(); });
  $("round-id").addEventListener("input", (e) => { setAt("/round_id", e.target.value || undefined); changed(); });
  $("wall").addEventListener("change", (e) => { setAt("/wall_remaining", e.target.value === "" ? undefined : Number(e.target.value)); changed(); });
  $("json").addEventListener("input", onJsonInput);
  $("copy-json").addEventListener("click", () => copy(pretty(state.round), "JSON"));
  $("copy-curl").addEventListener("click", () => copy(curl(), "curl command"));
  $("copy-link").addEventListener("click", () => copy(shareLink(), "share link"));
  $("clear").addEventListener("click", () => { state.answer = null; $("answer").replaceChildren(); clearProblems();
    setRound(blankRound(state.round.variant, nPlayers())); });
  $("example").addEventListener("click", loadExample);
  window.addEventListener("hashchange", async () => { const r = roundFromFragment(); if (r && JSON.stringify(r) !== JSON.stringify(state.round)) { await setRound(r); await settle(); } });
}
function resize(n) {
  const r = state.round;
  r.players = Array.from({ length: n }, (_, seat) => r.players[seat] || blankSeat(seat));
  if ((r.dealer ?? 0) >= n) r.dealer = 0;
  if (r.last_drawer != null && r.last_drawer >= n) delete r.last_drawer;
  // a seat that left the table played nothing out; a 抄底 by it ends nothing, so the round is played out again
  if (Array.isArray(r.finish_order)) r.finish_order = r.finish_order.filter((s) => !(typeof s === "number" && s >= n));
  if (typeof r.chaodi === "number" && r.chaodi >= n) { delete r.chaodi; r.finish_order = r.finish_order ?? []; }
  if (Array.isArray(r.expected?.totals)) r.expected.totals = Array.from({ length: n }, (_, i) => r.expected.totals[i] ?? 0);
}
async function loadExample() {
  if (!state.examples) {
    const { data } = await api("/openapi.json");
    state.examples = data?.paths?.["/v1/settlements"]?.post?.requestBody?.content?.["application/json"]?.examples || {};
  }
  const ex = state.examples[state.round.variant];
  if (!ex) { status("No example round for this variant."); return; }
  status(`Example: ${ex.summary}`);
  await setRound(structuredClone(ex.value));
  await settle();
}
start();
