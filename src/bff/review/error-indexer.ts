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
/** How often a replica checks whether the index needs building (another replica may have stopped mid-build); doubles after a failed build. */
const CHECK_EVERY_MS = 60_000;
const CHECK_AT_MOST_EVERY_MS = 10 * 60_000;
/** Who the desk names for a build the console started by itself. */
export const AUTOMATIC_BUILDER = 'the console';
/** Progress is written after this many declarations read (and after the walk of the search). */
const PROGRESS_EVERY = 20;

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
  private keeper: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  /** Until the next completeness check; doubles while builds fail (the service is away). */
  private checkDelay = CHECK_EVERY_MS;

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
    return this.start(startedBy, false);
  }

  /**
   * Builds the index by itself when it is incomplete (a fresh install, events missed), once for the
   * deployment (the store starts one rebuild however many replicas ask), and checks again every
   * minute: a replica that stopped mid-build, or missed events another replica recorded, are
   * caught up. Resolves when the first check has run (the build goes on in the background).
   */
  keepComplete(): Promise<void> {
    const first = this.check();
    this.checking = first.then(() => this.scheduleCheck());
    return first;
  }

  /** The console missed events (its subscriptions had gone): the index is incomplete, build it again. */
  async eventsMissed(): Promise<void> {
    await this.deps.index.markEventsMissed();
    await this.buildIfIncomplete();
  }

  /** Starts a build when the index is incomplete and none runs; undefined otherwise. */
  async buildIfIncomplete(): Promise<RebuildJob | undefined> {
    if (this.stopped.signal.aborted) return undefined;
    return this.start(AUTOMATIC_BUILDER, true);
  }

  private async check(): Promise<void> {
    try {
      await this.buildIfIncomplete();
    } catch (e) {
      if (!this.stopped.signal.aborted)
        this.deps.log('warn', 'error index: completeness not checked', { error: e instanceof Error ? e.message : String(e) });
    }
  }

  private scheduleCheck(): void {
    if (this.stopped.signal.aborted) return;
    this.keeper = setTimeout(() => {
      this.checking = this.check().then(() => this.scheduleCheck());
    }, this.checkDelay);
    this.keeper.unref();
  }

  private async start(startedBy: string, onlyIfIncomplete: boolean): Promise<RebuildJob | undefined> {
    await this.deps.index.abandonRebuildsBefore(new Date(Date.now() - ABANDONED_AFTER_MS).toISOString());
    const job = await this.deps.index.startRebuild(startedBy, undefined, { onlyIfIncomplete });
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
    clearTimeout(this.keeper);
    this.queued.clear();
    await Promise.all([this.idle(), this.rebuilding, this.checking]);
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
      if (!this.stopped.signal.aborted)
        this.deps.log('warn', 'error index: declaration not re-read', { declarationId, error: e instanceof Error ? e.message : String(e) });
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
        // The whole list first, so the desk can say "n of m declarations read".
        const ids: string[] = [];
        for (let offset = 0; ; offset += DECLARATION_SEARCH_MAX_LIMIT) {
          const page = await this.deps.searchPage(offset, signal);
          progress.pages++;
          ids.push(...page.map((d) => d.declarationId));
          if (page.length < DECLARATION_SEARCH_MAX_LIMIT) break;
        }
        progress.found = ids.length;
        await index.progressRebuild(jobId, progress);
        let reported = 0;
        for (let i = 0; i < ids.length; i += CONCURRENCY) {
          const read = await Promise.all(ids.slice(i, i + CONCURRENCY).map((id) => this.reindex(id)));
          if (read.includes(false))
            throw new Error('The customs service did not answer for some declarations; the index is partly rebuilt.');
          progress.indexed += read.length;
          if (progress.indexed - reported >= PROGRESS_EVERY) {
            reported = progress.indexed;
            await index.progressRebuild(jobId, progress);
          }
        }
        await index.progressRebuild(jobId, progress);
        // Declarations the walk did not find left Invalid/CustomsError while no event told us.
        const dropped = await index.removeNotIndexedSince(since);
        this.deps.log('info', 'error index rebuilt', { ...progress, dropped });
      }, signal);
      await index.finishRebuild(jobId, { error: null });
      this.checkDelay = CHECK_EVERY_MS;
    } catch (e) {
      this.checkDelay = Math.min(CHECK_AT_MOST_EVERY_MS, this.checkDelay * 2);
      const error = signal.aborted ? 'The console stopped during the rebuild.' : e instanceof Error ? e.message : String(e);
      this.deps.log('warn', 'error index rebuild failed', { error });
      await index.finishRebuild(jobId, { error }).catch(() => undefined);
    }
  }
}

/** The search for the rebuild: both review statuses, one page. */
export const reviewSearchPath = (offset: number): string =>
  `/v1/declarations/search?${REVIEW_STATUSES.map((s) => `currentStatus=${s}`).join('&')}&limit=${DECLARATION_SEARCH_MAX_LIMIT}&offset=${offset}`;
