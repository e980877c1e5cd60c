/**
 * Reading the API's answers. `client.request<T>` types an answer as the contract promises it
 * (contract/responseTypes.ts), but nothing checks it at runtime: a changed or hostile API may
 * send anything, so its readers keep their guards (this one, and the contract's isPlainObject).
 */
import { ENDPOINTS } from '../../../contract';

/** The array an answer holds where it promises one, else none. */
export const listOf = <T>(value: T[] | null | undefined): T[] =>
	Array.isArray(value) ? value : [];

/**
 * What the service says of its own answer: brand, web and AI answers carry `data.status` (a
 * string) and `data.code` (an integer) in their body (spec, Errors 3), with a message where the
 * service gives one.
 */
export interface ServiceReport {
	status?: string;
	code?: number;
	message?: string;
}

/** Answers whose `data` carries the service's report: brand, web and AI (spec, Errors 3). */
export const carriesServiceReport = (path: string): boolean => /^\/(brand|web)(\/|$|\?)/.test(path);

const objectOf = (value: unknown): Record<string, unknown> | undefined =>
	typeof value === 'object' && value !== null && !Array.isArray(value)
		? (value as Record<string, unknown>)
		: undefined;

const textOf = (value: unknown): string | undefined =>
	typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** `data.code` as an integer: a number, or a string of digits. */
function codeOf(value: unknown): number | undefined {
	const code = typeof value === 'string' && /^\d{1,4}$/.test(value.trim()) ? Number(value) : value;
	return typeof code === 'number' && Number.isInteger(code) ? code : undefined;
}

/** The report in an answer's `data` (each part where present), or none. */
export function serviceReport(answer: unknown): ServiceReport | undefined {
	const data = objectOf(objectOf(answer)?.data);
	if (!data) return undefined;
	const report: ServiceReport = {};
	const status = textOf(data.status);
	const code = codeOf(data.code);
	const message =
		textOf(data.message) ?? textOf(data.error) ?? textOf(objectOf(data.error)?.message);
	if (status !== undefined) report.status = status;
	if (code !== undefined) report.code = code;
	if (message !== undefined) report.message = message;
	return Object.keys(report).length > 0 ? report : undefined;
}

/**
 * Whether the answer says it failed in a top-level `error` text, as the transcript's does (spec,
 * Errors 1): a failed transcript may not say `success: false`.
 */
export const reportsErrorText = (path: string, answer: unknown): boolean =>
	path === ENDPOINTS.youtubeTranscript.path && textOf(objectOf(answer)?.error) !== undefined;

/**
 * Words of a status that says the request failed. The spec names no value of `data.status`
 * (the service answers `ok`, a job `PENDING`): only what clearly says failure counts.
 */
const FAILED_STATUS = /^(error|errored|fail|failed|failure)$/i;
/** Words of a status that says plainly that all went well. */
const SUCCESS_STATUS = /^(ok|success|succeeded|successful|complete|completed|done)$/i;

/** Whether the report says the request failed: a failure word, or a code of 400 or more. */
export const reportsFailure = (report: ServiceReport | undefined): boolean =>
	report !== undefined &&
	((report.status !== undefined && FAILED_STATUS.test(report.status)) ||
		(report.code !== undefined && report.code >= 400));

/** Whether the report (if any) says plainly that all went well: a success word, a 2xx code. */
export const reportsPlainSuccess = (report: ServiceReport | undefined): boolean =>
	report === undefined ||
	((report.status === undefined || SUCCESS_STATUS.test(report.status)) &&
		(report.code === undefined || (report.code >= 200 && report.code < 300)) &&
		report.message === undefined);
