// tsumi serve — what the page hands out: the record as KIF or KIFU (the
// server writes it), the SFEN and a link to the problem.

import { $, download } from './dom.js';
import { showError, showInfo } from './messages.js';
import { hasRecord, recordKif } from './record.js';
import { S } from './state.js';
import { errorText, L, w } from './words.js';

export function updateDownloads() {
  const k = S.solve.answer && S.solve.answer.kif;
  // The record (the answer with its branches, or a loaded KIF), with the
  // comments edited on the page, is written by the server when asked.
  $('dl-kifu').disabled = !k && !hasRecord();
  $('dl-kif').disabled = !hasRecord() && !(k && k.kif_base64);
  $('dl-kif').title = !hasRecord() && k && k.kif_error ? errorText(k.kif_error) : '';
}

export function fileName(ext) {
  const base = (S.problem && S.problem.name) || 'tsumi';
  return base.replace(/[\\/:*?"<>|\s]+/g, '_') + ext;
}

/** The 図面 fields that stand for KIF headers: 題 for 作品名, 作者. */
const HEADER_FIELDS = [['作品名', 'dg-title'], ['作者', 'dg-author']];

/**
 * The loaded record's KIF headers in their order, with the fields the user
 * can change in place of theirs (a field emptied drops its header; a field
 * filled that the record lacked is added after them), and the title.
 */
function keptHeaders() {
  const fields = HEADER_FIELDS.map(([key, id]) => [key, $(id).value.trim()]);
  const loaded = (S.problem && S.problem.headers) || [];
  const headers = [];
  for (const [key, value] of loaded) {
    const field = fields.find(([k]) => k === key);
    if (!field) headers.push([key, value]);
    else if (field[1]) headers.push([key, field[1]]);
  }
  for (const [key, value] of fields) {
    if (value && !loaded.some(([k]) => k === key)) headers.push([key, value]);
  }
  return { title: fields[0][1], headers };
}

export async function downloadKif(sjis) {
  let k = S.solve.answer && S.solve.answer.kif;
  if (hasRecord()) {
    try {
      const { title, headers } = keptHeaders();
      k = await recordKif(title, headers);
    } catch (e) {
      showError(e, 'solve');
      return;
    }
    if (sjis && !k.kif_base64) {
      showError({ error: k.kif_error }, 'solve');
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

export function shareLink() {
  return S.problem ? `${location.origin}/?sfen=${encodeURIComponent(S.problem.sfen)}` : '';
}

export function updateShare() {
  $('share').value = shareLink();
  $('copy-sfen').disabled = $('copy-link').disabled = !S.problem;
  $('dl-svg').disabled = $('dl-png').disabled = !S.problem;
}

export async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const t = $('share');
    t.value = text;
    t.select();
    document.execCommand('copy');
  }
  showInfo(() => `${w(L.copied)}: ${text}`, 'board');
}
