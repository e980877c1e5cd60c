/**
 * PulledStream, the stream the file output hands to n8n's prepareBinaryData: read with a
 * Readable's listeners (n8n's buffering stores) or iterated (fs.writeFile), it pulls a chunk only
 * when asked, reports a source's failure as an error, and stops pulling once destroyed.
 */
import { PulledStream } from '../../nodes/shared/files/pulledStream';

const text = (chunks: Uint8Array[]) => Buffer.concat(chunks).toString('utf8');

function counted(parts: string[], failAt?: number) {
	const state = { pulls: 0 };
	async function* source() {
		for (const [i, part] of parts.entries()) {
			state.pulls++;
			if (i === failAt) throw new Error('page 2 failed');
			yield new TextEncoder().encode(part);
		}
	}
	return { stream: new PulledStream(source()), state };
}

/** What n8n's streamToBuffer does with a stream, reduced. */
function readWithListeners(stream: PulledStream): Promise<Uint8Array[]> {
	return new Promise((resolve, reject) => {
		const chunks: Uint8Array[] = [];
		const onEnd = () => resolve(chunks);
		stream.on('data', (chunk) => chunks.push(chunk as Uint8Array));
		stream.once('end', onEnd);
		stream.once('error', reject);
	});
}

test('read with listeners: every chunk in order, then end', async () => {
	const { stream } = counted(['a\n', 'b\n', 'c\n']);
	expect(text(await readWithListeners(stream))).toBe('a\nb\nc\n');
});

test('iterated, as fs.writeFile does: every chunk in order', async () => {
	const { stream } = counted(['a\n', 'b\n']);
	const chunks: Uint8Array[] = [];
	for await (const chunk of stream) chunks.push(chunk);
	expect(text(chunks)).toBe('a\nb\n');
});

test("a source's failure half-way is an error, not an end", async () => {
	const { stream } = counted(['a\n', 'b\n', 'c\n'], 1);
	await expect(readWithListeners(stream)).rejects.toThrow('page 2 failed');
});

test('off() removes a listener added with once()', async () => {
	const { stream } = counted(['a\n']);
	const onEnd = jest.fn();
	stream.once('end', onEnd);
	stream.off('end', onEnd);
	await readWithListeners(stream);
	expect(onEnd).not.toHaveBeenCalled();
});

test('destroyed on the first chunk, it pulls no further chunk and sends nothing more', async () => {
	const { stream, state } = counted(['a\n', 'b\n', 'c\n', 'd\n']);
	const seen: unknown[] = [];
	const ended = jest.fn();
	stream.on('end', ended);
	stream.on('data', (chunk) => {
		seen.push(chunk);
		stream.destroy();
	});
	await new Promise((resolve) => setImmediate(resolve));
	await new Promise((resolve) => setImmediate(resolve));
	expect(seen).toHaveLength(1);
	expect(state.pulls).toBe(1);
	expect(ended).not.toHaveBeenCalled();
});
