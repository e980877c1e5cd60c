import { idPathEditor } from './fields';
import { nodeSpec } from './resolve';

/** The spec shows no list of webhooks, so there is no picker: the ID is pasted. */
const webhookId = idPathEditor(
	'Webhook',
	'By ID only: the API offers no list of webhooks to pick from. Use the ID of the webhook as created.',
);

export const webhook = nodeSpec({
	node: 'webDataWebhook',
	displayName: 'Web Data Webhook',
	description: 'Update, test and delete Web Data Service webhooks',
	categories: ['Development'],
	searchKeywords: ['webhook', 'events', 'notification', 'callback'],
	operations: {
		webhookUpdate: {
			value: 'update',
			unwrapData: true,
			// The signing secret verifies deliveries: in execution data anyone who can read runs sees it.
			withheld: ['secret'],
			name: 'Update',
			action: 'Update a webhook',
			description: "Change a webhook's URL, events or active state",
			// Version 1 sent an update of nothing, which the API accepts and which changes nothing.
			needs: [{ anyOf: ['url', 'events', 'isActive'], falseCounts: true, since: 2 }],
			fields: {
				...webhookId,
				url: { displayName: 'URL', description: 'The URL deliveries are sent to' },
				events: {
					displayName: 'Events',
					description:
						'Event types to deliver, such as crawl.completed (one per line or comma-separated)',
				},
				isActive: {
					displayName: 'Active',
					default: true,
					description: 'Whether the webhook delivers events',
				},
			},
		},
		webhookTest: {
			value: 'test',
			unwrapData: true,
			withheld: ['secret'],
			name: 'Test',
			action: 'Send a test delivery',
			description: 'Send a test delivery of an event type to a webhook',
			fields: {
				...webhookId,
				event: {
					displayName: 'Event',
					default: 'crawl.completed',
					description: 'The event type to test, such as crawl.completed',
				},
				payload: {
					displayName: 'Payload (JSON)',
					default: '{}',
					description: 'A custom payload for the test delivery, as JSON',
				},
			},
		},
		webhookDelete: {
			value: 'delete',
			unwrapData: true,
			withheld: ['secret'],
			name: 'Delete',
			action: 'Delete a webhook',
			description: 'Delete a webhook',
			fields: {
				...webhookId,
			},
		},
	},
});
