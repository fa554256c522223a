// tsumi serve — solving and checking: a search request, its progress
// and its answer as the server streams them.

import { renderCheckAnswer, renderReport, renderSolveAnswer } from './answers.js';
import { stream } from './api.js';
import { renderBoard } from './board.js';
import { $, el } from './dom.js';
import { hideAnswer, renderMessage, showError } from './messages.js';
import { setRecord } from './record.js';
import { beginSearch, clearInfo, clearRefusal, endSearch, isCurrentSearch, noteSearchId, S, stopPlay, takeAnswer, takeLines } from './state.js';
import { L, w } from './words.js';

export function settings() {
  const t = Number($('set-time').value);
  return {
    time_limit: t > 0 ? t : null,
    // An empty field is left out: the server's default (GET /api/info).
    hash_mb: Number($('set-hash').value) || undefined,
    threads: Number($('set-threads').value) || undefined,
    interpositions: $('set-interpositions').value,
    defence: $('set-defence').value,
    shortest: $('set-shortest').value,
  };
}

export function fmtCount(n) {
  if (n >= 1e9) return (n / 1e9).toFixed(2) + 'G';
  if (n >= 1e6) return (n / 1e6).toFixed(2) + 'M';
  if (n >= 1e3) return (n / 1e3).toFixed(1) + 'k';
  return String(n);
}

function progressText(p) {
  const parts = [];
  const stage = L.stage[p.stage];
  parts.push(stage ? w(stage) : p.stage);
  if (p.phase && L.phase[p.phase] && p.stage === 'solve') parts[0] += `（${w(L.phase[p.phase])}）`;
  parts.push(`${fmtCount(p.nodes)} ${w(L.nodes)}`);
  if (p.nps > 0) parts.push(`${fmtCount(p.nps)} ${w(L.perSec)}`);
  parts.push(`${(p.elapsed_ms / 1000).toFixed(1)} s`);
  if (p.mate_length) parts.push(w(L.best, p.mate_length));
  return parts.join(' · ');
}

function setProgress(kind, text) {
  const box = $(`${kind}-progress`);
  box.hidden = text === null;
  if (text !== null) {
    box.textContent = '';
    box.appendChild(el('span', 'spin'));
    box.appendChild(document.createTextNode(text));
  }
}

/** Runs a search request of `kind` ('solve' or 'check') and renders its events. */
async function runSearch(kind, url, body) {
  const ctrl = new AbortController();
  beginSearch(kind, ctrl);
  // The previous answer goes at once, with the line it played on the
  // board and any message.
  hideAnswer(kind);
  if (kind === 'solve') setRecord(null);
  stopPlay();
  if ($('message').dataset.place === kind || S.refusal) {
    clearRefusal();
    clearInfo();
    renderMessage();
  }
  renderBoard();
  $(kind).disabled = true;
  $(`stop-${kind}`).disabled = false;
  setProgress(kind, w(L.starting));
  const done = () => {
    if (!isCurrentSearch(kind, ctrl)) return;
    endSearch(kind, ctrl);
    $(kind).disabled = false;
    $(`stop-${kind}`).disabled = true;
    setProgress(kind, null);
  };
  try {
    await stream(url, body, (name, data) => {
      if (!isCurrentSearch(kind, ctrl)) return;
      if (name === 'accepted') noteSearchId(kind, data.id);
      else if (name === 'queued') setProgress(kind, w(L.queued, data.ahead));
      else if (name === 'started') setProgress(kind, w(L.starting));
      else if (name === 'progress') setProgress(kind, progressText(data));
      else if (name === 'answer') {
        if (data.started === false) return;
        takeAnswer(kind, data);
        (kind === 'solve' ? renderSolveAnswer : renderCheckAnswer)();
      } else if (name === 'lines') {
        takeLines(kind, data);
        renderReport(kind);
      } else if (name === 'record') {
        if (kind === 'solve') setRecord(data.record);
      } else if (name === 'error') showError({ error: { message: data.message, message_ja: data.message_ja, squares: [], code: data.code, params: data.params } }, kind);
    }, ctrl.signal);
  } catch (e) {
    if (e.name !== 'AbortError') showError(e, kind);
  }
  done();
}

export function stopSearch(kind) {
  const st = S[kind];
  if (st.id !== null && st.id !== undefined) fetch(`/api/stop/${st.id}`, { method: 'POST' }).catch(() => {});
}

export function solve() {
  if (!S.problem) return showError({ error: { message: L.needProblem.en, message_ja: L.needProblem.ja, squares: [] } }, 'solve');
  runSearch('solve', '/api/solve', {
    sfen: S.problem.sfen, name: S.problem.name || '', published_length: S.problem.published_length ?? null, settings: settings(),
  });
}

export function check() {
  if (!S.problem) return showError({ error: { message: L.needProblem.en, message_ja: L.needProblem.ja, squares: [] } }, 'check');
  runSearch('check', '/api/check', {
    sfen: S.problem.sfen, name: S.problem.name || '', line: $('author-line').value, settings: settings(),
  });
}
