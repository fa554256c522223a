// tsumi serve — words: everything the page shows, in Japanese and English,
// and the language it shows them in. The server names its errors by a
// code and parameters (L.codes); the page words them here.

import { FILES, KANJI, RANKS } from './pieces.js';

/** The words of the page's elements, by their data-t. */
export const WORDS = {
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
  // The collection panel (作品集).
  tabCollection: { ja: '作品集', en: 'Collection' },
  colHint: {
    ja: '作品集のファイル（SFEN 行・.tsv・複数の棋譜を含む KIF・CSA）を開くか、複数のファイルをページにドロップしてください。「全部検討」で全作を解図・余詰検討します（全コア使用）。行をクリックするとその作品を盤に出します（検討済みの作品は解答の棋譜つき）。',
    en: 'Open a collection (SFEN lines, .tsv, a KIF or CSA with several records) or drop several files on the page. "Check all" solves every work and checks its soundness, on every core. Click a row to open its work on the board (a checked work with the record of its answer).',
  },
  colOpen: { ja: '作品集を開く…（複数可）', en: 'Open a collection… (several files)' },
  colLoadPaste: { ja: '貼り付けた作品を加える', en: 'Add the pasted works' },
  colClear: { ja: '表を空にする', en: 'Clear the table' },
  colCheckAll: { ja: '全部検討', en: 'Check all' },
  colTime: { ja: '1作の時間制限（秒）', en: 'Time limit per work (s)' },
  colLines: { ja: '余詰・変長の手順も作る', en: 'Build the lines of cooks and 変長' },
  colSettingsNote: { ja: 'その他の設定は「解図」の探索の設定を使います。', en: 'The other settings are those of Solve.' },
  colCsv: { ja: 'CSV 保存', en: 'Save CSV' },
  colJsonl: { ja: 'JSON 行 保存', en: 'Save JSON lines' },
  colKif: { ja: '全解答 KIF 保存', en: 'Save all answers (KIF)' },
  colKifu: { ja: '全解答 KIFU 保存 (UTF-8)', en: 'Save all answers (KIFU, UTF-8)' },
  colNumber: { ja: '番', en: '#' },
  colName: { ja: '作品', en: 'Work' },
  colLength: { ja: '手数', en: 'Plies' },
  colVerdict: { ja: '判定', en: 'Verdict' },
  colSeconds: { ja: '時間', en: 'Time' },
};

