/**
 * The spec's facts the tests check against (test/spec/facts.json): consistent in themselves, and
 * what the spec document states. The document is not part of the repository: it is read from
 * WEBDATA_SPEC_PATH, or else from ../shared/spec/web-data-service.md beside the checkout (as in
 * CI). Without it that comparison is skipped, and its title says why; every other test runs from
 * the facts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { ROOT } from '../../devkit/root';
import { SPEC, endpointKey, type SpecField, type SpecLimit } from '../helpers/spec';
import { parseSpec } from './parse';

function rangeProblems({
	min,
	max,
	default: fallback,
}: Pick<SpecLimit, 'min' | 'max' | 'default'>): string[] {
	const problems: string[] = [];
	if (min !== undefined && max !== undefined && min > max) problems.push(`${min} to ${max}`);
	if (
		typeof fallback === 'number' &&
		((min !== undefined && fallback < min) || (max !== undefined && fallback > max))
	)
		problems.push(`default ${fallback} outside its range`);
	return problems;
}

function fieldProblems(field: SpecField): string[] {
	const problems = rangeProblems({
		...field,
		default: typeof field.default === 'number' ? field.default : undefined,
	});
	if (field.enum && typeof field.default === 'string' && !field.enum.includes(field.default))
		problems.push(`default ${field.default} not one of its values`);
	if (field.required && field.default !== undefined) problems.push('required, with a default');
	return problems;
}

const ASKED = process.env.WEBDATA_SPEC_PATH;
const SPEC_PATH = ASKED ?? path.resolve(ROOT, '..', 'shared', 'spec', 'web-data-service.md');
// A path asked for by name must be there; the default one may be absent (a public clone).
const present = ASKED !== undefined || fs.existsSync(SPEC_PATH);

const compare = present ? describe : describe.skip;
const title = present
	? `test/spec/facts.json against the spec document at ${SPEC_PATH}`
	: `skipped: no spec document at ${SPEC_PATH}, so test/spec/facts.json is not compared with it (set WEBDATA_SPEC_PATH to compare)`;

// jest lists no skipped test of a run over several files, and drops a skipped suite's console.
if (!present) process.stderr.write(`${title}\n`);

// Always runs: a file whose tests are all skipped runs no afterAll, and test/setup/restoreNock.ts
// would leave its nock layer in the worker for the next file.
test('every endpoint and field once, ranges in order, each default within its range and values', () => {
	const keys = SPEC.endpoints.map(endpointKey);
	expect(new Set(keys).size).toBe(keys.length);
	const problems = SPEC.endpoints.flatMap((endpoint) => {
		const names = endpoint.fields.flatMap((f) => [f.name, ...(f.alternateNames ?? [])]);
		return [
			...(new Set(names).size === names.length ? [] : [`${endpointKey(endpoint)}: a name twice`]),
			...endpoint.fields.flatMap((f) =>
				fieldProblems(f).map((p) => `${endpointKey(endpoint)} ${f.name}: ${p}`),
			),
		];
	});
	for (const limit of SPEC.limits)
		if (limit.maxLength === undefined)
			problems.push(...rangeProblems(limit).map((p) => `${limit.parameter}: ${p}`));
	expect(problems).toEqual([]);
});

compare(title, () => {
	test('holds the endpoint list, every request field and the Limits table as the document states them', () => {
		const stated = parseSpec(fs.readFileSync(SPEC_PATH, 'utf8'));
		expect(stated.endpoints.length).toBeGreaterThan(0);
		expect(SPEC).toEqual(stated);
	});
});
