/** The capped body reader: an answer that trickles for ever ends at its deadline, destroyed. */
import { Readable } from 'node:stream';

import { readCapped } from '../../nodes/shared/transport/body';

function trickle(): Readable & { destroyedAt?: number } {
	const stream: Readable & { destroyedAt?: number } = new Readable({
		read() {
			setTimeout(() => this.push(Buffer.from('x')), 20);
		},
	});
	stream.on('close', () => (stream.destroyedAt = Date.now()));
	return stream;
}

test('an endless trickle fails at the deadline and the stream is destroyed', async () => {
	const stream = trickle();
	const started = Date.now();
	const read = await readCapped(stream, { maxBytes: 1e6, deadline: started + 300 });
	expect(read).toMatchObject({ ok: false, reason: 'timedOut' });
	expect(Date.now() - started).toBeLessThan(2000);
	await new Promise((resolve) => setImmediate(resolve));
	expect(stream.destroyed).toBe(true);
});

test('the caller signal stops the read with its own reason', async () => {
	const controller = new AbortController();
	const reading = readCapped(trickle(), {
		maxBytes: 1e6,
		deadline: Date.now() + 10_000,
		signal: controller.signal,
	});
	const reason = new Error('stopped by the user');
	controller.abort(reason);
	expect(await reading).toEqual({ ok: false, reason: 'aborted', error: reason });
});

test('more than maxBytes is refused', async () => {
	const body = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
	const read = await readCapped(body, { maxBytes: 1000, deadline: Date.now() + 1000 });
	expect(read).toEqual({ ok: false, reason: 'tooLarge' });
});

test('a body within the caps is read whole', async () => {
	const body = Readable.from([Buffer.from('{"a":'), Buffer.from('1}')]);
	const read = await readCapped(body, { maxBytes: 1000, deadline: Date.now() + 1000 });
	expect(read.ok && read.data.toString()).toBe('{"a":1}');
});

test('an answer cut off before its end fails instead of being read as whole', async () => {
	const quiet = new Readable({ read() {} });
	quiet.push(Buffer.from('{"a":'));
	const reading = readCapped(quiet, { maxBytes: 1000, deadline: Date.now() + 5000 });
	setImmediate(() => quiet.destroy());
	expect(await reading).toMatchObject({ ok: false, reason: 'failed' });

	const reset = new Readable({ read() {} });
	reset.push(Buffer.from('{"a":'));
	const error = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
	const failing = readCapped(reset, { maxBytes: 1000, deadline: Date.now() + 5000 });
	setImmediate(() => reset.destroy(error));
	expect(await failing).toEqual({ ok: false, reason: 'failed', error });
});
