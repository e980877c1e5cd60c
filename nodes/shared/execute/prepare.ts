/**
 * The trip's first stage, for every item before any request is sent: the values it gives its
 * operation's fields, checked with the contract's wire checks, the behaviours on for it, and its
 * request. A value that cannot be used fails the item here, with nothing sent.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	firstUnmet,
	issueSentence,
	namesOf,
	validateWire,
	wireNames,
	type WireIssue,
} from '../../../contract';
import { BEHAVIOURS, outputMode, type ItemBehaviour, type OutputMode } from '../behaviours';
import { booleanOption } from '../behaviours/optionBounds';
import { panelLimit } from '../behaviours/paging';
import type { ItemValues, OperationSpec } from '../operations/types';
import { jobIdValue } from '../jobs/picker';
import { runsAsTool } from '../tool';
import { DEFAULT_TIMEOUT_MS, endpointRequest, type ApiRequest } from '../transport/apiRequest';
import { refusal } from './output';
import type { ParameterReader } from './parameters';

/** An item ready to be sent: built here, sent by run.ts. */
export interface PreparedItem {
	/** The operation the node is set to. */
	operation: OperationSpec;
	/** The validated values the request was built from. */
	values: ItemValues;
	/** The operation's request with these values. */
	request: ApiRequest;
	/** The behaviours on for this item, innermost first. */
	behaviours: ItemBehaviour[];
}

/** A problem with one of the item's fields, named as the editor shows it too. */
interface FieldIssue extends WireIssue {
	displayName: string;
}

/**
 * The values the item gives its operation's fields, keyed by API name, as entered: fields on the
 * panel (required ones, and those version 2 shows there) at the top level, the others in Options, a job ID through its picker
 * (the IDs it could not read are its issues).
 */
function readValues(op: OperationSpec, itemIndex: number, read: ParameterReader) {
	const options = read('options', itemIndex, {}) as IDataObject;
	const values: Record<string, unknown> = {};
	const pickerIssues: FieldIssue[] = [];
	for (const field of op.fields) {
		if (field.kind === 'jobId') {
			const picked = jobIdValue(read(field.name, itemIndex, ''));
			if ('problem' in picked)
				pickerIssues.push({
					field: field.name,
					in: field.in,
					displayName: field.displayName,
					message: picked.problem,
					value: picked.got,
				});
			else values[field.name] = picked.id;
		} else if (field.onPanel) values[field.name] = read(field.name, itemIndex, '');
		else for (const name of namesOf(field)) if (name in options) values[name] = options[name];
	}
	return { values, options, pickerIssues };
}

/**
 * The wire checks of the operation's fields (alternate names allowed); the picker's problems
 * first, and a field the picker refused has no other problem reported.
 */
function fieldIssues(
	op: OperationSpec,
	values: Record<string, unknown>,
	pickerIssues: FieldIssue[],
): { ok: true; values: ItemValues } | { ok: false; issues: FieldIssue[] } {
	const result = validateWire(op.fields, values);
	if (result.ok && pickerIssues.length === 0) return result;
	const fields = wireNames(op.fields);
	const issues = (result.ok ? [] : result.issues)
		.filter((issue) => !pickerIssues.some((picked) => picked.field === issue.field))
		.map((issue) => ({
			...issue,
			displayName: fields.get(issue.field)?.displayName ?? issue.field,
		}));
	return { ok: false, issues: [...pickerIssues, ...issues] };
}

/** One readable sentence for an issue, e.g. `Enter a valid "Max Age (ms)": it must be at most 7776000000 (got 9e12)`. */
function formatIssue(issue: FieldIssue): string {
	return issueSentence(issue.displayName, issue);
}

/**
 * What the request lacks of its row's needs (fields of which it needs one), as a sentence that
 * names the fields by their labels and says how to give one; undefined when nothing lacks.
 */
