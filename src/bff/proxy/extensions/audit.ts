import type { AuditIntent, AuditLogRepository } from '../../store/audit-log.js';
import { isWriteMethod, methodOf, type ProxyCall, type ProxyExtension, type ProxyOutcome } from '../proxy-extension.js';

const intentOf = (call: ProxyCall): AuditIntent => ({
  time: new Date().toISOString(),
  sub: call.user.sub,
  name: call.user.name,
  role: call.user.roles.join(' '),
  method: call.method,
  path: call.path,
  operation: call.operation,
  requestId: call.request.id,
});

const outcomeOf = (outcome: ProxyOutcome) =>
  outcome.held ? 'held' : outcome.refused ? 'refused' : outcome.upstreamStatus === null ? 'unreachable' : 'answered';

/**
 * The audit of every write, the one path for all of them: the intent is written just before the
 * call is forwarded (list it last), so a write the service took while the BFF crashed still leaves
 * a row (read as `unknown` later); completed once the outcome is known. A write refused before it
 * was forwarded (role, a check, size) is recorded as refused at once, one held for approval as held. Reads are not audited. Awaited
 * before the answer goes out: once the user sees the result, the entry is there. An audit failure
 * is logged, never turned into a failed call.
 */
export function auditExtension(audit: AuditLogRepository): ProxyExtension {
  const intents = new WeakMap<ProxyCall, Promise<number | undefined>>();
  const guarded = async <T>(call: ProxyCall, work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch (e) {
      call.request.log.error({ err: e }, 'audit write failed');
      return undefined;
    }
  };
  return {
    name: 'audit',
    appliesTo: (operation) => isWriteMethod(methodOf(operation)),
    async before(call) {
      const intent = guarded(call, () => audit.begin(intentOf(call)));
      intents.set(call, intent);
      await intent;
    },
    async after(call, outcome) {
      const { upstreamStatus, referenceId, status } = outcome;
      const intent = intents.get(call);
      if (!intent) {
        await guarded(call, () =>
          audit.record({ ...intentOf(call), upstreamStatus: null, referenceId: null, outcome: outcome.held ? 'held' : 'refused', status }),
        );
        return;
      }
      const id = await intent;
      if (id === undefined) return;
      await guarded(call, () =>
        audit.complete(id, { time: new Date().toISOString(), outcome: outcomeOf(outcome), upstreamStatus, referenceId, status }),
      );
    },
  };
}
