import { PassThrough } from 'node:stream';
import { LIVE_HEARTBEAT_MS } from '../../contract/live.js';
import type { StoredEvent } from './event-inbox.js';

/** A client further behind than this (bytes not yet taken by its socket) is dropped; it reconnects with Last-Event-ID. */
const MAX_BACKLOG_BYTES = 1024 * 1024;

/** One SSE frame (text/event-stream): id = envelope id, event = eventType, data = the envelope (JSON has no raw line breaks). */
export const sseFrame = (e: Pick<StoredEvent, 'id' | 'eventType' | 'json'>): string => `id: ${e.id}\nevent: ${e.eventType}\ndata: ${e.json}\n\n`;

const HEARTBEAT = ': keep-alive\n\n';

/** The open /api/live streams of this process; new events go to all of them. */
export class LiveHub {
  private readonly clients = new Set<PassThrough>();
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly heartbeatMs: number = LIVE_HEARTBEAT_MS) {}

  get size(): number {
    return this.clients.size;
  }

  /** A new stream, with `initial` written first; it leaves the hub when it closes. */
  open(initial: string): PassThrough {
    const stream = new PassThrough();
    stream.write(initial);
    this.clients.add(stream);
    stream.once('close', () => this.drop(stream));
    this.heartbeat ??= setInterval(() => this.writeAll(HEARTBEAT), this.heartbeatMs).unref();
    return stream;
  }

  broadcast(event: StoredEvent): void {
    this.writeAll(sseFrame(event));
  }

  /** Ends every stream (server shutdown), so open connections do not hold the close up. */
  closeAll(): void {
    for (const stream of [...this.clients]) {
      this.drop(stream);
      stream.end();
    }
  }

  private writeAll(text: string): void {
    for (const stream of [...this.clients]) {
      if (stream.writableLength + stream.readableLength > MAX_BACKLOG_BYTES) {
        this.drop(stream);
        stream.destroy();
      } else {
        stream.write(text);
      }
    }
  }

  private drop(stream: PassThrough): void {
    this.clients.delete(stream);
    if (this.clients.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }
}
