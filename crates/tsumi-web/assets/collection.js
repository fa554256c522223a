// tsumi serve — the collection panel (作品集). A file of many problems (or
// several files) becomes a table of works; 全部検討 checks them all on
// the server's job pool (the engine of `tsumi solve --jobs`), a row at a
// time as each is answered; a row opens its work on the board; the table
// goes out as CSV, as JSON lines (the records of `tsumi solve --json
// --report`) and as one KIF file. The table is this module's own state.

import { renderSolveAnswer } from './answers.js';
import { api, stream } from './api.js';
import { setTab } from './app.js';
import { $, download, el } from './dom.js';
import { loadText } from './editor.js';
import { showError, showInfo } from './messages.js';
import { setRecord } from './record.js';
import { fmtCount, settings } from './search.js';
import { takeAnswer, takeLines } from './state.js';
import { errorText, L, lang, w } from './words.js';

const CL = {
  loaded: {
    ja: (n, bad, file) => `${file ? file + '：' : ''}${n}作を読み込みました${bad ? `（うち ${bad} 件は読めない記録）` : ''}`,
    en: (n, bad, file) => `${file ? file + ': ' : ''}${n} works read${bad ? ` (${bad} records could not be read)` : ''}`,
  },
  record: { ja: (line) => `${line}行目の記録：`, en: (line) => `record at line ${line}: ` },
  progress: {
    ja: (done, total, s) => `${done} / ${total} 作 検討済 · ${s} s`,
    en: (done, total, s) => `${done} of ${total} works checked · ${s} s`,
  },
  running: { ja: (name, nodes, s) => `${name}（${nodes} 局面, ${s} s）`, en: (name, nodes, s) => `${name} (${nodes} nodes, ${s} s)` },
  finished: {
    ja: (done, total, s, stopped) => `${stopped ? '中断しました' : '検討を終えました'}：${done} / ${total} 作, ${s} s`,
    en: (done, total, s, stopped) => `${stopped ? 'Stopped' : 'Done'}: ${done} of ${total} works, ${s} s`,
  },
  noWork: { ja: '検討する作品がありません', en: 'No work to check' },
  noAnswer: { ja: '保存できる解答がまだありません', en: 'No answer to save yet' },
  opened: { ja: (name, v) => `作品集から：${name}${v ? ' — ' + v : ''}`, en: (name, v) => `From the collection: ${name}${v ? ' — ' + v : ''}` },
  pending: { ja: '未検討', en: 'not checked' },
  checking: { ja: '検討中…', en: 'checking…' },
  stopped: { ja: '中断', en: 'stopped' },
  error: { ja: 'エラー', en: 'error' },
  sound: { ja: '健全', en: 'sound' },
  undecided: { ja: '未解決', en: 'undecided' },
  open: {
    unknown: { ja: '制限内に決着せず', en: 'not settled within the limits' },
    'not-proven-shortest': { ja: '最短手数は未証明', en: 'not proven shortest' },
    'report-incomplete': { ja: '余詰検討が未了', en: 'soundness check not finished' },
    'no-report': { ja: '余詰検討なし', en: 'no soundness check' },
  },
  fault: {
    'no-mate': { ja: () => '不詰', en: () => 'no mate (不詰)' },
    'no-mate-at-end': { ja: () => '手順が詰んでいない', en: () => 'the line does not end in mate' },
    short: { ja: (f) => `早詰（${f.length}手）`, en: (f) => `early mate (早詰) in ${f.length}` },
    longer: { ja: (f) => `作品の手数 ${f.published}手と相違（最短 ${f.length}手）`, en: (f) => `published ${f.published}, shortest mate ${f.length}` },
    cook: { ja: (f) => `余詰 ${f.ply}手目${f.count > 1 ? `ほか${f.count - 1}` : ''}`, en: (f) => `cook (余詰) at ply ${f.ply}${f.count > 1 ? ` and ${f.count - 1} more` : ''}` },
    'longer-defence': { ja: (f) => `${f.ply}手目に長い応手`, en: (f) => `a longer defence at ply ${f.ply}` },
    henchou: { ja: (f) => `変長 ${f.ply}手目`, en: (f) => `変長 at ply ${f.ply}` },
    leftover: { ja: () => '駒余り', en: () => 'pieces left over (駒余り)' },
    'non-unique': { ja: (f) => `非限定 ${f.ply}手目`, en: (f) => `non-unique last move (非限定) at ply ${f.ply}` },
  },
  result: { mate: { ja: '詰', en: 'mate' }, nomate: { ja: '不詰', en: 'no mate' }, unknown: { ja: '不明', en: 'unknown' } },
  csvHead: {
    ja: ['番', '作品', '作品の手数', '結果', '手数', '最短証明', '判定', '詳細', '時間（秒）', '局面数', 'SFEN'],
    en: ['#', 'work', 'published length', 'result', 'length', 'proven shortest', 'verdict', 'details', 'seconds', 'nodes', 'SFEN'],
  },
  yes: { ja: 'はい', en: 'yes' },
  no: { ja: 'いいえ', en: 'no' },
};

