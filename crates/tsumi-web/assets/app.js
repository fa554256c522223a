// tsumi serve: the workbench page. Hand-written, no build step, no library.
//
// The page draws what the server sends and sends what the user does: it
// knows the names of the pieces and how to draw them, nothing of the
// rules. Positions are checked, records read, moves written in Japanese,
// problems solved and checked, KIF written, all by the server (the same
// crates as the tsumi command). See docs/web.md.
'use strict';

// ---------------------------------------------------------------- words

const WORDS = {
  subtitle: { ja: '詰将棋ワークベンチ', en: 'tsume workbench' },
  tabSetup: { ja: '問題', en: 'Problem' },
  tabSolve: { ja: '解図', en: 'Solve' },
  tabCheck: { ja: '作意検討', en: 'Check a solution' },
  editHint: {
    ja: '駒を選んで盤をクリック。盤上の駒をクリックすると 成 → 先後反転 と変わります。ドラッグで移動、盤外へドラッグか右クリックで削除。',
    en: 'Pick a piece, then click a square. Clicking a piece on the board promotes it, then turns it to the other side. Drag to move it, drag it off the board or right-click to remove it.',
  },
  restToggle: { ja: '玉方の持駒は残り全部', en: "Defender holds all remaining pieces" },
  clearBoard: { ja: '盤面を空にする（玉のみ）', en: 'Clear the board (king only)' },
  undo: { ja: '↶ 元に戻す', en: '↶ Undo' },
  redo: { ja: '↷ やり直す', en: '↷ Redo' },
  mirror: { ja: '左右反転（鏡像）', en: 'Mirror left to right' },
  flip: { ja: '⇅ 反転', en: '⇅ Flip' },
  editHere: { ja: 'この局面を編集', en: 'Edit this position' },
  diagramTitle: { ja: '図面（出版用）', en: 'Diagram for publication (図面)' },
  dgTitle: { ja: '題', en: 'Title' },
  dgAuthor: { ja: '作者', en: 'Author' },
  dgLength: { ja: '手数', en: 'Plies' },
  dlSvg: { ja: '図面 SVG 保存', en: 'Save diagram (SVG)' },
  dlPng: { ja: '図面 PNG 保存', en: 'Save diagram (PNG)' },
  pasteTitle: { ja: 'SFEN・KIF・KIFU・CSA を貼り付け', en: 'Paste SFEN, KIF, KIFU or CSA' },
  loadPaste: { ja: '読み込む', en: 'Load' },
  openFile: { ja: 'ファイルを開く…', en: 'Open a file…' },
  dropHint: {
    ja: '.kif / .kifu / .csa ファイルはページにドロップしても読めます（Shift_JIS・UTF-8）。作者の手順つきの棋譜なら「作意検討」に手順が入ります。',
    en: 'You can also drop a .kif / .kifu / .csa file on the page (Shift_JIS or UTF-8). A record with the author\'s moves fills them in under "Check a solution".',
  },
  solve: { ja: '解く', en: 'Solve' },
  stop: { ja: '中断', en: 'Stop' },
  settings: { ja: '探索の設定', en: 'Search settings' },
  timeLimit: { ja: '時間制限（秒、0=なし）', en: 'Time limit (s, 0 = none)' },
  hash: { ja: '置換表（MB）', en: 'Table (MB)' },
  threads: { ja: 'スレッド数', en: 'Threads' },
  interpositions: { ja: '合駒', en: 'Interpositions' },
  optSkipUseless: { ja: '無駄合を数えない', en: 'skip useless (無駄合)' },
  optCount: { ja: 'すべて数える', en: 'count every one' },
  defence: { ja: '玉方の応手', en: 'Defence' },
  optAuto: { ja: '自動', en: 'auto' },
  optNoLeftover: { ja: '駒余りなしを優先（変長）', en: 'no leftover (変長)' },
  optLongest: { ja: '最長', en: 'longest' },
  shortest: { ja: '最短手数', en: 'Shortest' },
  optProve: { ja: '証明する', en: 'prove' },
  optQuick: { ja: '短時間で打ち切る', en: 'quick' },
  optFirst: { ja: '最初の詰み', en: 'first mate' },
  checkHint: {
    ja: '作者の手順を貼り付けるか棋譜をドロップ（KIF・CSA、日本語の指し手 ▲２三金 △同玉…、USI）。tsumi check と同じ判定をします。',
    en: "Paste the author's line or drop a record (KIF, CSA, Japanese moves ▲２三金 △同玉…, or USI). The verdict is tsumi check's.",
  },
  check: { ja: '検討する', en: 'Check' },
  dlKif: { ja: 'KIF 保存 (.kif)', en: 'Save KIF (.kif)' },
  dlKifu: { ja: 'KIFU 保存 (UTF-8)', en: 'Save KIFU (UTF-8)' },
  copySfen: { ja: 'SFEN をコピー', en: 'Copy SFEN' },
  copyLink: { ja: '共有リンクをコピー', en: 'Copy share link' },
  backToMain: { ja: '本手順に戻る', en: 'Back to the main line' },
  footer: {
    ja: 'tsumi serve — このページは手元のサーバーで動いています。外部には何も送りません。',
    en: 'tsumi serve — this page runs on your own machine and sends nothing elsewhere.',
  },
};

