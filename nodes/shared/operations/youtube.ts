import { TIMEOUT_V2 } from './fields';
import { nodeSpec } from './resolve';

export const youtube = nodeSpec({
	node: 'webDataYouTube',
	displayName: 'Web Data YouTube',
	description: 'Timestamped transcripts of videos (5 credits on success, nothing on failure)',
	categories: ['Marketing', 'Data & Storage'],
	searchKeywords: ['youtube', 'video', 'transcript', 'captions', 'subtitles'],
	operations: {
		youtubeTranscript: {
			value: 'getTranscript',
			name: 'Get Transcript',
			action: 'Get a video transcript',
			description: 'Get the timestamped transcript of one video. Costs 5 credits on success.',
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
				timeout: {
					displayName: 'Timeout',
					default: 30000,
					description: 'Timeout in milliseconds',
					v2: TIMEOUT_V2,
				},
			},
		},
	},
});
