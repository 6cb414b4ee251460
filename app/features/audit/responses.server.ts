import { id, isoDateTime, z } from '#app/utils/api-schema.server.ts'

/**
 * What the audit log's /api routes answer: the schemas describe the answers
 * in the OpenAPI document and are the models' types (`z.infer`).
 */

export const AuditChangeSchema = z
	.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() })
	.strict()
	.openapi('AuditChange', { description: 'One changed field, its values as short text (null: absent).' })
export type AuditChange = z.infer<typeof AuditChangeSchema>

export const AuditEntrySchema = z
	.object({
		id: id(),
		createdAt: isoDateTime(),
		adminId: id().nullable().openapi({ description: 'Null: written by the server itself (the `system` actor).' }),
		adminEmail: z.string(),
		action: z.string().openapi({ description: '"<target>.<verb>", such as `user.update`.' }),
		targetType: z.string(),
		targetId: z.string(),
		before: z.unknown().openapi({ description: 'The values before (secrets removed); null on a create.' }),
		after: z.unknown().openapi({ description: 'The values after (secrets removed); null on a delete.' }),
		// The fields that differ between before and after (all of them on a create or a delete).
		changes: z.array(AuditChangeSchema),
	})
	.strict()
	.openapi('AuditEntry')
/** An audit row as the page and the API show it (zod reads an unknown-valued key as optional; the entry always has both, null when empty). */
export type PublicAuditEntry = Omit<z.infer<typeof AuditEntrySchema>, 'before' | 'after'> & {
	before: unknown
	after: unknown
}
