// tsumi serve: the workbench page. Hand-written ES modules, no build step,
// no library; this one is the entry (index.html loads it as a module): it
// wires the tabs, the language switch and the controls the panels share,
// and opens the first problem.
//
// The page draws what the server sends and sends what the user does: it
// knows the names of the pieces and how to draw them, nothing of the
// rules. Positions are checked, records read, moves written in Japanese,
// problems solved and checked, KIF written, all by the server (the same
// crates as the tsumi command). See docs/web.md.

import { playAuthor, playMain, renderCheckAnswer, renderSolveAnswer } from './answers.js';
import { go, play, renderBoard } from './board.js';
import { collectionAddFiles, collectionWords, wireCollection } from './collection.js';
import { downloadDiagram } from './diagram.js';
import { $ } from './dom.js';
import { buildPalette, emptyBoard, loadText, renderSide, setEdit, undoRedo, wireEditor } from './editor.js';
import { renderMessage, showInfo } from './messages.js';
import { hasRecord, playRecord, renderRecord } from './record.js';
import { check, solve, stopSearch } from './search.js';
import { enterTab, S, toggleFlip } from './state.js';
import { copy, downloadKif, shareLink } from './takeaway.js';
import { L, lang, setLanguage, w, WORDS } from './words.js';

export function setTab(tab) {
  enterTab(tab);
  for (const b of document.querySelectorAll('.tabs button')) b.setAttribute('aria-selected', String(b.dataset.tab === tab));
  for (const p of ['setup', 'solve', 'check', 'collection']) $(`panel-${p}`).hidden = p !== tab;
  if (tab === 'solve' && S.solve.answer) playMain();
  else if (tab === 'check' && S.check.answer) playAuthor();
  else if (tab !== 'setup' && hasRecord()) playRecord(0);
  else if (tab !== 'setup' && S.problem) play(S.problem.board, [], '', {});
  renderBoard();
  renderRecord();
}

function setLang(l) {
  setLanguage(l);
  document.documentElement.lang = l;
  $('lang-ja').setAttribute('aria-pressed', String(l === 'ja'));
  $('lang-en').setAttribute('aria-pressed', String(l === 'en'));
  for (const e of document.querySelectorAll('[data-t]')) if (WORDS[e.dataset.t]) e.textContent = WORDS[e.dataset.t][l];
  $('author-line').placeholder = l === 'ja' ? '▲２二金 △同玉 ▲３三角打 …　または KIF / CSA' : '▲２二金 △同玉 ▲３三角打 … or G*2b 3a2b …, or a KIF / CSA record';
  $('paste').placeholder = l === 'ja' ? '例：4k4/9/4P4/9/9/9/9/9/9 b G 1' : 'e.g. 4k4/9/4P4/9/9/9/9/9/9 b G 1';
  buildPalette();
  renderSide();
  renderMessage();
  if (S.solve.answer) { renderSolveAnswer(); }
  if (S.check.answer) { renderCheckAnswer(); }
  if (S.tab === 'setup') setTab('setup');
  renderBoard();
  renderRecord();
  collectionWords();
}

// ---------------------------------------------------------------- wiring

