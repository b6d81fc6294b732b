import { DECLARATION_SEARCH_MAX_LIMIT, type Declaration } from '../../contract/declarations.js';
import type { EventEnvelope } from '../../contract/events.js';
import { REVIEW_STATUSES, type RebuildJob } from '../../contract/review.js';
import type { ErrorIndexRepository, IndexedDeclaration } from '../store/error-index.js';
import { declarationIdOf } from '../store/event-inbox.js';

/** Events after which a declaration's errors may differ: a status change, or an action's outcome (Validate keeps Invalid). */
const REINDEXING_EVENTS = new Set(['DeclarationStatusChanged', 'DeclarationActionFinished']);
/** Reads of the service at once, per replica. */
const CONCURRENCY = 4;
/** A rebuild still "running" after this long was left by a replica that stopped. */
const ABANDONED_AFTER_MS = 15 * 60_000;

export interface ErrorIndexerDeps {
  index: ErrorIndexRepository;
  /** GET /v1/declarations/{id}?include=errors; null when the service no longer has it. */
  readDeclaration: (declarationId: string, signal: AbortSignal) => Promise<Declaration | null>;
  /** One page of the search for Invalid and CustomsError. */
  searchPage: (offset: number, signal: AbortSignal) => Promise<{ declarationId: string }[]>;
  /** Runs `work` on one replica at a time (the deployment-wide rebuild lock). */
  exclusively: <T>(work: () => Promise<T>, signal: AbortSignal) => Promise<T>;
  log: (level: 'info' | 'warn', message: string, detail: Record<string, unknown>) => void;
}

const toIndexed = (d: Declaration): IndexedDeclaration => ({
  declarationId: d.declarationId,
  lrn: d.lrn,
  currentStatus: d.currentStatus,
  customsFlow: d.customsFlow,
  lastUpdated: d.lastUpdated,
  errors: d.errors ?? [],
});

/**
 * Keeps the review desk's error index: re-reads a declaration (with include=errors) once per
 * event that may change its errors, and rebuilds the whole index on demand by walking the
 * search pages. A declaration queued again while its read is in flight is read once more after
 * it, so the last read is never older than the last event.
 */
export class ErrorIndexer {
  private readonly queued = new Set<string>();
  private readonly inFlight = new Set<string>();
  private readonly again = new Set<string>();
  private readonly stopped = new AbortController();
  private idleWaiters: (() => void)[] = [];
  private rebuilding: Promise<void> | undefined;

  constructor(private readonly deps: ErrorIndexerDeps) {}

  /** A newly stored event (called once per event id across replicas, by the receiver that stored it). */
  onEvent(envelope: EventEnvelope): void {
    if (!REINDEXING_EVENTS.has(envelope.eventType)) return;
    const id = declarationIdOf(envelope);
    if (id) this.enqueue(id);
  }

  enqueue(declarationId: string): void {
    if (this.stopped.signal.aborted) return;
    if (this.inFlight.has(declarationId)) this.again.add(declarationId);
    else this.queued.add(declarationId);
    this.pump();
  }

  /** Resolves when no read is queued or in flight (tests, shutdown). */
  idle(): Promise<void> {
    if (this.queued.size === 0 && this.inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Starts a rebuild in the background; undefined when one is running already. */
  async startRebuild(startedBy: string): Promise<RebuildJob | undefined> {
    await this.deps.index.abandonRebuildsBefore(new Date(Date.now() - ABANDONED_AFTER_MS).toISOString());
    const job = await this.deps.index.startRebuild(startedBy);
    if (!job) return undefined;
    this.rebuilding = this.rebuild(job.id).finally(() => (this.rebuilding = undefined));
    return job;
  }

  /** The running rebuild of this replica, if any (tests). */
  rebuildDone(): Promise<void> {
    return this.rebuilding ?? Promise.resolve();
  }

  async stop(): Promise<void> {
    this.stopped.abort(new Error('stopping'));
    this.queued.clear();
    await Promise.all([this.idle(), this.rebuilding]);
  }

  private pump(): void {
    for (const id of this.queued) {
      if (this.inFlight.size >= CONCURRENCY) return;
      this.queued.delete(id);
      this.inFlight.add(id);
      void this.reindex(id).finally(() => {
        this.inFlight.delete(id);
        if (this.again.delete(id)) this.queued.add(id);
        this.pump();
        if (this.queued.size === 0 && this.inFlight.size === 0) for (const w of this.idleWaiters.splice(0)) w();
      });
    }
  }

  private async reindex(declarationId: string): Promise<boolean> {
    try {
      const declaration = await this.deps.readDeclaration(declarationId, this.stopped.signal);
      if (declaration === null) await this.deps.index.remove(declarationId);
      else await this.deps.index.put(toIndexed(declaration));
      return true;
    } catch (e) {
      if (!this.stopped.signal.aborted) this.deps.log('warn', 'error index: declaration not re-read', { declarationId, error: e instanceof Error ? e.message : String(e) });
      return false;
    }
  }

  private async rebuild(jobId: number): Promise<void> {
    const { index } = this.deps;
    const signal = this.stopped.signal;
    const progress = { pages: 0, found: 0, indexed: 0 };
    try {
      await this.deps.exclusively(async () => {
        const since = new Date().toISOString();
        for (let offset = 0; ; offset += DECLARATION_SEARCH_MAX_LIMIT) {
          const page = await this.deps.searchPage(offset, signal);
          progress.pages++;
          progress.found += page.length;
          const ids = page.map((d) => d.declarationId);
          for (let i = 0; i < ids.length; i += CONCURRENCY) {
            const read = await Promise.all(ids.slice(i, i + CONCURRENCY).map((id) => this.reindex(id)));
            if (read.includes(false)) throw new Error('The customs service did not answer for some declarations; the index is partly rebuilt.');
            progress.indexed += read.length;
          }
          await index.progressRebuild(jobId, progress);
          if (page.length < DECLARATION_SEARCH_MAX_LIMIT) break;
        }
        // Declarations the walk did not find left Invalid/CustomsError while no event told us.
        const dropped = await index.removeNotIndexedSince(since);
        this.deps.log('info', 'error index rebuilt', { ...progress, dropped });
      }, signal);
      await index.finishRebuild(jobId, { error: null });
    } catch (e) {
      const error = signal.aborted ? 'The console stopped during the rebuild.' : e instanceof Error ? e.message : String(e);
      this.deps.log('warn', 'error index rebuild failed', { error });
      await index.finishRebuild(jobId, { error }).catch(() => undefined);
    }
  }
}

/** The search for the rebuild: both review statuses, one page. */
export const reviewSearchPath = (offset: number): string =>
  `/v1/declarations/search?${REVIEW_STATUSES.map((s) => `currentStatus=${s}`).join('&')}&limit=${DECLARATION_SEARCH_MAX_LIMIT}&offset=${offset}`;
