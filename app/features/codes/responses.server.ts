import { PLAN_CODE_STATUSES, PREMIUM_PLANS } from '#app/domain/enums.ts'
import { count, id, isoDateTime, nullableDateTime, z } from '#app/utils/api-schema.server.ts'

/**
 * What the codes' /api routes answer (/api/admin/unlock-codes,
 * /api/admin/plan-code-*): the schemas describe the answers in the OpenAPI
 * document and are the models' types (`z.infer`), so the two cannot drift
 * apart.
 */

export const AdminUnlockCodeSchema = z
	.object({
		id: id(),
		code: z.string(),
		status: z.enum(['active', 'expiring', 'expired', 'retired']),
		current: z.boolean().openapi({ description: 'The newest active code: the one the channel hands out.' }),
		expiresAt: nullableDateTime(),
		createdAt: isoDateTime(),
		createdByEmail: z.string().openapi({ description: '`system` for the code seeded from UNLOCK_CODE.' }),
		retiredAt: nullableDateTime(),
		retiredByEmail: z.string().nullable(),
		// Members who unlocked with this code (recorded since staff tools exist).
		membersUnlocked: count(),
	})
	.strict()
	.openapi('UnlockCode')
/** An unlock code as staff manage it. */
export type AdminUnlockCode = z.infer<typeof AdminUnlockCodeSchema>

export const RotationSchema = z
	.object({
		code: AdminUnlockCodeSchema,
		previous: z.array(z.object({ id: id(), expiresAt: nullableDateTime(), retired: z.boolean() }).strict()),
	})
	.strict()
/** A rotation: the new current code and what became of the previous ones. */
export type Rotation = z.infer<typeof RotationSchema>

const statusCounts = z.object({ unused: count(), used: count(), expired: count(), revoked: count() }).strict()

export const AdminBatchSchema = z
	.object({
		id: id(),
		plan: z.enum(PREMIUM_PLANS),
		count: count(),
		usesPerCode: id(),
		expiresAt: nullableDateTime(),
		note: z.string(),
		createdByEmail: z.string(),
		createdAt: isoDateTime(),
		revokedAt: nullableDateTime(),
		counts: statusCounts,
	})
	.strict()
	.openapi('PlanCodeBatch')
export type AdminBatch = z.infer<typeof AdminBatchSchema>

export const AdminPlanCodeSchema = z
	.object({
		id: id(),
		// The full code is shown only at issue and in the CSV.
		code: z.string().openapi({ description: 'Masked (`GOLD-7K2M••••••`).' }),
		plan: z.enum(PREMIUM_PLANS),
		uses: count(),
		maxUses: id(),
		expiresAt: nullableDateTime(),
		revokedAt: nullableDateTime(),
		status: z.enum(PLAN_CODE_STATUSES),
		usedBy: z.array(z.object({ userId: id(), name: z.string(), email: z.string(), at: isoDateTime() }).strict()),
	})
	.strict()
	.openapi('PlanCode')
export type AdminPlanCode = z.infer<typeof AdminPlanCodeSchema>

/** The codes' lists' pagination (the fields of PaginationSchema, written out unnamed). */
export const CodesPaginationSchema = z
	.object({ page: id(), limit: id(), totalPages: id(), totalCount: count(), currentPage: id() })
	.strict()

/** A new batch with its codes in full: the only answer that holds them (the CSV export aside). */
export const IssuedBatchSchema = z.object({ batch: AdminBatchSchema, codes: z.array(z.string()) }).strict()
export type IssuedBatch = z.infer<typeof IssuedBatchSchema>

export const RevokedBatchSchema = z.object({ batch: AdminBatchSchema, revoked: count() }).strict()
export type RevokedBatch = z.infer<typeof RevokedBatchSchema>

export const RevokedPlanCodeSchema = z
	.object({ id: id(), batchId: id().nullable(), status: z.literal('revoked') })
	.strict()
export type RevokedPlanCode = z.infer<typeof RevokedPlanCodeSchema>
