import net from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  embeddedIpv4,
  invalidRanges,
  isAddressAllowed,
  isAddressDenied,
  type OutboundPolicy,
  outboundPolicy,
  singleAddressRange,
} from './outbound-address.ts';

/** The address classifier's finer points; the table of refused ranges is in outbound.test.ts. */

const strict = outboundPolicy('');
const loopback = outboundPolicy('127.0.0.0/8,::1/128');

describe('an address with IPv4 inside', () => {
  it.each([
    ['::ffff:7f00:1', '127.0.0.1'], // IPv4-mapped
    ['0:0:0:0:0:ffff:7f00:1', '127.0.0.1'],
    ['::ffff:10.20.30.40', '10.20.30.40'],
    ['::7f00:1', '127.0.0.1'], // IPv4-compatible
    ['::ffff:0:a01:203', '10.1.2.3'], // IPv4-translated
    ['64:ff9b::a01:203', '10.1.2.3'], // NAT64
    ['64:ff9b::10.20.30.40', '10.20.30.40'],
    ['2002:a01:203::', '10.1.2.3'], // 6to4
    ['2002:a01:203:5::1', '10.1.2.3'],
  ])('%s embeds %s', (ip, v4) => {
    expect(embeddedIpv4(ip)).toBe(v4);
  });

  it.each([
    '::1:7f00:1',
    '::1:1:7f00:1',
    '::1:0:7f00:1',
    '::ffff:1:7f00:1',
    '1::ffff:0:7f00:1',
    '64::7f00:1',
    '65:ff9b::7f00:1',
    '64:1::7f00:1',
    '64:ff9b:1::7f00:1',
    '2001:db8::7f00:1',
    '2606:4700::1111',
  ])('%s embeds none: it only looks like one of the forms', (ip) => {
    expect(embeddedIpv4(ip)).toBeUndefined();
  });

  it('is let through by the allow-list entry of that IPv4 address, in every form', () => {
    for (const ip of ['64:ff9b::7f00:1', '::ffff:0:7f00:1', '2002:7f00:1::', '::ffff:7f00:1'])
      expect(isAddressAllowed(ip, loopback), ip).toBe(true);
    const one = outboundPolicy('10.20.30.40');
    expect(isAddressAllowed('64:ff9b::a14:1e28', one)).toBe(true);
    expect(isAddressAllowed('64:ff9b::a14:1e29', one)).toBe(false);
  });

  it('is not read into a plain IPv4 address whose first bytes spell 6to4 (32.2.x.x)', () => {
    // 32.2.10.1 read as 2002:0a01:: would be 10.1.0.0.
    expect(isAddressAllowed('32.2.10.1', strict)).toBe(true);
  });
});

describe('an IPv6 zone (%eth0)', () => {
  it('is set aside: the address is judged without it', () => {
    expect(isAddressAllowed('2606:4700::1111%eth0', strict)).toBe(true);
    expect(isAddressAllowed('64:ff9b::8.8.8.8%eth0', strict)).toBe(true);
    expect(isAddressAllowed('64:ff9b::10.0.0.1%eth0', outboundPolicy('10.0.0.0/8'))).toBe(true);
    expect(isAddressAllowed('fe80::1%eth0', outboundPolicy('fe80::/10'))).toBe(true);
    expect(isAddressAllowed('fe80::1%eth0', strict)).toBe(false);
  });

  it('is left out of the allow-list entry named in a refusal', () => {
    expect(singleAddressRange('fe80::1%eth0')).toBe('fe80::1/128');
    expect(singleAddressRange('fd00:ec2::254')).toBe('fd00:ec2::254/128');
    expect(singleAddressRange('10.0.0.1')).toBe('10.0.0.1/32');
  });
});

describe("a policy's own addresses (deny)", () => {
  const deny = new net.BlockList();
  deny.addSubnet('10.1.0.0', 16, 'ipv4');
  deny.addAddress('fd12::5', 'ipv6');
  deny.addAddress('fe80::1', 'ipv6');
  const own: OutboundPolicy = { ...outboundPolicy('10.0.0.0/8,fd12::/16,fe80::/10'), deny };

  it('are refused although the allow-list takes them in, in every notation', () => {
    for (const ip of [
      '10.1.2.3',
      'fd12::5',
      'fe80::1%eth0',
      '::ffff:10.1.2.3',
      '64:ff9b::a01:203',
      '64:ff9b::10.1.2.3%eth0',
    ]) {
      expect(isAddressDenied(ip, own), ip).toBe(true);
      expect(isAddressAllowed(ip, own), ip).toBe(false);
    }
  });

  it('leave the rest of the allow-list as it is', () => {
    for (const ip of ['10.2.0.1', 'fd12::6', 'fe80::2', '64:ff9b::a02:1', '32.2.10.1']) {
      expect(isAddressDenied(ip, own), ip).toBe(false);
      expect(isAddressAllowed(ip, own), ip).toBe(true);
    }
    expect(isAddressDenied('10.1.2.3', loopback)).toBe(false);
    expect(isAddressDenied('localhost', own)).toBe(false);
  });
});

describe('the allow-list text', () => {
  it('takes a prefix of one to three digits only', () => {
    expect(invalidRanges('10.0.0.0/x8,10.0.0.0/8x,10.0.0.0/0008,10.0.0.0/,10.0.0.0/-8')).toEqual([
      '10.0.0.0/x8',
      '10.0.0.0/8x',
      '10.0.0.0/0008',
      '10.0.0.0/',
      '10.0.0.0/-8',
    ]);
    expect(invalidRanges('10.0.0.0/008')).toEqual([]);
    expect(outboundPolicy('10.0.0.0/8x, 10.0.0.0/0008').ranges).toEqual([]);
  });

  it('separates entries by commas, semicolons and any white space', () => {
    expect(outboundPolicy('10.0.0.0/8,\n\tfd00::/8;;\u00a0192.168.1.1 ').ranges).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      '192.168.1.1',
    ]);
  });
});
