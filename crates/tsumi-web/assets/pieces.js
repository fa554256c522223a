// tsumi serve — the pieces: their letters (SFEN's, as the server sends
// them), their kanji and how to draw them.

export const KANJI = {
  K: '玉', R: '飛', B: '角', G: '金', S: '銀', N: '桂', L: '香', P: '歩',
  '+R': '龍', '+B': '馬', '+S': '全', '+N': '圭', '+L': '杏', '+P': 'と',
};
export const HAND_KINDS = ['R', 'B', 'G', 'S', 'N', 'L', 'P'];
export const HAND_KANJI = { R: '飛', B: '角', G: '金', S: '銀', N: '桂', L: '香', P: '歩' };
const PROMOTES = new Set(['R', 'B', 'S', 'N', 'L', 'P']);
export const FILES = ['９', '８', '７', '６', '５', '４', '３', '２', '１'];
export const RANKS = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/** The side of a piece code: 'b' for upper case (先手), 'w' for lower. */
const sideOf = (code) => (code.replace('+', '') === code.replace('+', '').toUpperCase() ? 'b' : 'w');
const baseOf = (code) => code.replace('+', '').toUpperCase();
const isPromoted = (code) => code.startsWith('+');

export function pieceEl(code, small) {
  const el = document.createElement('div');
  el.className = `piece ${sideOf(code)}${isPromoted(code) ? ' promoted' : ''}${small ? ' small' : ''}`;
  const s = document.createElement('span');
  s.textContent = KANJI[(isPromoted(code) ? '+' : '') + baseOf(code)];
  el.appendChild(s);
  return el;
}

/** The next piece when a piece on the board is clicked: promote, then the other side. */
export function cycle(code) {
  const base = baseOf(code);
  const black = sideOf(code) === 'b';
  const promoted = isPromoted(code);
  const make = (b, p) => (p ? '+' : '') + (b ? base : base.toLowerCase());
  if (PROMOTES.has(base) && !promoted) return make(black, true);
  return make(!black, false);
}
