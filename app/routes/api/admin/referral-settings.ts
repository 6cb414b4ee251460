import { getSetting, setSetting } from '#app/features/settings/settings.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { ReferralSettingsApiSchema, REFERRAL_MESSAGES } from '#app/features/referrals/schemas.ts'
import { ReferralSettingsSchema } from '#app/features/settings/responses.server.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

// Super admins only (referrals:settings).
const route = apiRoute({
	GET: endpoint({
		tags: ['Admin referrals'],
		summary: 'The referral integrity thresholds (super admins)',
		auth: 'admin',
		responses: { 200: ok('The thresholds.', { data: ReferralSettingsSchema }), ...refusals(ADMIN_GUARD, ADMIN_403) },
		handler({ request }) {
			requireApiCapability(request, 'referrals:settings')
			return apiSuccess(getSetting('referral_integrity'))
		},
	}),
	PUT: endpoint({
		tags: ['Admin referrals'],
		summary: 'Replace the referral integrity thresholds (super admins; audited as settings.update)',
		auth: 'admin',
		body: ReferralSettingsApiSchema.openapi('ReferralSettingsRequest'),
		responses: {
			200: ok('Saved.', { message: true, data: ReferralSettingsSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD], ADMIN_403),
		},
		async handler({ request, body }) {
			const { admin } = requireApiCapability(request, 'referrals:settings')
			const saved = setSetting({ id: admin.id, email: admin.email }, 'referral_integrity', await body())
			return apiSuccess(saved, { message: REFERRAL_MESSAGES.settingsSaved })
		},
	}),
})
export const loader = route.loader
export const action = route.action
