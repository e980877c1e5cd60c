/** The trigger's entry in the node panel (the action nodes' entries are in the operations table). */
export const TRIGGER_CODEX = {
	node: 'webDataTrigger',
	categories: ['Development'],
	searchKeywords: [
		'webhook',
		'event',
		'events',
		'trigger',
		'crawl completed',
		'job completed',
		'callback',
	],
} as const;
