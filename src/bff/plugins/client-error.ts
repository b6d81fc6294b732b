import type { ConnectionError } from 'fastify';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** What Node's HTTP parser refused, in words a client can act on. */
function describe(error: ConnectionError): { status: number; detail: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, detail: 'The request was not received in time.' };
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, detail: 'The request headers are too large.' };
  return { status: 400, detail: 'The request is not valid HTTP (for example a header with bytes that are not allowed).' };
}

/**
 * Answers requests Node's parser refuses before Fastify sees them (bad header bytes, oversized
 * headers, timeouts) with a problem document and the same security headers as every other answer
 * (Fastify's default writes a bare JSON body without them). The connection is closed after it.
 */
export function problemClientErrorHandler(headers: Readonly<Record<string, string>>): (error: ConnectionError, socket: Socket) => void {
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error, socket) => {
    // A reset connection has nothing to answer to.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable) {
      const { status, detail } = describe(error);
      const requestId = randomUUID();
      const title = STATUS_CODES[status] ?? 'Error';
      const body = JSON.stringify({ type: 'about:blank', title, status, detail, requestId });
      socket.write(
        `HTTP/1.1 ${status} ${title}\r\ncontent-type: application/problem+json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
          `cache-control: no-store\r\nx-request-id: ${requestId}\r\n${extra}connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}
