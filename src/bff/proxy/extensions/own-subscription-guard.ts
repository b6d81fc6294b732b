import { ProblemError } from '../../../server-kit/http/problem.js';
import type { ProxyExtension } from '../proxy-extension.js';
import { bffProblem, text } from '../../i18n/problem-texts.js';

/** The subscription id of a DELETE /v1/subscriptions/{id}, decoded (the path guard has checked the encoding). */
const subscriptionIdOf = (path: string): string => decodeURIComponent(path.slice('/v1/subscriptions/'.length));

/**
 * Refuses to delete one of the webhook subscriptions the BFF itself keeps for live updates:
 * deleting it would silently stop every console's live updates until the next check re-creates it.
 */
export function ownSubscriptionGuard(isOwnSubscription: (id: string) => Promise<boolean>): ProxyExtension {
  return {
    name: 'own-subscription guard',
    appliesTo: ['DELETE /v1/subscriptions/{subscriptionId}'],
    async before(call) {
      if (!(await isOwnSubscription(subscriptionIdOf(call.path)))) return;
      throw new ProblemError(bffProblem(409, text('subscription.own'), { title: text('subscription.ownTitle') }));
    },
  };
}
