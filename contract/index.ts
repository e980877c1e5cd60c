/**
 * The wire contract: the spec's endpoints and fields as data, and the checks of wire values.
 * The nodes and the sandbox are both built on it. The response schemas (zod, dev only) are in
 * schemas/, which the nodes never load; the nodes read the types inferred from them
 * (responseTypes.ts).
 */
export { ENDPOINTS, type EndpointId, type FieldName } from './endpoints';
export { firstUnmet, isJsonObject, isPlainObject, type OneOf } from './checks';
export { namesOf, wireNames } from './names';
export { gatherWire, placeWire, type QueryValue, type WireRequest } from './placement';
export {
	formatWireIssue,
	gotValue,
	issueSentence,
	isUnset,
	OPEN_BOUNDS,
	validateWire,
	type WireIssue,
	type WireResult,
} from './validate';
export type * from './types';
export type * from './responseTypes';
