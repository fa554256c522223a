// tsumi serve — the answers: the solve's line, the check's verdict and
// the soundness report (余詰検討), each line playable on the board.

import { play } from './board.js';
import { $, el } from './dom.js';
import { setEdit } from './editor.js';
import { moveProblemTo, S, setActiveItem } from './state.js';
import { updateDownloads, updateShare } from './takeaway.js';
import { handText, L, lang, w } from './words.js';

/** Open questions listed at most (the rest counted). */
const MAX_OPEN_SHOWN = 50;
// ---------------------------------------------------------------- answers

export function movesList(key, steps, firstPly, extra) {
  const list = el('div', 'moves');
  list.dataset.key = key;
  steps.forEach((s, i) => {
    const b = el('button', 'mv');
    b.type = 'button';
    b.dataset.ply = String(firstPly + i);
    b.appendChild(el('span', 'n', String(firstPly + i)));
    b.appendChild(document.createTextNode(s.ja));
    if (extra) extra(b, i);
    list.appendChild(b);
  });
  return list;
}

export function renderSolveAnswer() {
  const a = S.solve.answer;
  const r = a.record;
  const box = $('answer');
  box.hidden = false;
  box.textContent = '';
  if (r.name) box.appendChild(el('div', 'problem-name', r.name));
  const v = el('div', 'verdict');
  if (r.result === 'mate') {
    v.classList.add('mate');
    v.append(w(L.mate, r.length));
    v.appendChild(el('span', 'sub', w(r.proven_shortest ? L.proven : a.stopped ? L.notProvenStopped : L.notProven)));
  } else if (r.result === 'nomate') {
    v.classList.add('nomate');
    v.append(w(L.nomate));
    v.appendChild(el('span', 'sub', w(L.nomateProven)));
  } else {
    v.classList.add('unknown');
    v.append(w(L.unknown));
    v.appendChild(el('span', 'sub', r.length ? w(L.unknownFound, r.length) : a.stopped ? w(L.stoppedSub) : w(L.unknownSub)));
  }
  box.appendChild(v);
  const notes = el('ul', 'notes');
  const note = (text, cls) => notes.appendChild(el('li', cls || '', text));
  if (a.stopped) note(w(L.stopped), 'warn');
  if (r.published_length !== null && r.published_length !== undefined) {
    if (r.result === 'unknown') note(w(L.publishedOnly, r.published_length));
    else {
      const same = r.result === 'mate' ? r.length === r.published_length : r.published_length === 0;
      note(w(L.published, r.published_length, same), same ? '' : 'warn');
    }
  }
  if (r.longest_defence) note(w(r.proven_shortest ? L.henchou : L.keptBound, r.longest_defence), 'warn');
  if (r.result === 'mate' && a.report && a.report.leftover !== 'なし') note(w(L.leftover, a.report.leftover), 'warn');
  if (a.report_error) note(a.report_error, 'warn');
  if (notes.children.length) box.appendChild(notes);
  if (a.main.steps.length) {
    const steps = a.main.steps.concat(a.tail.steps);
    box.appendChild(movesList('main', steps, 1, (b, i) => { if (i >= a.main.steps.length) b.classList.add('tail'); }));
    if (a.tail.steps.length) box.appendChild(el('div', 'muted', `${a.main.steps.length + 1}〜: ${w(L.uselessTail)}`));
  }
  playMain();
  renderReport('solve');
  updateDownloads();
}

export function playMain() {
  const a = S.solve.answer;
  if (!a || !S.problem) return;
  setActiveItem('solve', null);
  const steps = a.main.steps.concat(a.tail.steps);
  play(S.problem.board, steps, steps.length ? w(L.playingMain) : '', { key: 'main' });
  markActive('solve');
}

