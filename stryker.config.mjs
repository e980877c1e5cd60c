// The mutation benchmark (`npm run mutate`, devkit/commands/mutate.ts prints the scores): StrykerJS
// mutates the modules that decide what is refused, retried, masked, reported or paged, and every
// unit suite under test/ may kill a mutant. The node suites load the package through n8n-core's
// loader, which jest maps from dist/ to these sources (jest.config.js), so they see the mutants.
// One file at a time: `npm run mutate -- --mutate nodes/shared/jobs/pagination.ts`.

/** The modules under test, and the score each must reach (killed by an assertion). */
export const MUTATED = [
	'contract/validate.ts',
	'contract/checks.ts',
	'nodes/shared/behaviours/optionBounds.ts',
	'nodes/shared/brand/publicHost.ts',
	'nodes/shared/transport/retry.ts',
	'nodes/shared/transport/errors.ts',
	'nodes/WebDataTrigger/registration.ts',
	'nodes/WebDataTrigger/token.ts',
	'nodes/shared/brand/changes.ts',
	'nodes/shared/jobs/pagination.ts',
	'nodes/shared/jobs/polling.ts',
	'nodes/shared/records.ts',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
	mutate: MUTATED,
	testRunner: 'jest',
	jest: {
		configFile: 'jest.config.js',
		// jest's related-test search follows static imports inside its roots (test/) only; the
		// node suites reach the sources through the loader, so every suite runs in the dry run.
		enableFindRelatedTests: false,
		config: {
			// A mutant runs only the test files that reached it in the dry run, the quickest first,
			// up to the first failure (test/mutation/).
			testEnvironment: './test/mutation/environment.js',
			setupFilesAfterEnv: [
				'<rootDir>/test/setup/restoreNock.ts',
				'<rootDir>/test/setup/freshProcess.ts',
				'<rootDir>/test/mutation/recordCoverage.js',
			],
			testSequencer: '<rootDir>/test/mutation/sequencer.js',
			runner: '<rootDir>/test/mutation/bailingRunner.js',
			// The build (dist/, npm pack), the devkit and the docs: no mutant reaches them.
			testPathIgnorePatterns: [
				'/node_modules/',
				'<rootDir>/test/release/',
				'<rootDir>/test/devkit/',
				'<rootDir>/test/docs/',
			],
		},
	},
	// Which tests reach each mutant comes from the dry run; a mutant runs only those.
	coverageAnalysis: 'perTest',
	checkers: [],
	concurrency: 2,
	// Over the time the covering tests took in the dry run: a mutant that loops is cut short. Jest
	// takes seconds to start a mutant's run on a busy machine, so less than 10 s times out mutants
	// that would have been killed.
	timeoutMS: 10000,
	ignorePatterns: ['dist', '.dist-dev', '.n8n-home', 'artifacts', 'coverage', 'reports'],
	reporters: ['json', 'clear-text', 'progress'],
	jsonReporter: { fileName: 'reports/mutation/mutation.json' },
	clearTextReporter: { allowColor: false, logTests: false, reportMutants: false },
	tempDirName: '.stryker-tmp',
	cleanTempDir: true,
};
