import { body } from './fields';
import type { ResourceSpec } from './types';

export const youtube: ResourceSpec = {
	node: 'webDataYouTube',
	displayName: 'Web Data YouTube',
	description: 'Timestamped transcripts of videos (5 credits on success, nothing on failure)',
	aliases: ['youtube', 'video', 'transcript', 'captions', 'subtitles'],
	operations: [
		{
			value: 'getTranscript',
			name: 'Get Transcript',
			action: 'Get a video transcript',
			description: 'Get the timestamped transcript of one video. Costs 5 credits on success.',
			method: 'POST',
			path: '/youtube/transcript',
			timeoutField: 'timeout',
			fields: [
				body({ name: 'url', displayName: 'Video URL', kind: 'string', required: true, format: 'url', default: '', placeholder: 'https://www.youtube.com/watch?v=...', description: 'One video: watch, Shorts, live, embed and short-link URLs work' }),
				body({ name: 'formats', displayName: 'Formats (JSON)', kind: 'json', shape: 'formats', default: '["markdown"]', description: 'Output formats, as a JSON array of strings or format objects' }),
				body({ name: 'timeout', displayName: 'Timeout', kind: 'number', min: 0, default: 30000, description: 'Timeout in milliseconds' }),
			],
		},
	],
};
