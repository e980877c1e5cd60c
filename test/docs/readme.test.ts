import { readFileSync } from 'fs';
import { join } from 'path';

import { operationsMarkdown, readSection } from '../../devkit/docs';
import { RESOURCES } from '../../nodes/shared/endpoints';

describe('README', () => {
	const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');

	it('lists exactly the operations of the endpoint table (run `npm run docs` to refresh)', () => {
		expect(readSection(readme)).toBe(operationsMarkdown(RESOURCES));
	});

	it('names the main command and the test command', () => {
		expect(readme).toContain('npm ci && npm start');
		expect(readme).toContain('npm ci && npm test');
	});
});
