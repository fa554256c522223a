// tsumi serve — what the page hands out: the record as KIF or KIFU (the
// server writes it), the SFEN and a link to the problem.

import { $, download } from './dom.js';
import { showError, showInfo } from './messages.js';
import { hasRecord, recordKif } from './record.js';
import { S } from './state.js';
import { L, w } from './words.js';

export function updateDownloads() {
  const k = S.solve.answer && S.solve.answer.kif;
  // The record (the answer with its branches, or a loaded KIF), with the
  // comments edited on the page, is written by the server when asked.
  $('dl-kifu').disabled = !k && !hasRecord();
  $('dl-kif').disabled = !hasRecord() && !(k && k.kif_base64);
  $('dl-kif').title = !hasRecord() && k && k.kif_error ? w(L.noKif) : '';
}

export function fileName(ext) {
  const base = (S.problem && S.problem.name) || 'tsumi';
  return base.replace(/[\\/:*?"<>|\s]+/g, '_') + ext;
}

export async function downloadKif(sjis) {
  let k = S.solve.answer && S.solve.answer.kif;
  if (hasRecord()) {
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
