import { isIP } from 'node:net';

/**
 * What kind of address a host is, for every place the sandbox connects out (webhook
 * destinations, token urls, image urls). One classifier, so no form slips past one guard that
 * another catches: IPv4 in any spelling (decimal, octal, hex, fewer than four parts), IPv6 with
 * embedded IPv4 (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, translated ::ffff:0:a.b.c.d,
 * NAT64 64:ff9b::/96, 6to4 2002::/16), zone ids, brackets and trailing dots.
 */
export type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'metadata' | 'unspecified' | 'reserved';

type Range = readonly [base: number, prefix: number, kind: Exclude<AddressClass, 'public'>];

const ipv4 = (a: number, b: number, c: number, d: number): number => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

/** Most specific first. */
const IPV4_RANGES: readonly Range[] = [
  [ipv4(169, 254, 169, 254), 32, 'metadata'],
  [ipv4(0, 0, 0, 0), 32, 'unspecified'],
  [ipv4(0, 0, 0, 0), 8, 'reserved'],
  [ipv4(10, 0, 0, 0), 8, 'private'],
  [ipv4(100, 64, 0, 0), 10, 'private'], // carrier-grade NAT (also Alibaba's metadata 100.100.100.200)
  [ipv4(127, 0, 0, 0), 8, 'loopback'],
  [ipv4(169, 254, 0, 0), 16, 'link-local'],
  [ipv4(172, 16, 0, 0), 12, 'private'],
  [ipv4(192, 0, 0, 0), 24, 'reserved'],
  [ipv4(192, 0, 2, 0), 24, 'reserved'],
  [ipv4(192, 168, 0, 0), 16, 'private'],
  [ipv4(198, 18, 0, 0), 15, 'reserved'],
  [ipv4(198, 51, 100, 0), 24, 'reserved'],
  [ipv4(203, 0, 113, 0), 24, 'reserved'],
  [ipv4(224, 0, 0, 0), 4, 'reserved'], // multicast
  [ipv4(240, 0, 0, 0), 4, 'reserved'], // including 255.255.255.255
];

function classifyIpv4(value: number): AddressClass {
  for (const [base, prefix, kind] of IPV4_RANGES) {
    const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
    if ((value & mask) >>> 0 === base) return kind;
  }
  return 'public';
}

/**
 * An IPv4 address as inet_aton reads it (what getaddrinfo accepts too): one to four parts, each
 * decimal, octal (leading 0) or hex (0x); the last part fills the remaining bytes.
 */
export function parseIpv4(host: string): number | undefined {
  const parts = host.split('.');
  if (parts.length < 1 || parts.length > 4) return undefined;
  const values: number[] = [];
  for (const part of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(part)) n = part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) n = parseInt(part, 8);
    else if (/^(0|[1-9][0-9]*)$/.test(part)) n = Number(part);
    else return undefined;
    values.push(n);
  }
  const last = values.pop() ?? 0;
  if (values.some((v) => v > 255) || last >= 2 ** (8 * (4 - values.length))) return undefined;
  let result = last;
  values.forEach((v, i) => {
    result += v * 2 ** (8 * (3 - i));
  });
  return result >>> 0;
}

/** The eight 16-bit groups of an IPv6 address, or undefined. */
function parseIpv6(host: string): number[] | undefined {
  const address = host.split('%')[0] ?? '';
  if (isIP(address) !== 6) return undefined;
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = parseIpv4(dotted[1]);
    if (v4 === undefined) return undefined;
    text = `${text.slice(0, -dotted[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(zeros).fill('0'), ...tailGroups].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : undefined;
}

const embeddedIpv4 = (hi: number, lo: number): number => ((hi << 16) | lo) >>> 0;

function classifyIpv6(g: number[]): AddressClass {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const first96Zero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0;
  if (first96Zero && g6 === 0 && g7 === 0) return 'unspecified';
  if (first96Zero && g6 === 0 && g7 === 1) return 'loopback';
  // ::a.b.c.d (compatible), ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (translated), 64:ff9b::a.b.c.d (NAT64)
  const carriesIpv4 =
    first96Zero ||
    (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) ||
    (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) ||
    (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0);
  if (carriesIpv4) return classifyIpv4(embeddedIpv4(g6, g7));
  if (g0 === 0x2002) return classifyIpv4(embeddedIpv4(g1, g2)); // 6to4
  if (g0 === 0xfd00 && g1 === 0x0ec2 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && g6 === 0 && g7 === 0x254) return 'metadata'; // AWS over IPv6
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xfe00) === 0xfc00) return 'private'; // unique local
  if ((g0 & 0xffc0) === 0xfec0) return 'private'; // site-local (deprecated)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'private'; // local-use NAT64
  if ((g0 & 0xff00) === 0xff00) return 'reserved'; // multicast
  if (g0 === 0x2001 && g1 === 0x0db8) return 'reserved'; // documentation
  if (g0 === 0x2001 && g1 === 0) return 'reserved'; // Teredo: the IPv4 it reaches is hidden
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return 'reserved'; // discard
  if (g0 === 0) return 'reserved'; // the rest of ::/16: no routable unicast lives there
  return 'public';
}

/** Host names that are never a remote service, whatever DNS says. */
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

/** Lower case, without brackets and trailing dots: the spelling the checks compare. */
export function normaliseHost(host: string): string {
  return host
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase();
}

/**
 * The class of an address or host name. Names that are no address are 'public' unless they are
 * loopback or metadata names; what they resolve to is checked when connecting.
 */
export function classifyHost(host: string): AddressClass {
  const h = normaliseHost(host);
  const v4 = parseIpv4(h);
  if (v4 !== undefined) return classifyIpv4(v4);
  const v6 = parseIpv6(h);
  if (v6) return classifyIpv6(v6);
  if (h === 'localhost' || h.endsWith('.localhost')) return 'loopback';
  if (METADATA_NAMES.has(h)) return 'metadata';
  return 'public';
}

/** True when the host is an address literal (any spelling), not a name to resolve. */
export const isAddressLiteral = (host: string): boolean => {
  const h = normaliseHost(host);
  return parseIpv4(h) !== undefined || parseIpv6(h) !== undefined;
};

const REASONS: Record<Exclude<AddressClass, 'public'>, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  'link-local': 'a link-local address',
  metadata: 'a cloud metadata address',
  unspecified: 'the unspecified address',
  reserved: 'a reserved address',
};

/** Where outgoing connections may go. */
export interface OutboundPolicy {
  /** Loopback allowed (local receivers, tests); other non-public classes never are. */
  allowLoopback: boolean;
  /** Everything allowed (classification image urls with allowPrivateImageUrls: tests with a local server). */
  allowAll?: boolean;
  /** Ports of the sandbox itself: loopback on these is refused even when loopback is allowed. */
  ownPorts?: readonly number[];
}

/** Why connecting to host:port is refused, or undefined. */
export function addressProblem(host: string, port: number | undefined, policy: OutboundPolicy): string | undefined {
  if (policy.allowAll) return undefined;
  const kind = classifyHost(host);
  if (kind === 'public') return undefined;
  if (kind === 'loopback' && policy.allowLoopback) {
    return port !== undefined && policy.ownPorts?.includes(port) ? `${normaliseHost(host)}:${port} is the sandbox itself` : undefined;
  }
  return `${normaliseHost(host)} is ${REASONS[kind]}`;
}
