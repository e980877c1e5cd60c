/**
 * Brand edits made through the admin API (POST /__sandbox/brands), so a demo or a test can show
 * a brand that changed: they replace the generated title (profile: name), colors and logos in
 * the retrieve records and the profiles of that domain until the next reset.
 */
import { z } from 'zod';

export const BrandEditBody = z.object({
	/** A domain or URL; `www.` and case do not matter. */
	domain: z.string().min(1),
	title: z.string().min(1).optional(),
	colors: z.array(z.string().regex(/^#[0-9a-f]{3,8}$/i, 'a hex colour like #1a2b3c')).optional(),
	/** Each logo's URL; `null` is an entry without one (outside the spec: checkResponses refuses it). */
	logos: z.array(z.string().url().nullable()).optional(),
});

export type BrandEdit = Omit<z.infer<typeof BrandEditBody>, 'domain'>;

interface EditableBrand {
	colors: Array<{ hex: string }>;
	logos: Array<{ url: string; type: string }>;
}

/** A logo at `url` with the other fields of `model`; without a url when `url` is null. */
function editedLogo(model: EditableBrand['logos'][number] | undefined, url: string | null) {
	const rest: Partial<EditableBrand['logos'][number]> = { ...model };
	delete rest.url;
	return url === null ? { ...rest, type: 'logo' } : { ...rest, url, type: 'logo' };
}

/**
 * The brand with the domain's edit: `titleKey` is `title` in a retrieve record, `name` in a
 * profile. Edited logos keep the first generated logo's other fields (size, mode).
 */
export function editBrand<B extends EditableBrand>(
	brand: B,
	edit: BrandEdit | undefined,
	titleKey: 'title' | 'name',
): B {
	if (!edit) return brand;
	return {
		...brand,
		...(edit.title ? { [titleKey]: edit.title } : {}),
		...(edit.colors ? { colors: edit.colors.map((hex) => ({ hex })) } : {}),
		...(edit.logos ? { logos: edit.logos.map((url) => editedLogo(brand.logos[0], url)) } : {}),
	};
}
