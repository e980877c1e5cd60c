/** The one place that knows a field may be sent under alternate names. */
import type { WireField } from './types';

/** A field's own name, then its alternate names. */
export function namesOf(field: WireField): readonly string[] {
	return field.alternateNames ? [field.name, ...field.alternateNames] : [field.name];
}

const cache = new WeakMap<readonly WireField[], ReadonlyMap<string, WireField>>();

/** Every name the API accepts for `fields`, in field order, with the field it stands for. */
export function wireNames<F extends WireField>(fields: readonly F[]): ReadonlyMap<string, F> {
	let names = cache.get(fields);
	if (!names) {
		names = new Map(
			fields.flatMap((field) => namesOf(field).map((name) => [name, field] as const)),
		);
		cache.set(fields, names);
	}
	return names as ReadonlyMap<string, F>;
}
