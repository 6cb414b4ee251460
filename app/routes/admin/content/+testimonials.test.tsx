import { describe, expect, test } from 'vitest'
import { staffAuth } from '#app/auth/staff.server.ts'
import type { AdminRole } from '#app/domain/enums.ts'
import { createTestimonial, getTestimonial } from '#app/features/content/testimonials.server.ts'
import { TESTIMONIAL_MESSAGES } from '#app/features/content/schemas.ts'
import { getDb } from '#db/client.server.ts'
import { testimonials } from '#db/schema.ts'
import { insertAdmin } from '#tests/factories.ts'
import { routeArgs } from '#tests/route-args.ts'
import { action as editAction } from './testimonials/$id.tsx'
import { action as newAction } from './testimonials/new.tsx'

// The testimonial pages' actions as React Router calls them (the browser tests cover the pages).

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

const count = () => getDb().select().from(testimonials).all().length

const fields = {
	name: 'Ada Page',
	role: 'Teacher',
	country: 'Nigeria',
	text: 'Five words and a figure.',
	profit: '+$500',
}

describe('/admin/content/testimonials/new', () => {
	test('no consent or a consent day ahead: 400 at the fields, nothing stored; Preview stores nothing; Save a draft', async () => {
		const { cookie } = await staff('admin')
		const call = (form: Record<string, string>) =>
			outcome(() =>
				newAction(
					routeArgs({
						request: post('/admin/content/testimonials/new', cookie, form),
						params: {},
						context: {},
					}) as unknown as Args<typeof newAction>,
				),
			)
		const bad = await call({ intent: 'save', ...fields })
		expect(bad.status).toBe(400)
		expect(bad.data?.result.error).toEqual({
			consentOn: [TESTIMONIAL_MESSAGES.consentOnRequired],
			consentHow: [TESTIMONIAL_MESSAGES.consentHowRequired],
		})
		const ahead = await call({ intent: 'save', ...fields, consentOn: '2999-01-01', consentHow: 'Form' })
		expect(ahead.status).toBe(400)
		expect(ahead.data?.result.error).toEqual({ consentOn: [TESTIMONIAL_MESSAGES.consentOnFuture] })
		const consent = { consentOn: '2026-01-02', consentHow: 'Signed release form' }
		const preview = await call({ intent: 'preview', ...fields, ...consent })
		expect(preview.status).toBe(200)
		expect(preview.data?.preview).toEqual(fields)
		expect(count()).toBe(0)
		const saved = await call({ intent: 'save', ...fields, ...consent })
		expect(saved.status).toBe(302)
		const [row] = getDb().select().from(testimonials).all()
		expect(row).toMatchObject({ name: 'Ada Page', status: 'draft', consentHow: 'Signed release form', position: 0 })
		expect(saved.location).toBe(`/admin/content/testimonials/${row!.id}`)
	})
})

describe('/admin/content/testimonials/:id', () => {
	test('publish and unpublish for both roles; delete refused to an admin (403), done for a super admin', async () => {
		const { admin, cookie } = await staff('admin')
		const made = createTestimonial(
			{ id: admin.id, email: admin.email },
			{ ...fields, consentOn: '2026-01-02', consentHow: 'Email', position: 5, publishOn: null, expiresOn: null },
		)
		if (!made.ok) throw new Error(made.message)
		const id = made.value.id
		const path = `/admin/content/testimonials/${id}`
		const call = (who: string, form: Record<string, string>) =>
			outcome(() =>
				editAction(
					routeArgs({ request: post(path, who, form), params: { id: String(id) }, context: {} }) as unknown as Args<
						typeof editAction
					>,
				),
			)
		expect(await call(cookie, { intent: 'publish' })).toMatchObject({ status: 302, location: path })
		expect(getTestimonial(id)?.status).toBe('published')
		expect(await call(cookie, { intent: 'unpublish' })).toMatchObject({ status: 302 })
		expect(getTestimonial(id)?.status).toBe('draft')
		const blanked = await call(cookie, { intent: 'save', ...fields, consentOn: '', consentHow: 'Email' })
		expect(blanked.status).toBe(400)
		expect(getTestimonial(id)?.consentOn).toBe('2026-01-02')

		expect((await call(cookie, { intent: 'delete' })).status).toBe(403)
		expect(getTestimonial(id)).not.toBeNull()
		const root = await staff('super_admin')
		expect(await call(root.cookie, { intent: 'delete' })).toMatchObject({
			status: 302,
			location: '/admin/content/testimonials',
		})
		expect(getTestimonial(id)).toBeNull()
	})
})