function unmetNeed(op: OperationSpec, values: ItemValues): string | undefined {
	const needs = (op.needs ?? []).filter((need) => (need.since ?? 1) <= op.version);
	const unmet = firstUnmet(values, needs);
	if (!unmet) return undefined;
	const fields = unmet.anyOf.map((name) => op.fields.find((f) => f.name === name));
	const labels = fields.map((f) => `"${f?.displayName}"`);
	const fixes = fields.map((f) => {
		const verb = f?.type === 'boolean' && !unmet.falseCounts ? 'turn on' : 'set';
		return `${verb} "${f?.displayName}"${f?.onPanel ? '' : ' (in Options)'}`;
	});
	const listed = `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
	return `${op.name} needs ${listed}: ${fixes.join(', or ')}`;
}

/** The behaviours on for the item, innermost first (the order of BEHAVIOURS). */
function readBehaviours(
	ctx: IExecuteFunctions,
	op: OperationSpec,
	itemIndex: number,
	read: ParameterReader,
	options: IDataObject,
	mode: OutputMode,
): ItemBehaviour[] {
	const item = {
		get: (name: string, fallback: unknown) => read(name, itemIndex, fallback),
		options,
		asTool: runsAsTool(ctx.getNode()),
		outputMode: mode,
	};
	try {
		return BEHAVIOURS.map((behaviour) => behaviour.read(op, item)).filter(
			(on): on is ItemBehaviour => on !== undefined,
		);
	} catch (error) {
		throw refusal(ctx, (error as Error).message, itemIndex);
	}
}

/** Headroom over the server-side timeout a request carries, for queueing and transfer. */
const TIMEOUT_HEADROOM_MS = 15000;

/** The values as the API takes them: a value entered in seconds in milliseconds. */
function wireValues(op: OperationSpec, values: ItemValues): ItemValues {
	const wire: Record<string, unknown> = { ...values };
	for (const field of op.fields)
		for (const name of field.scale ? namesOf(field) : [])
			if (typeof wire[name] === 'number') wire[name] = Math.round(wire[name] * (field.scale ?? 1));
	return wire;
}

/** The HTTP request the operation's row describes, from the item's validated wire values. */
function buildRequest(op: OperationSpec, values: ItemValues): ApiRequest {
	const timeout = op.fields.find((f) => f.name === op.timeoutField);
	const serverTimeout = timeout
		? Number(values[timeout.name] ?? Number(timeout.default) * (timeout.scale ?? 1))
		: NaN;
	return endpointRequest(op.endpoint, values, {
		timeoutMs: Number.isFinite(serverTimeout)
			? Math.max(serverTimeout + TIMEOUT_HEADROOM_MS, DEFAULT_TIMEOUT_MS)
			: DEFAULT_TIMEOUT_MS,
	});
}

/** The item read and checked, ready to be sent; throws the item's error, naming every problem. */
export function prepareItem(
	ctx: IExecuteFunctions,
	op: OperationSpec,
	itemIndex: number,
	read: ParameterReader,
): PreparedItem {
	const entered = readValues(op, itemIndex, read);
	const limit = panelLimit(op);
	if (limit) {
		let all: boolean;
		try {
			all = booleanOption(read('returnAll', itemIndex, false), 'Return All', 'returnAll');
		} catch (error) {
			throw refusal(ctx, (error as Error).message, itemIndex);
		}
		if (all) entered.values.limit = limit.max;
	}
	const checked = fieldIssues(op, entered.values, entered.pickerIssues);
	if (!checked.ok) {
		const messages = checked.issues.map(formatIssue);
		const all = messages.length > 1 ? `All problems: ${messages.join('; ')}` : '';
		throw refusal(ctx, messages[0], itemIndex, all);
	}
	const lacking = unmetNeed(op, checked.values);
	if (lacking) throw refusal(ctx, lacking, itemIndex);
	const values = wireValues(op, checked.values);
	const mode = outputMode(op, entered.options);
	const behaviours = readBehaviours(ctx, op, itemIndex, read, entered.options, mode);
	return {
		operation: op,
		values,
		request: buildRequest(op, values),
		behaviours,
	};
}
