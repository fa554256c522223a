// Reads KIF files with tsshogi (ShogiHome's record library, MIT) and
// prints, for each, one line of JSON: the file, the start as SFEN, the
// comment on the start, and the tree of moves (each move in USI, or the
// name of a special move such as 詰み, its comment, and the moves after
// it: the line's own first, then its branches), or the error tsshogi
// gives. A `.kif` file is Shift_JIS, anything else UTF-8.
// usage: node read.mjs FILE...
import fs from 'node:fs';
import { importKIF, Move } from 'tsshogi';

function nodeJson(node) {
  const out = { comment: node.comment.replace(/\n$/, '') };
  if (node.move instanceof Move) out.usi = node.move.usi;
  else out.special = node.move.type;
  out.children = children(node);
  return out;
}

// The moves after `node`: its next and the branches (siblings) of that.
function children(node) {
  const out = [];
  for (let c = node.next; c; c = c.branch) out.push(nodeJson(c));
  return out;
}

for (const file of process.argv.slice(2)) {
  const bytes = fs.readFileSync(file);
  const text = new TextDecoder(file.toLowerCase().endsWith('.kif') ? 'shift_jis' : 'utf-8').decode(bytes);
  const record = importKIF(text);
  if (record instanceof Error) {
    console.log(JSON.stringify({ file, error: String(record) }));
    continue;
  }
  console.log(JSON.stringify({
    file,
    sfen: record.initialPosition.sfen,
    comment: record.first.comment.replace(/\n$/, ''),
    children: children(record.first),
  }));
}
