/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
	},
	setupFiles: ['<rootDir>/test/setup/env.ts'],
	setupFilesAfterEnv: [
		'<rootDir>/test/setup/restoreNock.ts',
		'<rootDir>/test/setup/freshProcess.ts',
	],
	testTimeout: 30000,
};
