import { destinationUrlProblem } from '../../contract/subscriptions.js';
import type { SandboxConfig } from '../config.js';
import { normaliseHost, type OutboundPolicy } from '../http/address-policy.js';
import { urlHostProblem } from '../http/guarded-connection.js';
import { CONTROLS_PREFIX } from '../identity/admin-token.js';

/** Where webhooks and token requests may go, and the sandbox's own origin (never a destination). */
export interface DestinationPolicy extends OutboundPolicy {
  ownOrigin: string;
}

export function destinationPolicyOf(config: Pick<SandboxConfig, 'allowLoopbackWebhooks' | 'port' | 'publicUrl'>): DestinationPolicy {
  const own = new URL(config.publicUrl);
  const ownPorts = [config.port, Number(own.port || (own.protocol === 'https:' ? 443 : 80))].filter((p) => p > 0);
  return { allowLoopback: config.allowLoopbackWebhooks, ownPorts, ownOrigin: originOf(own) };
}

const originOf = (url: URL): string =>
  `${url.protocol}//${normaliseHost(url.hostname)}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;

function decodedPath(url: URL): string {
  try {
    return decodeURIComponent(url.pathname).replace(/\/{2,}/g, '/');
  } catch {
    return url.pathname;
  }
}

/**
 * Why a destinationUrl or accessTokenUrl is refused, or undefined: the contract's rules (HTTPS,
 * plain HTTP on loopback only), then never the sandbox itself (its public origin, its port on
 * loopback, its /_sandbox controls), never link-local, private, metadata or reserved addresses,
 * and loopback only when SANDBOX_ALLOW_LOOPBACK_WEBHOOKS is on. Names are checked again on the
 * address each delivery connects to.
 */
export function webhookUrlProblem(value: string, policy: DestinationPolicy): string | undefined {
  const contractProblem = destinationUrlProblem(value);
  if (contractProblem) return contractProblem;
  const url = new URL(value);
  if (originOf(url) === policy.ownOrigin) return 'must not point at the sandbox itself';
  const path = decodedPath(url);
  if (path === CONTROLS_PREFIX || path.startsWith(`${CONTROLS_PREFIX}/`)) return 'must not point at the sandbox controls';
  const hostProblem = urlHostProblem(url, policy);
  if (hostProblem)
    return `is refused: ${hostProblem}${hostProblem.includes('loopback') && !policy.allowLoopback ? ' (local receivers need SANDBOX_ALLOW_LOOPBACK_WEBHOOKS=true)' : ''}`;
  return undefined;
}