export function renderCheckAnswer() {
  const a = S.check.answer;
  const r = a.record;
  const box = $('verdict');
  box.hidden = false;
  box.textContent = '';
  const v = el('div', 'verdict');
  v.classList.add(r.verdict === 'sound' ? 'mate' : r.verdict === 'undecided' ? 'undecided' : 'bad');
  v.append(w(L.verdict[r.verdict]));
  if (r.verdict === 'sound') v.appendChild(el('span', 'sub', w(L.verdictSub.sound, r.author_length)));
  else if (a.fault) v.appendChild(el('span', 'sub', w(L.faultAt, a.fault.ply, a.fault.ja)));
  else if (r.verdict === 'undecided') v.appendChild(el('span', 'sub', a.stopped ? w(L.stoppedSub) : w(L.unknownSub)));
  box.appendChild(v);
  const notes = el('ul', 'notes');
  notes.appendChild(el('li', '', w(L.authorLength, r.author_length)));
  const sd = r.short_defence;
  if (sd && a.fault) {
    const mine = a.author.steps[sd.ply - 1].ja;
    const longest = sd.longest_length === null ? null : sd.longest_length - 1;
    notes.appendChild(el('li', 'warn', w(L.shortDefence, sd.ply, mine, sd.length - 1, a.fault.ja, longest)));
    notes.appendChild(el('li', sd.breaks_line ? 'warn' : 'muted', w(sd.breaks_line ? L.breaksLine : L.keepsLine)));
  }
  if (a.solved) {
    const sr = a.solved.record;
    const text = sr.result === 'nomate' ? w(L.noMateAtAll) : sr.result === 'mate' ? (sr.proven_shortest ? w(L.shortestIs, sr.length) : w(L.shortestAtMost, sr.length)) : w(L.unknownSub);
    notes.appendChild(el('li', 'warn', text));
  }
  if (a.stopped) notes.appendChild(el('li', 'warn', w(L.stopped)));
  if (lang === 'en') notes.appendChild(el('li', 'muted', r.summary));
  box.appendChild(notes);
  box.appendChild(movesList('author', a.author.steps, 1, (b, i) => { if (a.fault && a.fault.ply === i + 1) b.classList.add('fault'); }));
  if (a.solved && a.solved.main.steps.length) {
    box.appendChild(el('div', 'muted', w(L.solverLine)));
    const list = movesList('solved', a.solved.main.steps, 1);
    box.appendChild(list);
  }
  // Setting up the record's own position, when it brought one.
  if (S.problem && a.sfen !== S.problem.sfen) {
    moveProblemTo(a.sfen, a.board, r.name);
    setEdit(a.board);
    updateShare();
  }
  playAuthor();
  renderReport('check');
}

export function playAuthor() {
  const a = S.check.answer;
  if (!a) return;
  setActiveItem('check', null);
  const fault = a.fault;
  play(a.board, a.author.steps, w(L.playingAuthor), { key: 'author', fault, ply: fault ? fault.ply - 1 : a.author.steps.length });
  markActive('check');
}

