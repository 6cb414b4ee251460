import { describe, expect, test } from 'vitest'
import { insertAdmin } from '#tests/factories.ts'
import { staffAuth } from '#app/auth/staff.server.ts'
import { SEED_BROKERS } from '#app/content/dashboard.ts'
import { ensureSeedBrokers } from '#app/features/brokers/brokers.server.ts'
import { BROKER_MESSAGES } from '#app/features/brokers/schemas.ts'
import { action } from './brokers/new.tsx'
import { routeArgs } from '#tests/route-args.ts'

// The add form's action as React Router calls it (the browser tests cover the page).

async function superAdminCookie() {
	const admin = insertAdmin({ role: 'super_admin' })
	return (await staffAuth.cookie.serialize(staffAuth.sessions.create(admin.id, 'web').token)).split(';')[0]!
}

type Args = Parameters<typeof action>[0]

describe('/admin/brokers/new action', () => {
	test('a taken slug answers 409 with the message under the slug field', async () => {
		ensureSeedBrokers(SEED_BROKERS)
		const cookie = await superAdminCookie()
		const request = new Request('http://localhost:3000/admin/brokers/new', {
			method: 'POST',
			headers: { Cookie: cookie },
			body: new URLSearchParams({
				intent: 'save',
				name: 'Another XM',
				slug: 'xm',
				regulator: 'R',
				licence: 'L',
				lossPercent: '70',
				minDeposit: '0',
				affiliateUrl: 'https://xm.example/?sub={trackingId}',
				rating: '4',
				sortOrder: '1',
			}),
		})
		const answer = (await action(routeArgs({ request, params: {}, context: {} }) as unknown as Args)) as unknown as {
			init: { status: number }
			data: { result: { error: Record<string, string[]> } }
		}
		expect(answer.init.status).toBe(409)
		expect(answer.data.result.error).toEqual({ slug: [BROKER_MESSAGES.slugTaken] })
	})
})
