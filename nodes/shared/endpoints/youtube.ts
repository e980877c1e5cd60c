import { operation } from './resolve';
import type { ResourceSpec } from './types';

export const youtube: ResourceSpec = {
	node: 'webDataYouTube',
	displayName: 'Web Data YouTube',
	description: 'Timestamped transcripts of videos (5 credits on success, nothing on failure)',
	categories: ['Marketing', 'Data & Storage'],
	searchKeywords: ['youtube', 'video', 'transcript', 'captions', 'subtitles'],
	operations: [
		operation({
			value: 'getTranscript',
			name: 'Get Transcript',
			action: 'Get a video transcript',
			description: 'Get the timestamped transcript of one video. Costs 5 credits on success.',
			endpoint: 'youtubeTranscript',
			timeoutField: 'timeout',
			fields: {
				url: {
					displayName: 'Video URL',
					placeholder: 'https://www.youtube.com/watch?v=...',
					default: '',
					description: 'One video: watch, Shorts, live, embed and short-link URLs work',
				},
				formats: {
					displayName: 'Formats (JSON)',
					default: '["markdown"]',
					description: 'Output formats, as a JSON array of strings or format objects',
				},
				timeout: { displayName: 'Timeout', default: 30000, description: 'Timeout in milliseconds' },
			},
		}),
	],
};
