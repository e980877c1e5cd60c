/**
 * A fast path for the commonest parameter value, a plain reference to the item: `={{ $json.x }}`,
 * `={{ $json["x"] }}` or a nested path of both. n8n evaluates it in its expression engine for every
 * item (~0.1 ms each); read from the item instead, only where the result is provably the same
 * (test/nodes/itemReference.test.ts compares both in n8n 2.x and 1.x). Anything else, and any value
 * but a string, a finite number or a boolean, goes through getNodeParameter.
 */
import type { INodeProperties } from 'n8n-workflow';

import { isJsonObject } from '../../../contract';

const WHOLE =
	/^=\{\{\s*\$json((?:\.[A-Za-z_$][\w$]*|\[\s*(?:"[^"'`\\{}\n]*"|'[^"'`\\{}\n]*')\s*\])+)\s*\}\}$/;
const SEGMENT = /\.([A-Za-z_$][\w$]*)|\[\s*(?:"([^"]*)"|'([^']*)')\s*\]/g;

/**
 * Words n8n refuses or treats apart inside expressions (n8n-workflow's unsafe object
 * properties): a key containing one is left to n8n.
 */
const UNSAFE_WORDS = [
	'__proto__',
	'prototype',
	'constructor',
	'getPrototypeOf',
	'setPrototypeOf',
	'getOwnPropertyDescriptor',
	'defineProperty',
	'defineProperties',
	'mainModule',
	'binding',
	'_linkedBinding',
	'_load',
	'prepareStackTrace',
	'__lookupGetter__',
	'__lookupSetter__',
	'__defineGetter__',
	'__defineSetter__',
	'caller',
	'callee',
	'arguments',
	'getBuiltinModule',
	'dlopen',
	'execve',
	'loadEnvFile',
];

/** The path of a parameter value that is a plain item reference, or undefined. */
export function itemReferencePath(raw: unknown): string[] | undefined {
	if (typeof raw !== 'string') return undefined;
	const whole = WHOLE.exec(raw);
	if (!whole) return undefined;
	const path = [...whole[1].matchAll(SEGMENT)].map((m) => m[1] ?? m[2] ?? m[3]);
	if (path.some((key) => UNSAFE_WORDS.some((word) => key.includes(word)))) return undefined;
	return path;
}

/**
 * The value at `path` in the item's json when it is one n8n would return unchanged (a string, a
 * finite number, a boolean) through plain objects' own keys; undefined otherwise.
 */
export function readItemReference(json: unknown, path: string[]): { value: unknown } | undefined {
	let value = json;
	for (const key of path) {
		if (!isJsonObject(value) || !Object.prototype.hasOwnProperty.call(value, key)) return undefined;
		value = value[key];
	}
	if (typeof value === 'string' || typeof value === 'boolean') return { value };
	if (typeof value === 'number' && Number.isFinite(value)) return { value };
	return undefined;
}

/**
 * Parameters n8n checks or converts after evaluating them (validateType, collections, resource
 * mappers): never read on the fast path.
 */
export function checkedAfterEvaluation(properties: INodeProperties[], name: string): boolean {
	return properties.some(
		(property) =>
			property.name === name &&
			(property.validateType !== undefined ||
				['collection', 'fixedCollection', 'resourceMapper'].includes(property.type)),
	);
}
