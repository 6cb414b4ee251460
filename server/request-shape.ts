/**
 * Limits on the shape of what a client sends, checked before anything
 * parses it. Conform turns a field name like `a.b[0].c` into nested
 * objects, recursively: a name of thousands of segments overflowed the
 * stack (a 500). Real forms here use at most a few segments and a few
 * hundred fields (the bulk users form: one checkbox per listed user).
 */
export const REQUEST_SHAPE_LIMITS = {
	/** Fields in one form body or query string. */
	fields: 1_000,
	/** Characters in one field name. */
	nameLength: 200,
	/** Path segments in one field name (`a.b[0]` has 3). */
	nameSegments: 16,
} as const

export type ShapeProblem = { message: string }

function segments(name: string) {
	let count = 1
	for (let i = 0; i < name.length; i++) {
		const c = name.charCodeAt(i)
		if (c === 46 /* . */ || c === 91 /* [ */) count++
	}
	return count
}

/** The first problem with a list of field names, or null. */
export function checkFieldNames(names: Iterable<string>): ShapeProblem | null {
	let fields = 0
	for (const name of names) {
		if (++fields > REQUEST_SHAPE_LIMITS.fields) {
			return { message: `Too many fields: at most ${REQUEST_SHAPE_LIMITS.fields} are accepted.` }
		}
		if (name.length > REQUEST_SHAPE_LIMITS.nameLength) {
			return {
				message: `A field name is too long: at most ${REQUEST_SHAPE_LIMITS.nameLength} characters are accepted.`,
			}
		}
		if (segments(name) > REQUEST_SHAPE_LIMITS.nameSegments) {
			return {
				message: `A field name is too deeply nested: at most ${REQUEST_SHAPE_LIMITS.nameSegments} parts are accepted.`,
			}
		}
	}
	return null
}

function* keys(params: URLSearchParams | FormData) {
	for (const [key] of params) yield key
}

/**
 * Checks a form body (urlencoded or multipart) by its field names. Other
 * content types are left to the route, which refuses them (415).
 */
export async function checkFormBody(contentType: string | null, body: Uint8Array): Promise<ShapeProblem | null> {
	const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
	if (type === 'application/x-www-form-urlencoded') {
		return checkFieldNames(
			keys(new URLSearchParams(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'))),
		)
	}
	if (type === 'multipart/form-data') {
		let form: FormData
		try {
			form = await new Response(body as Uint8Array<ArrayBuffer>, {
				headers: { 'Content-Type': contentType! },
			}).formData()
		} catch {
			return { message: 'The form could not be read.' }
		}
		return checkFieldNames(keys(form))
	}
	return null
}
