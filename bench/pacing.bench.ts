/**
 * `npm run bench:pacing`: the pacers of queue-mode workers sharing one plan, simulated on jest's
 * fake clock (test/helpers/sharedPlan.ts) in the shapes bench:n8n measures in real n8n: 8
 * executions of 100 or 500 items over 2 workers (4 and 4) or 3 (3, 3 and 2), under both overload
 * models. Each worker needs CLIENT_MS per answer (n8n's own time) and starts a moment after the
 * others (STARTS); four seeds of the service's latency; pacers new or back from idle (PACERS).
 * Each case runs twice: by workers with a pacer each, and by one process (the same executions,
 * arriving at the same times, on one pacer). Its time over theirs is the pace issue 30 asks for.
 * Every case takes seconds, not the minutes of bench:n8n, so a change to the pacer can be tried on
 * all of them; the figures are the pacers' alone (no n8n, no CPU contention). The room the plan
 * was left with (slot-seconds nobody held), and how much of it after the first worker ended, shows
 * where the workers lose time against one process.
 */
import { sleep } from 'n8n-workflow';

import { forgetAccounts } from '../nodes/shared/transport/accounts';
import { Service, Worker, average, until, type Model } from '../test/helpers/sharedPlan';

const CLIENT_MS = 5;
const SEEDS = [30, 31, 32, 33];
/** When each worker starts, ms: at once, a little apart, and one late. */
const STARTS = [
	[0, 0, 0],
	[0, 60, 200],
	[0, 300, 100],
];
/** Items per worker: an execution's 100 or 500 items, executions split as n8n splits 8. */
const SHAPES: Record<string, number[]> = {
	'2 workers, 8 x 100': [400, 400],
	'2 workers, 8 x 500': [2000, 2000],
	'3 workers, 8 x 100': [300, 300, 200],
	'3 workers, 8 x 500': [1500, 1500, 1000],
};
const TARGET = { throughput: 0.9, refused: 0.01 };
/**
 * Pacers new (each reads the plan first), or back from idle like bench:n8n's (a warm-up of
 * WARM_ITEMS each, then WARM_IDLE_MS without work).
 */
const PACERS = ['new', 'back from idle'] as const;
const WARM_ITEMS = 200;
const WARM_IDLE_MS = 3000;

interface Figures {
	/** The time one process takes over the time the workers took. */
	throughput: number;
	refused: number;
	/** Room left in slot-seconds: while the workers ran, of it after the first ended; one process. */
	room: number;
	tail: number;
	roomOne: number;
}

/** How long the executions take and the share of requests refused; `oneProcess`: on one pacer. */
async function simulate(
	model: Model,
	items: number[],
	seed: number,
	starts: number[],
	{ oneProcess, warm }: { oneProcess: boolean; warm: boolean },
) {
	jest.useFakeTimers({ now: 1_000_000 });
	const service = new Service(model, seed);
	const workers = items.map((_, i) => new Worker(oneProcess ? 'one' : `w${i}`, service, CLIENT_MS));
	if (warm) {
		await until(Promise.all(workers.map(async (w) => await w.run(WARM_ITEMS))), workers, service);
		await until(sleep(WARM_IDLE_MS), workers, service);
		service.refused = 0;
		service.requests = 0;
	}
	const t0 = Date.now();
	const ends = await until(
		Promise.all(
			workers.map(async (worker, i) => {
				await sleep(starts[i]);
				return await worker.run(items[i]);
			}),
		),
		workers,
		service,
		600_000,
	);
	// A usage read may still be out: it ends on the fake clock before the next case forgets it.
	await jest.advanceTimersByTimeAsync(3000);
	jest.useRealTimers();
	await forgetAccounts();
	return {
		ms: Math.max(...ends) - t0,
		refused: service.refused / service.requests,
		room: service.roomSlotSeconds(t0, Math.max(...ends)),
		tail: service.roomSlotSeconds(Math.min(...ends), Math.max(...ends)),
	};
}

const rows: string[] = [];
const pct = (share: number) => `${(share * 100).toFixed(2)}%`;

afterAll(() => {
	const head =
		'| Case | Throughput x one process: mean (least) | Refused: mean (most) | Target | Met (mean) | Room left, slot-s: workers, after the first ended (one process) |';
	process.stdout.write([head, '| --- | --- | --- | --- | --- | --- |', ...rows].join('\n') + '\n');
});

describe.each(PACERS)('pacers %s', (pacers) => {
	const warm = pacers !== 'new';
	describe.each<Model>(['refuse', 'queue'])('%s', (model) => {
		test.each(Object.keys(SHAPES))('%s', async (shape) => {
			const figures: Figures[] = [];
			for (const seed of SEEDS)
				for (const starts of STARTS) {
					const one = await simulate(model, SHAPES[shape], seed, starts, {
						oneProcess: true,
						warm,
					});
					const shared = await simulate(model, SHAPES[shape], seed, starts, {
						oneProcess: false,
						warm,
					});
					figures.push({
						throughput: one.ms / shared.ms,
						refused: shared.refused,
						room: shared.room,
						tail: shared.tail,
						roomOne: one.room,
					});
				}
			const averaged = (key: keyof Figures) => average(figures.map((f) => f[key])).toFixed(1);
			const throughputs = figures.map((f) => f.throughput);
			const refused = figures.map((f) => f.refused);
			rows.push(
				`| ${shape}, ${model}, pacers ${pacers} | ${average(throughputs).toFixed(3)} (${Math.min(...throughputs).toFixed(3)}) | ` +
					`${pct(average(refused))} (${pct(Math.max(...refused))}) | ` +
					`>= ${TARGET.throughput}, <= ${pct(TARGET.refused)} | ` +
					`${average(throughputs) >= TARGET.throughput && average(refused) <= TARGET.refused ? 'yes' : 'NO'} | ` +
					`${averaged('room')}, ${averaged('tail')} after (${averaged('roomOne')}) |`,
			);
		});
	});
});
