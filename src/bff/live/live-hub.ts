import { PassThrough } from 'node:stream';
import { LIVE_HEARTBEAT_MS, LIVE_STREAM_END_EVENT, type LiveStreamEnd } from '../../contract/live.js';
import type { StoredEvent } from '../store/event-inbox.js';

/** A client further behind than this (bytes not yet taken by its socket) is dropped; it reconnects with Last-Event-ID. */
const MAX_BACKLOG_BYTES = 1024 * 1024;
/** Events kept for a stream whose replay is still being read; more means the read is stuck: drop it, the client reconnects. */
const MAX_HELD_EVENTS = 5_000;

/** One SSE frame (text/event-stream): id = envelope id, event = eventType, data = the envelope (JSON has no raw line breaks). */
export const sseFrame = (e: Pick<StoredEvent, 'id' | 'eventType' | 'json'>): string =>
  `id: ${e.id}\nevent: ${e.eventType}\ndata: ${e.json}\n\n`;

const HEARTBEAT = ': keep-alive\n\n';
/** The frame a stream the BFF ends on purpose closes with (no id: the client's Last-Event-ID stays the last event's). */
export const streamEndFrame = (end: LiveStreamEnd): string => `event: ${LIVE_STREAM_END_EVENT}\ndata: ${JSON.stringify(end)}\n\n`;
const SHUTDOWN = streamEndFrame({
  reason: 'shutdown',
  detail: 'This console server is stopping; reconnect (to any replica) with Last-Event-ID.',
});

/**
 * The open /api/live streams of this process; new events go to all of them. A stream opened
 * `held` keeps the events broadcast meanwhile until `release` has written its replay, so none
 * is lost or sent twice between the replay read and live delivery.
 */
export class LiveHub {
  /** Stream → events held back (undefined: live). */
  private readonly clients = new Map<PassThrough, StoredEvent[] | undefined>();
  /** Open streams per user (sub), for the per-user cap. */
  private readonly perUser = new Map<string, number>();
  private readonly ownerOf = new Map<PassThrough, string>();
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly heartbeatMs: number = LIVE_HEARTBEAT_MS) {}

  get size(): number {
    return this.clients.size;
  }

  /** Streams `owner` has open on this process. */
  openBy(owner: string): number {
    return this.perUser.get(owner) ?? 0;
  }

  /** A new stream, with `initial` written first; it leaves the hub when it closes. */
  open(initial: string, options: { held?: boolean; owner?: string } = {}): PassThrough {
    const stream = new PassThrough();
    stream.write(initial);
    this.clients.set(stream, options.held ? [] : undefined);
    if (options.owner !== undefined) {
      this.ownerOf.set(stream, options.owner);
      this.perUser.set(options.owner, this.openBy(options.owner) + 1);
    }
    stream.once('close', () => this.drop(stream));
    this.heartbeat ??= setInterval(() => this.writeAll(HEARTBEAT), this.heartbeatMs).unref();
    return stream;
  }

  /** Writes a held stream's replay, then what was broadcast meanwhile and is newer than both `afterSeq` and the replay; from then on live. */
  release(stream: PassThrough, replay: readonly StoredEvent[], afterSeq: number): void {
    const held = this.clients.get(stream);
    if (held === undefined) return;
    this.clients.set(stream, undefined);
    const newest = Math.max(afterSeq, replay.at(-1)?.seq ?? 0);
    this.write(stream, [...replay, ...held.filter((e) => e.seq > newest)].map(sseFrame).join(''));
  }

  broadcast(event: StoredEvent): void {
    const frame = sseFrame(event);
    for (const [stream, held] of [...this.clients]) {
      if (held === undefined) this.write(stream, frame);
      else if (held.push(event) > MAX_HELD_EVENTS) this.destroy(stream);
    }
  }

  /** Ends one stream with a last frame saying why (e.g. its access token expired). */
  end(stream: PassThrough, lastFrame: string): void {
    if (!this.clients.has(stream)) return;
    this.drop(stream);
    stream.end(lastFrame);
  }

  /** Ends every stream (server shutdown), telling each why, so open connections do not hold the close up. */
  closeAll(): void {
    for (const stream of [...this.clients.keys()]) this.end(stream, SHUTDOWN);
  }

  private writeAll(text: string): void {
    for (const stream of [...this.clients.keys()]) this.write(stream, text);
  }

  private write(stream: PassThrough, text: string): void {
    if (text === '') return;
    if (stream.writableLength + stream.readableLength > MAX_BACKLOG_BYTES) this.destroy(stream);
    else stream.write(text);
  }

  private destroy(stream: PassThrough): void {
    this.drop(stream);
    stream.destroy();
  }

  private drop(stream: PassThrough): void {
    if (!this.clients.delete(stream)) return;
    const owner = this.ownerOf.get(stream);
    if (owner !== undefined) {
      this.ownerOf.delete(stream);
      const left = this.openBy(owner) - 1;
      if (left > 0) this.perUser.set(owner, left);
      else this.perUser.delete(owner);
    }
    if (this.clients.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }
}
