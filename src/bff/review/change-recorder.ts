import type { Readable } from 'node:stream';
import { z } from 'zod';
import { ALLOWED_OPERATIONS, type OperationKey } from '../../contract/operations.js';
import type { ProxyCall, ProxyExtension } from '../proxy/proxy-extension.js';
import type { DeclarationChangesRepository } from '../store/declaration-changes.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { getUpstreamJson } from './upstream-json.js';

/** The writes whose history the detail page shows, and what part of the declaration each changes. */
const TRACKED: Partial<Record<OperationKey, 'header' | 'item' | 'new item'>> = {
  'PATCH /v1/declarations/{declarationId}': 'header',
  'POST /v1/declarations/{declarationId}/items': 'new item',
  'PATCH /v1/declarations/{declarationId}/items/{id}': 'item',
  'DELETE /v1/declarations/{declarationId}/items/{id}': 'item',
};
const TRACKED_OPERATIONS: readonly OperationKey[] = ALLOWED_OPERATIONS.filter((operation) => TRACKED[operation] !== undefined);

const beforeSchema = z.looseObject({
  singleAdministrativeDocument: z.looseObject({
    goodsShipment: z
      .looseObject({ governmentAgencyGoodsItems: z.array(z.looseObject({ governmentAgencyGoodsItemId: z.string() })).optional() })
      .optional(),
  }),
});

function parseSent(body: Buffer | Readable | undefined): unknown {
  if (body === undefined) return null;
  if (!Buffer.isBuffer(body)) return { note: 'A body over 256 KiB is not kept.' };
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return { note: 'Not JSON.' };
  }
}

/** The part a change touches, as read: the header without its goods items, or the one goods item. */
function partOf(declaration: unknown, itemId: string | null): unknown {
  const parsed = beforeSchema.safeParse(declaration);
  if (!parsed.success) return null;
  const sad = parsed.data.singleAdministrativeDocument;
  const items = sad.goodsShipment?.governmentAgencyGoodsItems ?? [];
  if (itemId !== null) return items.find((i) => i.governmentAgencyGoodsItemId === itemId) ?? null;
  const goodsShipment = { ...sad.goodsShipment };
  delete goodsShipment.governmentAgencyGoodsItems;
  return { ...sad, goodsShipment };
}

interface PendingChange {
  declarationId: string;
  itemId: string | null;
  before: unknown;
  sent: unknown;
  changedAt: string;
}

/**
 * "What changed" on the detail page: for each header or goods item write through the proxy, the
 * declaration is read just before it is sent, and the body sent is kept with it, recorded with the
 * service's status once it answered (null: unreachable). Never fails the write: a declaration that
 * cannot be read is recorded with `before` null.
 */
export function changeRecorder(deps: {
  upstream: UpstreamClient;
  changes: DeclarationChangesRepository;
  log: (message: string, detail: Record<string, unknown>) => void;
}): ProxyExtension {
  const pending = new WeakMap<ProxyCall, PendingChange>();
  return {
    name: 'change recorder',
    appliesTo: TRACKED_OPERATIONS,
    async before(call) {
      const kind = TRACKED[call.operation];
      if (!kind) return;
      const [, , , rawDeclarationId = '', , rawItemId] = call.path.split('/');
      const declarationId = decodeURIComponent(rawDeclarationId);
      const itemId = kind === 'item' && rawItemId ? decodeURIComponent(rawItemId) : null;
      let before: unknown = null;
      if (kind !== 'new item') {
        try {
          before = partOf(
            await getUpstreamJson(deps.upstream, `/v1/declarations/${encodeURIComponent(declarationId)}`, { attempts: 1 }),
            itemId,
          );
        } catch (e) {
          deps.log('declaration not read before a change', { declarationId, error: e instanceof Error ? e.message : String(e) });
        }
      }
      pending.set(call, { declarationId, itemId, before, sent: parseSent(call.body), changedAt: new Date().toISOString() });
    },
    async after(call, { upstreamStatus }) {
      const change = pending.get(call);
      if (!change) return;
      pending.delete(call);
      const { declarationId, itemId, before, sent, changedAt } = change;
      try {
        await deps.changes.record({
          declarationId,
          itemId,
          operation: call.operation,
          changedAt,
          authorSub: call.user.sub,
          authorName: call.user.name,
          sent,
          before,
          upstreamStatus,
        });
      } catch (e) {
        deps.log('declaration change not recorded', { declarationId, error: e instanceof Error ? e.message : String(e) });
      }
    },
  };
}
