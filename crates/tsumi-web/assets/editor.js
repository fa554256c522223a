// tsumi serve — the editor (問題 panel): the board being set up, the
// palette, the hands, undo and redo, and loading a record. The editor's
// state is this module's own; the server checks every edit (POST
// /api/position) and reads every record (POST /api/parse).

import { api } from './api.js';
import { setTab } from './app.js';
import { renderBoard, shownBoard } from './board.js';
import { $, el } from './dom.js';
import { renderMessage, showError, showInfo } from './messages.js';
import { cycle, pieceEl } from './pieces.js';
import { setRecord } from './record.js';
import { acceptProblemView, clearInfo, clearRefusal, dropProblem, resetSearches, S, stopPlay } from './state.js';
import { updateShare } from './takeaway.js';
import { L, w } from './words.js';

/** The editor's state. */
const ed = {
  edit: null, // {rows, hands: {b, w}, side}: the board being edited
  rest: true, // the defender holds every remaining piece
  palette: null, // a piece code, 'erase' or null
  seq: 0, // the last edit sent to the server
  // Every state of the editor (board, hands, side, 残り全部), oldest first,
  // and the one shown: undo and redo walk it.
  history: { states: [], at: -1 },
  // A press on a cell while editing, and the piece picked up by a tap.
  drag: null,
  pick: null,
};

/** The board being edited. */
export const editedBoard = () => ed.edit;
/** Whether the defender holds every remaining piece (残り全部). */
export const restHeld = () => ed.rest;
/** The cell ({r, c}) of the piece picked up by a tap, or null. */
export const pickedCell = () => ed.pick;

export function emptyBoard() {
  return { rows: Array.from({ length: 9 }, () => Array(9).fill('')), hands: { b: {}, w: {} }, side: 'b' };
}

export function setEdit(board) {
  ed.pick = null;
  ed.edit = JSON.parse(JSON.stringify(board));
  ed.edit.hands.b ||= {};
  ed.edit.hands.w ||= {};
}

/** The fields a loaded record fills: its title, published length, author and line. */
const RECORD_FIELDS = ['dg-title', 'dg-length', 'dg-author', 'author-line'];
const fieldValues = () => Object.fromEntries(RECORD_FIELDS.map((id) => [id, $(id).value]));
function setFields(values) {
  for (const id of RECORD_FIELDS) $(id).value = values[id] ?? '';
}

/**
 * The editor's state as history keeps it: the board and the defender's
 * hand, and for a load the record's fields before and after it.
 */
const editState = (fields) => JSON.stringify(fields ? { edit: ed.edit, rest: ed.rest, fields } : { edit: ed.edit, rest: ed.rest });

/**
 * Keeps the editor's state in the history (an edit, a load, a paste),
 * dropping what was undone. A load gives the record's fields before and
 * after it (`{ before, after }`), so that undoing the load puts back the
 * previous record's title, length, author and line, and redoing it brings
 * its own; an edit of the board leaves what was typed in them alone.
 */
function remember(fields) {
  const h = ed.history;
  const state = editState(fields);
  if (h.at >= 0 && h.states[h.at] === state) return;
  h.states.length = h.at + 1;
  h.states.push(state);
  h.at = h.states.length - 1;
  renderUndo();
}

function renderUndo() {
  $('undo').disabled = ed.history.at <= 0;
  $('redo').disabled = ed.history.at >= ed.history.states.length - 1;
}

/** Undo (-1) or redo (+1): the editor's state before or after, checked again by the server. */
export function undoRedo(delta) {
  const h = ed.history;
  const at = h.at + delta;
  if (at < 0 || at >= h.states.length) return;
  const from = JSON.parse(h.states[h.at]);
  const { edit, rest, fields } = JSON.parse(h.states[at]);
  h.at = at;
  if (delta < 0 && from.fields) setFields(from.fields.before);
  if (delta > 0 && fields) setFields(fields.after);
  setEdit(edit);
  ed.rest = rest;
  $('rest-toggle').checked = rest;
  renderSide();
  renderUndo();
  commitEdit(false);
}

/** Sends the edited board to the server, which checks it and fills in the defender's hand. */
async function commitEdit(record = true, adoptRest = false) {
  if (record) remember();
  // A message about an earlier load or copy is no longer about this board.
  clearInfo();
  const seq = ++ed.seq;
  clearAnswers();
  renderBoard();
  try {
    const view = await api('/api/position', { board: ed.edit, defender_rest: ed.rest });
    if (seq !== ed.seq) return;
    acceptProblem(view, false, adoptRest);
  } catch (e) {
    if (seq !== ed.seq) return;
    dropProblem();
    if (e.board && ed.rest) ed.edit.hands = e.board.hands;
    showError(e);
    updateShare();
  }
}

/**
 * Takes the problem the server accepted. A record read (or a position
 * taken from a line, `adoptRest`) says whether the defender holds the rest;
 * an edit keeps the user's choice, so that a hand listed stays listed even
 * when it is the rest.
 */