/** The collection: its rows (a work read, and what the check answered) and the running check. */
const C = {
  rows: [], // {work, result, state: 'pending'|'checking'|'done'|'stopped'|'error'}
  run: null, // {ctrl, id, indices}
  progress: null,
  finished: null,
  selected: null,
};

/** A row's verdict in words: the first fault (the verdict) and the rest after it. */
function verdictWords(row) {
  if (row.state === 'pending') return { text: w(CL.pending), cls: 'pending' };
  if (row.state === 'checking') return { text: w(CL.checking), cls: 'checking' };
  const r = row.result;
  if (row.work.error) return { text: recordError(row.work.error), cls: 'error' };
  if (!r) return { text: w(CL.stopped), cls: 'stopped' };
  if (r.error) return { text: `${w(CL.error)}: ${errorText(r.error)}`, cls: 'error' };
  const v = r.verdict;
  const faults = v.faults.map((f) => w(CL.fault[f.kind], f));
  let text;
  let cls;
  if (v.status === 'sound') { text = w(CL.sound); cls = 'sound'; }
  else if (v.status === 'faulty') { text = faults.join(' · '); cls = 'faulty'; }
  else { text = `${w(CL.undecided)}（${w(CL.open[v.open] || CL.open.unknown)}）`; cls = 'undecided'; }
  if (v.status === 'faulty' && v.open) text += `（${w(CL.open[v.open])}）`;
  if (r.stopped) { text = `${w(CL.stopped)} · ${text}`; cls = 'stopped'; }
  return { text, cls };
}

/** A record's error: its line, then the reason (worded by its code when the page knows it). */
function recordError(e) {
  return (e.line ? w(CL.record, e.line) : '') + errorText(e);
}

// ---------------------------------------------------------------- reading

/** Reads a file (or pasted text) of works and adds its rows to the table. */
async function collectionAdd(body, name) {
  const url = name ? `/api/collection/parse?name=${encodeURIComponent(name)}` : '/api/collection/parse';
  try {
    const c = await api(url, body, 'application/octet-stream');
    for (const work of c.works) C.rows.push({ work, result: null, state: work.error ? 'error' : 'pending' });
    const bad = c.works.filter((x) => x.error).length;
    collectionInfo(() => w(CL.loaded, c.works.length - bad, bad, name || ''));
  } catch (e) {
    collectionError(name ? { ...e.error, prefix: name } : e.error);
  }
  renderCollection();
}

/** Adds every file of a list (an <input multiple> or a drop), in order. */
export async function collectionAddFiles(files) {
  setTab('collection');
  for (const f of files) await collectionAdd(await f.arrayBuffer(), f.name);
}

function collectionInfo(text) {
  const m = $('col-message');
  m.hidden = false;
  m.className = 'message info';
  C.message = { info: text };
  m.textContent = text();
}

function collectionError(e) {
  const m = $('col-message');
  m.hidden = false;
  m.className = 'message';
  C.message = { error: e };
  m.textContent = (e.prefix ? e.prefix + ': ' : '') + errorText(e);
}

function renderCollectionMessage() {
  if (!C.message) return;
  if (C.message.info) collectionInfo(C.message.info);
  else collectionError(C.message.error);
}

// ---------------------------------------------------------------- the table

