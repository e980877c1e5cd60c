/**
 * The errors the transport builds, exactly: the API's own message from any body shape, the
 * status hints, message and description, the body kept as errorResponse, network failures, and
 * the item a failure belongs to. The key's masks are in masking.test.ts.
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import {
	apiError,
	apiMessage,
	asNodeError,
	atItem,
	networkError,
} from '../../nodes/shared/transport/errors';
import { ERROR_NODE as NODE } from '../helpers/runNode';

describe('apiMessage', () => {
	test.each([
		['text, trimmed', '  denied \n', 'denied'],
		['text cut at 500 characters', 'x'.repeat(600), 'x'.repeat(500)],
		['blank text', '   ', undefined],
		['error first', { error: 'e', message: 'm', detail: 'd' }, 'e'],
		['message when error is blank', { error: ' ', message: 'm', detail: 'd' }, 'm'],
		['detail last', { detail: 'd' }, 'd'],
		['a field message whole, however long', { message: 'y'.repeat(600) }, 'y'.repeat(600)],
		['nested', { error: { message: 'inner' } }, 'inner'],
		['nested, then the next field', { error: { code: 1 }, message: 'm' }, 'm'],
		['an array body', ['a'], undefined],
		['a number', 5, undefined],
		['null', null, undefined],
		['no known field', { status: 'x' }, undefined],
		[
			'a list of error objects',
			{ success: false, errors: [{ field: 'domain', message: 'domain must be a valid domain' }] },
			'domain must be a valid domain',
		],
		['a list of error texts', { errors: ['domain is required'] }, 'domain is required'],
		[
			'a validation list over the reason phrase beside it',
			{
				statusCode: 400,
				message: ['domain must be a domain', 'limit too high'],
				error: 'Bad Request',
			},
			'domain must be a domain; limit too high',
		],
		[
			'a message over the reason phrase beside it',
			{ error: 'Not Found', message: 'No brand for acme.com' },
			'No brand for acme.com',
		],
		['a reason phrase alone', { error: 'Bad Request' }, 'Bad Request'],
		['each message of a list once', { errors: ['a', { message: 'a' }, ' b ', {}, 7] }, 'a; b'],
		['an empty list', { errors: [], message: 'm' }, 'm'],
		[
			"an HTML page's title",
			'<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>cloudflare</center></body></html>',
			'502 Bad Gateway',
		],
		[
			'an HTML page without a title: its text',
			'<html>\n<body><h1>Service\n  Unavailable</h1><p>Try again later</p></body></html>',
			'Service Unavailable Try again later',
		],
	])('%s', (_, body, expected) => {
		expect(apiMessage(body)).toBe(expected);
	});

	test('a list of messages is cut at 500 characters, like a text body', () => {
		const errors = Array.from({ length: 100 }, (_, i) => ({ message: `field ${i} is invalid` }));
		const message = apiMessage({ errors })!;
		expect(message).toMatch(/^field 0 is invalid; field 1 is invalid; /);
		expect(message).toHaveLength(500);
	});

	test('an HTML page without a title is cut at 500 characters', () => {
		const page = `<html><body>${'<p>word</p>'.repeat(200)}</body></html>`;
		const message = apiMessage(page)!;
		expect(message).not.toMatch(/[<>]/);
		expect(message).toHaveLength(500);
	});
});

describe('apiError', () => {
	// What a reader of the error needs from each status (the wording may change): the status,
	// and for the ones a user can act on, what to look at.
	test.each([
		[400, /rejected the request/],
		[401, /API key.*credential/],
		[402, /out of credits/],
		[403, /key may not/],
		[404, /found nothing/],
		[429, /rate limit of your plan.*retries/],
		[409, /returned an error/],
		[499, /returned an error/],
		[500, /API failed/],
		[503, /API failed/],
	])('HTTP %d without a message says so and what to check', (status, hint) => {
		const error = apiError(NODE, status, {}, 'GET /x');
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toMatch(hint);
		expect(error.message).toMatch(new RegExp(`^The Web Data .*\\(HTTP ${status}\\)$`));
		expect(error.description).toBe('GET /x');
		expect(error.httpCode).toBe(String(status));
	});

	test("the API's message after the hint, and after the context in the description", () => {
		const body = { success: false, error: 'No brand for acme.com' };
		const error = apiError(NODE, 404, body, 'GET /brand/retrieve');
		expect(error.message).toBe(
			'The Web Data API found nothing at this address or ID (HTTP 404): No brand for acme.com',
		);
		expect(error.description).toBe('GET /brand/retrieve - No brand for acme.com');
		expect(error.errorResponse).toEqual(body);
	});

	test('a validation list reaches the message and the description', () => {
		const body = { statusCode: 400, message: ['domain must be a domain'], error: 'Bad Request' };
		const error = apiError(NODE, 400, body, 'GET /brand/retrieve');
		expect(error.message).toBe(
			'The Web Data API rejected the request (HTTP 400): domain must be a domain',
		);
		expect(error.description).toBe('GET /brand/retrieve - domain must be a domain');
		expect(error.errorResponse).toEqual(body);
	});

	test('a text body is kept as {message}; no context and no message leave no description', () => {
		const error = apiError(NODE, 502, ' bad gateway ', undefined);
		expect(error.message).toBe('The Web Data API failed (HTTP 502): bad gateway');
		expect(error.description).toBe('bad gateway');
		expect(error.errorResponse).toEqual({ message: 'bad gateway' });

		const bare = apiError(NODE, 500, '', undefined);
		expect(bare.errorResponse).toEqual({ message: '' });
		expect(bare.description).toBeFalsy();
	});

	test.each([null, 7, true])('a body of %j is kept as {message: ""}', (body) => {
		const error = apiError(NODE, 500, body, 'GET /x');
		expect(error.errorResponse).toEqual({ message: '' });
		expect(error.message).toBe('The Web Data API failed (HTTP 500)');
	});
});

describe('networkError', () => {
	test('names the code when there is one (one n8n has no message of its own for)', () => {
		const error = networkError(NODE, 'EPROTO', 'socket hang up', 'GET /x failed 6 times');
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('Could not reach the Web Data API (EPROTO): socket hang up');
		expect(error.description).toBe('GET /x failed 6 times');
		expect(error.errorResponse).toEqual({ message: 'socket hang up', code: 'EPROTO' });
	});

	test('without a code: NETWORK in the body, none in the message', () => {
		const error = networkError(NODE, undefined, 'offline', 'POST /y');
		expect(error.message).toBe('Could not reach the Web Data API: offline');
		expect(error.errorResponse).toEqual({ message: 'offline', code: 'NETWORK' });
	});
});

describe('asNodeError and atItem', () => {
	test("n8n's error classes pass through; anything else becomes a NodeOperationError", () => {
		const api = new NodeApiError(NODE, { message: 'x' });
		const operation = new NodeOperationError(NODE, 'y');
		expect(asNodeError(NODE, api)).toBe(api);
		expect(asNodeError(NODE, operation)).toBe(operation);
		const wrapped = asNodeError(NODE, new TypeError('z'));
		expect(wrapped).toBeInstanceOf(NodeOperationError);
		expect(wrapped.message).toBe('z');
	});

	test('atItem names the item once: a later call keeps the first', () => {
		const error = new NodeOperationError(NODE, 'x');
		expect(atItem(error, 3)).toBe(error);
		expect(error.context.itemIndex).toBe(3);
		atItem(error, 5);
		expect(error.context.itemIndex).toBe(3);
	});
});
