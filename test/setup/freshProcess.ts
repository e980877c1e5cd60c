import { forgetAccounts } from '../../nodes/shared/transport/accounts';

// The nodes keep one pacer per account for the whole process; the loader's dist/ require and this
// import are one module instance (jest.config.js maps dist/ to the sources). Each test starts as
// a process that has read no plan yet, and a plan read still open when a test ends would
// otherwise land in the next test's double.
afterEach(async () => {
	await forgetAccounts();
});