function renderCollection() {
  const body = $('col-rows');
  body.textContent = '';
  C.rows.forEach((row, i) => body.appendChild(rowEl(row, i)));
  $('col-table').hidden = C.rows.length === 0;
  renderCollectionBar();
}

function rowEl(row, i) {
  const tr = el('tr');
  tr.dataset.index = i;
  tr.tabIndex = 0;
  if (C.selected === i) tr.classList.add('selected');
  const v = verdictWords(row);
  tr.className = `${v.cls}${C.selected === i ? ' selected' : ''}`;
  tr.appendChild(el('td', 'c-num', String(i + 1)));
  tr.appendChild(el('td', 'c-name', row.work.name));
  const rec = row.result && row.result.record;
  const len = rec && rec.result === 'mate' ? rec.length : null;
  const pub = row.work.published_length;
  const lenText = pub != null && len != null && pub !== len ? `${pub} → ${len}` : String(pub ?? len ?? '');
  tr.appendChild(el('td', 'c-len', lenText));
  tr.appendChild(el('td', 'c-verdict', v.text));
  const secs = row.result && !row.result.error ? (row.result.wall_ms / 1000).toFixed(1) : '';
  tr.appendChild(el('td', 'c-secs', secs));
  return tr;
}

/** Redraws one row in place (a result came). */
function renderRow(i) {
  const old = $('col-rows').children[i];
  if (old) old.replaceWith(rowEl(C.rows[i], i));
}

function counts() {
  const c = { sound: 0, faulty: 0, undecided: 0, error: 0, pending: 0 };
  for (const row of C.rows) {
    const r = row.result;
    if (row.work.error || (r && r.error)) c.error++;
    else if (r && r.verdict) c[r.verdict.status]++;
    else c.pending++;
  }
  return c;
}

function renderCollectionBar() {
  const running = !!C.run;
  $('col-check').disabled = running || C.rows.every((r) => r.work.error);
  $('col-stop').disabled = !running;
  $('col-clear').disabled = running;
  const answered = C.rows.some((r) => r.result && r.result.json_line);
  $('col-csv').disabled = C.rows.length === 0;
  $('col-jsonl').disabled = !answered;
  const kifs = C.rows.some((r) => r.result && r.result.kifu);
  $('col-kif').disabled = $('col-kifu').disabled = !kifs;
  const c = counts();
  const parts = [];
  if (C.rows.length) {
    parts.push(`${w(CL.sound)} ${c.sound}`);
    parts.push(`${lang === 'ja' ? '不備' : 'faulty'} ${c.faulty}`);
    parts.push(`${w(CL.undecided)} ${c.undecided}`);
    if (c.error) parts.push(`${w(CL.error)} ${c.error}`);
    if (c.pending) parts.push(`${w(CL.pending)} ${c.pending}`);
  }
  $('col-summary').textContent = parts.join(' · ');
  renderCollectionProgress();
}

function renderCollectionProgress() {
  const box = $('col-progress');
  const p = C.progress;
  if (C.run && p) {
    box.hidden = false;
    box.textContent = '';
    box.appendChild(el('span', 'spin'));
    const secs = (p.elapsed_ms / 1000).toFixed(1);
    box.appendChild(document.createTextNode(w(CL.progress, p.done, p.total, secs)));
    const bar = el('progress');
    bar.max = p.total;
    bar.value = p.done;
    box.appendChild(bar);
    for (const r of p.running) {
      const row = C.rows[C.run.indices[r.index]];
      if (!row) continue;
      box.appendChild(el('div', 'running', w(CL.running, row.work.name, fmtCount(r.nodes), (r.elapsed_ms / 1000).toFixed(1))));
    }
  } else if (C.run) {
    box.hidden = false;
    box.textContent = '';
    box.appendChild(el('span', 'spin'));
    box.appendChild(document.createTextNode(w(L.starting)));
  } else if (C.finished) {
    const f = C.finished;
    box.hidden = false;
    box.className = 'progress';
    box.textContent = w(CL.finished, f.done, f.total, (f.wall_ms / 1000).toFixed(1), f.stopped);
  } else {
    box.hidden = true;
  }
}

// ---------------------------------------------------------------- checking

