import { describe, expect, it } from 'vitest';
import { cleanFileName, fileNameFromContentDisposition } from './images.js';
import { fetchImage, isForbiddenAddress } from './url-fetch.js';

describe('image url address rules', () => {
  it('refuses loopback, private, link-local, metadata and reserved addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      'not-an-address',
    ]) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
  });

  it('allows public addresses', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isForbiddenAddress(address), address).toBe(false);
    }
  });

  it('refuses names that resolve to loopback (checked after DNS resolution) and non-http schemes', async () => {
    await expect(fetchImage('http://localhost:9/a.png', { allowPrivate: false })).rejects.toThrow(/localhost is a loopback/);
    await expect(fetchImage('http://127.0.0.1:9/a.png', { allowPrivate: false })).rejects.toThrow(/loopback/);
    await expect(fetchImage('file:///etc/passwd', { allowPrivate: false })).rejects.toThrow(/Only http and https/);
    await expect(fetchImage('http://user:pw@example.com/a.png', { allowPrivate: false })).rejects.toThrow(/credentials/);
  });
});

describe('image url guard, every spelling of a refused address (issue 11, hole 8)', () => {
  it.each([
    'http://[::127.0.0.1]/a.png',
    'http://[::7f00:1]/a.png',
    'http://[::ffff:127.0.0.1]/a.png',
    'http://[64:ff9b::7f00:1]/a.png',
    'http://[::ffff:0:127.0.0.1]/a.png',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://2130706433/a.png',
    'http://0x7f.1/a.png',
    'http://0177.0.0.1/a.png',
    'http://127.1/a.png',
    'http://127.0.0.1./a.png',
    'http://localhost./a.png',
    'http://0xa9fea9fe/latest/meta-data/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://[fe80::1]/a.png',
  ])('refuses %s before connecting', async (url) => {
    await expect(fetchImage(url, { allowPrivate: false })).rejects.toThrow(/The image url is refused/);
  });
});

describe('Content-Disposition file names', () => {
  it('reads filename and filename*, preferring filename*', () => {
    expect(fileNameFromContentDisposition('attachment; filename="a b.png"')).toBe('a b.png');
    expect(fileNameFromContentDisposition('inline; filename=plain.jpg')).toBe('plain.jpg');
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''%E2%82%AC%20rates.pdf; filename="EUR rates.pdf"`)).toBe(
      '€ rates.pdf',
    );
    expect(fileNameFromContentDisposition('attachment; filename="quote\\"d.png"')).toBe('quote"d.png');
    expect(fileNameFromContentDisposition('attachment')).toBeUndefined();
    expect(fileNameFromContentDisposition(undefined)).toBeUndefined();
  });

  it('keeps the last path segment and drops control characters', () => {
    expect(cleanFileName('..\\..\\win.ini')).toBe('win.ini');
    expect(cleanFileName('a\u0000b\u001f.png')).toBe('ab.png');
    expect(cleanFileName('..')).toBeUndefined();
  });
});
