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

/** Reads /api/live of the BFF at `baseUrl` with fetch, the way the browser does (minimal SSE parsing: LF line ends, as the BFF writes them). */
export async function openLiveStream(baseUrl: string, token: string | undefined, lastEventId?: string): Promise<LiveStream> {
  const abort = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const res = await fetch(`${baseUrl}/api/live`, { headers, signal: abort.signal });
  const frames: Frame[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
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
            for (const w of waiters) w();
          }
        }
      } catch {
        /* aborted */
      }
    })();
  } else {
    await res.body?.cancel();
  }
  const stream: LiveStream = {
    status: res.status,
    headers: res.headers,
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
    close: () => abort.abort(),
  };
  return stream;
}
