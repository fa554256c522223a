// tsumi serve — the record tree (棋譜): the answer, or a loaded KIF, as one
// record with branches and comments, moved through as Kifu for JS and
// ShogiHome show one: the moves of the line being followed, the branches
// (変化) at the move shown, and the comment on it, edited in place. The
// tree comes from the server (POST /api/parse's `record`, the solve's
// `record` event), each move with its board; the KIF download sends it
// back, comments and all, to POST /api/kif. The tree shown is this
// module's own state.

import { movesList } from './answers.js';
import { api } from './api.js';
import { play } from './board.js';
import { $, el } from './dom.js';
import { S } from './state.js';
import { updateDownloads } from './takeaway.js';
import { w } from './words.js';

/** The record tree shown: {view: the server's tree, sel: the child
 * followed at each depth (0: the line's own move), at: the depth of the
 * move shown}, or null. */
let record = null;

/** Whether a record tree is shown. */
export const hasRecord = () => record !== null;

const RW = {
  record: { ja: '棋譜（分岐・コメント）', en: 'Record (branches, comments)' },
  branches: { ja: '変化', en: 'Branches' },
  noBranch: { ja: 'この手に変化はありません', en: 'No branch at this move' },
  comment: { ja: 'コメント', en: 'Comment' },
  startComment: { ja: '開始局面のコメント', en: 'Comment on the start' },
  playRecord: { ja: '棋譜を再生', en: 'Play the record' },
  lines: { ja: (n) => `${n} 本の手順`, en: (n) => `${n} line${n === 1 ? '' : 's'}` },
};


/** The moves of the line followed: the chosen child at each depth, then the first. */
export function recordLine() {
  const r = record;
  const nodes = [];
  let children = r.view.children;
  for (let d = 0; children.length; d++) {
    const i = Math.min(r.sel[d] || 0, children.length - 1);
    const n = children[i];
    nodes.push(n);
    children = n.children;
  }
  return nodes;
}

/** The number of lines (leaves) of the tree. */
function countLines(children) {
  if (!children.length) return 1;
  return children.reduce((s, c) => s + countLines(c.children), 0);
}

/** Takes a record tree from the server (null: none). */
export function setRecord(view) {
  record = view ? { view, sel: [], at: 0 } : null;
  renderRecord();
  updateDownloads();
}

/** Plays the followed line on the board, at depth `at`. */
export function playRecord(at) {
  const r = record;
  if (!r) return;
  if (at !== undefined) r.at = at;
  play(r.view.board, recordLine(), w(RW.playRecord), { key: 'record', ply: r.at });
}

/** Follows child `i` at depth `d` (the move numbered d + 1), and shows it. */
function chooseBranch(d, i) {
  const r = record;
  r.sel = r.sel.slice(0, d);
  r.sel[d] = i;
  playRecord(d + 1);
  renderRecord();
}

/** The node shown (null at the start) and the list of its alternatives. */
function recordCursor() {
  const r = record;
  const line = recordLine();
  const at = Math.min(r.at, line.length);
  const node = at ? line[at - 1] : null;
  const siblings = at ? (at === 1 ? r.view.children : line[at - 2].children) : [];
  return { line, at, node, siblings };
}

export function renderRecord() {
  const box = $('record');
  if (!box) return;
  const r = record;
  box.hidden = !r || S.tab === 'setup';
  box.textContent = '';
  if (!r) return;
  const head = el('div', 'record-head');
  head.appendChild(el('h3', '', w(RW.record)));
  head.appendChild(el('span', 'muted', w(RW.lines, countLines(r.view.children))));
  box.appendChild(head);
  const { line, at, node, siblings } = recordCursor();
  const parents = [r.view.children].concat(line.map((n) => n.children));
  const list = movesList('record', line, 1, (b, i) => {
    if (parents[i].length > 1) b.classList.add('branched');
    if (line[i].comment) b.classList.add('commented');
    if (line[i].result) b.appendChild(el('span', 'result', ` ${line[i].result}`));
    if (S.play && S.play.key === 'record' && S.play.ply === i + 1) b.classList.add('current');
  });
  box.appendChild(list);
  const branches = el('div', 'record-branches');
  branches.appendChild(el('span', 'label', `${w(RW.branches)}:`));
  if (siblings.length > 1) {
    siblings.forEach((s, i) => {
      const b = el('button', 'branch', `${at} ${s.ja}`);
      b.type = 'button';
      b.dataset.branch = String(i);
      if (s === node) b.classList.add('current');
      b.onclick = () => chooseBranch(at - 1, i);
      branches.appendChild(b);
    });
  } else branches.appendChild(el('span', 'muted', w(RW.noBranch)));
  box.appendChild(branches);
  const label = el('label', 'record-comment');
  label.appendChild(el('span', '', node ? `${w(RW.comment)} (${at} ${node.ja})` : w(RW.startComment)));
  const text = el('textarea');
  text.id = 'record-comment';
  text.rows = 3;
  text.value = node ? node.comment : r.view.comment;
  text.oninput = () => {
    if (node) node.comment = text.value;
    else r.view.comment = text.value;
    for (const b of list.querySelectorAll('.mv')) {
      const i = Number(b.dataset.ply) - 1;
      b.classList.toggle('commented', !!line[i].comment);
    }
  };
  label.appendChild(text);
  box.appendChild(label);
  markRecordCursor();
}

/** Keeps the panel on the move the board shows (the nav buttons move it). */
export function markRecordCursor() {
  const r = record;
  if (!r || !S.play || S.play.key !== 'record' || S.play.ply === r.at) return;
  r.at = S.play.ply;
  renderRecord();
}

/** The record as the server takes it back (POST /api/kif). */
function recordInput() {
  const v = record.view;
  const node = (n) => ({ usi: n.usi, comment: n.comment, result: n.result, children: n.children.map(node) });
  return { sfen: v.sfen, name: v.name, comment: v.comment, children: v.children.map(node) };
}

/**
 * The record as KIF, comments as edited, from the server, with `title`
 * (作品名) and the KIF `headers` ([key, value] in their order) to keep.
 */
export async function recordKif(title, headers) {
  return api('/api/kif', { ...recordInput(), name: title, headers });
}