function collectionSettings() {
  const s = settings();
  const t = Number($('col-time').value);
  s.time_limit = t > 0 ? t : null;
  return s;
}

/** 全部検討: checks every work not yet checked (or all again), the answers filling the table as they come. */
async function checkAll() {
  if (C.run) return;
  const indices = [];
  C.rows.forEach((row, i) => { if (!row.work.error) indices.push(i); });
  if (!indices.length) return collectionError({ message: CL.noWork.en, message_ja: CL.noWork.ja });
  for (const i of indices) { C.rows[i].result = null; C.rows[i].state = 'checking'; }
  const ctrl = new AbortController();
  C.run = { ctrl, id: null, indices };
  C.progress = null;
  C.finished = null;
  $('col-message').hidden = true;
  C.message = null;
  renderCollection();
  const works = indices.map((i) => {
    const wk = C.rows[i].work;
    return { name: wk.name, sfen: wk.sfen, published_length: wk.published_length ?? null };
  });
  try {
    const lines = $('col-lines').checked;
    await stream('/api/collection/check', { works, settings: collectionSettings(), lines }, (name, data) => {
      if (C.run === null || C.run.ctrl !== ctrl) return;
      if (name === 'accepted') C.run.id = data.id;
      else if (name === 'queued') { $('col-progress').hidden = false; $('col-progress').textContent = w(L.queued, data.ahead); }
      else if (name === 'progress') { C.progress = data; renderCollectionProgress(); }
      else if (name === 'result') {
        const i = indices[data.index];
        C.rows[i].result = data;
        C.rows[i].state = data.error ? 'error' : data.stopped ? 'stopped' : 'done';
        renderRow(i);
        renderCollectionBar();
      } else if (name === 'finished') C.finished = data;
      else if (name === 'answer' && data.started === false) C.finished = { done: 0, total: works.length, wall_ms: 0, stopped: true };
      else if (name === 'error') collectionError(data);
    }, ctrl.signal);
  } catch (e) {
    if (e.name !== 'AbortError') collectionError(e.error || { message: String(e), message_ja: String(e) });
  }
  if (C.run && C.run.ctrl === ctrl) {
    for (const i of indices) if (C.rows[i].state === 'checking') C.rows[i].state = 'pending';
    C.run = null;
    renderCollection();
  }
}

function stopAll() {
  if (C.run && C.run.id != null) fetch(`/api/stop/${C.run.id}`, { method: 'POST' }).catch(() => {});
}

// ---------------------------------------------------------------- a row on the board

/**
 * Opens row `i`'s work: its position with its published length, name and
 * author's line; a checked work opens in 解図 as after 解く, not solved
 * again: its answer box and report as the check kept them (a mate, a
 * no-mate with its refutations, or undecided) and the record of the line
 * the check found, its branches and comments (read from the row's KIF).
 */
async function openRow(i) {
  const row = C.rows[i];
  if (!row || row.work.error) return;
  C.selected = i;
  for (const tr of $('col-rows').children) tr.classList.toggle('selected', Number(tr.dataset.index) === i);
  const wk = row.work;
  const name = wk.name.replace(/[\t\r\n]+/g, ' ');
  const line = wk.published_length != null ? `${wk.sfen}\t${wk.published_length}\t${name}` : `${wk.sfen}\t${name}`;
  const view = await loadText(line);
  if (!view) return;
  if (wk.author_line) $('author-line').value = wk.author_line;
  const kifu = row.result && row.result.kifu;
  if (kifu) {
    try {
      const answer = await api('/api/parse?name=answer.kifu', kifu, 'application/octet-stream');
      setRecord(answer.record);
    } catch (e) {
      showError(e, 'setup');
      setTab('setup');
      return;
    }
  }
  const answer = row.result && row.result.answer;
  if (answer) {
    takeAnswer('solve', { ...answer, record: row.result.record, kif: null });
    takeLines('solve', row.result.lines);
    renderSolveAnswer();
  }
  const opened = !!(kifu || answer);
  showInfo(() => w(CL.opened, wk.name, row.result ? verdictWords(row).text : ''), opened ? 'board' : 'setup');
  setTab(opened ? 'solve' : 'setup');
  $('board-column').scrollIntoView({ block: 'start', behavior: 'instant' });
}

