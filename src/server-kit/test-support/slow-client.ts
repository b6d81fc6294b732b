import { connect } from 'node:net';

/** The client gives up (and the test fails) when the server has not closed the connection by then. */
const GIVE_UP_MS = 20_000;

export interface SlowRequest {
  /** Everything the server sent before it closed the connection. */
  received: string;
  /** Bytes of the body sent by then (of `declaredLength`). */
  bodyBytesSent: number;
}

/**
 * A slowloris client: sends `head` (request line and headers, or a first part of them when
 * `completeHead` is false), then one byte of body (or of header) every `everyMs`, until the server
 * closes the connection. Resolves with what the server sent. The body is declared far longer than
 * the test could ever trickle, so only a server-side timeout ends it.
 */
export function trickle(url: string, head: string, options: { everyMs?: number; completeHead?: boolean } = {}): Promise<SlowRequest> {
  const { everyMs = 50, completeHead = true } = options;
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let received = '';
    let bodyBytesSent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => undefined /* a reset is a close too */);
    const giveUp = setTimeout(() => {
      reject(new Error(`the server kept the trickling connection open for ${GIVE_UP_MS / 1000} s`));
      socket.destroy();
    }, GIVE_UP_MS);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ received, bodyBytesSent });
    });
    socket.on('connect', () => {
      socket.write(completeHead ? `${head}\r\n\r\n` : head);
      timer = setInterval(() => {
        if (socket.destroyed || !socket.writable) return;
        socket.write(completeHead ? 'x' : 'X-Slow: x\r\n');
        if (completeHead) bodyBytesSent++;
      }, everyMs);
    });
  });
}

/** A complete request on a kept-alive connection, then nothing: resolves with what the server sent once it closes the idle connection. */
export function idleAfterRequest(url: string, head: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
    socket.on('connect', () => socket.write(`${head}\r\n\r\n`));
    socket.setTimeout(GIVE_UP_MS, () => {
      socket.destroy();
      reject(new Error(`the server kept the idle connection open for ${GIVE_UP_MS / 1000} s`));
    });
  });
}
