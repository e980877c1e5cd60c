/**
 * A scripted OpenAI-compatible chat model on 127.0.0.1, for agent tests without a real model:
 * `POST /v1/chat/completions` first answers with one tool call, then, once the conversation
 * holds the tool's result, with a final answer quoting it. Every request it receives is recorded
 * (body and headers), so a test can read which tools the agent offered and what the tool returned.
 *
 *   const model = new ScriptedModel(() => ({ name: 'Scrape_page', arguments: { url } }));
 *   await model.start(); // credential base URL: model.baseUrl
 */
import type * as http from 'node:http';

import { serveLoopback, type LoopbackServer } from '../../devkit/loopback';

export interface OfferedTool {
	name: string;
	description: string;
	parameters: Record<string, unknown>;
}

export interface ChatMessage {
	role: string;
	content?: string | null;
	tool_call_id?: string;
	tool_calls?: Array<{
		id: string;
		type: 'function';
		function: { name: string; arguments: string };
	}>;
}

export interface ModelRequest {
	path: string;
	headers: Record<string, string | string[] | undefined>;
	body: { model?: string; messages?: ChatMessage[]; tools?: unknown[] };
}

export interface ToolCall {
	name: string;
	arguments: Record<string, unknown>;
}

/** The tools a request offered, as the model reads them. */
export function offeredTools(request: ModelRequest): OfferedTool[] {
	return (request.body.tools ?? []).map((tool) => {
		const { name, description, parameters } = (tool as { function: OfferedTool }).function;
		return { name, description, parameters };
	});
}

/** The tool results a request carries back to the model. */
export function toolResults(request: ModelRequest): string[] {
	return (request.body.messages ?? [])
		.filter((message) => message.role === 'tool')
		.map((message) => String(message.content ?? ''));
}

export const ANSWER_PREFIX = 'The tool answered: ';
const QUOTE_LENGTH = 200;
const TOOL_CALL_ID = 'call_scripted_1';

export class ScriptedModel {
	readonly requests: ModelRequest[] = [];
	private server?: LoopbackServer;

	/** `callFor` picks the tool call from the tools the first request offers. */
	constructor(private readonly callFor: (tools: OfferedTool[]) => ToolCall) {}

	get baseUrl(): string {
		return `${this.server?.url}/v1`;
	}

	async start(): Promise<void> {
		this.server = await serveLoopback((req, body, res) => this.handle(req, body, res));
	}

	async stop(): Promise<void> {
		await this.server?.close();
	}

	private handle(req: http.IncomingMessage, body: string, res: http.ServerResponse): void {
		const path = (req.url ?? '').split('?')[0];
		if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
			const error = { message: `No route ${req.method} ${path}` };
			res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error }));
			return;
		}
		const request = { path, headers: req.headers, body: JSON.parse(body || '{}') };
		this.requests.push(request);
		// n8n's OpenAI Chat Model (2.x and 1.x) asks with `stream: false`: one JSON answer.
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end(JSON.stringify(this.completion(request, this.reply(request))));
	}

	/** A tool call while no tool has answered, then an answer quoting the tool. */
	private reply(request: ModelRequest): ChatMessage {
		const [result] = toolResults(request);
		if (result !== undefined)
			return { role: 'assistant', content: ANSWER_PREFIX + result.slice(0, QUOTE_LENGTH) };
		const call = this.callFor(offeredTools(request));
		return {
			role: 'assistant',
			content: null,
			tool_calls: [
				{
					id: TOOL_CALL_ID,
					type: 'function',
					function: { name: call.name, arguments: JSON.stringify(call.arguments) },
				},
			],
		};
	}

	private completion(request: ModelRequest, message: ChatMessage) {
		return {
			id: `chatcmpl-scripted-${this.requests.length}`,
			object: 'chat.completion',
			created: Math.floor(Date.now() / 1000),
			model: request.body.model ?? 'scripted',
			choices: [{ index: 0, message, finish_reason: message.tool_calls ? 'tool_calls' : 'stop' }],
			usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
		};
	}
}
