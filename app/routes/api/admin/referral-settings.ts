import { getSetting, setSetting } from '#app/features/settings/settings.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { REFERRAL_SETTINGS_SAVED, ReferralSettingsApiSchema } from '#app/features/referrals/schemas.ts'
import { apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'

// GET /api/admin/referral-settings: the referral integrity thresholds.
// PUT with every field: stores them, audited as settings.update (super
// admins: referrals:settings).
const route = apiRoute({
	GET({ request }) {
		requireApiCapability(request, 'referrals:settings')
		return apiSuccess(getSetting('referral_integrity'))
	},
	async PUT({ request }) {
		const { admin } = requireApiCapability(request, 'referrals:settings')
		const input = await parseJsonBody(request, ReferralSettingsApiSchema)
		const saved = setSetting({ id: admin.id, email: admin.email }, 'referral_integrity', input)
		return apiSuccess(saved, { message: REFERRAL_SETTINGS_SAVED })
	},
})
export const loader = route.loader
export const action = route.action
