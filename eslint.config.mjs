// ESLint 9 flat config for the community node package. Modelled on the reference config that
// n8n's own node CLI (@n8n/node-cli) ships for community nodes: the community-nodes plugin's
// `recommended` config (the one with the n8n Cloud rules: no restricted globals or imports)
// over the node code and package.json, plus eslint-plugin-n8n-nodes-base's `community`,
// `credentials` and `nodes` rule sets on the files each is written for.
//
// Only credentials/, nodes/, the contract the nodes load (contract/, without the dev-only response
// schemas) and package.json are linted: everything else (sandbox, tests, bench, e2e, scripts,
// build files) is not node code and is checked by tsc.
import js from '@eslint/js';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import { defineConfig, globalIgnores } from 'eslint/config';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import tseslint from 'typescript-eslint';

const communityRecommended = n8nCommunityNodesPlugin.configs.recommended;

export default defineConfig([
	globalIgnores([
		'**/*',
		'!credentials/',
		'!credentials/**',
		'!nodes/',
		'!nodes/**',
		'!contract/',
		'!contract/**',
		'contract/schemas/',
		'!package.json',
	]),
	{
		files: ['contract/**/*.ts', 'credentials/**/*.ts', 'nodes/**/*.ts'],
		extends: [js.configs.recommended, tseslint.configs.recommended, communityRecommended],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			'prefer-spread': 'off',
			'no-console': 'error',
		},
	},
	{
		files: ['package.json'],
		extends: [communityRecommended],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		languageOptions: {
			parser: tseslint.parser,
			parserOptions: { extraFileExtensions: ['.json'] },
		},
		rules: {
			...n8nNodesBase.configs.community.rules,
		},
	},
	{
		files: ['credentials/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// Same exceptions as n8n's reference config: documentationUrl may be a full URL, and
			// the password check is done by @n8n/community-nodes/credential-password-field.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
			'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// Same exceptions as n8n's reference config: these rules predate NodeConnectionTypes
			// and maxValue type options.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},
]);
