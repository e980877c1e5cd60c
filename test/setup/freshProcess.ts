import type * as Accounts from '../../nodes/shared/transport/accounts';
import { fromDist } from '../helpers/dist';

// The nodes keep one pacer per account for the whole process (dist/, as n8n loads it); each test
// starts as a process that has read no plan yet.
const accounts = () => fromDist<typeof Accounts>('nodes/shared/transport/accounts');

// A plan read still open when a test ends would otherwise land in the next test's double.
afterEach(async () => {
	await accounts().forgetAccounts();
});
