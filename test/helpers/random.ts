/** A seeded generator: the same cases on every run, and many of them. */
export function random(seed: number) {
	let state = seed >>> 0;
	const next = () => {
		state = (state * 1664525 + 1013904223) >>> 0;
		return state / 2 ** 32;
	};
	const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
	/** A whole number from `min` to `max`, both included. */
	const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
	return { next, pick, int };
}

export type Random = ReturnType<typeof random>;
