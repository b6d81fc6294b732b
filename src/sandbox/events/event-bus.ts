import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../store/db.js';
import type { EventEnvelope, NewEvent } from '../store/platform/events-repository.js';
import { insertEventSync } from '../store/platform/legacy-sync.js';
import type { SandboxRepositories, SandboxStore } from '../store/sandbox-store.js';
import type { JobQueue } from '../worker/job-queue.js';

export type { EventEnvelope, NewEvent } from '../store/platform/events-repository.js';

/** Runs inside the publishing transaction; may only write through `tx` (e.g. deliveries and their jobs), never do I/O. */
export type EventListenerIn = (tx: SandboxRepositories, event: EventEnvelope) => Promise<void>;

/** Job kind that runs the `onEventIn` listeners of an event published through the legacy synchronous `publish`. */
export const EVENT_LISTENERS_JOB = 'events.listeners';
const listenersJobSchema = z.object({ eventId: z.string().min(1) });

export interface EventBusOptions {
  store: SandboxStore;
  jobs: JobQueue;
  /** SQLite: the legacy handle behind the deprecated synchronous `publish`. */
  legacyDb?: Db;
  now?: () => Date;
}

/**
 * Publishes events. `publishIn(tx, event)` stores the event in the caller's transaction and runs
 * the `onEventIn` listeners (webhook fan-out) in it, so a status change, its event and its
 * deliveries commit together; a listener that throws rolls the whole publish back. The event's
 * seq (publication order) is assigned by the database.
 */
export class EventBus {
  private readonly listenersIn: EventListenerIn[] = [];
  private readonly syncListeners: ((e: EventEnvelope) => void)[] = [];
  private readonly store: SandboxStore;
  private readonly legacyDb: Db | undefined;
  private readonly jobs: JobQueue;
  private readonly now: () => Date;

  constructor(options: EventBusOptions) {
    this.store = options.store;
    this.legacyDb = options.legacyDb;
    this.jobs = options.jobs;
    this.now = options.now ?? (() => new Date());
    this.jobs.register(EVENT_LISTENERS_JOB, async (payload) => this.runListenersLater(payload), 4);
  }

  onEventIn(listener: EventListenerIn): void {
    this.listenersIn.push(listener);
  }

  async publishIn(tx: SandboxRepositories, event: NewEvent): Promise<EventEnvelope> {
    const envelope = this.envelope(event);
    await tx.events.insert(envelope);
    for (const listener of this.listenersIn) await listener(tx, envelope);
    // Transition: parts not yet on the store listen synchronously (on SQLite their writes join this transaction).
    for (const listener of this.syncListeners) listener(envelope);
    return envelope;
  }

  /** A stored event, as it was published (undefined when unknown or cleared by a reset). */
  get(id: string): Promise<EventEnvelope | undefined> {
    return this.store.repos.events.get(id);
  }

  /** @deprecated legacy sync API for parts not yet on the store; removed when the last part moves */
  onEvent(listener: (e: EventEnvelope) => void): void {
    this.syncListeners.push(listener);
  }

  /**
   * @deprecated legacy sync API for parts not yet on the store; removed when the last part moves
   *
   * Stores the event in the caller's better-sqlite3 transaction and calls the synchronous
   * listeners there; the `onEventIn` listeners run right after, in a job of their own
   * (EVENT_LISTENERS_JOB), committed with the event.
   */
  publish(event: NewEvent): EventEnvelope {
    const db = this.legacyDb;
    if (!db) throw new Error('the synchronous publish needs the SQLite handle; use publishIn(tx, ...)');
    const envelope = this.envelope(event);
    db.transaction(() => {
      insertEventSync(db, envelope);
      if (this.listenersIn.length > 0) this.jobs.enqueue(EVENT_LISTENERS_JOB, { eventId: envelope.id });
      for (const listener of this.syncListeners) listener(envelope);
    })();
    return envelope;
  }

  private envelope(event: NewEvent): EventEnvelope {
    return {
      id: randomUUID(),
      tenantId: event.tenantId,
      eventTime: this.now().toISOString(),
      eventType: event.eventType,
      eventSubType: event.eventSubType ?? '',
      ...(event.plantId ? { plantId: event.plantId } : {}),
      data: event.data,
    };
  }

  /** The listeners of a legacy-published event, in one transaction (at least once: listeners must tolerate a repeat). */
  private async runListenersLater(payload: unknown): Promise<void> {
    const { eventId } = listenersJobSchema.parse(payload);
    await this.store.transaction(async (tx) => {
      const event = await tx.events.get(eventId);
      if (!event) return; // cleared by a reset meanwhile
      for (const listener of this.listenersIn) await listener(tx, event);
    });
  }
}

/**
 * The wire form of an event (specification, Events: Envelope): the stored event with eventTime in
 * the vendor's format, 7 fractional digits and Z (service-facts.md 3.1), so receivers meet the
 * precision they will meet in production.
 */
export function wireEnvelope(event: EventEnvelope): EventEnvelope {
  return { ...event, eventTime: vendorTimestamp(event.eventTime) };
}

/** 2017-06-26T18:41:00.958Z becomes 2017-06-26T18:41:00.9580000Z; other forms pass unchanged. */
export function vendorTimestamp(iso: string): string {
  const m = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d{1,7}))?Z$/.exec(iso);
  if (!m) return iso;
  return `${m[1]}.${(m[2] ?? '').padEnd(7, '0')}Z`;
}
