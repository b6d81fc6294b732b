import { describe, expect, it } from 'vitest';
import { addressProblem, classifyHost, parseIpv4, type AddressClass } from './address-policy.js';
import { guardedLookup } from './guarded-connection.js';

/** Hole 8 (issue 11) and the webhook guard of hole 1: one classifier for every form of an address. */
describe('outbound address classifier', () => {
  const table: [string, AddressClass][] = [
    // IPv4, every spelling inet_aton accepts
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['2130706433', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['017700000001', 'loopback'],
    ['127.1', 'loopback'],
    ['127.0.0.1.', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['0xa9fea9fe', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['0.1.2.3', 'reserved'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['93.184.216.34', 'public'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    // IPv6 and IPv4 carried in it
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['::127.0.0.1', 'loopback'],
    ['[::127.0.0.1]', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:10.1.2.3', 'private'],
    ['::192.168.0.1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['64:ff9b:1::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['fec0::1', 'private'],
    ['ff02::1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::808:808', 'public'],
    ['2606:4700:4700::1111', 'public'],
    // names
    ['localhost', 'loopback'],
    ['LOCALHOST.', 'loopback'],
    ['api.localhost', 'loopback'],
    ['metadata.google.internal', 'metadata'],
    ['metadata.google.internal.', 'metadata'],
    ['receiver.example.com', 'public'],
  ];

  it.each(table)('%s is %s', (host, kind) => {
    expect(classifyHost(host)).toBe(kind);
  });

  it('reads IPv4 like inet_aton and refuses what it would not', () => {
    expect(parseIpv4('1.2.3.4')).toBe(0x01020304);
    expect(parseIpv4('1.2.772')).toBe(0x01020304);
    expect(parseIpv4('256.1.1.1')).toBeUndefined();
    expect(parseIpv4('1.2.3.256')).toBeUndefined();
    expect(parseIpv4('4294967296')).toBeUndefined();
    expect(parseIpv4('08.1.1.1')).toBeUndefined();
    expect(parseIpv4('example.com')).toBeUndefined();
  });

  it('allows loopback only when asked, and never on the sandbox own ports', () => {
    expect(addressProblem('127.0.0.1', 8080, { allowLoopback: false })).toMatch(/loopback/);
    expect(addressProblem('127.0.0.1', 8080, { allowLoopback: true, ownPorts: [4010] })).toBeUndefined();
    expect(addressProblem('::ffff:127.0.0.1', 4010, { allowLoopback: true, ownPorts: [4010] })).toMatch(/sandbox itself/);
    expect(addressProblem('10.0.0.1', 443, { allowLoopback: true })).toMatch(/private/);
    expect(addressProblem('169.254.169.254', 80, { allowLoopback: true })).toMatch(/metadata/);
    expect(addressProblem('10.0.0.1', 443, { allowLoopback: false, allowAll: true })).toBeUndefined();
  });

  it('checks what a name resolves to, not only its spelling', async () => {
    const lookup = guardedLookup({ allowLoopback: false }, 80);
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => lookup('localhost', {}, (err) => resolve(err)));
    expect(error?.message).toMatch(/resolves to .*loopback/);
    const allowed = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guardedLookup({ allowLoopback: true }, 80)('localhost', {}, (err) => resolve(err)),
    );
    expect(allowed).toBeNull();
  });
});
