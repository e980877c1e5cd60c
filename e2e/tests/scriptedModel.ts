/**
 * A scripted OpenAI-compatible chat model on 127.0.0.1 (the credential's base URL: `baseUrl`):
 * `POST /v1/chat/completions` first answers with one tool call, then, once the conversation
 * holds the tool's result, with a final answer quoting it. It records every request, so a test
 * can read which tools the agent offered and what the tool returned.
 */
import { serveLoopback } from '../../devkit/loopback';

export interface OfferedTool {
	name: string;
	description: string;
	parameters: Record<string, unknown>;
}

interface ModelRequest {
	path: string;
	headers: Record<string, string | string[] | undefined>;
	body: {
		model?: string;
		messages?: Array<{ role: string; content?: string | null }>;
		tools?: Array<{ function: OfferedTool }>;
	};
}

/** The tools a request offered, as the model reads them. */
export function offeredTools(request: ModelRequest): OfferedTool[] {
	return (request.body.tools ?? []).map((tool) => tool.function);
}

/** The tool results a request carries back to the model. */
export function toolResults(request: ModelRequest): string[] {
	const results = (request.body.messages ?? []).filter((message) => message.role === 'tool');
	return results.map((message) => String(message.content ?? ''));
}

export const ANSWER_PREFIX = 'The tool answered: ';
const QUOTE_LENGTH = 200;

type ToolCall = { name: string; arguments: object };

/** `call` while no tool has answered, then an answer quoting the tool. */
function reply(request: ModelRequest, { name, arguments: args }: ToolCall) {
	const [result] = toolResults(request);
	if (result !== undefined)
		return { role: 'assistant', content: ANSWER_PREFIX + result.slice(0, QUOTE_LENGTH) };
	const call = { id: 'call_scripted_1', type: 'function' as const };
	const tool_calls = [{ ...call, function: { name, arguments: JSON.stringify(args) } }];
	return { role: 'assistant', content: null, tool_calls };
}

/** The model, whose tool call is `call`; `requests` is every request it answered. */
export async function startScriptedModel(call: ToolCall) {
	const requests: ModelRequest[] = [];
	const server = await serveLoopback((req, body, res) => {
		const path = (req.url ?? '').split('?')[0];
		if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
			const error = { message: `No route ${req.method} ${path}` };
			res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error }));
			return;
		}
		const request = { path, headers: req.headers, body: JSON.parse(body || '{}') };
		requests.push(request);
		// n8n's OpenAI Chat Model (2.x and 1.x) asks with `stream: false`: one JSON answer.
		const message = reply(request, call);
		res.writeHead(200, { 'content-type': 'application/json' }).end(
			JSON.stringify({
				id: `chatcmpl-scripted-${requests.length}`,
				object: 'chat.completion',
				created: Math.floor(Date.now() / 1000),
				model: request.body.model ?? 'scripted',
				choices: [{ index: 0, message, finish_reason: message.tool_calls ? 'tool_calls' : 'stop' }],
				usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
			}),
		);
	});
	return { ...server, baseUrl: `${server.url}/v1`, requests };
}
