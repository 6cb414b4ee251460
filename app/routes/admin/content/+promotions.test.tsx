import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { staffAuth } from '#app/auth/staff.server.ts'
import type { AdminRole } from '#app/domain/enums.ts'
import { createPromotion, getPromotion } from '#app/features/content/promotions.server.ts'
import { PROMOTION_MESSAGES } from '#app/features/content/schemas.ts'
import { getDb } from '#db/client.server.ts'
import { promotions } from '#db/schema.ts'
import { insertAdmin } from '#tests/factories.ts'
import { routeArgs } from '#tests/route-args.ts'
import { action as editAction } from './promotions/$id.tsx'
import { action as newAction } from './promotions/new.tsx'

// The promotion pages' actions as React Router calls them (the browser tests cover the pages).

async function staff(role: AdminRole) {
	const admin = insertAdmin({ role })
	const cookie = (await staffAuth.cookie.serialize(staffAuth.sessions.create(admin.id, 'web').token)).split(';')[0]!
	return { admin, cookie }
}

function post(path: string, cookie: string, fields: Record<string, string>) {
	return new Request(`http://localhost:3000${path}`, {
		method: 'POST',
		headers: { Cookie: cookie },
		body: new URLSearchParams(fields),
	})
}

type Answer = { init: { status: number } | null; data: Record<string, any> }
type Args<A extends (...args: any) => any> = Parameters<A>[0]

async function outcome(
	run: () => Promise<unknown>,
): Promise<{ status: number; data?: Record<string, any>; location?: string }> {
	try {
		const answer = (await run()) as Answer
		return { status: answer.init?.status ?? 200, data: answer.data }
	} catch (thrown) {
		if (thrown instanceof Response)
			return { status: thrown.status, location: thrown.headers.get('Location') ?? undefined }
		const answer = thrown as Answer
		return { status: answer.init?.status ?? 500, data: answer.data }
	}
}

const count = () => getDb().select().from(promotions).all().length

describe('/admin/content/promotions/new', () => {
	test('bad input: 400 at the fields; Preview shows it and stores nothing; Save stores a draft', async () => {
		const { cookie } = await staff('admin')
		const call = (fields: Record<string, string>) =>
			outcome(() =>
				newAction(
					routeArgs({
						request: post('/admin/content/promotions/new', cookie, fields),
						params: {},
						context: {},
					}) as unknown as Args<typeof newAction>,
				),
			)
		const bad = await call({ intent: 'save', code: 'X'.repeat(41), description: '' })
		expect(bad.status).toBe(400)
		expect(bad.data?.result.error).toEqual({
			code: ['Code must be at most 40 characters'],
			description: [PROMOTION_MESSAGES.descriptionRequired],
		})
		const preview = await call({ intent: 'preview', code: 'PREVIEW5', description: 'Five', expiresOn: '2026-12-31' })
		expect(preview.status).toBe(200)
		expect(preview.data?.preview).toEqual({
			code: 'PREVIEW5',
			description: 'Five',
			broker: null,
			expiresOn: '2026-12-31',
			expires: 'Dec 31, 2026',
		})
		expect(count()).toBe(0)
		const saved = await call({ intent: 'save', code: 'SAVED5', description: 'Five' })
		expect(saved.status).toBe(302)
		const [row] = getDb().select().from(promotions).all()
		expect(row).toMatchObject({ code: 'SAVED5', status: 'draft' })
		expect(saved.location).toBe(`/admin/content/promotions/${row!.id}`)
	})
})

describe('/admin/content/promotions/:id', () => {
	test('publish and unpublish for both roles; delete refused to an admin (403), done for a super admin', async () => {
		const { admin, cookie } = await staff('admin')
		const made = createPromotion(
			{ id: admin.id, email: admin.email },
			{
				code: 'EDIT5',
				description: 'Five',
				brokerId: null,
				publishOn: null,
				expiresOn: null,
			},
		)
		if (!made.ok) throw new Error(made.message)
		const id = made.value.id
		const path = `/admin/content/promotions/${id}`
		const call = (who: string, fields: Record<string, string>) =>
			outcome(() =>
				editAction(
					routeArgs({ request: post(path, who, fields), params: { id: String(id) }, context: {} }) as unknown as Args<
						typeof editAction
					>,
				),
			)
		expect(await call(cookie, { intent: 'publish' })).toMatchObject({ status: 302, location: path })
		expect(getPromotion(id)?.status).toBe('published')
		const again = await call(cookie, { intent: 'publish' })
		expect(again.status).toBe(409)
		expect(again.data?.result.error).toEqual({ '': ['This item is already published'] })
		expect(await call(cookie, { intent: 'unpublish' })).toMatchObject({ status: 302 })
		expect(getPromotion(id)?.status).toBe('draft')

		expect((await call(cookie, { intent: 'delete' })).status).toBe(403)
		expect(getPromotion(id)).not.toBeNull()
		const root = await staff('super_admin')
		expect(await call(root.cookie, { intent: 'delete' })).toMatchObject({
			status: 302,
			location: '/admin/content/promotions',
		})
		expect(getDb().select().from(promotions).where(eq(promotions.id, id)).get()).toBeUndefined()
	})
})
