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
	body: { model?: string; stream?: boolean; messages?: ChatMessage[]; tools?: unknown[] };
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
			res.writeHead(404, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ error: { message: `No route ${req.method} ${path}` } }));
			return;
		}
		const request: ModelRequest = {
			path,
			headers: req.headers,
			body: JSON.parse(body || '{}') as ModelRequest['body'],
		};
		this.requests.push(request);
		const message = this.reply(request);
		if (request.body.stream) this.stream(res, request, message);
		else {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify(this.completion(request, message)));
		}
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
			choices: [
				{
					index: 0,
					message,
					finish_reason: message.tool_calls ? 'tool_calls' : 'stop',
				},
			],
			usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
		};
	}

	/** The same answer as server-sent events, for a client that asks for a stream. */
	private stream(res: http.ServerResponse, request: ModelRequest, message: ChatMessage): void {
		const { choices, usage, ...head } = this.completion(request, message);
		const chunk = (delta: object, finish: string | null) =>
			`data: ${JSON.stringify({
				...head,
				object: 'chat.completion.chunk',
				choices: [{ index: 0, delta, finish_reason: finish }],
			})}\n\n`;
		const delta = message.tool_calls
			? { role: 'assistant', tool_calls: message.tool_calls.map((c, index) => ({ index, ...c })) }
			: { role: 'assistant', content: message.content };
		res.writeHead(200, { 'content-type': 'text/event-stream' });
		res.write(chunk(delta, null));
		res.write(chunk({}, choices[0].finish_reason));
		res.write(`data: ${JSON.stringify({ ...head, choices: [], usage })}\n\n`);
		res.end('data: [DONE]\n\n');
	}
}
