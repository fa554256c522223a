// tsumi serve — the workbench's shared state: the problem the server
// accepted, the message shown, the line played on the board and the two
// searches (solve, check). The editor (editor.js), the record tree
// (record.js) and the collection (collection.js) keep their own state.

/** The state the panels share. */
export const S = {
  tab: 'setup',
  problem: null, // the last problem the server accepted
  refusal: null, // {message, message_ja, squares, code, params}
  info: null, // a function giving the information line in the page's language
  play: null, // {start, steps, ply, label, fault, key, variation, from}
  solve: { answer: null, lines: null, run: null, activeItem: null },
  check: { answer: null, lines: null, run: null, activeItem: null },
  flip: false, // 反転: the board drawn from 後手's side
};
