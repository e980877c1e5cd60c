/**
 * The end-to-end suites (`npm run test:e2e`, devkit/commands/e2e.ts). One worker: each suite
 * shares one sandbox and one n8n between its checks, in order.
 * @type {import('jest').Config}
 */
module.exports = {
	rootDir: '..',
	testEnvironment: 'node',
	roots: ['<rootDir>/e2e/tests'],
	testMatch:
		process.env.WEBDATA_N8N_LINE === '1'
			? ['**/{operations,agent,files,egress,install,registry}.e2e.test.ts']
			: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
	},
	maxWorkers: 1,
	testTimeout: 180000,
	verbose: true,
};