function wire() {
  $('lang-ja').onclick = () => setLang('ja');
  $('lang-en').onclick = () => setLang('en');
  for (const b of document.querySelectorAll('.tabs button')) b.onclick = () => setTab(b.dataset.tab);

  $('flip').onclick = () => { toggleFlip(); renderBoard(); };

  // Files dropped anywhere are problems; on the author's line, their moves fill it.
  document.addEventListener('dragover', (ev) => { ev.preventDefault(); document.body.classList.add('drag-over'); });
  document.addEventListener('dragleave', (ev) => { if (!ev.relatedTarget) document.body.classList.remove('drag-over'); });
  document.addEventListener('drop', async (ev) => {
    ev.preventDefault();
    document.body.classList.remove('drag-over');
    const f = ev.dataTransfer.files[0];
    // Several files, or files dropped on the collection, are a collection (collection.js).
    if (f && (ev.dataTransfer.files.length > 1 || S.tab === 'collection')) {
      await collectionAddFiles([...ev.dataTransfer.files]);
    } else if (f) {
      await loadText(await f.arrayBuffer(), f.name);
      if (ev.target.closest('#panel-check')) setTab('check');
    } else {
      const text = ev.dataTransfer.getData('text/plain');
      if (text && !ev.target.closest('textarea')) loadText(text);
    }
  });

  $('solve').onclick = () => { setTab('solve'); solve(); };
  $('stop-solve').onclick = () => stopSearch('solve');
  $('check').onclick = () => check();
  $('stop-check').onclick = () => stopSearch('check');

  $('nav-first').onclick = () => go(0);
  $('nav-prev').onclick = () => go(S.play.ply - 1);
  $('nav-next').onclick = () => go(S.play.ply + 1);
  $('nav-last').onclick = () => go(S.play.steps.length);
  $('back-to-main').onclick = () => (S.tab === 'check' ? playAuthor() : playMain());
  document.addEventListener('click', (ev) => {
    const b = ev.target.closest('.moves .mv');
    if (!b) return;
    const key = b.closest('.moves').dataset.key;
    if (key === 'main') { if (!S.play || S.play.key !== 'main') playMain(); }
    else if (key === 'author') { if (!S.play || S.play.key !== 'author') playAuthor(); }
    else if (key === 'record') { if (!S.play || S.play.key !== 'record') playRecord(); }
    else if (key === 'solved') {
      const a = S.check.answer;
      if (!S.play || S.play.key !== 'solved') play(a.board, a.solved.main.steps, w(L.solverLine), { key: 'solved', variation: true });
    }
    go(Number(b.dataset.ply));
  });
  document.addEventListener('keydown', (ev) => {
    if (ev.target.closest('input, textarea, select')) return;
    if (S.tab === 'setup' && (ev.ctrlKey || ev.metaKey) && !ev.altKey) {
      const key = ev.key.toLowerCase();
      if (key === 'z' && !ev.shiftKey) { undoRedo(-1); ev.preventDefault(); }
      else if (key === 'y' || (key === 'z' && ev.shiftKey)) { undoRedo(1); ev.preventDefault(); }
      return;
    }
    if (S.tab === 'setup' || !S.play) return;
    const keys = { ArrowLeft: -1, ArrowRight: 1 };
    if (ev.key in keys) { go(S.play.ply + keys[ev.key]); ev.preventDefault(); }
    else if (ev.key === 'Home') { go(0); ev.preventDefault(); }
    else if (ev.key === 'End') { go(S.play.steps.length); ev.preventDefault(); }
  });

  $('dl-kif').onclick = () => downloadKif(true);
  $('dl-kifu').onclick = () => downloadKif(false);
  $('copy-sfen').onclick = () => S.problem && copy(S.problem.sfen);
  $('copy-link').onclick = () => S.problem && copy(shareLink());
  $('dl-svg').onclick = () => downloadDiagram(false);
  $('dl-png').onclick = () => downloadDiagram(true);
}

/** 将棋無双 第29番 (三代伊藤宗看, 1734; Open Tsume dataset, CC0), 21手詰 as published: the
 * problem shown when the page opens with none (an SFEN line: sfen, published length, name). */
const EXAMPLE = 'S2g+R4/2r2+B3/1pkn1P3/L1p1+P4/1s2S4/L1P6/1sB6/9/9 b 3g3n2l13p 1\t21\t将棋無双 第29番';

async function init() {
  setEdit(emptyBoard());
  wire();
  wireEditor();
  wireCollection();
  setLang(lang);
  setTab('setup');
  fetch('/api/info').then((r) => r.json()).then((i) => {
    $('version').textContent = `v${i.version}`;
    $('set-hash').max = i.max_hash_mb;
    $('set-threads').max = i.max_threads;
    // The settings start at the server's defaults, stated once in
    // tsumi-mate (SolverConfig::standard) and the server.
    const d = i.defaults;
    $('set-time').value = d.time_limit ?? '';
    $('set-hash').value = d.hash_mb;
    $('set-threads').value = d.threads;
    $('set-interpositions').value = d.interpositions;
    $('set-defence').value = d.defence;
    $('set-shortest').value = d.shortest;
  }).catch(() => {});
  const sfen = new URLSearchParams(location.search).get('sfen');
  await loadText(sfen || EXAMPLE);
  if (!sfen) showInfo(null);
  renderMessage();
}

init();
