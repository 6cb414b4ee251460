import { PLANS, USER_STATUSES } from '#app/domain/enums.ts'
import { id, isoDateTime, z } from '#app/utils/api-schema.server.ts'

/**
 * What the users' /api routes answer: the schemas describe the answers in
 * the OpenAPI document and are the models' types (`z.infer`), so the two
 * cannot drift apart.
 */

export const ManagedUserSchema = z
	.object({
		id: id(),
		name: z.string(),
		email: z.string(),
		phone: z.string(),
		country: z.string(),
		telegram: z.string(),
		plan: z.enum(PLANS),
		status: z.enum(USER_STATUSES),
		totalDeposit: z.number(),
		totalWithdraw: z.number(),
		totalInvested: z.number().openapi({ description: 'Total deposit + total withdrawn.' }),
		createdAt: isoDateTime(),
		// A closed account keeps its row (and its status, so the status filters
		// still walk their covering indexes) without personal fields.
		closedAt: isoDateTime().nullable().openapi({
			description:
				'When the member closed the account (personal fields erased, decision 022), or null. The staff pages show such an account as closed.',
		}),
	})
	.strict()
	.openapi('ManagedUser')
/** A member as staff manage them. */
export type ManagedUser = z.infer<typeof ManagedUserSchema>

export const DeletedUserSchema = z.object({ id: id() }).strict()