// ---------------------------------------------------------------- export

function csvField(v) {
  const s = v == null ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function exportCsv() {
  const lines = [CL.csvHead[lang].map(csvField).join(',')];
  C.rows.forEach((row, i) => {
    const r = row.result;
    const rec = r && r.record;
    const v = verdictWords(row);
    const status = row.work.error || (r && r.error) ? 'error' : r && r.verdict ? r.verdict.status : row.state;
    lines.push([
      i + 1, row.work.name, row.work.published_length, rec ? w(CL.result[rec.result]) : '',
      rec ? rec.length : '', rec && rec.result === 'mate' ? w(rec.proven_shortest ? CL.yes : CL.no) : '',
      status, v.text, r && !r.error ? (r.wall_ms / 1000).toFixed(3) : '', rec ? rec.nodes : '', row.work.sfen || '',
    ].map(csvField).join(','));
  });
  // A byte order mark, so that spreadsheet programs read the Japanese as UTF-8.
  download(new Blob(['\ufeff' + lines.join('\r\n') + '\r\n'], { type: 'text/csv;charset=utf-8' }), 'tsumi-collection.csv');
}

function exportJsonl() {
  const lines = C.rows.filter((r) => r.result && r.result.json_line).map((r) => r.result.json_line);
  if (!lines.length) return collectionError({ message: CL.noAnswer.en, message_ja: CL.noAnswer.ja });
  download(new Blob([lines.join('\n') + '\n'], { type: 'application/x-ndjson' }), 'tsumi-collection.jsonl');
}

async function exportKif(sjis) {
  const records = C.rows.filter((r) => r.result && r.result.kifu).map((r) => r.result.kifu);
  if (!records.length) return collectionError({ message: CL.noAnswer.en, message_ja: CL.noAnswer.ja });
  try {
    const k = await api('/api/collection/kif', { records });
    if (sjis && k.kif_base64) {
      const bin = atob(k.kif_base64);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      download(new Blob([bytes], { type: 'application/octet-stream' }), 'tsumi-collection.kif');
    } else if (sjis) {
      collectionError(k.kif_error);
    } else {
      download(new Blob([k.kifu], { type: 'text/plain;charset=utf-8' }), 'tsumi-collection.kifu');
    }
  } catch (e) {
    collectionError(e.error);
  }
}

// ---------------------------------------------------------------- wiring

/**
 * What the tab holds, read only (for scripts that watch the page, such as
 * scripts/bench-collection.py): whether a check runs, the server's
 * `finished` summary of the last one, and each row's work and result.
 */
export function collectionView() {
  return Object.freeze({ running: C.run !== null, finished: C.finished, rows: C.rows.map((r) => Object.freeze({ ...r })) });
}

/** Words the collection again in the page's language. */
export function collectionWords() {
  $('col-paste').placeholder = lang === 'ja' ? '例：SFEN<TAB>手数<TAB>作品名 を1行に1作' : 'e.g. one work a line: SFEN<TAB>plies<TAB>name';
  renderCollectionMessage();
  renderCollection();
}

/** Wires the collection panel's controls. */
export function wireCollection() {
  $('col-file').onchange = async (ev) => {
    const files = [...ev.target.files];
    ev.target.value = '';
    await collectionAddFiles(files);
  };
  $('col-load-paste').onclick = () => collectionAdd($('col-paste').value);
  $('col-clear').onclick = () => {
    C.rows = [];
    C.finished = null;
    C.selected = null;
    C.message = null;
    $('col-message').hidden = true;
    renderCollection();
  };
  $('col-check').onclick = checkAll;
  $('col-stop').onclick = stopAll;
  $('col-csv').onclick = exportCsv;
  $('col-jsonl').onclick = exportJsonl;
  $('col-kif').onclick = () => exportKif(true);
  $('col-kifu').onclick = () => exportKif(false);
  const open = (ev) => {
    const tr = ev.target.closest('tr[data-index]');
    if (tr) openRow(Number(tr.dataset.index));
  };
  $('col-rows').addEventListener('click', open);
  $('col-rows').addEventListener('keydown', (ev) => { if (ev.key === 'Enter') open(ev); });
}

