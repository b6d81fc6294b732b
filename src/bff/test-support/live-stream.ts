import { request, type IncomingMessage } from 'node:http';

/** A console's /api/live connection in tests: frames as they arrive, and a wait for one. */
export interface Frame {
  id: string | undefined;
  event: string;
  data: string;
}

export interface LiveStream {
  status: number;
  headers: Headers;
  frames: Frame[];
  comments: string[];
  /** Resolves with the first frame (from index `from`) that matches. */
  waitFor(match: (f: Frame) => boolean, from?: number, timeoutMs?: number): Promise<Frame>;
  close(): void;
}

/** The SSE frames and comments in `text`; what follows the last blank line is returned as the rest. */
function parseFrames(text: string, frames: Frame[], comments: string[]): string {
  let buffer = text;
  let end: number;
  while ((end = buffer.indexOf('\n\n')) >= 0) {
    const block = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    const frame: Frame = { id: undefined, event: 'message', data: '' };
    let hasData = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      else if (line.startsWith('id: ')) frame.id = line.slice(4);
      else if (line.startsWith('event: ')) frame.event = line.slice(7);
      else if (line.startsWith('data: ')) {
        frame.data += (hasData ? '\n' : '') + line.slice(6);
        hasData = true;
      }
    }
    if (hasData) frames.push(frame);
  }
  return buffer;
}

/**
 * Reads /api/live of the BFF at `baseUrl` as the browser's fetch does (minimal SSE parsing: LF
 * line ends, as the BFF writes them). Over node:http with a connection of its own, closed with
 * the stream: fetch's shared pool may open a spare connection after an abort, which would hold up
 * the server's close.
 */
export async function openLiveStream(baseUrl: string, token: string | undefined, lastEventId?: string): Promise<LiveStream> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(`${baseUrl}/api/live`, { headers, agent: false }, resolve);
    req.on('error', reject);
    req.end();
  });
  const frames: Frame[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const status = res.statusCode ?? 0;
  if (status === 200) {
    let rest = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      rest = parseFrames(rest + chunk, frames, comments);
      for (const w of waiters) w();
    });
    res.on('error', () => undefined /* closed by the test */);
  } else {
    res.resume();
  }
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, v);
  }
  const stream: LiveStream = {
    status,
    headers: responseHeaders,
    frames,
    comments,
    waitFor(match, from = 0, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = frames.slice(from).find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => res.destroy(),
  };
  return stream;
}