function acceptProblem(view, replaceEdit, adoptRest) {
  acceptProblemView(view);
  if (replaceEdit) setEdit(view.board);
  else ed.edit.hands = JSON.parse(JSON.stringify(view.board.hands));
  if (replaceEdit || adoptRest) ed.rest = view.defender_rest;
  $('rest-toggle').checked = ed.rest;
  clearRefusal();
  renderMessage();
  renderSide();
  renderBoard();
  updateShare();
}

export function renderSide() {
  const side = ed.edit ? ed.edit.side : 'b';
  $('side-toggle').textContent = `${w(L.toMove)}: ${w(side === 'b' ? L.black : L.white)}`;
}

function editCell(r, c, code) {
  ed.edit.rows[r][c] = code;
  commitEdit();
}

/** A click on cell (r, c) while editing (a press and release without a drag). */
function clickCell(r, c) {
  const code = ed.edit.rows[r][c];
  if (ed.palette === 'erase') editCell(r, c, '');
  else if (ed.palette) editCell(r, c, code === ed.palette ? cycle(code) : ed.palette);
  else if (code) editCell(r, c, cycle(code));
}

/** A tap on cell (r, c) with no palette piece chosen (touch screens). */
function tapCell(r, c) {
  const code = ed.edit.rows[r][c];
  if (ed.pick && (ed.pick.r !== r || ed.pick.c !== c)) {
    const from = ed.pick;
    ed.pick = null;
    ed.edit.rows[r][c] = ed.edit.rows[from.r][from.c];
    ed.edit.rows[from.r][from.c] = '';
    commitEdit();
  } else if (ed.pick) {
    ed.pick = null;
    clickCell(r, c);
  } else if (code) {
    ed.pick = { r, c };
    renderBoard();
  }
}

function onBoardContext(ev) {
  if (S.tab !== 'setup') return;
  const cell = ev.target.closest('.cell');
  if (!cell) return;
  ev.preventDefault();
  editCell(Number(cell.dataset.row), Number(cell.dataset.col), '');
}

// A press on a cell while editing is a click when released without moving;
// a piece dragged (no palette piece chosen) moves to the cell it is
// dropped on, or off the board. On a touch screen a tap on a piece (no
// palette piece chosen) picks it up, a tap on another square puts it
// there, and a second tap on the piece itself promotes or turns it.
function onPointerDown(ev) {
  if (S.tab !== 'setup' || ev.button !== 0) return;
  const cell = ev.target.closest('.cell');
  if (!cell) return;
  const r = Number(cell.dataset.row);
  const c = Number(cell.dataset.col);
  const code = ed.edit.rows[r][c];
  ed.drag = {
    r, c, code, x: ev.clientX, y: ev.clientY, moved: false, ghost: null, canMove: !!code && !ed.palette,
    touch: ev.pointerType === 'touch',
  };
  ev.preventDefault();
}
function onPointerMove(ev) {
  if (!ed.drag || !ed.drag.canMove) return;
  if (!ed.drag.moved && Math.hypot(ev.clientX - ed.drag.x, ev.clientY - ed.drag.y) < 6) return;
  if (!ed.drag.moved) {
    ed.drag.moved = true;
    ed.drag.ghost = pieceEl(ed.drag.code);
    ed.drag.ghost.classList.add('drag-ghost');
    document.body.appendChild(ed.drag.ghost);
  }
  ed.drag.ghost.style.left = `${ev.clientX - 21}px`;
  ed.drag.ghost.style.top = `${ev.clientY - 24}px`;
  for (const x of document.querySelectorAll('.drop-target')) x.classList.remove('drop-target');
  const over = document.elementFromPoint(ev.clientX, ev.clientY);
  const cell = over && over.closest('#board .cell');
  if (cell) cell.classList.add('drop-target');
}
function onPointerUp(ev) {
  if (!ed.drag) return;
  const d = ed.drag;
  ed.drag = null;
  if (!d.moved) {
    if (d.touch && !ed.palette) return tapCell(d.r, d.c);
    ed.pick = null;
    clickCell(d.r, d.c);
    return;
  }
  ed.pick = null;
  d.ghost.remove();
  const over = document.elementFromPoint(ev.clientX, ev.clientY);
  const cell = over && over.closest('#board .cell');
  ed.edit.rows[d.r][d.c] = '';
  if (cell) ed.edit.rows[Number(cell.dataset.row)][Number(cell.dataset.col)] = d.code;
  commitEdit();
}

