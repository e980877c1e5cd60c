/**
 * The public-host check behind Download Logo, one URL a row: every spelling the WHATWG parser
 * accepts for a non-public address or name is refused with what it is; public hosts pass.
 */
import { nonPublicKind } from '../../nodes/shared/brand/publicHost';

const LOOPBACK = 'a loopback address';
const PRIVATE = 'a private address';
const LINK_LOCAL = 'a link-local address (cloud metadata lives there)';
const THIS_NETWORK = 'a "this network" address';

const REFUSED: Array<[url: string, kind: string]> = [
	['http://127.0.0.1/', LOOPBACK],
	['http://127.255.1.2/', LOOPBACK],
	['http://2130706433/', LOOPBACK],
	['http://0x7f.1/', LOOPBACK],
	['http://0x7f000001/', LOOPBACK],
	['http://0177.0.0.1/', LOOPBACK],
	['http://127.1/', LOOPBACK],
	['http://127.0.0.1./', LOOPBACK],
	['http://0/', THIS_NETWORK],
	['http://0.0.0.0:8080/', THIS_NETWORK],
	['http://10.0.0.1/', PRIVATE],
	['http://167772161/', PRIVATE],
	['http://172.16.0.1/', PRIVATE],
	['http://172.31.255.255/', PRIVATE],
	['http://192.168.1.1/', PRIVATE],
	['http://0xc0.0xa8.1.1/', PRIVATE],
	['http://169.254.169.254/latest/meta-data/', LINK_LOCAL],
	['http://100.64.0.1/', 'a shared (CGNAT) address'],
	['http://100.127.255.255/', 'a shared (CGNAT) address'],
	['http://192.0.0.8/', 'a reserved address'],
	['http://192.0.2.1/', 'a documentation address'],
	['http://198.18.0.1/', 'a benchmarking address'],
	['http://198.19.255.255/', 'a benchmarking address'],
	['http://224.0.0.1/', 'a multicast address'],
	['http://239.255.255.250/', 'a multicast address'],
	['http://240.0.0.1/', 'a reserved or broadcast address'],
	['http://255.255.255.255/', 'a reserved or broadcast address'],
	['http://[::]/', 'the unspecified address'],
	['http://[::1]/', LOOPBACK],
	['http://[0:0:0:0:0:0:0:1]/', LOOPBACK],
	['http://[fc00::1]/', 'a unique-local (private) address'],
	['http://[FD12:3456::1]/', 'a unique-local (private) address'],
	['http://[fe80::1]/', 'a link-local address'],
	['http://[febf::1]/', 'a link-local address'],
	['http://[fec0::1]/', 'a site-local (private) address'],
	['http://[ff02::1]/', 'a multicast address'],
	['http://[::ffff:127.0.0.1]/', `an IPv4-mapped address of 127.0.0.1, ${LOOPBACK}`],
	['http://[::ffff:7f00:1]/', `an IPv4-mapped address of 127.0.0.1, ${LOOPBACK}`],
	['http://[::ffff:a9fe:a9fe]/', `an IPv4-mapped address of 169.254.169.254, ${LINK_LOCAL}`],
	['http://[::127.0.0.1]/', `an IPv4-compatible address of 127.0.0.1, ${LOOPBACK}`],
	['http://[::10.1.2.3]/', `an IPv4-compatible address of 10.1.2.3, ${PRIVATE}`],
	['http://[64:ff9b::10.0.0.1]/', `a NAT64 address of 10.0.0.1, ${PRIVATE}`],
	['http://[64:ff9b::7f00:1]/', `a NAT64 address of 127.0.0.1, ${LOOPBACK}`],
	['http://[64:ff9b:1::1]/', 'a local-use NAT64 address'],
	['http://[2002:c0a8:101::1]/', `a 6to4 address of 192.168.1.1, ${PRIVATE}`],
	['http://[2001:db8::1]/', 'a documentation address'],
	['http://[100::1]/', 'a discard-only address'],
	['http://localhost/', 'a loopback name'],
	['http://LOCALHOST./', 'a loopback name'],
	['http://loc%61lhost/', 'a loopback name'],
	['http://logos.localhost/', 'a loopback name'],
	['http://a.b.localhost./', 'a loopback name'],
	['http://intranet/', 'a single-label name, which only a local network resolves'],
	['http://ip6-localhost/', 'a single-label name, which only a local network resolves'],
	['http://printer.local/', 'a private-use name'],
	['http://metadata.google.internal/', 'a private-use name'],
	['http://nas.home.arpa/', 'a private-use name'],
	['http://localhost.localdomain/', 'a private-use name'],
];

const PUBLIC = [
	'https://cdn.acme.test/logo.png',
	'https://example.com./logo.png',
	'http://8.8.8.8/',
	'http://134744072/',
	'http://9.255.255.255/',
	'http://11.0.0.0/',
	'http://100.63.255.255/',
	'http://100.128.0.0/',
	'http://126.255.255.255/',
	'http://128.0.0.0/',
	'http://169.253.255.255/',
	'http://172.15.255.255/',
	'http://172.32.0.0/',
	'http://192.167.255.255/',
	'http://192.169.0.0/',
	'http://198.17.255.255/',
	'http://198.20.0.0/',
	'http://223.255.255.255/',
	'http://[2606:4700::1111]/',
	'http://[2a00:1450:4001::200e]/',
	'http://[::ffff:8.8.8.8]/',
	'http://[::8.8.8.8]/',
	'http://[64:ff9b::808:808]/',
	'http://[2002:808:808::1]/',
	'http://[fbff::1]/',
	'http://[fe7f::1]/',
	'http://localhost.example.com/',
	'http://mylocalhost.com/',
	'http://local.example/',
];

describe('nonPublicKind', () => {
	test.each(REFUSED)('%s is %s', (url, kind) => {
		expect(nonPublicKind(new URL(url))).toBe(kind);
	});

	test.each(PUBLIC)('%s is public', (url) => {
		expect(nonPublicKind(new URL(url))).toBeUndefined();
	});
});
