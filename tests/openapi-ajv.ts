import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js'

/**
 * Validates JSON against the schemas of the OpenAPI document
 * (app/utils/openapi.server.ts) with ajv's JSON Schema 2020-12 dialect, the
 * dialect of OpenAPI 3.1. Strict: a keyword or format ajv does not know is
 * an error, not silently skipped. The document's component schemas are
 * added once as `$defs` of one schema, and `#/components/schemas/X`
 * references are pointed there.
 */
const COMPONENTS_ID = 'https://openapi.invalid/components.json'
const COMPONENT_REF = '#/components/schemas/'

// RFC 3339 (what `Date.prototype.toISOString` writes) and a calendar day.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/
const DATE = /^\d{4}-\d{2}-\d{2}$/

function pointRefs(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(pointRefs)
	if (value === null || typeof value !== 'object') return value
	const out: Record<string, unknown> = {}
	for (const [key, item] of Object.entries(value)) {
		out[key] =
			key === '$ref' && typeof item === 'string' && item.startsWith(COMPONENT_REF)
				? `${COMPONENTS_ID}#/$defs/${item.slice(COMPONENT_REF.length)}`
				: pointRefs(item)
	}
	return out
}

export type SchemaCheck = { valid: true } | { valid: false; errors: string[] }

export function createSchemaValidator(document: { components?: { schemas?: Record<string, unknown> } }) {
	const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true })
	ajv.addFormat('date-time', DATE_TIME)
	ajv.addFormat('date', DATE)
	// OpenAPI's own format for an uploaded file's bytes (a multipart field): any string.
	ajv.addFormat('binary', true)
	ajv.addSchema({ $id: COMPONENTS_ID, $defs: pointRefs(document.components?.schemas ?? {}) })
	const compiled = new Map<unknown, ValidateFunction>()

	function compile(schema: unknown) {
		let validate = compiled.get(schema)
		if (!validate) {
			validate = ajv.compile(pointRefs(schema) as object)
			compiled.set(schema, validate)
		}
		return validate
	}

	return {
		compile,
		check(schema: unknown, data: unknown): SchemaCheck {
			const validate = compile(schema)
			if (validate(data)) return { valid: true }
			return {
				valid: false,
				errors: (validate.errors ?? []).map(
					(e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
				),
			}
		},
	}
}
