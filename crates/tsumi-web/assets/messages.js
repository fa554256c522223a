// tsumi serve — the message line: an error (worded by its code in the
// page's language) or an information line, next to the controls used.

import { renderBoard } from './board.js';
import { $ } from './dom.js';
import { inform, refuse, S } from './state.js';
import { errorText } from './words.js';

/**
 * Shows an error where the user is looking: next to the button pressed, in
 * the panel of `place` ('setup', 'solve' or 'check', in place of that
 * panel's answer), or under the copy buttons ('board').
 */
export function showError(err, place) {
  refuse(err.error || { message: String(err), message_ja: String(err), squares: [] });
  placeMessage(place || 'setup');
  renderMessage();
  renderBoard();
}

/** Shows an information line; `text` is a function, so that it follows the language. */
export function showInfo(text, place) {
  inform(text);
  placeMessage(place || 'setup');
  renderMessage();
}

/** Moves the message box next to the controls of `place`; a search's error replaces its answer. */
function placeMessage(place) {
  const m = $('message');
  const anchor = { setup: 'setup-message-anchor', solve: 'solve-progress', check: 'check-progress', board: 'share' }[place];
  $(anchor).after(m);
  m.dataset.place = place;
  if (place === 'solve' || place === 'check') hideAnswer(place);
}

/** Clears the answer (or verdict) of `kind` from the page at once. */
export function hideAnswer(kind) {
  const [answer, report] = kind === 'solve' ? ['answer', 'report'] : ['verdict', 'check-report'];
  for (const id of [answer, report]) {
    $(id).hidden = true;
    $(id).textContent = '';
  }
}

export function renderMessage() {
  const m = $('message');
  if (S.refusal) {
    m.hidden = false;
    m.className = 'message';
    m.textContent = errorText(S.refusal);
  } else if (S.info) {
    m.hidden = false;
    m.className = 'message info';
    m.textContent = S.info();
  } else {
    m.hidden = true;
  }
}
