import nock from 'nock';

// Jest loads nock afresh for every test file in a worker; without restoring, each file would
// stack one more layer of socket interception.
afterAll(() => {
	nock.cleanAll();
	nock.restore();
});