/** The page's words and the wording of what the server sends. */
export const L = {
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
  // What the readers (tsumi-notation) refuse, by code (the line, when the
  // error has one, is worded before it: L.unreadableAt).
  readerCodes: {
    io: { ja: () => 'ファイルを開けません', en: (p) => `cannot read the file: ${p.detail}` },
    utf16: { ja: () => '文字コード UTF-16 は読めません（UTF-8 か Shift_JIS で保存してください）', en: () => 'the text is UTF-16, which is not supported (save it as UTF-8 or Shift_JIS)' },
    bad_encoding: { ja: () => '文字コードが UTF-8 でも Shift_JIS でもありません', en: () => 'the text is neither valid UTF-8 nor valid Shift_JIS' },
    not_utf8: { ja: () => '文字コードが UTF-8 ではありません', en: () => 'the text is not valid UTF-8' },
    sfen_startpos: { ja: (p) => `startpos の後に余計な「${p.text}」があります`, en: (p) => `unexpected '${p.text}' after startpos` },
    sfen_move: { ja: (p) => `手順の${p.n}手目「${p.text}」を指せません`, en: (p) => `move ${p.n} of the line, '${p.text}', cannot be played` },
    one_problem: { ja: (p) => `1つの記録に${p.found}問あります`, en: (p) => `expected one problem, found ${p.found}` },
    illegal_position: { ja: (p) => `局面が正しくありません：${positionText(p)}`, en: (p) => `the position is illegal: ${positionText(p)}` },
    board_rows: { ja: (p) => `盤面図が${p.found}段です（9段必要です）`, en: (p) => `the board diagram has ${p.found} rows, expected 9` },
    second_board: { ja: () => '盤面図が2つあります', en: () => 'a second board diagram' },
    board_row_unclosed: { ja: (p) => `盤面図の${p.rank}段目に閉じる「|」がありません`, en: (p) => `board row ${p.rank} has no closing '|'` },
    board_row_label: { ja: (p) => `盤面図の段の名前「${p.label}」が違います（${p.rank}のはずです）`, en: (p) => `board row labelled '${p.label}' where ${p.rank} was expected` },
    board_row_lone_v: { ja: (p) => `盤面図の${p.rank}段目に駒のない「v」があります`, en: (p) => `a 'v' with no piece after it in board row ${p.rank}` },
    board_row_piece: { ja: (p) => `盤面図の${p.rank}段目の「${p.text}」は駒ではありません`, en: (p) => `unknown piece '${p.text}' in board row ${p.rank}` },
    board_row_length: { ja: (p) => `盤面図の${p.rank}段目が${p.squares}マスです（9マス必要です）`, en: (p) => `board row ${p.rank} has ${p.squares} squares, expected 9` },
    rest_for_black: { ja: () => '「残り全部」は後手の持駒にだけ書けます', en: () => '残り全部 is only understood for 後手の持駒' },
    rest_needs_board: { ja: () => '「残り全部」には盤面図が必要です', en: () => '残り全部 needs a board diagram' },
    rest_impossible: { ja: (p) => `後手に残りの駒を渡せません：${positionText(p)}`, en: (p) => `cannot give 後手 the rest of the pieces: ${positionText(p)}` },
    unknown_handicap: { ja: (p) => `手合割「${p.name}」を知らず、盤面図もありません`, en: (p) => `unknown 手合割 '${p.name}' and no board diagram` },
    hand_piece: { ja: (p) => `持駒の「${p.text}」は駒ではありません`, en: (p) => `unknown piece '${p.text}' in a hand` },
    hand_king: { ja: (p) => `「${p.text}」は持駒にできません`, en: (p) => `'${p.text}' cannot be held in hand` },
    hand_count: { ja: (p) => `持駒の${p.piece}の枚数「${p.text}」を読めません`, en: (p) => `bad count '${p.text}' for ${p.piece} in hand` },
    hand_zero: { ja: (p) => `持駒の${p.piece}が0枚です`, en: (p) => `count 0 for ${p.piece} in hand` },
    hand_twice: { ja: (p) => `持駒に${p.piece}が2度書かれています`, en: (p) => `${p.piece} listed twice in hand` },
    hand_too_many: { ja: (p) => `持駒の${p.piece}が${p.count}枚です（1組に${p.max}枚まで）`, en: (p) => `${p.count} ${p.piece} in hand: a set has only ${p.max}` },
    hand_given_twice: { ja: (p) => `「${p.key}」が2度あります`, en: (p) => `${p.key} given twice` },
    bad_turn: { ja: (p) => `手番「${p.text}」は先手か後手です`, en: (p) => `the 手番 '${p.text}' is neither 先手 nor 後手` },
    unrecognised_line: { ja: (p) => `読めない行です：「${p.text}」`, en: (p) => `unrecognised line '${p.text}'` },
    unrecognised_move_line: { ja: (p) => `指し手の並びに読めない行があります：「${p.text}」`, en: (p) => `unrecognised line '${p.text}' among the moves` },
    move_number_too_large: { ja: () => '手数の番号が大きすぎます', en: () => 'move number too large' },
    move_number_space: { ja: (p) => `手数の番号の後に空白がありません：「${p.text}」`, en: (p) => `expected a space after the move number in '${p.text}'` },
    move_number_sequence: { ja: (p) => `手数の番号が${p.found}です（${p.expected}のはずです）`, en: (p) => `move number ${p.found} out of sequence (expected ${p.expected})` },
    unclosed_time: { ja: (p) => `消費時間の「)」がありません：「${p.text}」`, en: (p) => `unclosed time field '${p.text}'` },
    after_move: { ja: (p) => `指し手の後に余計な「${p.text}」があります`, en: (p) => `unexpected '${p.text}' after the move` },
    bad_branch_header: { ja: (p) => `変化の見出し「${p.text}」を読めません`, en: (p) => `bad branch header '${p.text}'` },
    branch_unknown_move: { ja: (p) => `${p.n}手目からの変化ですが、その手がありません`, en: (p) => `a branch at move ${p.n}, which no line read before has` },
    unrecognised_branch_line: { ja: (p) => `変化の中に読めない行があります：「${p.text}」`, en: (p) => `unrecognised line '${p.text}' in a branch` },
    move_after_end: { ja: (p) => `「${p.result}」の後に指し手があります`, en: (p) => `a move after the line's ${p.result}` },
    empty_branch: { ja: (p) => `${p.n}手目からの変化に指し手がありません`, en: (p) => `the branch at move ${p.n} has no move` },
    branch_repeats: { ja: (p) => `${p.n}手目からの変化が本手順と同じ手です`, en: (p) => `the branch at move ${p.n} repeats the line it leaves` },
    csa_no_position: { ja: () => '手番の行の前に局面（PI・P1〜P9・P+/P-）がありません', en: () => 'no position (PI, P1..P9 or P+/P-) before the side to move' },
    csa_row_missing: { ja: (p) => `局面の行 P${p.row} がありません`, en: (p) => `row P${p.row} is missing` },
    csa_too_many: { ja: (p) => `${pieceName(p.kind)}が1組の枚数より多くあります`, en: (p) => `too many ${pieceName(p.kind)}` },
    csa_rest_impossible: { ja: (p) => `00AL で残りの駒を配れません：${positionText(p)}`, en: (p) => `00AL: ${positionText(p)}` },
    csa_several_records: { ja: (p) => `${p.count}局の記録があります（「/」区切り）`, en: (p) => `the text holds ${p.count} records separated by '/'` },
    csa_order: { ja: (p) => `「${p.text}」の位置が正しくありません（順序違いか重複）`, en: (p) => `'${p.text}' is out of order or given twice` },
    csa_square: { ja: (p) => `マス「${p.text}」を読めません`, en: (p) => `bad square '${p.text}'` },
    csa_piece: { ja: (p) => `「${p.text}」は駒ではありません`, en: (p) => `unknown piece '${p.text}'` },
    csa_row: { ja: (p) => `局面の行 P${p.row} を読めません：「${p.text}」`, en: (p) => `row P${p.row} cannot be read: '${p.text}'` },
    csa_hand_king: { ja: (p) => `「${p.text}」は持駒にできません`, en: (p) => `${p.text} cannot be held in hand` },
    csa_occupied: { ja: (p) => `マス ${p.text} に駒が2つ置かれています`, en: (p) => `square ${p.text} is already occupied` },
    csa_header: { ja: (p) => `見出し「${p.text}」に「:」がありません`, en: (p) => `header '${p.text}' has no ':'` },
    csa_pi_removes: { ja: (p) => `PI で取り除く駒「${p.text}」が盤にありません`, en: (p) => `PI removes ${p.text}, which is not on the board` },
    csa_items: { ja: (p) => `「${p.text}」はマスと駒の4文字ずつの並びではありません`, en: (p) => `'${p.text}' is not a list of 4-character items (square and piece)` },
    csa_statement: { ja: (p) => `読めない行です：「${p.text}」`, en: (p) => `unrecognised statement '${p.text}'` },
    csa_position_line: { ja: (p) => `局面の行「${p.text}」を読めません`, en: (p) => `unknown position line '${p.text}'` },
    csa_out_of_place: { ja: (p) => `「${p.text}」の位置が正しくありません`, en: (p) => `'${p.text}' is out of place` },
    csa_bad_time: { ja: (p) => `消費時間「${p.text}」を読めません`, en: (p) => `bad time '${p.text}'` },
    csa_move: { ja: (p) => `${p.n}手目「${p.text}」を読めないか指せません`, en: (p) => `move ${p.n} '${p.text}' cannot be read or played` },
    csa_no_side: { ja: () => '局面の後に手番の行（+ か -）がありません', en: () => "the record has no side-to-move line ('+' or '-') ending the position" },
  },
  unreadableAt: {
    ja: (line) => (line ? `読めません（${line}行目）：` : '読めません：'),
    en: (line) => (line ? `cannot read line ${line}: ` : 'cannot read: '),
  },
  // Why a position breaks a rule (tsumi-core's PositionError), by reason.
  positionReasons: {
    too_many_pieces: { ja: (p) => `${pieceName(p.kind)}が${p.count}枚あります（1組に${p.max}枚まで）`, en: (p) => `${p.count} ${pieceName(p.kind)}, a set has ${p.max}` },
    too_many_kings: { ja: (p) => `${w(sideName(p.color))}の玉が2枚以上あります`, en: (p) => `more than one ${w(sideName(p.color))} king` },
    dead_piece: { ja: (p) => `${squareName(p)}の${pieceName(p.piece)}は行き所のない駒です`, en: (p) => `the ${pieceName(p.piece)} on ${squareName(p)} can never move` },
    two_pawns: { ja: (p) => `${w(sideName(p.color))}の二歩です（${p.file}筋）`, en: (p) => `two ${w(sideName(p.color))} pawns on file ${p.file} (二歩)` },
    in_check: { ja: (p) => `手番でない${w(sideName(p.color))}に王手がかかっています`, en: (p) => `the side not to move (${w(sideName(p.color))}) is in check` },
    king_in_hand: { ja: () => '玉は持駒にできません', en: () => 'a king cannot be held in hand' },
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
    position: { ja: (p) => `局面が正しくありません：${positionText(p)}`, en: (p) => `illegal position: ${positionText(p)}` },
    other: { ja: () => '形式が正しくありません', en: () => 'malformed' },
  },
  network: { ja: 'サーバーに接続できません', en: 'Cannot reach the server' },
  noKif: { ja: 'Shift_JIS で書けない文字があります', en: 'has a character Shift_JIS lacks' },
};

