// tsumi serve — the workbench's shared state: the problem the server
// accepted, the message shown, the line played on the board and the two
// searches (solve, check). This module owns it: the others read it through
// `S` and change it only through the functions below, each named for what
// it does. `S` cannot be assigned into, and each record it hands out
// (the line played, a search) is frozen, so that a change made anywhere
// else fails at once instead of going unnoticed. The editor (editor.js),
// the record tree (record.js) and the collection (collection.js) keep
// their own state.

const idleSearch = () => Object.freeze({ answer: null, lines: null, run: null, id: null, activeItem: null });

const state = {
  tab: 'setup',
  problem: null, // the last problem the server accepted
  refusal: null, // {message, message_ja, squares, code, params}
  info: null, // a function giving the information line in the page's language
  play: null, // {start, steps, ply, label, fault, key, variation, from}
  solve: idleSearch(), // {answer, lines, run, id, activeItem}
  check: idleSearch(),
  flip: false, // 反転: the board drawn from 後手's side
};

/** The shared state, to read: `S.problem`, `S.solve.answer`, `S.play.ply`… */
export const S = new Proxy(state, {
  set(_, key) { throw new TypeError(`S.${String(key)} is changed only through state.js`); },
  deleteProperty(_, key) { throw new TypeError(`S.${String(key)} is changed only through state.js`); },
  defineProperty(_, key) { throw new TypeError(`S.${String(key)} is changed only through state.js`); },
});

// ---------------------------------------------------------------- tab, flip

/** Records the tab shown ('setup', 'solve', 'check' or 'collection'). */
export function enterTab(tab) { state.tab = tab; }

/** Turns the board round (反転) or back. */
export function toggleFlip() { state.flip = !state.flip; }

// ---------------------------------------------------------------- problem

/** Takes the problem the server accepted (a view of /api/position or /api/parse). */
export function acceptProblemView(view) { state.problem = view; }

/** Forgets the problem: the board shown is not one the server accepted. */
export function dropProblem() { state.problem = null; }

/** Moves the problem to the position a checked record set up, keeping the rest of its view. */
export function moveProblemTo(sfen, board, name) {
  state.problem = { ...state.problem, sfen, board, name };
}

// ---------------------------------------------------------------- message

/** An error to show in place of the information line. */
export function refuse(refusal) {
  state.refusal = refusal;
  state.info = null;
}

/** An information line (a function, so that it follows the language) in place of any error. */
export function inform(text) {
  state.info = text;
  state.refusal = null;
}

/** The error shown is no longer about the problem (the information line stays). */
export function clearRefusal() { state.refusal = null; }

/** The information line is no longer about the board (an error stays). */
export function clearInfo() { state.info = null; }

// ---------------------------------------------------------------- the line played

/** Plays `steps` from `start` on the board; `opts` as board.js's play(). */
export function startPlay(start, steps, label, opts = {}) {
  state.play = Object.freeze({
    start, steps, ply: opts.ply ?? 0, label, fault: opts.fault || null, key: opts.key || 'var',
    variation: !!opts.variation, from: opts.from || 0,
  });
}

/** Moves the line played to `ply`, kept within the line. */
export function movePly(ply) {
  if (!state.play) return;
  state.play = Object.freeze({ ...state.play, ply: Math.max(0, Math.min(state.play.steps.length, ply)) });
}

/** Stops playing a line: the board shows the problem, or the editor's board. */
export function stopPlay() { state.play = null; }

// ---------------------------------------------------------------- searches

const change = (kind, fields) => { state[kind] = Object.freeze({ ...state[kind], ...fields }); };

/** Starts a search of `kind` ('solve' or 'check') run by `run` (an AbortController): the previous one is aborted and its answer gone. */
export function beginSearch(kind, run) {
  if (state[kind].run) state[kind].run.abort();
  state[kind] = Object.freeze({ ...idleSearch(), run });
}

/** Whether `run` is still the search of `kind` (a newer one or a reset replaces it). */
export const isCurrentSearch = (kind, run) => state[kind].run === run;

/** The job id the server gave the search of `kind`. */
export function noteSearchId(kind, id) { change(kind, { id }); }

/** The answer of the search of `kind` arrived. */
export function takeAnswer(kind, answer) { change(kind, { answer, activeItem: null }); }

/** The report's lines of the search of `kind` arrived. */
export function takeLines(kind, lines) { change(kind, { lines }); }

/** The search of `kind` run by `run` ended (the answer stays). */
export function endSearch(kind, run) {
  if (state[kind].run === run) change(kind, { run: null });
}

/** The report item of `kind` played on the board (null: the main line). */
export function setActiveItem(kind, key) { change(kind, { activeItem: key }); }

/** Aborts both searches and forgets their answers: the problem changed. */
export function resetSearches() {
  for (const k of ['solve', 'check']) {
    if (state[k].run) state[k].run.abort();
    state[k] = idleSearch();
  }
}
