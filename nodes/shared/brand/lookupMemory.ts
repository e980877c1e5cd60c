/**
 * What Watch for Changes remembers between production executions: the compact state of the
 * watched fields of each lookup (see compactState), in the node's workflow static data, which
 * n8n saves in its database. The memory is bounded: the lookups seen longest ago are forgotten
 * first.
 */
import type { IDataObject } from 'n8n-workflow';

import type { FieldSpec, ItemValues, OperationSpec } from '../operations/types';
import { compactState, digest, jsonBytes } from './changes';

/**
 * A lookup takes at most about 410 bytes of JSON: its key (at most KEY_BYTES), at most 7 field
 * names (45 characters together), values kept whole (KEPT_BYTES_PER_LOOKUP) and an 18-byte
 * fingerprint for each other field. So 10,000 lookups stay under 4.2 MB, whatever the API answers.
 */
export const MAX_LOOKUPS = 10_000;
export const MAX_BYTES_PER_LOOKUP = 420;

const STATIC_DATA_KEY = 'watchedLookups';
/** Where the previous version kept whole values: compacted and moved on first use. */
const FORMER_STATIC_DATA_KEY = 'watchedBrands';
/** A lookup key longer than this as JSON is replaced by its digest. */
const KEY_BYTES = 64;

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

/** `retrieveByName:<a long name>` becomes `retrieveByName#<digest>`. */
const bounded = (key: string): string =>
	jsonBytes(key) <= KEY_BYTES ? key : `${key.slice(0, key.indexOf(':'))}#${digest(key)}`;

/**
 * The operation and its normalised lookup value: `retrieve:acme.com`, `retrieveByTicker:aapl`
 * (bounded: a long one is replaced by its digest).
 */
export function lookupKey(op: OperationSpec, values: ItemValues): string {
	const field = lookupField(op);
	const value = String(values[field.name] ?? '');
	const normalised =
		field.format === 'url' || field.format === 'domainOrUrl'
			? hostOf(value)
			: value.trim().toLowerCase();
	return bounded(`${op.value}:${normalised}`);
}

/**
 * The lookups of one node, oldest first. Object keys keep their insertion order (also through
 * n8n's JSON round trip), so a lookup seen again is moved to the end, and the first keys are
 * the oldest. The order is mirrored in a Map, so an eviction does not list 10,000 keys.
 *
 * Reading changes nothing in the static data: the previous version's state is moved to its new
 * place only by the first remember(), so a node that fails leaves the static data as it was.
 */
export class LookupMemory {
	private readonly order: Map<string, true>;

	private constructor(
		private readonly nodeStaticData: IDataObject,
		private readonly lookups: IDataObject,
		private readonly max: number,
	) {
		this.order = new Map(Object.keys(lookups).map((key) => [key, true]));
	}

	/** The node's memory in its workflow static data (`getWorkflowStaticData('node')`). */
	static in(nodeStaticData: IDataObject, max = MAX_LOOKUPS): LookupMemory {
		const current = nodeStaticData[STATIC_DATA_KEY] as IDataObject | undefined;
		if (current) return new LookupMemory(nodeStaticData, current, max);
		const former = (nodeStaticData[FORMER_STATIC_DATA_KEY] ?? {}) as Record<string, IDataObject>;
		const moved = Object.fromEntries(
			Object.entries(former).map(([key, values]) => [bounded(key), compactState(values)]),
		);
		return new LookupMemory(nodeStaticData, moved, max);
	}

	/** The compact state kept for a lookup (compare it with changedFields). */
	recall(key: string): IDataObject | undefined {
		return this.lookups[key] as IDataObject | undefined;
	}

	/** Keeps the compact state of a lookup's watched values (whole values, see watchedValues). */
	remember(key: string, values: IDataObject): void {
		if (this.nodeStaticData[STATIC_DATA_KEY] !== this.lookups) {
			this.nodeStaticData[STATIC_DATA_KEY] = this.lookups;
			delete this.nodeStaticData[FORMER_STATIC_DATA_KEY];
		}
		if (this.order.delete(key)) delete this.lookups[key];
		this.lookups[key] = compactState(values);
		this.order.set(key, true);
		for (const oldest of this.order.keys()) {
			if (this.order.size <= this.max) break;
			this.order.delete(oldest);
			delete this.lookups[oldest];
		}
	}
}
