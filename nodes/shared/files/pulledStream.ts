/**
 * A byte stream for n8n's prepareBinaryData, built without node:stream (community nodes may not
 * import it). Its chunks are pulled from an async iterator only when the store asks for the next
 * one, so a chunk is produced, written and let go before the next is read. n8n stores a stream in
 * two ways, in 1.x and 2.x alike, and this object serves both:
 * - the filesystem mode writes it with fs.writeFile, which iterates it (Symbol.asyncIterator);
 * - the database, S3 and in-memory modes read it into one buffer with the listeners of a
 *   Readable: on('data'), on/once('end'), once('error'), once('close'), off() and destroy().
 * A failure of the iterator rejects the store either way: nothing is stored as complete.
 */
type Listener = ((...args: unknown[]) => void) & { original?: Listener };

export class PulledStream implements AsyncIterable<Uint8Array> {
	private readonly listeners = new Map<string, Set<Listener>>();
	private started = false;
	private destroyed = false;

	constructor(private readonly source: AsyncIterator<Uint8Array>) {}

	[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
		this.started = true;
		return this.source;
	}

	on(event: string, listener: Listener): this {
		let set = this.listeners.get(event);
		if (!set) this.listeners.set(event, (set = new Set()));
		set.add(listener);
		// Pushed once a reader listens for data; its other listeners are added in the same tick.
		if (event === 'data' && !this.started) {
			this.started = true;
			void Promise.resolve().then(async () => await this.push());
		}
		return this;
	}

	once(event: string, listener: Listener): this {
		const wrapped: Listener = (...args) => {
			this.off(event, wrapped);
			listener(...args);
		};
		// off() with the listener given to once() removes it, as with a Readable.
		wrapped.original = listener;
		return this.on(event, wrapped);
	}

	off(event: string, listener: Listener): this {
		const set = this.listeners.get(event);
		for (const entry of set ?? [])
			if (entry === listener || entry.original === listener) set?.delete(entry);
		return this;
	}

	removeListener(event: string, listener: Listener): this {
		return this.off(event, listener);
	}

	/** Stops reading: the source is closed and no more events are sent. */
	destroy(): this {
		if (!this.destroyed) {
			this.destroyed = true;
			void this.source.return?.().catch(() => undefined);
		}
		return this;
	}

	private emit(event: string, ...args: unknown[]): void {
		for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
	}

	private async push(): Promise<void> {
		try {
			for (;;) {
				if (this.destroyed) return;
				const { done, value } = await this.source.next();
				if (this.destroyed) return;
				if (done) break;
				this.emit('data', value);
			}
			this.emit('end');
			this.emit('close');
		} catch (error) {
			if (!this.destroyed) this.emit('error', error);
		}
	}
}
