/**
 * What Watch for Changes remembers between production executions: the watched fields of each
 * lookup, in the node's workflow static data, which n8n saves in its database. The memory is
 * bounded: the lookups seen longest ago are forgotten first.
 */
import type { IDataObject } from 'n8n-workflow';

import type { FieldSpec, OperationSpec } from '../endpoints/types';
import type { ApiRequest } from '../transport/apiRequest';

export const MAX_LOOKUPS = 10_000;

const STATIC_DATA_KEY = 'watchedBrands';

/** `https://WWW.Acme.com/about` and `acme.com` are the same lookup: `acme.com`. */
export function hostOf(value: string): string {
	const text = value.trim();
	let host: string;
	try {
		host = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `http://${text}`).hostname;
	} catch {
		host = text;
	}
	return host
		.toLowerCase()
		.replace(/^www\./, '')
		.replace(/\.$/, '');
}

function lookupField(op: OperationSpec): FieldSpec {
	const field = op.fields.find((candidate) => candidate.required);
	if (!field) throw new Error(`${op.name} has no lookup field`);
	return field;
}

/** The operation and its normalised lookup value: `retrieve:acme.com`, `retrieveByTicker:aapl`. */
export function lookupKey(op: OperationSpec, request: ApiRequest): string {
	const field = lookupField(op);
	const value = String(request.qs?.[field.name] ?? request.body?.[field.name] ?? '');
	const normalised =
		field.format === 'url' || field.format === 'domainOrUrl'
			? hostOf(value)
			: value.trim().toLowerCase();
	return `${op.value}:${normalised}`;
}

/**
 * The lookups of one node, oldest first. Object keys keep their insertion order (also through
 * n8n's JSON round trip), so a lookup seen again is moved to the end, and the first keys are
 * the oldest. The order is mirrored in a Map, so an eviction does not list 10,000 keys.
 */
export class LookupMemory {
	private readonly order: Map<string, true>;

	constructor(
		private readonly lookups: IDataObject,
		private readonly max = MAX_LOOKUPS,
	) {
		this.order = new Map(Object.keys(lookups).map((key) => [key, true]));
	}

	/** The node's memory in its workflow static data (`getWorkflowStaticData('node')`). */
	static in(nodeStaticData: IDataObject, max = MAX_LOOKUPS): LookupMemory {
		nodeStaticData[STATIC_DATA_KEY] ??= {};
		return new LookupMemory(nodeStaticData[STATIC_DATA_KEY] as IDataObject, max);
	}

	recall(key: string): IDataObject | undefined {
		return this.lookups[key] as IDataObject | undefined;
	}

	remember(key: string, values: IDataObject): void {
		if (this.order.delete(key)) delete this.lookups[key];
		this.lookups[key] = values;
		this.order.set(key, true);
		for (const oldest of this.order.keys()) {
			if (this.order.size <= this.max) break;
			this.order.delete(oldest);
			delete this.lookups[oldest];
		}
	}
}
