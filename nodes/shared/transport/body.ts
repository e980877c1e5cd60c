/**
 * Reads a streamed HTTP body with a size cap and a deadline, so that a huge or endless answer
 * fails at once instead of filling memory or holding a worker.
 */

/** A response body as n8n's HTTP helper streams it (`encoding: 'stream'`). */
export type BodyStream = AsyncIterable<Buffer | string> & { destroy(error?: Error): void };

/** The body, or why it was not read whole. */
export type BodyRead =
	| { ok: true; data: Buffer }
	| { ok: false; reason: 'tooLarge' | 'timedOut' | 'aborted' | 'failed'; error?: unknown };

/** Whether `value` is a stream body rather than an already read one (n8n test doubles, say). */
export function isBodyStream(value: unknown): value is BodyStream {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof (value as BodyStream)[Symbol.asyncIterator] === 'function' &&
		typeof (value as BodyStream).destroy === 'function'
	);
}

/**
 * The whole body, at most `maxBytes`, before `deadline` (epoch ms); `signal` stops it. The
 * stream is destroyed on any failure, so the connection is not left open.
 */
export async function readCapped(
	stream: BodyStream,
	{ maxBytes, deadline, signal }: { maxBytes: number; deadline: number; signal?: AbortSignal },
): Promise<BodyRead> {
	const timer = AbortSignal.timeout(Math.max(0, deadline - Date.now()));
	const stop = signal ? AbortSignal.any([signal, timer]) : timer;
	const onStop = () => stream.destroy();
	stop.addEventListener('abort', onStop, { once: true });
	const chunks: Buffer[] = [];
	let size = 0;
	try {
		for await (const chunk of stream) {
			const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
			size += buffer.length;
			if (size > maxBytes) {
				stream.destroy();
				return { ok: false, reason: 'tooLarge' };
			}
			chunks.push(buffer);
		}
	} catch (error) {
		stream.destroy();
		if (signal?.aborted) return { ok: false, reason: 'aborted', error: signal.reason };
		return { ok: false, reason: stop.aborted ? 'timedOut' : 'failed', error };
	} finally {
		stop.removeEventListener('abort', onStop);
	}
	// A destroyed stream may end quietly rather than fail.
	if (stop.aborted)
		return signal?.aborted
			? { ok: false, reason: 'aborted', error: signal.reason }
			: { ok: false, reason: 'timedOut' };
	return { ok: true, data: Buffer.concat(chunks) };
}
