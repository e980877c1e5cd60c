/**
 * A stand-in for the hosted service's front door, on loopback in front of the sandbox: one plain
 * TCP port and one TLS port, both adding `connectDelayMs` to every new connection (a TCP and a TLS
 * 1.3 handshake at a stated round trip) and counting connections and TLS handshakes. The CA and
 * the server certificate are made at run time by `openssl` in a temp folder (nothing committed);
 * n8n trusts the CA through NODE_EXTRA_CA_CERTS, its documented setting. Used by bench:n8n.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tls from 'node:tls';

export interface ConnectionCounts {
	/** TCP connections accepted (either port). */
	connections: number;
	/** TLS handshakes completed (`secureConnection`), and how many of them resumed a session. */
	handshakes: number;
	resumed: number;
}

/** A CA and a certificate for 127.0.0.1 signed by it, in `dir`. */
function makeCertificates(dir: string): { caFile: string; key: Buffer; cert: Buffer } {
	const openssl = (args: string) =>
		execFileSync('/usr/bin/openssl', args.split(' '), { cwd: dir, stdio: 'pipe' });
	openssl(
		'req -x509 -newkey rsa:2048 -nodes -days 2 -keyout ca.key -out ca.pem -subj /CN=webdata-bench-CA ' +
			'-addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign',
	);
	openssl('req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj /CN=127.0.0.1');
	fs.writeFileSync(
		path.join(dir, 'server.ext'),
		'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n',
	);
	openssl(
		'x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 ' +
			'-out server.pem -extfile server.ext',
	);
	return {
		caFile: path.join(dir, 'ca.pem'),
		key: fs.readFileSync(path.join(dir, 'server.key')),
		cert: fs.readFileSync(path.join(dir, 'server.pem')),
	};
}

export class TlsProxy {
	readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webdata-tls-'));

	readonly caFile: string;

	/** The CA's certificate, for clients in this process. */
	readonly ca: Buffer;

	private counts: ConnectionCounts = { connections: 0, handshakes: 0, resumed: 0 };

	private readonly sockets = new Set<net.Socket>();

	private readonly tlsServer: tls.Server;

	private readonly plainDoor: net.Server;

	private readonly tlsDoor: net.Server;

	constructor(
		private readonly target: { host: string; port: number },
		readonly connectDelayMs: number,
	) {
		const { caFile, key, cert } = makeCertificates(this.dir);
		this.caFile = caFile;
		this.ca = fs.readFileSync(caFile);
		this.tlsServer = tls.createServer({ key, cert }, (secure) => {
			this.counts.handshakes++;
			if (secure.isSessionReused()) this.counts.resumed++;
			this.pipe(secure);
		});
		this.tlsServer.on('tlsClientError', () => undefined);
		// Each door holds a new connection for the delay; unread bytes wait in the socket meanwhile.
		this.plainDoor = net.createServer((raw) => this.accept(raw, () => this.pipe(raw)));
		this.tlsDoor = net.createServer((raw) =>
			this.accept(raw, () => this.tlsServer.emit('connection', raw)),
		);
	}

	private accept(raw: net.Socket, onward: () => void): void {
		this.counts.connections++;
		this.sockets.add(raw);
		raw.on('close', () => this.sockets.delete(raw));
		raw.on('error', () => raw.destroy());
		setTimeout(onward, this.connectDelayMs);
	}

	/** Joins a client connection to a new connection to the sandbox, both ways. */
	private pipe(client: net.Socket): void {
		const upstream = net.connect(this.target.port, this.target.host);
		this.sockets.add(upstream);
		upstream.on('close', () => this.sockets.delete(upstream));
		const end = () => {
			client.destroy();
			upstream.destroy();
		};
		upstream.on('error', end);
		client.on('error', end);
		client.on('close', () => upstream.destroy());
		upstream.on('close', () => client.destroy());
		client.pipe(upstream).pipe(client);
	}

	async start(): Promise<void> {
		const listen = (server: net.Server) =>
			new Promise<void>((resolve, reject) => {
				server.once('error', reject);
				server.listen(0, '127.0.0.1', () => resolve());
			});
		await listen(this.plainDoor);
		await listen(this.tlsDoor);
	}

	private port(server: net.Server): number {
		return (server.address() as net.AddressInfo).port;
	}

	get httpUrl(): string {
		return `http://127.0.0.1:${this.port(this.plainDoor)}`;
	}

	get httpsUrl(): string {
		return `https://127.0.0.1:${this.port(this.tlsDoor)}`;
	}

	/** The counts since the last call, then zero. */
	take(): ConnectionCounts {
		const counts = this.counts;
		this.counts = { connections: 0, handshakes: 0, resumed: 0 };
		return counts;
	}

	async stop(): Promise<void> {
		for (const socket of this.sockets) socket.destroy();
		const close = (server: net.Server) =>
			new Promise<void>((resolve) => server.close(() => resolve()));
		await Promise.all([close(this.plainDoor), close(this.tlsDoor)]);
		fs.rmSync(this.dir, { recursive: true, force: true });
	}
}
