const fs = require('node:fs');

/** The checkout as n8n-core's loader sees it (it takes the real path of the package folder). */
const ROOT = fs.realpathSync(__dirname);
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
	},
	// The tests run the sources being edited, never the last build: when n8n-core's loader
	// requires a listed dist/ file, jest hands it the TypeScript source it was built from, one
	// module instance shared with the tests that import that source. The codex files gulp
	// generates are still read from dist/ (.json is not mapped).
	moduleNameMapper: {
		[`^${escape(ROOT)}/dist/((?:nodes|credentials|contract)/(?!.*\\.json$).*?)(?:\\.js)?$`]:
			'<rootDir>/$1',
	},
	setupFiles: ['<rootDir>/test/setup/env.ts'],
	setupFilesAfterEnv: [
		'<rootDir>/test/setup/restoreNock.ts',
		'<rootDir>/test/setup/freshProcess.ts',
	],
	testTimeout: 30000,
};
