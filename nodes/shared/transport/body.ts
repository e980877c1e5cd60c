/**
 * Reads a streamed HTTP body with a size cap and a deadline, so that a huge or endless answer
 * fails at once instead of filling memory or holding a worker.
 */

/** A response body as n8n's HTTP helper streams it (`encoding: 'stream'`): a Node Readable. */
export interface BodyStream {
	on(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
	on(event: 'error', listener: (error: Error) => void): unknown;
	on(event: 'end' | 'close', listener: () => void): unknown;
	off(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
	off(event: 'error', listener: (error: Error) => void): unknown;
	off(event: 'end' | 'close', listener: () => void): unknown;
	destroy(error?: Error): void;
}

/** The body, or why it was not read whole. */
export type BodyRead =
	| { ok: true; data: Buffer }
	| { ok: false; reason: 'tooLarge' | 'timedOut' | 'aborted' | 'failed'; error?: unknown };

/** Whether `value` is a stream body rather than an already read one (n8n test doubles, say). */
export function isBodyStream(value: unknown): value is BodyStream {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof (value as BodyStream).on === 'function' &&
		typeof (value as BodyStream).off === 'function' &&
		typeof (value as BodyStream).destroy === 'function'
	);
}

/**
 * The whole body, at most `maxBytes`, before `deadline` (epoch ms); `signal` stops it. The
 * stream is destroyed on any failure, so the connection is not left open. Read with listeners,
 * not an async iterator, and the deadline and the signal are listened to apart rather than
 * joined: every request reads one body, and this is the cheapest way n8n's CPU allows.
 */
export async function readCapped(
	stream: BodyStream,
	{ maxBytes, deadline, signal }: { maxBytes: number; deadline: number; signal?: AbortSignal },
): Promise<BodyRead> {
	return await new Promise<BodyRead>((resolve) => {
		const chunks: Buffer[] = [];
		let size = 0;
		let over = false;
		const timer = AbortSignal.timeout(Math.max(0, deadline - Date.now()));
		const finish = (read: BodyRead) => {
			if (over) return;
			over = true;
			stream.off('data', onData);
			stream.off('end', onEnd);
			stream.off('error', onError);
			stream.off('close', onClose);
			timer.removeEventListener('abort', onTimeout);
			signal?.removeEventListener('abort', onAbort);
			if (!read.ok) stream.destroy();
			resolve(read);
		};
		const aborted = (): BodyRead => ({ ok: false, reason: 'aborted', error: signal?.reason });
		const onData = (chunk: Buffer | string) => {
			const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
			size += buffer.length;
			if (size > maxBytes) finish({ ok: false, reason: 'tooLarge' });
			else chunks.push(buffer);
		};
		const onEnd = () => finish({ ok: true, data: Buffer.concat(chunks, size) });
		const onError = (error: Error) =>
			finish(signal?.aborted ? aborted() : { ok: false, reason: 'failed', error });
		// Closed before its end without an error: the answer was cut off.
		const onClose = () => finish(signal?.aborted ? aborted() : { ok: false, reason: 'failed' });
		const onTimeout = () => finish({ ok: false, reason: 'timedOut' });
		const onAbort = () => finish(aborted());
		if (signal?.aborted) return finish(aborted());
		signal?.addEventListener('abort', onAbort, { once: true });
		timer.addEventListener('abort', onTimeout, { once: true });
		stream.on('error', onError);
		stream.on('close', onClose);
		stream.on('end', onEnd);
		stream.on('data', onData);
	});
}
