// tsumi serve — the diagram (図面) for publication, drawn by the server
// (SVG), saved as SVG or PNG.

import { ApiError } from './api.js';
import { $, download } from './dom.js';
import { showError } from './messages.js';
import { S } from './state.js';
import { fileName } from './takeaway.js';
import { L, w } from './words.js';

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
export async function downloadDiagram(png) {
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