/** The report of a solve or a check, with each item playable. */
export function renderReport(kind) {
  const st = S[kind];
  const a = st.answer;
  const box = $(kind === 'solve' ? 'report' : 'check-report');
  if (!a || !a.report) { box.hidden = true; return; }
  const r = a.report;
  const lines = st.lines;
  box.hidden = false;
  box.textContent = '';
  const h = el('h2', '', w(L.reportTitle));
  h.appendChild(el('span', `badge ${r.complete ? 'good' : 'warn'}`, r.complete ? w(L.complete) : w(L.incomplete, r.unsettled.length)));
  box.appendChild(h);
  const mainLine = kind === 'solve' ? a.main.steps : a.author.steps;
  const start = kind === 'solve' ? S.problem && S.problem.board : a.board;
  const badges = el('div', 'badges');
  const badge = (text, cls) => badges.appendChild(el('span', `badge ${cls || ''}`, text));
  const cooks = r.cooks.map((c, i) => ({ ...c, i })).filter((c) => !c.final);
  const finals = r.cooks.map((c, i) => ({ ...c, i })).filter((c) => c.final);
  const longer = r.longer.map((d, i) => ({ ...d, i }));
  const isNoMate = (kind === 'solve' && a.record.result === 'nomate');
  if (!isNoMate) {
    const shorter = cooks.filter((c) => c.shorter).length;
    const openCooks = r.unsettled.some((u) => u.item === 'cook');
    if (cooks.length) badge(w(L.cooks, cooks.length), 'bad');
    else badge(openCooks ? w(L.noCookFound) : w(L.noCook), openCooks ? 'warn' : 'good');
    if (shorter) badge(w(L.shorterBadge, shorter), 'bad');
    if (finals.length) badge(w(L.finals, finals.length), 'warn');
    badge(w(L.sames, r.same_length.length), r.same_length.length ? 'warn' : '');
    const hen = longer.filter((d) => d.henchou).length;
    const detours = longer.filter((d) => !d.henchou && d.detour).length;
    const flaws = longer.length - hen - detours;
    if (hen) badge(w(L.longers, hen), 'warn');
    if (detours) badge(w(L.detours, detours), 'warn');
    if (flaws) badge(w(L.flaws, flaws), 'bad');
    badge(w(L.leftBadge, handText(r.leftover)), r.leftover !== 'なし' ? 'warn' : '');
  }
  box.appendChild(badges);

  const section = (title, items) => {
    if (!items.length) return;
    box.appendChild(el('h3', '', title));
    const ul = el('ul', 'items');
    for (const it of items) ul.appendChild(it);
    box.appendChild(ul);
  };
  const item = (key, ply, what, lenText, playable) => {
    const li = el('li', playable ? 'playable' : '');
    li.dataset.key = key;
    li.appendChild(el('span', 'ply', ply ? w(L.ply, ply) : ''));
    li.appendChild(el('span', 'what', what));
    if (lenText) li.appendChild(el('span', 'len', lenText));
    if (playable) {
      li.appendChild(el('span', 'play', w(L.play)));
      li.addEventListener('click', () => { setActiveItem(kind, key); playable(); markActive(kind); });
    }
    return li;
  };
  const variation = (whatLabel, ply, steps) => () => {
    const prefix = mainLine.slice(0, ply - 1);
    play(start, prefix.concat(steps), w(L.playingVar, whatLabel, ply), { ply: ply - 1, variation: true, from: ply - 1 });
  };
  const lineOf = (list, i) => (lines ? lines[list][i] : undefined);
  const lineState = (line) => (line === undefined ? w(L.lineBuilding) : line === null ? w(L.lineMissing) : '');

  section(w(L.secCooks), cooks.map((c) => {
    const line = lineOf('cooks', c.i);
    const len = `${w(L.mates, c.length)}${c.shorter ? ' · ' + w(L.shorterThan, c.remaining) : ''}`;
    const li = item(`cook-${c.i}`, c.ply, c.ja, len, line ? variation(w(L.whatCook), c.ply, line.steps) : null);
    if (!line) li.appendChild(el('span', 'muted', lineState(line)));
    return li;
  }));
  section(w(L.secFinal), finals.map((c) => {
    const line = lineOf('cooks', c.i);
    return item(`cook-${c.i}`, c.ply, c.ja, w(L.mates, 1), line ? variation(w(L.whatFinal), c.ply, line.steps) : null);
  }));
  section(w(L.secSame), r.same_length.map((d, i) => item(`same-${i}`, d.ply, d.ja,
    `${w(L.leftoverShort, handText(d.leftover))}`, variation(w(L.whatSame), d.ply, d.line.steps))));
  section(w(L.secLonger), longer.map((d) => {
    const line = lineOf('longer', d.i);
    const len = [d.length ? w(L.lasts, d.length) : w(L.notWithin), d.henchou ? w(L.henchouMark) : d.detour ? w(L.detourMark, d.detour) : w(L.flawMark), d.leftover ? w(L.leftoverShort, d.leftover) : '']
      .filter(Boolean).join(' · ');
    return item(`longer-${d.i}`, d.ply, d.ja, len, line ? variation(w(L.whatLonger), d.ply, line.steps) : null);
  }));
  if (isNoMate) {
    if (r.too_many_checks) box.appendChild(el('p', 'muted', w(L.tooMany, r.first_checks)));
    else if (r.first_checks === 0) box.appendChild(el('p', 'muted', w(L.noChecks)));
    section(w(L.secRefute), r.refutations.map((f, i) => item(`ref-${i}`, null, f.check.ja,
      f.defence ? w(L.escapes, f.defence) : w(L.noEscape),
      () => play(start, f.line.steps, w(L.playingVar, w(L.whatRefute), 1), { ply: 0, variation: true }))));
  }
  // What the limits left open: collapsed, as it can run to hundreds of items.
  if (r.unsettled.length) {
    const d = el('details', 'open-items');
    d.appendChild(el('summary', '', w(L.openSummary, r.unsettled.length)));
    const ul = el('ul', 'items');
    for (const [i, u] of r.unsettled.slice(0, MAX_OPEN_SHOWN).entries()) {
      ul.appendChild(item(`open-${i}`, u.ply, u.ja, w(L.item[u.item] || { ja: u.item, en: u.item }), null));
    }
    if (r.unsettled.length > MAX_OPEN_SHOWN) ul.appendChild(el('li', 'muted', w(L.moreOpen, r.unsettled.length - MAX_OPEN_SHOWN)));
    d.appendChild(ul);
    box.appendChild(d);
  }
  if (lang === 'en') box.appendChild(el('div', 'summary-en', r.summary));
  markActive(kind);
}

function markActive(kind) {
  const box = $(kind === 'solve' ? 'report' : 'check-report');
  for (const li of box.querySelectorAll('li')) li.classList.toggle('active', li.dataset.key === S[kind].activeItem);
}
