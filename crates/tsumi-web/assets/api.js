// tsumi serve — talking to the server: a request and its JSON answer, a
// search's stream of events, and the error the server answers.

import { L, w } from './words.js';

export class ApiError extends Error {
  constructor(status, body) {
    const e = (body && body.error) || {};
    super(e.message || `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.error = { message: e.message || `HTTP ${status}`, message_ja: e.message_ja || e.message || `HTTP ${status}`, squares: e.squares || [], code: e.code, params: e.params };
    this.board = body && body.board;
  }
}

export async function api(url, body, contentType) {
  let res;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': contentType || 'application/json' },
      body: contentType ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, { error: { message: w(L.network), message_ja: L.network.ja } });
  }
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, json);
  return json;
}

/** Posts a search request and calls on(event, data) for each event of its stream. */
export async function stream(url, body, on, signal) {
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
    // An event's end is looked for in what came since the last look only
    // (a large event comes in many pieces: scanning it all again at each
    // piece is quadratic work on the page's one thread).
    const from = Math.max(0, buf.length - 1);
    buf += decoder.decode(value, { stream: true });
    let i = buf.indexOf('\n\n', from);
    for (; i >= 0; i = buf.indexOf('\n\n')) {
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
