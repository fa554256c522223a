// tsumi serve — the board: the position shown (the editor's board, or a
// ply of the line played), the hands, the numerals, and moving through
// the line played (S.play).

import { movesList } from './answers.js';
import { $, el } from './dom.js';
import { editedBoard, pickedCell, restHeld } from './editor.js';
import { FILES, HAND_KANJI, HAND_KINDS, pieceEl, RANKS } from './pieces.js';
import { markRecordCursor } from './record.js';
import { movePly, S, startPlay } from './state.js';
import { L, w } from './words.js';

export function shownBoard() {
  if (S.tab === 'setup' || !S.play) return editedBoard();
  const p = S.play;
  return p.ply === 0 ? p.start : p.steps[p.ply - 1].board;
}

export function renderBoard() {
  const board = shownBoard();
  const editing = S.tab === 'setup';
  const root = $('board');
  root.classList.toggle('editing', editing);
  root.textContent = '';
  const marks = {};
  const mark = (cell, cls) => { if (cell) (marks[cell[0] * 9 + cell[1]] ||= []).push(cls); };
  if (!editing && S.play && S.play.ply > 0) {
    const step = S.play.steps[S.play.ply - 1];
    mark(step.to, 'last');
    mark(step.from, 'from');
  }
  if (!editing && S.play && S.play.fault && S.play.ply === S.play.fault.ply - 1) {
    mark(S.play.fault.to, 'fault');
    mark(S.play.fault.from, 'fault');
  }
  if (S.refusal) for (const c of S.refusal.squares || []) mark(c, 'bad');
  const pick = pickedCell();
  if (editing && pick) mark([pick.r, pick.c], 'picked');
  $('board-column').classList.toggle('flipped', S.flip);
  for (let i = 0; i < 9; i++) {
    for (let j = 0; j < 9; j++) {
      // Flipped, the first square drawn is １九 (row 8, col 8).
      const r = S.flip ? 8 - i : i;
      const c = S.flip ? 8 - j : j;
      const cell = el('div', 'cell');
      cell.dataset.row = r;
      cell.dataset.col = c;
      cell.setAttribute('role', 'gridcell');
      cell.setAttribute('aria-label', FILES[c] + RANKS[r]);
      for (const cls of marks[r * 9 + c] || []) cell.classList.add(cls);
      const code = board && board.rows[r][c];
      if (code) cell.appendChild(pieceEl(code));
      root.appendChild(cell);
    }
  }
  renderHands(board, editing);
  renderLabels();
  renderRestCount();
  renderNav();
}

/** File and rank numerals, and the hands above and below, as the view is turned. */
function renderLabels() {
  const files = document.querySelector('.files');
  const ranks = document.querySelector('.ranks');
  const f = S.flip ? [...FILES].reverse() : FILES;
  const r = S.flip ? [...RANKS].reverse() : RANKS;
  files.textContent = '';
  ranks.textContent = '';
  for (const x of f) files.appendChild(el('span', '', x));
  for (const x of r) ranks.appendChild(el('span', '', x));
  const frame = document.querySelector('.board-frame');
  const [top, bottom] = S.flip ? ['hand-b', 'hand-w'] : ['hand-w', 'hand-b'];
  frame.before($(top));
  frame.after($(bottom));
  $('flip').setAttribute('aria-pressed', String(S.flip));
}

/** The pieces left for the defender's hand, by kind (what 残り全部 gives), under the editor. */
function renderRestCount() {
  const root = $('rest-count');
  root.textContent = '';
  const rest = S.problem && S.problem.rest;
  if (!rest) return;
  root.appendChild(el('span', 'label', w(L.restCount)));
  let any = false;
  for (const k of HAND_KINDS) {
    const n = rest[k] || 0;
    if (!n) continue;
    any = true;
    const item = el('span', 'rc');
    item.dataset.kind = k;
    item.append(HAND_KANJI[k], el('b', '', String(n)));
    root.appendChild(item);
  }
  if (!any) root.appendChild(el('span', 'rc', w(L.restCountNone)));
}

function renderHands(board, editing) {
  for (const side of ['w', 'b']) {
    const root = $(`hand-${side}`);
    root.textContent = '';
    const who = el('span', 'who');
    const mover = board && board.side === side;
    who.append(side === 'b' ? '☗' : '☖', el('b', '', w(side === 'b' ? L.black : L.white)), w(L.hand));
    if (mover) who.title = w(L.toMove);
    root.appendChild(who);
    const hand = (board && board.hands[side]) || {};
    const defender = board && board.side !== side;
    const fixed = editing && defender && restHeld();
    let any = false;
    for (const k of HAND_KINDS) {
      const n = hand[k] || 0;
      if (!editing && n === 0) continue;
      if (editing && fixed && n === 0) continue;
      any = true;
      const item = el('span', 'hand-item');
      item.dataset.kind = k;
      item.appendChild(pieceEl(side === 'b' ? k : k.toLowerCase(), true));
      const adjust = !editing || fixed ? null : (label, delta) => {
        const b = el('button', 'adj', label);
        b.type = 'button';
        b.dataset.side = side;
        b.dataset.kind = k;
        b.dataset.delta = delta;
        return b;
      };
      if (adjust) {
        const minus = adjust('−', '-1');
        minus.disabled = n === 0;
        item.appendChild(minus);
      }
      item.appendChild(el('span', 'count', n > 1 || editing ? String(n) : ''));
      if (adjust) item.appendChild(adjust('+', '1'));
      root.appendChild(item);
    }
    if (!any) root.appendChild(el('span', 'none', w(L.none)));
    if (fixed) root.appendChild(el('span', 'rest-note', w(L.restNote)));
  }
}

function renderNav() {
  const editing = S.tab === 'setup';
  const p = S.play;
  const n = p ? p.steps.length : 0;
  const ply = p ? p.ply : 0;
  $('nav').hidden = editing || !p;
  $('edit-here').hidden = editing || !p;
  $('nav-first').disabled = $('nav-prev').disabled = ply === 0;
  $('nav-next').disabled = $('nav-last').disabled = ply >= n;
  let label = w(L.start);
  if (p && ply > 0) label = `${w(L.ply, ply)} ${p.steps[ply - 1].ja}`;
  $('nav-label').textContent = label;
  const playing = $('playing');
  playing.hidden = editing || !p || !p.label;
  if (p) {
    $('playing-label').textContent = p.label;
    $('back-to-main').hidden = !p.variation;
    const moves = $('playing-moves');
    moves.textContent = '';
    moves.hidden = !p.variation;
    if (p.variation) {
      const from = p.from || 0;
      const list = movesList('var', p.steps.slice(from), from + 1);
      moves.appendChild(list);
    }
  }
  for (const list of document.querySelectorAll('.moves')) {
    for (const b of list.querySelectorAll('.mv')) {
      b.classList.toggle('current', !!p && p.key === list.dataset.key && Number(b.dataset.ply) === ply);
    }
  }
  markRecordCursor();
}

export function go(ply) {
  if (!S.play) return;
  movePly(ply);
  renderBoard();
}

/** Plays `steps` (the moves after `start`) on the board, at `ply`. */
export function play(start, steps, label, opts = {}) {
  startPlay(start, steps, label, opts);
  renderBoard();
}
