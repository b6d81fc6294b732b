import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  assignmentParamsSchema,
  assignmentsQuerySchema,
  assignRequestSchema,
  bulkAssignRequestSchema,
  type Assignment,
  type BulkAssignResult,
} from '../../contract/assignments.js';
import type { BffOperationKey } from '../../contract/operations.js';
import { ProblemError } from '../../server-kit/http/problem.js';
import { requireOperation, type BffUser } from '../plugins/user-auth.js';
import { getUpstreamJson } from '../review/upstream-json.js';
import type { Actor, AssignOutcome, MayChange } from '../store/assignments.js';
import type { BffRepos } from '../store/bff-store.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { bffProblem, ownMessage, requestLanguage, text, type ProblemText } from '../i18n/problem-texts.js';

interface Deps {
  repos: Pick<BffRepos, 'assignments' | 'people' | 'auditLog'>;
  upstream: UpstreamClient;
}

/** Declarations checked against the service at once in a bulk assignment. */
const BULK_CONCURRENCY = 8;

const isSupervisor = (user: BffUser): boolean => user.roles.includes('supervisor');

/** Supervisors change any assignment; a clerk takes what no one owns (or already owns it) and gives up only their own. */
const mayAssign =
  (user: BffUser): MayChange =>
  (current) =>
    isSupervisor(user) || current === undefined || current.ownerSub === user.sub;

const refusalText = (current: Assignment | undefined): ProblemText =>
  current ? text('assignment.ownedBy', { name: current.ownerName }) : text('assignment.ownerChanged');
const refusal = (current: Assignment | undefined): ProblemError => new ProblemError(bffProblem(409, refusalText(current)));

/**
 * Work ownership: who owns which declaration (PUT/DELETE one, POST /bulk many), its history,
 * and the people a supervisor can assign to. Every change is written to the audit trail.
 */