export function buildPalette() {
  const root = $('palette');
  root.textContent = '';
  const rows = [
    [L.black, ['K', 'R', 'B', 'G', 'S', 'N', 'L', 'P']],
    [L.promotedRow, ['+R', '+B', '+S', '+N', '+L', '+P']],
    [L.white, ['k', 'r', 'b', 'g', 's', 'n', 'l', 'p']],
    [L.promotedRow, ['+r', '+b', '+s', '+n', '+l', '+p']],
  ];
  rows.forEach(([label, codes], i) => {
    root.appendChild(el('span', 'label', w(label)));
    for (let j = 0; j < 9; j++) {
      const code = codes[j];
      if (code) {
        const b = el('button');
        b.type = 'button';
        b.dataset.code = code;
        b.title = code;
        b.setAttribute('aria-pressed', String(ed.palette === code));
        b.appendChild(pieceEl(code, true));
        root.appendChild(b);
      } else if (i === 0) {
        const b = el('button', 'eraser', w(L.eraser));
        b.type = 'button';
        b.dataset.code = 'erase';
        b.setAttribute('aria-pressed', String(ed.palette === 'erase'));
        root.appendChild(b);
      } else {
        root.appendChild(el('span'));
      }
    }
  });
}


/** Wires the editor's controls: the board, the palette, the hands and the buttons of the 問題 panel. */
export function wireEditor() {
  const board = $('board');
  board.addEventListener('contextmenu', onBoardContext);
  board.addEventListener('pointerdown', onPointerDown);
  window.addEventListener('pointermove', onPointerMove);
  window.addEventListener('pointerup', onPointerUp);

  $('palette').addEventListener('click', (ev) => {
    const b = ev.target.closest('button');
    if (!b) return;
    ed.palette = ed.palette === b.dataset.code ? null : b.dataset.code;
    if (ed.pick) {
      ed.pick = null;
      renderBoard();
    }
    for (const x of $('palette').querySelectorAll('button')) x.setAttribute('aria-pressed', String(x.dataset.code === ed.palette));
  });
  for (const side of ['b', 'w']) {
    $(`hand-${side}`).addEventListener('click', (ev) => {
      const b = ev.target.closest('button.adj');
      if (!b || S.tab !== 'setup') return;
      const hand = ed.edit.hands[b.dataset.side];
      const n = Math.max(0, (hand[b.dataset.kind] || 0) + Number(b.dataset.delta));
      if (n) hand[b.dataset.kind] = n; else delete hand[b.dataset.kind];
      commitEdit();
    });
  }
  $('side-toggle').onclick = () => { ed.edit.side = ed.edit.side === 'b' ? 'w' : 'b'; renderSide(); commitEdit(); };
  $('rest-toggle').onchange = (ev) => { ed.rest = ev.target.checked; commitEdit(); };
  $('clear-board').onclick = () => {
    const b = emptyBoard();
    b.rows[0][4] = 'k';
    setEdit(b);
    ed.rest = true;
    $('rest-toggle').checked = true;
    renderSide();
    commitEdit();
  };
  $('load-paste').onclick = () => loadText($('paste').value);
  $('undo').onclick = () => undoRedo(-1);
  $('redo').onclick = () => undoRedo(1);
  // A mirror image is an edit like any other: the server checks it.
  $('mirror').onclick = () => { ed.edit.rows = ed.edit.rows.map((row) => [...row].reverse()); commitEdit(); };
  // The position shown (any ply of the answer, a report line, the author's line) into the editor.
  $('edit-here').onclick = () => {
    const board = shownBoard();
    if (!board) return;
    setEdit(board);
    ed.rest = false;
    $('rest-toggle').checked = false;
    setTab('setup');
    renderSide();
    commitEdit(true, true);
  };
  $('file').onchange = async (ev) => {
    const f = ev.target.files[0];
    if (f) await loadText(await f.arrayBuffer(), f.name);
    ev.target.value = '';
  };
}

// ---------------------------------------------------------------- loading

export async function loadText(body, name) {
  const url = name ? `/api/parse?name=${encodeURIComponent(name)}` : '/api/parse';
  try {
    const view = await api(url, body, 'application/octet-stream');
    clearAnswers();
    const before = fieldValues();
    acceptProblem(view, true);
    setRecord(view.record || null);
    $('dg-title').value = view.name || '';
    $('dg-length').value = view.published_length ?? '';
    const author = view.headers.find(([k]) => k === '作者');
    $('dg-author').value = author ? author[1] : '';
    const n = view.solution ? view.solution.steps.length : 0;
    if (n) $('author-line').value = view.solution.steps.map((s) => s.ja).join(' ');
    remember({ before, after: fieldValues() });
    showInfo(() => w(L.loaded, view.name, n) + (view.problems > 1 ? w(L.more, view.problems) : ''));
    return view;
  } catch (e) {
    if (e.board) {
      setEdit(e.board);
      dropProblem();
      ed.rest = false;
      $('rest-toggle').checked = false;
      clearAnswers();
      renderSide();
      remember();
    }
    showError(e);
    updateShare();
    return null;
  }
}

function clearAnswers() {
  resetSearches();
  stopPlay();
  $('answer').hidden = $('report').hidden = $('verdict').hidden = $('check-report').hidden = true;
  $('solve-progress').hidden = $('check-progress').hidden = true;
  $('solve').disabled = $('check').disabled = false;
  $('stop-solve').disabled = $('stop-check').disabled = true;
  setRecord(null);
}
