import * as path from 'node:path';

// The nodes keep one pacer per account for the whole process (dist/, as n8n loads it); each test
// starts as a process that has read no plan yet.
const accounts = path.resolve(__dirname, '../../dist/nodes/shared/transport/accounts.js');

// A plan read still open when a test ends would otherwise land in the next test's double.
afterEach(async () => {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	await (require(accounts) as { forgetAccounts: () => Promise<void> }).forgetAccounts();
});