export function registerAssignmentRoutes(app: FastifyInstance, deps: Deps): void {
  const { assignments, people, auditLog } = deps.repos;

  /** The owner named by `ownerSub`: the user themself, or (supervisors only) someone the BFF has seen sign in. */
  async function ownerFor(user: BffUser, ownerSub: string): Promise<Actor> {
    if (ownerSub === user.sub) return { sub: user.sub, name: user.name };
    if (!isSupervisor(user)) throw new ProblemError(bffProblem(403, text('assignment.clerksSelfOnly')));
    const person = await people.get(ownerSub);
    if (!person)
      throw new ProblemError(
        bffProblem(422, text('assignment.unknownPerson'), {
          invalidParameters: [{ name: 'ownerSub', reason: 'Not a person the console knows.' }],
        }),
      );
    return { sub: person.sub, name: person.name };
  }

  /** 404 when the service has no such declaration (nobody can own what does not exist). */
  async function existing(declarationId: string): Promise<boolean> {
    return (await getUpstreamJson(deps.upstream, `/v1/declarations/${encodeURIComponent(declarationId)}`)) !== null;
  }

  async function audit(
    request: FastifyRequest,
    user: BffUser,
    operation: BffOperationKey,
    declarationId: string,
    outcome: AssignOutcome,
  ): Promise<void> {
    if (outcome.kind !== 'changed') return;
    const [method = 'PUT'] = operation.split(' ');
    await auditLog.record({
      time: outcome.change.at,
      sub: user.sub,
      name: user.name,
      role: user.roles.join(' '),
      method,
      // As GET /api/audit?path= reads it: the BFF's own path without /api (proxied writes are stored by their /v1 path).
      path: `/assignments/${encodeURIComponent(declarationId)}`,
      operation,
      upstreamStatus: null,
      // Who owns it now: the audit trail's one free field.
      referenceId: outcome.change.ownerName,
      requestId: request.id,
      status: 200,
    });
  }

  async function change(
    request: FastifyRequest,
    user: BffUser,
    operation: BffOperationKey,
    declarationId: string,
    owner: Actor | null,
  ): Promise<AssignOutcome> {
    const by = { sub: user.sub, name: user.name };
    const at = new Date().toISOString();
    const outcome = owner
      ? await assignments.assign(declarationId, owner, by, at, mayAssign(user))
      : await assignments.unassign(declarationId, by, at, mayAssign(user));
    await audit(request, user, operation, declarationId, outcome);
    return outcome;
  }

  app.get('/api/assignments', async (request, reply) => {
    requireOperation(request, 'GET /api/assignments');
    const query = assignmentsQuerySchema.parse(request.query);
    reply.header('cache-control', 'no-store');
    let list = query.declarationId
      ? await assignments.forDeclarations(query.declarationId)
      : query.owner
        ? await assignments.byOwner(query.owner)
        : await assignments.all();
    if (query.owner !== undefined) list = list.filter((a) => a.ownerSub === query.owner);
    return { assignments: list };
  });

  app.get('/api/assignments/:declarationId/history', async (request, reply) => {
    requireOperation(request, 'GET /api/assignments/{declarationId}/history');
    const { declarationId } = assignmentParamsSchema.parse(request.params);
    reply.header('cache-control', 'no-store');
    return { changes: await assignments.history(declarationId, 200) };
  });

  app.put('/api/assignments/:declarationId', { bodyLimit: 64 * 1024 }, async (request) => {
    const user = requireOperation(request, 'PUT /api/assignments/{declarationId}');
    const { declarationId } = assignmentParamsSchema.parse(request.params);
    const { ownerSub } = assignRequestSchema.parse(request.body);
    const owner = await ownerFor(user, ownerSub);
    if (!(await existing(declarationId))) throw new ProblemError(bffProblem(404, text('declaration.unknownId')));
    const outcome = await change(request, user, 'PUT /api/assignments/{declarationId}', declarationId, owner);
    if (outcome.kind === 'refused') throw refusal(outcome.current);
    return { assignment: outcome.assignment };
  });

  app.delete('/api/assignments/:declarationId', async (request, reply) => {
    const user = requireOperation(request, 'DELETE /api/assignments/{declarationId}');
    const { declarationId } = assignmentParamsSchema.parse(request.params);
    const outcome = await change(request, user, 'DELETE /api/assignments/{declarationId}', declarationId, null);
    if (outcome.kind === 'refused') throw refusal(outcome.current);
    return reply.code(204).send();
  });

  app.post('/api/assignments/bulk', { bodyLimit: 64 * 1024 }, async (request): Promise<BulkAssignResult> => {
    const user = requireOperation(request, 'POST /api/assignments/bulk');
    const body = bulkAssignRequestSchema.parse(request.body);
    const owner = body.ownerSub === null ? null : await ownerFor(user, body.ownerSub);
    const ids = [...new Set(body.declarationIds)];
    // Each refusal in the caller's language, as a problem's detail would be.
    const say = (t: ProblemText) => ownMessage(requestLanguage(request), t);
    const results: BulkAssignResult['results'] = [];
    for (let i = 0; i < ids.length; i += BULK_CONCURRENCY) {
      const batch = await Promise.all(
        ids.slice(i, i + BULK_CONCURRENCY).map(async (declarationId) => {
          if (owner && !(await existing(declarationId))) return { declarationId, ok: false, detail: say(text('declaration.unknownId')) };
          const outcome = await change(request, user, 'POST /api/assignments/bulk', declarationId, owner);
          return outcome.kind === 'refused'
            ? { declarationId, ok: false, detail: say(refusalText(outcome.current)) }
            : { declarationId, ok: true };
        }),
      );
      results.push(...batch);
    }
    return { results };
  });

  app.get('/api/people', async (request, reply) => {
    requireOperation(request, 'GET /api/people');
    reply.header('cache-control', 'no-store');
    return { people: await people.list() };
  });

  // The caller as the BFF knows them: the console assigns "to me" with this sub (its ID token's ids may differ from the access token's).
  app.get('/api/people/me', async (request, reply) => {
    const user = requireOperation(request, 'GET /api/people/me');
    reply.header('cache-control', 'no-store');
    return { sub: user.sub, name: user.name, roles: user.roles };
  });
}
