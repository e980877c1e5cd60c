/**
 * The address table of the public-host check, range by range: the first and last address of
 * each non-public range is refused with its kind, and the addresses just outside it pass.
 */
import { nonPublicKind } from '../../nodes/shared/brand/publicHost';

const kindOf = (host: string) => nonPublicKind(new URL(`http://${host}/`));

const IPV4: Array<[first: string, last: string, kind: string, below: string, above: string]> = [
	['0.0.0.0', '0.255.255.255', 'a "this network" address', '', '1.0.0.0'],
	['10.0.0.0', '10.255.255.255', 'a private address', '9.255.255.255', '11.0.0.0'],
	['100.64.0.0', '100.127.255.255', 'a shared (CGNAT) address', '100.63.255.255', '100.128.0.0'],
	['127.0.0.0', '127.255.255.255', 'a loopback address', '126.255.255.255', '128.0.0.0'],
	[
		'169.254.0.0',
		'169.254.255.255',
		'a link-local address (cloud metadata lives there)',
		'169.253.255.255',
		'169.255.0.0',
	],
	['172.16.0.0', '172.31.255.255', 'a private address', '172.15.255.255', '172.32.0.0'],
	['192.0.0.0', '192.0.0.255', 'a reserved address', '191.255.255.255', '192.0.1.0'],
	['192.0.2.0', '192.0.2.255', 'a documentation address', '192.0.1.255', '192.0.3.0'],
	['192.168.0.0', '192.168.255.255', 'a private address', '192.167.255.255', '192.169.0.0'],
	['198.18.0.0', '198.19.255.255', 'a benchmarking address', '198.17.255.255', '198.20.0.0'],
	['198.51.100.0', '198.51.100.255', 'a documentation address', '198.51.99.255', '198.51.101.0'],
	['203.0.113.0', '203.0.113.255', 'a documentation address', '203.0.112.255', '203.0.114.0'],
	['224.0.0.0', '239.255.255.255', 'a multicast address', '223.255.255.255', ''],
	['240.0.0.0', '255.255.255.255', 'a reserved or broadcast address', '', ''],
];

describe.each(IPV4)('%s to %s', (first, last, kind, below, above) => {
	test(`is ${kind}`, () => {
		expect(kindOf(first)).toBe(kind);
		expect(kindOf(last)).toBe(kind);
	});

	test('the addresses beside it are public (or in the range beside)', () => {
		if (below) expect(kindOf(below)).not.toBe(kind);
		if (above) expect(kindOf(above)).not.toBe(kind);
		for (const host of [below, above].filter(Boolean)) {
			const other = IPV4.find(([f, l]) => inRange(host, f, l));
			expect(kindOf(host)).toBe(other?.[2]);
		}
	});
});

function inRange(host: string, first: string, last: string): boolean {
	const value = (address: string) =>
		address.split('.').reduce((sum, byte) => sum * 256 + Number(byte), 0);
	return value(host) >= value(first) && value(host) <= value(last);
}

const IPV6: Array<[host: string, kind: string | undefined]> = [
	['[::2]', `an IPv4-compatible address of 0.0.0.2, a "this network" address`],
	['[64:ff9b:1::]', 'a local-use NAT64 address'],
	['[64:ff9b:1:ffff:ffff:ffff:ffff:ffff]', 'a local-use NAT64 address'],
	['[64:ff9b:2::1]', undefined],
	['[100::ffff:ffff:ffff:ffff]', 'a discard-only address'],
	['[100:0:0:1::]', undefined],
	['[2001:db8:ffff::1]', 'a documentation address'],
	['[2001:db9::1]', undefined],
	['[2001:db7::1]', undefined],
	['[fdff:ffff::1]', 'a unique-local (private) address'],
	['[fe00::1]', undefined],
	['[fec0::]', 'a site-local (private) address'],
	['[feff::1]', 'a site-local (private) address'],
	['[ff00::]', 'a multicast address'],
	['[ffff::1]', 'a multicast address'],
	['[2002:a00:1::1]', `a 6to4 address of 10.0.0.1, a private address`],
	['[2003::1]', undefined],
	['[::ffff:c633:6401]', `an IPv4-mapped address of 198.51.100.1, a documentation address`],
	['[::ffff:cb00:7101]', `an IPv4-mapped address of 203.0.113.1, a documentation address`],
	['[::fffe:7f00:1]', undefined],
	['[64:ff9b::c0a8:101]', `a NAT64 address of 192.168.1.1, a private address`],
	['[64:ff9a::7f00:1]', undefined],
	['[1:2:3:4:5:6:7:8]', undefined],
];

test.each(IPV6)('%s: %s', (host, kind) => {
	expect(kindOf(host)).toBe(kind);
});

test.each([
	['a.local', 'a private-use name'],
	['local', 'a single-label name, which only a local network resolves'],
	['alocal.com', undefined],
	['x.localdomain', 'a private-use name'],
	['x.internal', 'a private-use name'],
	['x.home.arpa', 'a private-use name'],
	['home.arpa.com', undefined],
	['localhost.com', undefined],
	['1.2.3.4.example', undefined],
])('the name %s: %s', (host, kind) => {
	expect(kindOf(host)).toBe(kind);
});