/** The page's language, 'ja' or 'en' (set by setLanguage). */
export let lang = localStorage.getItem('tsumi-lang') || ((navigator.language || '').startsWith('ja') ? 'ja' : 'en');
/** A hand in kanji as the server writes it, with なし (none) in the page's language. */
export const handText = (h) => (h === 'なし' ? w(L.none) : h);
/** An entry in the page's language (a function entry called with `args`). */
export const w = (entry, ...args) => {
  const v = entry[lang];
  return typeof v === 'function' ? v(...args) : v;
};

/** An error's words in the page's language: a code the page words, else the server's text. */
export function errorText(e) {
  const p = { ...(e.params || {}) };
  if (p.line == null && e.line != null) p.line = e.line;
  const c = e.code && L.codes[e.code];
  if (c) return w(c, p);
  const r = e.code && L.readerCodes[e.code];
  if (r) return w(L.unreadableAt, p.line) + w(r, p);
  return lang === 'ja' ? e.message_ja : e.message;
}

/** A piece by its SFEN letter (`P`, `+p`) in kanji. */
const pieceName = (code) => KANJI[code.toUpperCase()] || code;
/** A side by its SFEN letter (`b`, `w`). */
const sideName = (color) => (color === 'b' ? L.black : L.white);
/** A square by its file and rank numbers (１から９): ５一 in Japanese, 51 in English. */
const squareName = (p) => (lang === 'ja' ? FILES[9 - p.file] + RANKS[p.rank - 1] : `${p.file}${p.rank}`);
/** Why a position breaks a rule, from its `position_reason` and parameters. */
const positionText = (p) => {
  const r = L.positionReasons[p.position_reason];
  return r ? w(r, p) : w(L.sfenReasons.other);
};

/** Sets the page's language (the elements are worded again by the caller). */
export function setLanguage(l) {
  lang = l;
  localStorage.setItem('tsumi-lang', l);
}
