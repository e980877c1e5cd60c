import { body, idPath } from './fields';
import type { ResourceSpec } from './types';

export const webhook: ResourceSpec = {
	node: 'webDataWebhook',
	displayName: 'Web Data Webhook',
	description: 'Update, test and delete Web Data Service webhooks',
	aliases: ['webhook', 'events', 'notification', 'callback'],
	operations: [
		{
			value: 'update',
			name: 'Update',
			action: 'Update a webhook',
			description: "Change a webhook's URL, events or active state",
			method: 'PATCH',
			path: '/webhooks/{id}',
			fields: [
				idPath('Webhook'),
				body({ name: 'url', displayName: 'URL', kind: 'string', format: 'url', description: 'The URL deliveries are sent to' }),
				body({ name: 'events', displayName: 'Events', kind: 'stringList', description: 'Event types to deliver, such as crawl.completed (one per line or comma-separated)' }),
				body({ name: 'isActive', displayName: 'Active', kind: 'boolean', default: true, description: 'Whether the webhook delivers events' }),
			],
		},
		{
			value: 'test',
			name: 'Test',
			action: 'Send a test delivery',
			description: 'Send a test delivery of an event type to a webhook',
			method: 'POST',
			path: '/webhooks/{id}/test',
			fields: [
				idPath('Webhook'),
				body({ name: 'event', displayName: 'Event', kind: 'string', required: true, default: 'crawl.completed', description: 'The event type to test, such as crawl.completed' }),
				body({ name: 'payload', displayName: 'Payload (JSON)', kind: 'json', shape: 'any', default: '{}', description: 'A custom payload for the test delivery, as JSON' }),
			],
		},
		{
			value: 'delete',
			name: 'Delete',
			action: 'Delete a webhook',
			description: 'Delete a webhook',
			method: 'DELETE',
			path: '/webhooks/{id}',
			fields: [idPath('Webhook')],
		},
	],
};
