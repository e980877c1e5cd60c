/**
 * What travels through an item's trip (index.ts lists the steps): the item once read and checked,
 * ready to be sent, as one value that every later step takes as it is.
 */
import type { WireIssue } from '../../../contract';
import type { Wrap } from '../behaviours';
import type { OperationSpec } from '../endpoints/types';
import type { ApiRequest } from '../transport/apiRequest';

/** An item's values, keyed by API name. */
export type ItemValues = Readonly<Record<string, unknown>>;

/** An item ready to be sent: built by prepare.ts, sent by send.ts. */
export interface PreparedItem {
	/** The operation the node is set to. */
	operation: OperationSpec;
	/** The validated values the request was built from. */
	values: ItemValues;
	/** The operation's request with these values. */
	request: ApiRequest;
	/** The behaviours on for this item, innermost first. */
	wraps: Wrap[];
}

/** Each input item after the read steps: ready to send, or the error Continue On Fail outputs. */
export type Prepared = { item: PreparedItem } | { error: Error };

/** A problem with one of the item's fields, named as the editor shows it too. */
export interface FieldIssue extends WireIssue {
	displayName: string;
}
