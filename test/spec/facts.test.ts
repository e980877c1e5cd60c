/**
 * The spec's facts the tests check against (test/spec/facts.json) are what the spec document
 * states. The document is not part of the repository: it is read from WEBDATA_SPEC_PATH, or
 * else from ../shared/spec/web-data-service.md beside the checkout (as in CI). Without it this
 * one test is skipped, and its title says why; every other test runs from the facts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { ROOT } from '../../devkit/root';
import { SPEC } from '../helpers/spec';
import { parseSpec } from './parse';

const ASKED = process.env.WEBDATA_SPEC_PATH;
const SPEC_PATH = ASKED ?? path.resolve(ROOT, '..', 'shared', 'spec', 'web-data-service.md');
// A path asked for by name must be there; the default one may be absent (a public clone).
const present = ASKED !== undefined || fs.existsSync(SPEC_PATH);

const compare = present ? describe : describe.skip;
const title = present
	? `test/spec/facts.json against the spec document at ${SPEC_PATH}`
	: `skipped: no spec document at ${SPEC_PATH}, so test/spec/facts.json is not compared with it (set WEBDATA_SPEC_PATH to compare)`;

// jest names no test of a suite it skips whole, and drops that suite's console output.
if (!present) process.stderr.write(`${title}\n`);

compare(title, () => {
	test('holds the endpoint list, every request field and the Limits table as the document states them', () => {
		const stated = parseSpec(fs.readFileSync(SPEC_PATH, 'utf8'));
		expect(stated.endpoints.length).toBeGreaterThan(0);
		expect(SPEC).toEqual(stated);
	});
});
