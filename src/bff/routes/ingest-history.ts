import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { ingestHistoryPageSchema, ingestHistoryQuerySchema, type IngestHistoryPage } from '../../contract/ingest-history.js';
import { problemSchema } from '../../contract/problem.js';
import { ProblemError } from '../../server-kit/http/problem.js';
import { requireOperation } from '../plugins/user-auth.js';
import type { BffStore } from '../store/bff-store.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { historyFromEvents } from './ingest-history-from-events.js';
import { bffProblem, text } from '../i18n/problem-texts.js';

/** How many received events a history rebuilt from events looks at (the newest). */
const EVENTS_SCANNED = 1000;

async function readJson(response: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * GET /api/ingest-history (clerks and supervisors): the sandbox's ingest history
 * (GET /sandbox-api/ingest-history, same query) with, on each entry, the outcome events the BFF
 * received for its referenceId. Against a real tenant, where that endpoint does not exist (404),
 * a history rebuilt from those events (`source: "events"`).
 */
export function registerIngestHistoryRoute(app: FastifyInstance, deps: { upstream: UpstreamClient; store: BffStore }): void {
  app.get('/api/ingest-history', async (request): Promise<IngestHistoryPage> => {
    requireOperation(request, 'GET /api/ingest-history');
    const query = ingestHistoryQuerySchema.parse(request.query);
    const params = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
    const { response } = await deps.upstream.forward({
      method: 'GET',
      pathAndQuery: `/sandbox-api/ingest-history?${params.toString()}`,
      headers: { accept: 'application/json' },
      body: undefined,
      requestId: request.id,
    });
    const body = await readJson(response);
    const events = deps.store.repos.ingestEvents;
    if (response.statusCode === 404) return historyFromEvents(await events.recent(EVENTS_SCANNED), query);
    if (response.statusCode !== 200) {
      const problem = problemSchema.safeParse(body);
      const status = response.statusCode === 400 ? 400 : 502;
      const said = problem.success ? problem.data.detail : undefined;
      throw new ProblemError(
        said ? { status, detail: said } : bffProblem(status, text('ingest.historyAnswered', { status: response.statusCode ?? 'nothing' })),
      );
    }
    const page = ingestHistoryPageSchema.parse(body);
    const outcomes = await events.forReferences(page.entries.flatMap((e) => (e.referenceId ? [e.referenceId] : [])));
    return { ...page, entries: page.entries.map((e) => ({ ...e, outcomeEvents: (e.referenceId && outcomes.get(e.referenceId)) || [] })) };
  });
}
