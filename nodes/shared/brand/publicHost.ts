/**
 * Whether a URL's host is public, judged from the host alone: literal addresses in loopback,
 * private, link-local and other non-public ranges, and names only a local network resolves
 * (localhost, single-label names), are not. It reads the hostname WHATWG's URL parser made, which
 * has already turned every IPv4 spelling (decimal, hex, octal, short) into dotted decimal and
 * every IPv6 one into compressed lowercase hex. Names are not resolved (no DNS here), so a public
 * name that points at a private address passes.
 */

type Prefix = [address: string, bits: number, kind: string];

const IPV4_RANGES: Prefix[] = [
	['0.0.0.0', 8, 'a "this network" address'],
	['10.0.0.0', 8, 'a private address'],
	['100.64.0.0', 10, 'a shared (CGNAT) address'],
	['127.0.0.0', 8, 'a loopback address'],
	['169.254.0.0', 16, 'a link-local address (cloud metadata lives there)'],
	['172.16.0.0', 12, 'a private address'],
	['192.0.0.0', 24, 'a reserved address'],
	['192.0.2.0', 24, 'a documentation address'],
	['192.168.0.0', 16, 'a private address'],
	['198.18.0.0', 15, 'a benchmarking address'],
	['198.51.100.0', 24, 'a documentation address'],
	['203.0.113.0', 24, 'a documentation address'],
	['224.0.0.0', 4, 'a multicast address'],
	['240.0.0.0', 4, 'a reserved or broadcast address'],
];

/** IPv6 ranges that carry an IPv4 address: judged by that address. */
const EMBEDDING: Array<[...Prefix, firstWord: number]> = [
	['::ffff:0:0', 96, 'an IPv4-mapped address', 6],
	['::', 96, 'an IPv4-compatible address', 6],
	['64:ff9b::', 96, 'a NAT64 address', 6],
	['2002::', 16, 'a 6to4 address', 1],
];

// First match wins: :: and ::1 before the IPv4-compatible range that holds them.
const IPV6_RANGES: Prefix[] = [
	['::', 128, 'the unspecified address'],
	['::1', 128, 'a loopback address'],
	['64:ff9b:1::', 48, 'a local-use NAT64 address'],
	['100::', 64, 'a discard-only address'],
	['2001:db8::', 32, 'a documentation address'],
	['fc00::', 7, 'a unique-local (private) address'],
	['fe80::', 10, 'a link-local address'],
	['fec0::', 10, 'a site-local (private) address'],
	['ff00::', 8, 'a multicast address'],
];

const PRIVATE_USE_SUFFIXES = ['.local', '.localdomain', '.internal', '.home.arpa'];

const ipv4Bytes = (host: string): number[] => host.split('.').map(Number);

/** The eight 16-bit words of a compressed hex IPv6 address, or undefined if it is not one. */
function ipv6Words(host: string): number[] | undefined {
	const halves = host.split('::');
	if (halves.length > 2) return undefined;
	const [head, tail] = halves.map((half) => (half ? half.split(':') : []));
	const missing = 8 - head.length - (tail?.length ?? 0);
	if (tail ? missing < 1 : missing !== 0) return undefined;
	const words = [...head, ...Array<string>(tail ? missing : 0).fill('0'), ...(tail ?? [])];
	if (!words.every((word) => /^[0-9a-f]{1,4}$/.test(word))) return undefined;
	return words.map((word) => parseInt(word, 16));
}

/** Whether the first `bits` of the address (words of `wordBits` each) equal the prefix's. */
function inPrefix(words: number[], prefix: number[], bits: number, wordBits: number): boolean {
	for (let i = 0; bits > 0; i++, bits -= wordBits) {
		const shift = Math.max(0, wordBits - bits);
		if (words[i] >> shift !== prefix[i] >> shift) return false;
	}
	return true;
}

const ipv4Kind = (bytes: number[]): string | undefined =>
	IPV4_RANGES.find(([address, bits]) => inPrefix(bytes, ipv4Bytes(address), bits, 8))?.[2];

function ipv6Kind(words: number[]): string | undefined {
	const matches = ([address, bits]: [string, number, ...unknown[]]) =>
		inPrefix(words, ipv6Words(address)!, bits, 16);
	const range = IPV6_RANGES.find(matches);
	if (range) return range[2];
	const embedding = EMBEDDING.find(matches);
	if (!embedding) return undefined;
	const [, , kind, first] = embedding;
	const [high, low] = words.slice(first, first + 2);
	const bytes = [high >> 8, high & 0xff, low >> 8, low & 0xff];
	const inner = ipv4Kind(bytes);
	return inner && `${kind} of ${bytes.join('.')}, ${inner}`;
}

function nameKind(name: string): string | undefined {
	if (name === 'localhost' || name.endsWith('.localhost')) return 'a loopback name';
	if (!name.includes('.')) return 'a single-label name, which only a local network resolves';
	if (PRIVATE_USE_SUFFIXES.some((suffix) => name.endsWith(suffix))) return 'a private-use name';
	return undefined;
}

/**
 * What the URL's host is when it is not public ("a loopback address", "a private-use name"...),
 * or undefined when it is.
 */
export function nonPublicKind(url: URL): string | undefined {
	const host = url.hostname;
	if (host.startsWith('[')) {
		const words = ipv6Words(host.slice(1, -1));
		return words ? ipv6Kind(words) : 'an IPv6 address this check cannot read';
	}
	if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return ipv4Kind(ipv4Bytes(host));
	return nameKind(host.replace(/\.$/, ''));
}
