/**
 * The spec's facts the tests check against (test/spec/facts.json): its endpoints with their
 * request fields, and its Limits table. test/spec/facts.test.ts holds them to the document.
 */
import FACTS from '../spec/facts.json';

export interface SpecField {
	name: string;
	in: 'path' | 'query' | 'body';
	required: boolean;
	/** The type word the spec gives (number, boolean, string, object, array of string, array), if any. */
	type?: string;
	min?: number;
	max?: number;
	enum?: string[];
	default?: string | number | boolean | string[];
	/** Other names the spec gives for the same field. */
	alternateNames?: string[];
}

export interface SpecEndpoint {
	method: string;
	path: string;
	fields: SpecField[];
	/** The spec shows none of its fields (GET /scrape: "not shown"). */
	fieldsNotShown?: boolean;
}

/** A row of the Limits table: a numeric range, or the longest texts (action key / selector / text). */
export interface SpecLimit {
	/** The Parameter cell, as the row's name. */
	parameter: string;
	min?: number;
	max?: number;
	default?: number;
	maxLength?: Record<string, number>;
}

export interface SpecFacts {
	endpoints: SpecEndpoint[];
	limits: SpecLimit[];
}

export const SPEC: SpecFacts = FACTS as SpecFacts;

export const endpointKey = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