const L = {
  black: { ja: '先手', en: 'Black' },
  white: { ja: '後手', en: 'White' },
  hand: { ja: 'の持駒', en: "'s hand" },
  none: { ja: 'なし', en: 'none' },
  restNote: { ja: '残り全部', en: 'all remaining' },
  restCount: { ja: '玉方に残る駒（残り全部）：', en: 'Left for the defender (all remaining): ' },
  restCountNone: { ja: 'なし', en: 'none' },
  toMove: { ja: '手番', en: 'To move' },
  start: { ja: '初形', en: 'Start' },
  ply: { ja: (n) => `${n}手目`, en: (n) => `ply ${n}` },
  plies: { ja: (n) => `${n}手`, en: (n) => `${n} plies` },
  eraser: { ja: '消', en: '✕' },
  promotedRow: { ja: '成駒', en: 'promoted' },
  loaded: { ja: (name, n) => `読み込みました${name ? '：' + name : ''}${n ? `（作者の手順 ${n}手つき）` : ''}`, en: (name, n) => `Loaded${name ? ': ' + name : ''}${n ? ` (with the author's ${n}-ply line)` : ''}` },
  more: { ja: (n) => `（${n}問のうち最初の問題）`, en: (n) => ` (the first of ${n} problems)` },
  copied: { ja: 'コピーしました', en: 'Copied' },
  queued: { ja: (n) => `順番待ち：前に ${n} 件`, en: (n) => `Waiting: ${n} ahead` },
  starting: { ja: '開始します…', en: 'Starting…' },
  stage: {
    solve: { ja: '解図中', en: 'Solving' },
    report: { ja: '余詰検討中', en: 'Checking soundness' },
    lines: { ja: '変化手順を作成中', en: 'Building variation lines' },
    check: { ja: '作意検討中', en: 'Checking the line' },
  },
  phase: {
    'first-mate': { ja: '詰みを探索', en: 'looking for a mate' },
    shortening: { ja: 'より短い詰みを探索', en: 'looking for a shorter mate' },
    line: { ja: '手順を作成', en: 'building the line' },
    pnstar: { ja: 'PN*', en: 'PN*' },
  },
  best: { ja: (n) => `最良 ${n}手詰`, en: (n) => `best: mate in ${n}` },
  nodes: { ja: '局面', en: 'nodes' },
  perSec: { ja: '局面/秒', en: 'nodes/s' },
  mate: { ja: (n) => `${n}手詰`, en: (n) => `Mate in ${n}` },
  proven: { ja: '最短手数を証明', en: 'proven shortest' },
  notProven: { ja: '最短手数は未証明（制限で打ち切り）', en: 'not proven shortest (a limit stopped the search)' },
  notProvenStopped: { ja: '最短手数は未証明（中断）', en: 'not proven shortest (stopped)' },
  nomate: { ja: '不詰', en: 'No mate' },
  nomateProven: { ja: '詰まないことを証明', en: 'proven' },
  unknown: { ja: '判定できず', en: 'Undecided' },
  unknownSub: { ja: '制限内に決着せず', en: 'not settled within the limits' },
  unknownFound: { ja: (n) => `${n}手の詰みは見つかったが手順を作れず`, en: (n) => `a mate in ${n} was found, its line not built` },
  publishedOnly: { ja: (n) => `作品の手数 ${n}手`, en: (n) => `published: ${n} plies` },
  stoppedSub: { ja: '中断', en: 'stopped' },
  published: { ja: (n, same) => `作品の手数 ${n}手${same ? '（一致）' : '（不一致）'}`, en: (n, same) => `published: ${n} plies${same ? ' (same)' : ' (different)'}` },
  stopped: { ja: '中断しました：ここまでの結果です', en: 'Stopped: this is what the search had' },
  henchou: { ja: (n) => `変長：駒が余る応手では${n}手かかります（本手順は駒の余らない応手）`, en: (n) => `変長: a defence that leaves pieces lasts ${n} plies (the line follows the one that leaves none)` },
  keptBound: { ja: (n) => `どの応手にも${n}手以内の詰みを証明。この手順は未証明（駒の余らない応手、または表から消えた応手を選んだため短い）`, en: (n) => `a mate within ${n} against every defence is proven; the line shown is not (it takes a defence that leaves no piece, or one whose proof the table lost, over a longer one)` },
  leftover: { ja: (h) => `駒余り：${h}`, en: (h) => `Pieces left over (駒余り): ${h}` },
  uselessTail: { ja: '以下は無駄合（手数に数えない）', en: 'then useless interpositions (無駄合), not counted' },
  reportTitle: { ja: '余詰検討', en: 'Soundness report' },
  complete: { ja: 'すべて決着', en: 'complete' },
  incomplete: { ja: (n) => `未決着 ${n}件`, en: (n) => `${n} unsettled` },
  noCook: { ja: '余詰なし', en: 'no cook' },
  noCookFound: { ja: '余詰は未発見（未決着の王手あり）', en: 'no cook found (checks left unsettled)' },
  cooks: { ja: (n) => `余詰 ${n}`, en: (n) => `${n} cook${n > 1 ? 's' : ''}` },
  shorterBadge: { ja: (n) => `より短い詰み ${n}`, en: (n) => `${n} shorter` },
  finals: { ja: (n) => `非限定 ${n}`, en: (n) => `非限定 ${n}` },
  sames: { ja: (n) => `変同 ${n}`, en: (n) => `変同 ${n}` },
  longers: { ja: (n) => `変長 ${n}`, en: (n) => `変長 ${n}` },
  detours: { ja: (n) => `迂回 ${n}`, en: (n) => `detours (迂回) ${n}` },
  flaws: { ja: (n) => `より長い応手 ${n}`, en: (n) => `${n} longer defence${n > 1 ? 's' : ''}` },
  leftBadge: { ja: (h) => `駒余り ${h}`, en: (h) => `駒余り ${h}` },
  secCooks: { ja: '余詰（他の王手でも詰む）', en: 'Cooks (余詰): other checks that mate' },
  secFinal: { ja: '非限定（最終手の別解）', en: '非限定: other mates at the last move' },
  secSame: { ja: '変同（同手数の応手）', en: '変同: defences that last as long' },
  secLonger: { ja: 'より長い応手・変長', en: 'Longer defences, 変長' },
  secRefute: { ja: '不詰の根拠（各王手への逃れ）', en: 'Why there is no mate: each check refuted' },
  openSummary: { ja: (n) => `未決着 ${n}件（制限内に決着しなかった問い）`, en: (n) => `${n} questions left open within the limits` },
  moreOpen: { ja: (n) => `ほか ${n} 件`, en: (n) => `and ${n} more` },
  mates: { ja: (n) => `${n}手で詰み`, en: (n) => `mates in ${n}` },
  shorterThan: { ja: (n) => `手順より短い（残り${n}手）`, en: (n) => `shorter than the line (${n} left)` },
  lasts: { ja: (n) => `${n}手かかる`, en: (n) => `lasts ${n}` },
  notWithin: { ja: '手順の手数では詰まない', en: 'not mated in the plies left' },
  henchouMark: { ja: '変長（駒余り）', en: '変長 (pieces left)' },
  detourMark: { ja: (n) => `迂回（${n}手目の局面に遅れて合流）`, en: (n) => `detour (reaches the position after ply ${n}, later)` },
  flawMark: { ja: '作意の応手より長い', en: 'longer than the line allows' },
  leftoverShort: { ja: (h) => `駒余り ${h}`, en: (h) => `leftover ${h}` },
  escapes: { ja: (d) => `${d} で逃れ`, en: (d) => `refuted by ${d}` },
  noEscape: { ja: '逃れを制限内に見つけられず', en: 'refutation not found within the limits' },
  tooMany: { ja: (n) => `王手が ${n} 通りあり、個別の反証は省略`, en: (n) => `${n} first checks: too many to refute one by one` },
  noChecks: { ja: '王手がありません', en: 'there is no check' },
  item: {
    cook: { ja: '余詰か', en: 'cook?' },
    defence: { ja: '応手', en: 'defence' },
    'defence-line': { ja: '変同の手順', en: 'defence line' },
    refutation: { ja: '反証', en: 'refutation' },
    'line-end': { ja: '詰み上がり', en: 'end of line' },
  },
  play: { ja: '▶ 手順を見る', en: '▶ play' },
  lineBuilding: { ja: '手順を作成中…', en: 'building the line…' },
  lineMissing: { ja: '手順は制限内に作れず', en: 'line not built within the limits' },
  playingMain: { ja: '本手順', en: 'Main line' },
  playingAuthor: { ja: '作者の手順', en: "The author's line" },
  playingVar: { ja: (what, ply) => `${what}：${ply}手目からの変化`, en: (what, ply) => `${what} from ply ${ply}` },
  whatCook: { ja: '余詰', en: 'Cook' },
  whatFinal: { ja: '非限定', en: '非限定' },
  whatSame: { ja: '変同', en: '変同' },
  whatLonger: { ja: '長い応手', en: 'Longer defence' },
  whatRefute: { ja: '反証', en: 'Refutation' },
  verdict: {
    sound: { ja: '健全', en: 'Sound' },
    cook: { ja: '余詰あり', en: 'Cooked' },
    'shorter-mate': { ja: 'より短い詰みあり', en: 'Shorter mate' },
    'longer-defence': { ja: '応手が最長でない', en: 'Defence not the longest' },
    'not-mate': { ja: '詰んでいない', en: 'Not a mate' },
    undecided: { ja: '判定できず', en: 'Undecided' },
  },
  verdictSub: {
    sound: { ja: (n) => `${n}手詰、余詰なし（最短を証明）`, en: (n) => `mate in ${n}, no cook (proven shortest)` },
  },
  faultAt: { ja: (ply, ja) => `${ply}手目 ${ja}`, en: (ply, ja) => `ply ${ply}: ${ja}` },
  shortDefence: {
    ja: (ply, mine, n, longest, m) => `${ply}手目の作者の応手 ${mine} は以下${n}手で詰みますが、${longest} なら${m === null ? 'さらに長く続きます' : `以下${m}手かかります`}`,
    en: (ply, mine, n, longest, m) => `at ply ${ply} the author's defence ${mine} is mated in ${n} more, ${longest} ${m === null ? 'lasts longer still' : `in ${m} more`}`,
  },
  breaksLine: { ja: 'この応手のため、作者の手順は詰みになっていません', en: "because of this defence the author's line is not a forced mate" },
  keepsLine: { ja: '（作者の手順の手数内には詰みます）', en: "(the author's line still mates within its length)" },
  shortestIs: { ja: (n) => `最短の詰みは ${n}手`, en: (n) => `the shortest mate is ${n} plies` },
  shortestAtMost: { ja: (n) => `${n}手以内の詰みあり（最短は未証明）`, en: (n) => `a mate in ${n} (not proven shortest)` },
  noMateAtAll: { ja: 'この問題は詰みません', en: 'the problem has no mate' },
  solverLine: { ja: 'tsumi の手順', en: "tsumi's line" },
  authorLength: { ja: (n) => `作者の手順 ${n}手`, en: (n) => `the author's line: ${n} plies` },
  needProblem: { ja: '先に正しい局面を用意してください', en: 'Set up a legal problem first' },
  // Errors the server names by a code: the page words them (params from the server).
  codes: {
    forbidden_host: { ja: () => 'このページ以外からの要求は受け付けません', en: () => 'the server answers only its own page' },
    unreadable_move: {
      ja: (p) => `${p.line ? `${p.line}行目：` : ''}手順の${p.n}手目「${p.text}」を読めません：${w(L.moveReasons[p.reason] || L.moveReasons.unknown)}`,
      en: (p) => `${p.line ? `line ${p.line}: ` : ''}move ${p.n} '${p.text}' cannot be read: ${w(L.moveReasons[p.reason] || L.moveReasons.unknown)}`,
    },
    no_moves: { ja: () => '手順がありません（G*5b 5a4b や ▲５二金打 △同玉 のように書いてください）', en: () => "no moves: write them as 'G*5b 5a4b' or '▲５二金打 △同玉'" },
    unreadable_sfen: {
      ja: (p) => `${p.line ? `${p.line}行目の ` : ''}SFEN を読めません：${w(L.sfenReasons[p.reason] || L.sfenReasons.other, p)}`,
      en: (p) => `${p.line ? `line ${p.line}: ` : ''}bad SFEN: ${w(L.sfenReasons[p.reason] || L.sfenReasons.other, p)}`,
    },
  },
  moveReasons: {
    illegal: { ja: 'この局面では指せない手です', en: 'not a legal move here' },
    wrong_side: { ja: '手番の側の手ではありません（▲・△）', en: 'marked for the side not to move' },
    no_previous: { ja: '「同」の前に指し手がありません', en: "'同' with no move before it" },
    destination: { ja: '行き先（２二・同 など）がありません', en: 'expected a destination such as ２二 or 同' },
    piece: { ja: '駒の名前がありません', en: 'no piece name' },
    marker: { ja: '右・左・直・上・引・寄 が重なっています', en: 'a repeated or conflicting 右/左/直/上/引/寄' },
    origin: { ja: '移動元 (NN) の書き方が正しくありません', en: 'a malformed origin (NN)' },
    trailing: { ja: '指し手の後に余計な文字があります', en: 'something after the move' },
    drop_marks: { ja: '打には移動元・右左・成を付けられません', en: 'a drop cannot have an origin, a disambiguator or a promotion mark' },
    drop: { ja: 'その駒はそこに打てません', en: 'that piece cannot be dropped there' },
    no_piece: { ja: 'そこへ動ける駒がありません', en: 'no such piece can move there' },
    ambiguous: { ja: '動ける駒が複数あります（右・左・直・上・引・寄 か移動元を書いてください）', en: 'ambiguous: write 右/左/直/上/引/寄 or the origin (NN)' },
    cannot_promote: { ja: 'この手では成れません', en: 'this move cannot promote' },
    must_promote: { ja: 'この手は成らなければなりません（成）', en: 'this move must promote (write 成)' },
    unknown: { ja: '読めない指し手です', en: 'unreadable' },
  },
  sfenReasons: {
    fields: { ja: (p) => `欄が${p.found}個です（盤面・手番・持駒・手数の3〜4個）`, en: (p) => `${p.found} fields (board, side, hands and an optional move number)` },
    ranks: { ja: (p) => `盤面が${p.found}段です（9段必要です）`, en: (p) => `the board has ${p.found} ranks, not 9` },
    rank_length: { ja: (p) => `${p.rank}段目が${p.squares}マスです（9マス必要です）`, en: (p) => `rank ${p.rank} describes ${p.squares} squares, not 9` },
    piece: { ja: (p) => `「${p.text}」は駒の記号ではありません`, en: (p) => `'${p.text}' is no piece letter` },
    promotion: { ja: (p) => `「+」の後に成れる駒がありません（${p.text}）`, en: (p) => `'+' before a piece that cannot promote (${p.text})` },
    side: { ja: (p) => `手番は b か w です（「${p.text}」）`, en: (p) => `the side to move must be b or w, not '${p.text}'` },
    hand: { ja: (p) => `持駒の欄「${p.text}」が正しくありません`, en: (p) => `the hands field '${p.text}' is malformed` },
    move_number: { ja: (p) => `手数「${p.text}」が正の整数ではありません`, en: (p) => `the move number '${p.text}' is not a positive integer` },
    other: { ja: () => '形式が正しくありません', en: () => 'malformed' },
  },
  network: { ja: 'サーバーに接続できません', en: 'Cannot reach the server' },
  noKif: { ja: 'Shift_JIS で書けない文字があります', en: 'has a character Shift_JIS lacks' },
};

let lang = localStorage.getItem('tsumi-lang') || ((navigator.language || '').startsWith('ja') ? 'ja' : 'en');
/** A hand in kanji as the server writes it, with なし (none) in the page's language. */
const handText = (h) => (h === 'なし' ? w(L.none) : h);
const w = (entry, ...args) => {
  const v = entry[lang];
  return typeof v === 'function' ? v(...args) : v;
};

// ---------------------------------------------------------------- pieces

const KANJI = {
  K: '玉', R: '飛', B: '角', G: '金', S: '銀', N: '桂', L: '香', P: '歩',
  '+R': '龍', '+B': '馬', '+S': '全', '+N': '圭', '+L': '杏', '+P': 'と',
};
const HAND_KINDS = ['R', 'B', 'G', 'S', 'N', 'L', 'P'];
const HAND_KANJI = { R: '飛', B: '角', G: '金', S: '銀', N: '桂', L: '香', P: '歩' };
/** Open questions listed at most (the rest counted). */
const MAX_OPEN_SHOWN = 50;
const PROMOTES = new Set(['R', 'B', 'S', 'N', 'L', 'P']);
const FILES = ['９', '８', '７', '６', '５', '４', '３', '２', '１'];
const RANKS = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/** The side of a piece code: 'b' for upper case (先手), 'w' for lower. */
const sideOf = (code) => (code.replace('+', '') === code.replace('+', '').toUpperCase() ? 'b' : 'w');
const baseOf = (code) => code.replace('+', '').toUpperCase();
const isPromoted = (code) => code.startsWith('+');

function pieceEl(code, small) {
  const el = document.createElement('div');
  el.className = `piece ${sideOf(code)}${isPromoted(code) ? ' promoted' : ''}${small ? ' small' : ''}`;
  const s = document.createElement('span');
  s.textContent = KANJI[(isPromoted(code) ? '+' : '') + baseOf(code)];
  el.appendChild(s);
  return el;
}

/** The next piece when a piece on the board is clicked: promote, then the other side. */
function cycle(code) {
  const base = baseOf(code);
  const black = sideOf(code) === 'b';
  const promoted = isPromoted(code);
  const make = (b, p) => (p ? '+' : '') + (b ? base : base.toLowerCase());
  if (PROMOTES.has(base) && !promoted) return make(black, true);
  return make(!black, false);
}

// ---------------------------------------------------------------- state

const S = {
  tab: 'setup',
  edit: null, // {rows, hands: {b, w}, side}: the board being edited
  rest: true, // the defender holds every remaining piece
  problem: null, // the last problem the server accepted
  refusal: null, // {message, message_ja, squares}
  palette: null, // a piece code, 'erase' or null
  play: null, // {start, steps, ply, label, fault}
  solve: { answer: null, lines: null, run: null, activeItem: null },
  check: { answer: null, lines: null, run: null, activeItem: null },
  editSeq: 0,
  info: null,
  flip: false, // 反転: the board drawn from 後手's side
  // Every state of the editor (board, hands, side, 残り全部), oldest first,
  // and the one shown: undo and redo walk it.
  history: { states: [], at: -1 },
  // The record tree shown (record.js): {view: the server's tree, sel: the
  // child followed at each depth (0: the line's own move), at: the depth
  // of the move shown}, or null.
  record: null,
};

const $ = (id) => document.getElementById(id);
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};

// ---------------------------------------------------------------- server

class ApiError extends Error {
  constructor(status, body) {
    const e = (body && body.error) || {};
    super(e.message || `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.error = { message: e.message || `HTTP ${status}`, message_ja: e.message_ja || e.message || `HTTP ${status}`, squares: e.squares || [], code: e.code, params: e.params };
    this.board = body && body.board;
  }
}

async function api(url, body, contentType) {
  let res;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': contentType || 'application/json' },
      body: contentType ? body : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(0, { error: { message: w(L.network), message_ja: L.network.ja } });
  }
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, json);
  return json;
}

/** Posts a search request and calls on(event, data) for each event of its stream. */
async function stream(url, body, on, signal) {
  const res = await fetch(url, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal,
  });
  if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => null));
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += decoder.decode(value, { stream: true });
    let i;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      let name = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) name = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      if (data) on(name, JSON.parse(data));
    }
  }
}

// ---------------------------------------------------------------- messages

/**
 * Shows an error where the user is looking: next to the button pressed, in
 * the panel of `place` ('setup', 'solve' or 'check', in place of that
 * panel's answer), or under the copy buttons ('board').
 */
function showError(err, place) {
  S.refusal = err.error || { message: String(err), message_ja: String(err), squares: [] };
  S.info = null;
  placeMessage(place || 'setup');
  renderMessage();
  renderBoard();
}

/** Shows an information line; `text` is a function, so that it follows the language. */
function showInfo(text, place) {
  S.info = text;
  S.refusal = null;
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
function hideAnswer(kind) {
  const [answer, report] = kind === 'solve' ? ['answer', 'report'] : ['verdict', 'check-report'];
  for (const id of [answer, report]) {
    $(id).hidden = true;
    $(id).textContent = '';
  }
}

/** An error's words in the page's language: a code the page words, else the server's text. */
function errorText(e) {
  const c = e.code && L.codes[e.code];
  if (c) return w(c, e.params || {});
  return lang === 'ja' ? e.message_ja : e.message;
}

function renderMessage() {
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

// ---------------------------------------------------------------- board

function shownBoard() {
  if (S.tab === 'setup' || !S.play) return S.edit;
  const p = S.play;
  return p.ply === 0 ? p.start : p.steps[p.ply - 1].board;
}

function renderBoard() {
  const board = shownBoard();
  const editing = S.tab === 'setup';
  const root = $('board');
  root.classList.toggle('editing', editing);
  root.textContent = '';
  const marks = {};
  const mark = (cell, cls) => { if (cell) (marks[cell[0] * 9 + cell[1]] ||= []).push(cls); };
  if (!editing && S.play && S.play.ply > 0) {
    const step = S.play.steps[S.play.ply - 1];
    mark(step.to, 'last');
    mark(step.from, 'from');
  }
  if (!editing && S.play && S.play.fault && S.play.ply === S.play.fault.ply - 1) {
    mark(S.play.fault.to, 'fault');
    mark(S.play.fault.from, 'fault');
  }
  if (S.refusal) for (const c of S.refusal.squares || []) mark(c, 'bad');
  if (editing && pick) mark([pick.r, pick.c], 'picked');
  $('board-column').classList.toggle('flipped', S.flip);
  for (let i = 0; i < 9; i++) {
    for (let j = 0; j < 9; j++) {
      // Flipped, the first square drawn is １九 (row 8, col 8).
      const r = S.flip ? 8 - i : i;
      const c = S.flip ? 8 - j : j;
      const cell = el('div', 'cell');
      cell.dataset.row = r;
      cell.dataset.col = c;
      cell.setAttribute('role', 'gridcell');
      cell.setAttribute('aria-label', FILES[c] + RANKS[r]);
      for (const cls of marks[r * 9 + c] || []) cell.classList.add(cls);
      const code = board && board.rows[r][c];
      if (code) cell.appendChild(pieceEl(code));
      root.appendChild(cell);
    }
  }
  renderHands(board, editing);
  renderLabels();
  renderRestCount();
  renderNav();
}

/** File and rank numerals, and the hands above and below, as the view is turned. */
function renderLabels() {
  const files = document.querySelector('.files');
  const ranks = document.querySelector('.ranks');
  const f = S.flip ? [...FILES].reverse() : FILES;
  const r = S.flip ? [...RANKS].reverse() : RANKS;
  files.textContent = '';
  ranks.textContent = '';
  for (const x of f) files.appendChild(el('span', '', x));
  for (const x of r) ranks.appendChild(el('span', '', x));
  const frame = document.querySelector('.board-frame');
  const [top, bottom] = S.flip ? ['hand-b', 'hand-w'] : ['hand-w', 'hand-b'];
  frame.before($(top));
  frame.after($(bottom));
  $('flip').setAttribute('aria-pressed', String(S.flip));
}

/** The pieces left for the defender's hand, by kind (what 残り全部 gives), under the editor. */
function renderRestCount() {
  const root = $('rest-count');
  root.textContent = '';
  const rest = S.problem && S.problem.rest;
  if (!rest) return;
  root.appendChild(el('span', 'label', w(L.restCount)));
  let any = false;
  for (const k of HAND_KINDS) {
    const n = rest[k] || 0;
    if (!n) continue;
    any = true;
    const item = el('span', 'rc');
    item.dataset.kind = k;
    item.append(HAND_KANJI[k], el('b', '', String(n)));
    root.appendChild(item);
  }
  if (!any) root.appendChild(el('span', 'rc', w(L.restCountNone)));
}

function renderHands(board, editing) {
  for (const side of ['w', 'b']) {
    const root = $(`hand-${side}`);
    root.textContent = '';
    const who = el('span', 'who');
    const mover = board && board.side === side;
    who.append(side === 'b' ? '☗' : '☖', el('b', '', w(side === 'b' ? L.black : L.white)), w(L.hand));
    if (mover) who.title = w(L.toMove);
    root.appendChild(who);
    const hand = (board && board.hands[side]) || {};
    const defender = board && board.side !== side;
    const fixed = editing && defender && S.rest;
    let any = false;
    for (const k of HAND_KINDS) {
      const n = hand[k] || 0;
      if (!editing && n === 0) continue;
      if (editing && fixed && n === 0) continue;
      any = true;
      const item = el('span', 'hand-item');
      item.dataset.kind = k;
      item.appendChild(pieceEl(side === 'b' ? k : k.toLowerCase(), true));
      if (editing && !fixed) {
        const minus = el('button', 'adj', '−');
        minus.type = 'button';
        minus.dataset.side = side;
        minus.dataset.kind = k;
        minus.dataset.delta = '-1';
        minus.disabled = n === 0;
        item.appendChild(minus);
      }
      item.appendChild(el('span', 'count', n > 1 || editing ? String(n) : ''));
      if (editing && !fixed) {
        const plus = el('button', 'adj', '+');
        plus.type = 'button';
        plus.dataset.side = side;
        plus.dataset.kind = k;
        plus.dataset.delta = '1';
        item.appendChild(plus);
      }
      root.appendChild(item);
    }
    if (!any) root.appendChild(el('span', 'none', w(L.none)));
    if (fixed) root.appendChild(el('span', 'rest-note', w(L.restNote)));
  }
}

function renderNav() {
  const editing = S.tab === 'setup';
  const p = S.play;
  const n = p ? p.steps.length : 0;
  const ply = p ? p.ply : 0;
  $('nav').hidden = editing || !p;
  $('edit-here').hidden = editing || !p;
  $('nav-first').disabled = $('nav-prev').disabled = ply === 0;
  $('nav-next').disabled = $('nav-last').disabled = ply >= n;
  let label = w(L.start);
  if (p && ply > 0) label = `${w(L.ply, ply)} ${p.steps[ply - 1].ja}`;
  $('nav-label').textContent = label;
  const playing = $('playing');
  playing.hidden = editing || !p || !p.label;
  if (p) {
    $('playing-label').textContent = p.label;
    $('back-to-main').hidden = !p.variation;
    const moves = $('playing-moves');
    moves.textContent = '';
    moves.hidden = !p.variation;
    if (p.variation) {
      const from = p.from || 0;
      const list = movesList('var', p.steps.slice(from), from + 1);
      moves.appendChild(list);
    }
  }
  for (const list of document.querySelectorAll('.moves')) {
    for (const b of list.querySelectorAll('.mv')) {
      b.classList.toggle('current', !!p && p.key === list.dataset.key && Number(b.dataset.ply) === ply);
    }
  }
  markRecordCursor();
}

function go(ply) {
  if (!S.play) return;
  S.play.ply = Math.max(0, Math.min(S.play.steps.length, ply));
  renderBoard();
}

/** Plays `steps` (the moves after `start`) on the board, at `ply`. */
function play(start, steps, label, opts = {}) {
  S.play = {
    start, steps, ply: opts.ply ?? 0, label, fault: opts.fault || null, key: opts.key || 'var',
    variation: !!opts.variation, from: opts.from || 0,
  };
  renderBoard();
}

// ---------------------------------------------------------------- editing

function emptyBoard() {
  return { rows: Array.from({ length: 9 }, () => Array(9).fill('')), hands: { b: {}, w: {} }, side: 'b' };
}

function setEdit(board) {
  pick = null;
  S.edit = JSON.parse(JSON.stringify(board));
  S.edit.hands.b ||= {};
  S.edit.hands.w ||= {};
}

/** The fields a loaded record fills: its title, published length, author and line. */
const RECORD_FIELDS = ['dg-title', 'dg-length', 'dg-author', 'author-line'];
const fieldValues = () => Object.fromEntries(RECORD_FIELDS.map((id) => [id, $(id).value]));
function setFields(values) {
  for (const id of RECORD_FIELDS) $(id).value = values[id] ?? '';
}

/**
 * The editor's state as history keeps it: the board and the defender's
 * hand, and for a load the record's fields before and after it.
 */
const editState = (fields) => JSON.stringify(fields ? { edit: S.edit, rest: S.rest, fields } : { edit: S.edit, rest: S.rest });

/**
 * Keeps the editor's state in the history (an edit, a load, a paste),
 * dropping what was undone. A load gives the record's fields before and
 * after it (`{ before, after }`), so that undoing the load puts back the
 * previous record's title, length, author and line, and redoing it brings
 * its own; an edit of the board leaves what was typed in them alone.
 */
function remember(fields) {
  const h = S.history;
  const state = editState(fields);
  if (h.at >= 0 && h.states[h.at] === state) return;
  h.states.length = h.at + 1;
  h.states.push(state);
  h.at = h.states.length - 1;
  renderUndo();
}

function renderUndo() {
  $('undo').disabled = S.history.at <= 0;
  $('redo').disabled = S.history.at >= S.history.states.length - 1;
}

/** Undo (-1) or redo (+1): the editor's state before or after, checked again by the server. */
function undoRedo(delta) {
  const h = S.history;
  const at = h.at + delta;
  if (at < 0 || at >= h.states.length) return;
  const from = JSON.parse(h.states[h.at]);
  const { edit, rest, fields } = JSON.parse(h.states[at]);
  h.at = at;
  if (delta < 0 && from.fields) setFields(from.fields.before);
  if (delta > 0 && fields) setFields(fields.after);
  setEdit(edit);
  S.rest = rest;
  $('rest-toggle').checked = rest;
  renderSide();
  renderUndo();
  commitEdit(false);
}

/** Sends the edited board to the server, which checks it and fills in the defender's hand. */
async function commitEdit(record = true, adoptRest = false) {
  if (record) remember();
  // A message about an earlier load or copy is no longer about this board.
  S.info = null;
  const seq = ++S.editSeq;
  clearAnswers();
  renderBoard();
  try {
    const view = await api('/api/position', { board: S.edit, defender_rest: S.rest });
    if (seq !== S.editSeq) return;
    acceptProblem(view, false, adoptRest);
  } catch (e) {
    if (seq !== S.editSeq) return;
    S.problem = null;
    if (e.board && S.rest) S.edit.hands = e.board.hands;
    showError(e);
    updateShare();
  }
}

/**
 * Takes the problem the server accepted. A record read (or a position
 * taken from a line, `adoptRest`) says whether the defender holds the rest;
 * an edit keeps the user's choice, so that a hand listed stays listed even
 * when it is the rest.
 */
function acceptProblem(view, replaceEdit, adoptRest) {
  S.problem = view;
  if (replaceEdit) setEdit(view.board);
  else S.edit.hands = JSON.parse(JSON.stringify(view.board.hands));
  if (replaceEdit || adoptRest) S.rest = view.defender_rest;
  $('rest-toggle').checked = S.rest;
  S.refusal = null;
  renderMessage();
  renderSide();
  renderBoard();
  updateShare();
}

function renderSide() {
  const side = S.edit ? S.edit.side : 'b';
  $('side-toggle').textContent = `${w(L.toMove)}: ${w(side === 'b' ? L.black : L.white)}`;
}

function editCell(r, c, code) {
  S.edit.rows[r][c] = code;
  commitEdit();
}

/** A click on cell (r, c) while editing (a press and release without a drag). */
function clickCell(r, c) {
  const code = S.edit.rows[r][c];
  if (S.palette === 'erase') editCell(r, c, '');
  else if (S.palette) editCell(r, c, code === S.palette ? cycle(code) : S.palette);
  else if (code) editCell(r, c, cycle(code));
}

/** A tap on cell (r, c) with no palette piece chosen (touch screens). */
function tapCell(r, c) {
  const code = S.edit.rows[r][c];
  if (pick && (pick.r !== r || pick.c !== c)) {
    const from = pick;
    pick = null;
    S.edit.rows[r][c] = S.edit.rows[from.r][from.c];
    S.edit.rows[from.r][from.c] = '';
    commitEdit();
  } else if (pick) {
    pick = null;
    clickCell(r, c);
  } else if (code) {
    pick = { r, c };
    renderBoard();
  }
}

function onBoardContext(ev) {
  if (S.tab !== 'setup') return;
  const cell = ev.target.closest('.cell');
  if (!cell) return;
  ev.preventDefault();
  editCell(Number(cell.dataset.row), Number(cell.dataset.col), '');
}

// A press on a cell while editing is a click when released without moving;
// a piece dragged (no palette piece chosen) moves to the cell it is
// dropped on, or off the board. On a touch screen a tap on a piece (no
// palette piece chosen) picks it up, a tap on another square puts it
// there, and a second tap on the piece itself promotes or turns it.
let drag = null;
let pick = null;
function onPointerDown(ev) {
  if (S.tab !== 'setup' || ev.button !== 0) return;
  const cell = ev.target.closest('.cell');
  if (!cell) return;
  const r = Number(cell.dataset.row);
  const c = Number(cell.dataset.col);
  const code = S.edit.rows[r][c];
  drag = {
    r, c, code, x: ev.clientX, y: ev.clientY, moved: false, ghost: null, canMove: !!code && !S.palette,
    touch: ev.pointerType === 'touch',
  };
  ev.preventDefault();
}
function onPointerMove(ev) {
  if (!drag || !drag.canMove) return;
  if (!drag.moved && Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 6) return;
  if (!drag.moved) {
    drag.moved = true;
    drag.ghost = pieceEl(drag.code);
    drag.ghost.classList.add('drag-ghost');
    document.body.appendChild(drag.ghost);
  }
  drag.ghost.style.left = `${ev.clientX - 21}px`;
  drag.ghost.style.top = `${ev.clientY - 24}px`;
  for (const x of document.querySelectorAll('.drop-target')) x.classList.remove('drop-target');
  const over = document.elementFromPoint(ev.clientX, ev.clientY);
  const cell = over && over.closest('#board .cell');
  if (cell) cell.classList.add('drop-target');
}
function onPointerUp(ev) {
  if (!drag) return;
  const d = drag;
  drag = null;
  if (!d.moved) {
    if (d.touch && !S.palette) return tapCell(d.r, d.c);
    pick = null;
    clickCell(d.r, d.c);
    return;
  }
  pick = null;
  d.ghost.remove();
  const over = document.elementFromPoint(ev.clientX, ev.clientY);
  const cell = over && over.closest('#board .cell');
  S.edit.rows[d.r][d.c] = '';
  if (cell) S.edit.rows[Number(cell.dataset.row)][Number(cell.dataset.col)] = d.code;
  commitEdit();
}

function buildPalette() {
  const root = $('palette');
  root.textContent = '';
  const rows = [
    [L.black, ['K', 'R', 'B', 'G', 'S', 'N', 'L', 'P']],
    [L.promotedRow, ['+R', '+B', '+S', '+N', '+L', '+P']],
    [L.white, ['k', 'r', 'b', 'g', 's', 'n', 'l', 'p']],
    [L.promotedRow, ['+r', '+b', '+s', '+n', '+l', '+p']],
  ];
  rows.forEach(([label, codes], i) => {
    root.appendChild(el('span', 'label', w(label)));
    for (let j = 0; j < 9; j++) {
      const code = codes[j];
      if (code) {
        const b = el('button');
        b.type = 'button';
        b.dataset.code = code;
        b.title = code;
        b.setAttribute('aria-pressed', String(S.palette === code));
        b.appendChild(pieceEl(code, true));
        root.appendChild(b);
      } else if (i === 0) {
        const b = el('button', 'eraser', w(L.eraser));
        b.type = 'button';
        b.dataset.code = 'erase';
        b.setAttribute('aria-pressed', String(S.palette === 'erase'));
        root.appendChild(b);
      } else {
        root.appendChild(el('span'));
      }
    }
  });
}

// ---------------------------------------------------------------- loading

async function loadText(body, name) {
  const url = name ? `/api/parse?name=${encodeURIComponent(name)}` : '/api/parse';
  try {
    const view = await api(url, body, 'application/octet-stream');
    clearAnswers();
    const before = fieldValues();
    acceptProblem(view, true);
    setRecord(view.record || null);
    $('dg-title').value = view.name || '';
    $('dg-length').value = view.published_length ?? '';
    const n = view.solution ? view.solution.steps.length : 0;
    if (n) $('author-line').value = view.solution.steps.map((s) => s.ja).join(' ');
    remember({ before, after: fieldValues() });
    showInfo(() => w(L.loaded, view.name, n) + (view.problems > 1 ? w(L.more, view.problems) : ''));
    return view;
  } catch (e) {
    if (e.board) {
      setEdit(e.board);
      S.problem = null;
      S.rest = false;
      $('rest-toggle').checked = false;
      clearAnswers();
      renderSide();
      remember();
    }
    showError(e);
    updateShare();
    return null;
  }
}

function clearAnswers() {
  for (const k of ['solve', 'check']) {
    if (S[k].run) S[k].run.abort();
    S[k] = { answer: null, lines: null, run: null, activeItem: null };
  }
  S.play = null;
  $('answer').hidden = $('report').hidden = $('verdict').hidden = $('check-report').hidden = true;
  $('solve-progress').hidden = $('check-progress').hidden = true;
  $('solve').disabled = $('check').disabled = false;
  $('stop-solve').disabled = $('stop-check').disabled = true;
  setRecord(null);
}

// ---------------------------------------------------------------- searching

function settings() {
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

function fmtCount(n) {
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
  const st = S[kind];
  if (st.run) st.run.abort();
  const ctrl = new AbortController();
  st.run = ctrl;
  st.id = null;
  st.answer = null;
  st.lines = null;
  // The previous answer goes at once, with the line it played on the
  // board and any message.
  hideAnswer(kind);
  if (kind === 'solve') setRecord(null);
  S.play = null;
  if ($('message').dataset.place === kind || S.refusal) {
    S.refusal = null;
    S.info = null;
    renderMessage();
  }
  renderBoard();
  $(kind).disabled = true;
  $(`stop-${kind}`).disabled = false;
  setProgress(kind, w(L.starting));
  const done = () => {
    if (st.run !== ctrl) return;
    st.run = null;
    $(kind).disabled = false;
    $(`stop-${kind}`).disabled = true;
    setProgress(kind, null);
  };
  try {
    await stream(url, body, (name, data) => {
      if (st.run !== ctrl) return;
      if (name === 'accepted') st.id = data.id;
      else if (name === 'queued') setProgress(kind, w(L.queued, data.ahead));
      else if (name === 'started') setProgress(kind, w(L.starting));
      else if (name === 'progress') setProgress(kind, progressText(data));
      else if (name === 'answer') {
        if (data.started === false) return;
        st.answer = data;
        (kind === 'solve' ? renderSolveAnswer : renderCheckAnswer)();
      } else if (name === 'lines') {
        st.lines = data;
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

function stopSearch(kind) {
  const st = S[kind];
  if (st.id !== null && st.id !== undefined) fetch(`/api/stop/${st.id}`, { method: 'POST' }).catch(() => {});
}

function solve() {
  if (!S.problem) return showError({ error: { message: L.needProblem.en, message_ja: L.needProblem.ja, squares: [] } }, 'solve');
  runSearch('solve', '/api/solve', {
    sfen: S.problem.sfen, name: S.problem.name || '', published_length: S.problem.published_length ?? null, settings: settings(),
  });
}

function check() {
  if (!S.problem) return showError({ error: { message: L.needProblem.en, message_ja: L.needProblem.ja, squares: [] } }, 'check');
  runSearch('check', '/api/check', {
    sfen: S.problem.sfen, name: S.problem.name || '', line: $('author-line').value, settings: settings(),
  });
}

// ---------------------------------------------------------------- answers

function movesList(key, steps, firstPly, extra) {
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

function renderSolveAnswer() {
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

function playMain() {
  const a = S.solve.answer;
  if (!a || !S.problem) return;
  S.solve.activeItem = null;
  const steps = a.main.steps.concat(a.tail.steps);
  play(S.problem.board, steps, steps.length ? w(L.playingMain) : '', { key: 'main' });
  markActive('solve');
}

function renderCheckAnswer() {
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
    S.problem = { ...S.problem, sfen: a.sfen, board: a.board, name: r.name };
    setEdit(a.board);
    updateShare();
  }
  playAuthor();
  renderReport('check');
}

function playAuthor() {
  const a = S.check.answer;
  if (!a) return;
  S.check.activeItem = null;
  const fault = a.fault;
  play(a.board, a.author.steps, w(L.playingAuthor), { key: 'author', fault, ply: fault ? fault.ply - 1 : a.author.steps.length });
  markActive('check');
}

/** The report of a solve or a check, with each item playable. */
function renderReport(kind) {
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
      li.addEventListener('click', () => { st.activeItem = key; playable(); markActive(kind); });
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

// ---------------------------------------------------------------- take-away

function updateDownloads() {
  const k = S.solve.answer && S.solve.answer.kif;
  // The record (the answer with its branches, or a loaded KIF), with the
  // comments edited on the page, is written by the server when asked.
  $('dl-kifu').disabled = !k && !S.record;
  $('dl-kif').disabled = !S.record && !(k && k.kif_base64);
  $('dl-kif').title = !S.record && k && k.kif_error ? w(L.noKif) : '';
}

function fileName(ext) {
  const base = (S.problem && S.problem.name) || 'tsumi';
  return base.replace(/[\\/:*?"<>|\s]+/g, '_') + ext;
}

function download(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

async function downloadKif(sjis) {
  let k = S.solve.answer && S.solve.answer.kif;
  if (S.record) {
    try {
      k = await recordKif();
    } catch (e) {
      showError(e, 'solve');
      return;
    }
    if (sjis && !k.kif_base64) {
      showError({ error: { message: k.kif_error, message_ja: `${L.noKif.ja}: ${k.kif_error}`, squares: [] } }, 'solve');
      return;
    }
  }
  if (!k) return;
  if (sjis) {
    const bin = atob(k.kif_base64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    download(new Blob([bytes], { type: 'application/octet-stream' }), fileName('.kif'));
  } else {
    download(new Blob([k.kifu], { type: 'text/plain;charset=utf-8' }), fileName('.kifu'));
  }
}

// ---------------------------------------------------------------- diagram

/** The diagram (図面) of the problem set up, as the server draws it (SVG text). */
async function diagramSvg() {
  const length = Number($('dg-length').value);
  const res = await fetch('/api/diagram', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      sfen: S.problem.sfen,
      title: $('dg-title').value || null,
      author: $('dg-author').value || null,
      length: Number.isInteger(length) && length > 0 ? length : null,
    }),
  }).catch(() => { throw new ApiError(0, { error: { message: w(L.network), message_ja: L.network.ja } }); });
  if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => null));
  return res.text();
}

/** Pixels of the PNG per unit of the SVG (print quality). */
const PNG_SCALE = 3;

/** Downloads the diagram as SVG, or as PNG drawn from that SVG on a canvas. */
async function downloadDiagram(png) {
  if (!S.problem) return;
  try {
    const svg = new Blob([await diagramSvg()], { type: 'image/svg+xml' });
    if (!png) return download(svg, fileName('.svg'));
    const url = URL.createObjectURL(svg);
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth * PNG_SCALE;
    canvas.height = img.naturalHeight * PNG_SCALE;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    URL.revokeObjectURL(url);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    download(blob, fileName('.png'));
  } catch (e) {
    showError(e instanceof ApiError ? e : { error: { message: String(e), message_ja: String(e), squares: [] } }, 'setup');
  }
}

function shareLink() {
  return S.problem ? `${location.origin}/?sfen=${encodeURIComponent(S.problem.sfen)}` : '';
}

function updateShare() {
  $('share').value = shareLink();
  $('copy-sfen').disabled = $('copy-link').disabled = !S.problem;
  $('dl-svg').disabled = $('dl-png').disabled = !S.problem;
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {
    const t = $('share');
    t.value = text;
    t.select();
    document.execCommand('copy');
  }
  showInfo(() => `${w(L.copied)}: ${text}`, 'board');
}

// ---------------------------------------------------------------- tabs, language

function setTab(tab) {
  S.tab = tab;
  for (const b of document.querySelectorAll('.tabs button')) b.setAttribute('aria-selected', String(b.dataset.tab === tab));
  for (const p of ['setup', 'solve', 'check', 'collection']) $(`panel-${p}`).hidden = p !== tab;
  if (tab === 'solve' && S.solve.answer) playMain();
  else if (tab === 'check' && S.check.answer) playAuthor();
  else if (tab !== 'setup' && S.record) playRecord(0);
  else if (tab !== 'setup' && S.problem) play(S.problem.board, [], '', {});
  renderBoard();
  renderRecord();
}

function setLang(l) {
  lang = l;
  localStorage.setItem('tsumi-lang', l);
  document.documentElement.lang = l;
  $('lang-ja').setAttribute('aria-pressed', String(l === 'ja'));
  $('lang-en').setAttribute('aria-pressed', String(l === 'en'));
  // Words of a panel not loaded yet (collection.js) are set when it is.
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
  document.dispatchEvent(new Event('tsumi-lang'));
}

// ---------------------------------------------------------------- wiring

function wire() {

  $('lang-ja').onclick = () => setLang('ja');
  $('lang-en').onclick = () => setLang('en');
  for (const b of document.querySelectorAll('.tabs button')) b.onclick = () => setTab(b.dataset.tab);

  const board = $('board');
  board.addEventListener('contextmenu', onBoardContext);
  board.addEventListener('pointerdown', onPointerDown);
  window.addEventListener('pointermove', onPointerMove);
  window.addEventListener('pointerup', onPointerUp);

  $('palette').addEventListener('click', (ev) => {
    const b = ev.target.closest('button');
    if (!b) return;
    S.palette = S.palette === b.dataset.code ? null : b.dataset.code;
    if (pick) {
      pick = null;
      renderBoard();
    }
    for (const x of $('palette').querySelectorAll('button')) x.setAttribute('aria-pressed', String(x.dataset.code === S.palette));
  });
  for (const side of ['b', 'w']) {
    $(`hand-${side}`).addEventListener('click', (ev) => {
      const b = ev.target.closest('button.adj');
      if (!b || S.tab !== 'setup') return;
      const hand = S.edit.hands[b.dataset.side];
      const n = Math.max(0, (hand[b.dataset.kind] || 0) + Number(b.dataset.delta));
      if (n) hand[b.dataset.kind] = n; else delete hand[b.dataset.kind];
      commitEdit();
    });
  }
  $('side-toggle').onclick = () => { S.edit.side = S.edit.side === 'b' ? 'w' : 'b'; renderSide(); commitEdit(); };
  $('rest-toggle').onchange = (ev) => { S.rest = ev.target.checked; commitEdit(); };
  $('clear-board').onclick = () => {
    const b = emptyBoard();
    b.rows[0][4] = 'k';
    setEdit(b);
    S.rest = true;
    $('rest-toggle').checked = true;
    renderSide();
    commitEdit();
  };
  $('load-paste').onclick = () => loadText($('paste').value);
  $('undo').onclick = () => undoRedo(-1);
  $('redo').onclick = () => undoRedo(1);
  // A mirror image is an edit like any other: the server checks it.
  $('mirror').onclick = () => { S.edit.rows = S.edit.rows.map((row) => [...row].reverse()); commitEdit(); };
  $('flip').onclick = () => { S.flip = !S.flip; renderBoard(); };
  // The position shown (any ply of the answer, a report line, the author's line) into the editor.
  $('edit-here').onclick = () => {
    const board = shownBoard();
    if (!board) return;
    setEdit(board);
    S.rest = false;
    $('rest-toggle').checked = false;
    setTab('setup');
    renderSide();
    commitEdit(true, true);
  };
  $('file').onchange = async (ev) => {
    const f = ev.target.files[0];
    if (f) await loadText(await f.arrayBuffer(), f.name);
    ev.target.value = '';
  };

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
