import { describe, expect, it } from 'vitest';
import { refusedAddress } from './addresses.ts';

describe('outbound address policy', () => {
  const refused = [
    '10.1.2.3',
    '127.0.0.1',
    '169.254.169.254',
    '172.20.0.1',
    '192.168.1.1',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fc00::abcd',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '2001:db8::1',
  ];
  const allowed = ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'];

  it('refuses private, loopback, link-local and reserved addresses by default', () => {
    for (const a of refused) expect(refusedAddress(a, 'false'), a).toMatch(/private, loopback or link-local/);
  });

  it('lets public addresses through', () => {
    for (const a of allowed) expect(refusedAddress(a, 'false'), a).toBeNull();
  });

  it('with "loopback" allows loopback only', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(refusedAddress(a, 'loopback'), a).toBeNull();
    for (const a of ['10.0.0.1', '192.168.0.1', 'fe80::1', '169.254.169.254']) expect(refusedAddress(a, 'loopback'), a).not.toBeNull();
  });

  it('with "true" allows anything, but only IP addresses', () => {
    expect(refusedAddress('10.0.0.1', 'true')).toBeNull();
    expect(refusedAddress('example.com', 'true')).toMatch(/not an IP address/);
  });
});
