import { nodeSpec } from './resolve';

export const account = nodeSpec({
	node: 'webDataAccount',
	displayName: 'Web Data Account',
	description: 'Credits, plan limits and queue usage of your Web Data Service account',
	categories: ['Development'],
	searchKeywords: ['account', 'credits', 'balance', 'plan', 'usage'],
	operations: {
		account: {
			value: 'get',
			unwrapData: true,
			name: 'Get',
			action: 'Get account credits and plan',
			description: 'Get the credit balance, plan limits and queue usage',
			fields: {},
		},
	},
});
