/**
 * A counting semaphore whose size can change while it is in use, served first come, first
 * served (a waiter that asks to go `first` is served before the others). A waiter whose signal aborts leaves the queue at once, so a cancelled execution holds
 * no place in a queue that other executions share.
 */
export class Slots {
	private inUse = 0;

	private readonly queue: Array<{ grant: () => void }> = [];

	/** How many slots there are: the pacer's limit, a node's cap, the logo downloads at once. */
	constructor(private count: number) {}

	get size(): number {
		return this.count;
	}

	get busy(): number {
		return this.inUse;
	}

	get waiting(): number {
		return this.queue.length;
	}

	/** Fewer slots take effect as requests finish; more wake waiters at once. */
	resize(size: number): void {
		this.count = Math.max(1, Math.floor(size));
		this.wake();
	}

	async acquire(signal?: AbortSignal, { first = false } = {}): Promise<void> {
		signal?.throwIfAborted();
		if (this.inUse < this.count && (first || this.queue.length === 0)) {
			this.inUse++;
			return;
		}
		await new Promise<void>((resolve, reject) => {
			const onAbort = () => {
				this.queue.splice(this.queue.indexOf(waiter), 1);
				reject(signal!.reason);
			};
			// wake() counts the slot in inUse before granting it.
			const waiter = {
				grant: () => {
					signal?.removeEventListener('abort', onAbort);
					resolve();
				},
			};
			if (first) this.queue.unshift(waiter);
			else this.queue.push(waiter);
			signal?.addEventListener('abort', onAbort, { once: true });
		});
	}

	release(): void {
		this.inUse--;
		this.wake();
	}

	private wake(): void {
		while (this.queue.length > 0 && this.inUse < this.count) {
			this.inUse++;
			this.queue.shift()!.grant();
		}
	}
}
