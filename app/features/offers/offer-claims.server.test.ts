import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { feeOfferClaims, users } from '#db/schema.ts'
import { auditRows, insertAuditActor, insertMember } from '#tests/factories.ts'
import { makeOffer } from '#tests/offer-factories.ts'
import {
	CLAIM_MESSAGES,
	ClaimUpdateApiSchema,
	ClaimUpdateFormSchema,
	DEFAULT_CLAIM_LIST_QUERY,
	parseClaimListQuery,
	type ClaimListQuery,
} from '#app/features/offers/schemas.ts'
import { confirmOffer, listOffers } from './fee-offers.server.ts'
import {
	claimListQueries,
	exportOfferClaimsCsvText,
	getOfferClaim,
	listOfferClaims,
	updateOfferClaim,
} from './offer-claims.server.ts'

const offerA = { id: 'amara-okafor', trader: 'Amara Okafor' }
const offerB = { id: 'daniel-mensah', trader: 'Daniel Mensah' }

// Two published offers (staff-run content since issue 41) in each test's fresh database.
beforeEach(() => {
	for (const offer of [offerA, offerB]) makeOffer({ key: offer.id, traderSlug: offer.id, traderName: offer.trader })
})
const q = (overrides: Partial<ClaimListQuery> = {}): ClaimListQuery => ({ ...DEFAULT_CLAIM_LIST_QUERY, ...overrides })

/** A gold member who confirmed `offerId`; returns the claim's id. */
function claim(offerId = offerA.id, name?: string, at?: Date) {
	const member = insertMember({ plan: 'gold', ...(name ? { name } : {}) })
	const result = confirmOffer(member.id, offerId)
	if (!result.ok) throw new Error(result.message)
	const row = getDb().select().from(feeOfferClaims).where(eq(feeOfferClaims.userId, member.id)).get()!
	if (at) getDb().update(feeOfferClaims).set({ createdAt: at }).where(eq(feeOfferClaims.id, row.id)).run()
	return { id: row.id, member }
}

function plan(statement: { toSQL(): { sql: string; params: unknown[] } }) {
	const { sql, params } = statement.toSQL()
	return (
		getDb()
			.$client.prepare(`explain query plan ${sql}`)
			.all(...(params as never[])) as Array<{ detail: string }>
	).map((r) => r.detail)
}

describe('listOfferClaims', () => {
	test('every confirmed interest is a claim: member, offer title, status new, newest first', () => {
		const first = claim(offerA.id, 'Ada First', new Date(Date.UTC(2030, 0, 1)))
		const second = claim(offerB.id, 'Bo Second', new Date(Date.UTC(2030, 0, 2)))
		const { claims, pagination } = listOfferClaims(q())
		expect(claims.map((c) => c.id)).toEqual([second.id, first.id])
		expect(claims[1]).toMatchObject({
			userId: first.member.id,
			memberName: 'Ada First',
			memberEmail: first.member.email,
			offerId: offerA.id,
			offerTitle: offerA.trader,
			status: 'new',
			note: '',
			updatedAt: null,
		})
		expect(pagination).toMatchObject({ totalCount: 2, totalPages: 1, page: 1 })
	})

	test('filters by status and by offer, and pages on the server', () => {
		const ids = Array.from({ length: 5 }, (_, i) =>
			claim(i % 2 ? offerB.id : offerA.id, undefined, new Date(Date.UTC(2030, 0, 1 + i))),
		)
		const admin = insertAuditActor()
		updateOfferClaim(admin, ids[0]!.id, { status: 'contacted' })
		updateOfferClaim(admin, ids[3]!.id, { status: 'contacted' })
		expect(listOfferClaims(q({ status: 'contacted' })).claims.map((c) => c.id)).toEqual([ids[3]!.id, ids[0]!.id])
		expect(listOfferClaims(q({ offer: offerB.id })).claims.map((c) => c.id)).toEqual([ids[3]!.id, ids[1]!.id])
		expect(listOfferClaims(q({ offer: offerA.id, status: 'contacted' })).claims.map((c) => c.id)).toEqual([ids[0]!.id])
		const page2 = listOfferClaims(q({ limit: 2, page: 2 }))
		expect(page2.claims.map((c) => c.id)).toEqual([ids[2]!.id, ids[1]!.id])
		expect(page2.pagination).toMatchObject({ totalCount: 5, totalPages: 3 })
		// Past the end: empty for the API, the last page for the page.
		expect(listOfferClaims(q({ limit: 2, page: 9 })).claims).toEqual([])
		expect(listOfferClaims(q({ limit: 2, page: 9 }), { clampPage: true }).query.page).toBe(3)
	})

	test('the query refuses an unknown status or offer with its path, and falls back', () => {
		const bad = parseClaimListQuery(new URLSearchParams('status=lost&offer=No%20Body&page=0&limit=500'), {
			allowLimit: true,
		})
		expect(bad.errors.map((e) => e.path)).toEqual(['status', 'offer', 'page', 'limit'])
		expect(bad.query).toEqual(DEFAULT_CLAIM_LIST_QUERY)
		expect(parseClaimListQuery(new URLSearchParams('status=all&offer=')).errors).toEqual([])
		expect(parseClaimListQuery(new URLSearchParams('status=new&status=done')).errors[0]).toMatchObject({
			path: 'status',
		})
	})
})

describe('claim list query plans', () => {
	const combos: Array<[string, Partial<ClaimListQuery>, RegExp]> = [
		['no filter', {}, /fee_offer_claims_created_at_idx/],
		['status', { status: 'contacted' }, /fee_offer_claims_status_idx \(status=\?\)/],
		['offer', { offer: offerA.id }, /fee_offer_claims_offer_(status_)?idx \(offer_id=\?\)/],
		[
			'offer and status',
			{ offer: offerA.id, status: 'done' },
			/fee_offer_claims_offer_status_idx \(offer_id=\? AND status=\?\)/,
		],
	]
	for (const [name, filter, index] of combos) {
		test(`${name}: rows and count walk an index, rows in order without a sort step`, () => {
			for (let i = 0; i < 6; i++) claim(i % 2 ? offerA.id : offerB.id)
			const { rows, count } = claimListQueries(q({ ...filter, page: 3 }))
			const rowsPlan = plan(rows).join('\n')
			expect(rowsPlan).toMatch(index)
			expect(rowsPlan).not.toMatch(/TEMP B-TREE/)
			expect(rowsPlan).not.toMatch(/SCAN fee_offer_claims(?! USING)/)
			const countPlan = plan(count).join('\n')
			expect(countPlan).toMatch(/USING COVERING INDEX fee_offer_claims_/)
		})
	}
})

describe('updateOfferClaim', () => {
	test('sets status and note, with the audit row (before and after) in the transaction', () => {
		const { id } = claim()
		const admin = insertAuditActor()
		const at = new Date(Date.UTC(2030, 5, 1, 12))
		const result = updateOfferClaim(
			admin,
			id,
			{ status: 'contacted', note: 'Called on Telegram\nWill fund Monday' },
			at,
		)
		expect(result.ok).toBe(true)
		expect(getOfferClaim(id)).toMatchObject({
			status: 'contacted',
			note: 'Called on Telegram\nWill fund Monday',
			updatedAt: at.toISOString(),
		})
		const rows = auditRows(id).filter((r) => r.action === 'offer-claim.update')
		expect(rows).toHaveLength(1)
		expect(rows[0]).toMatchObject({
			adminEmail: admin.email,
			targetType: 'offer-claim',
			before: { status: 'new', note: '' },
			after: { status: 'contacted', note: 'Called on Telegram\nWill fund Monday' },
		})
		expect(rows[0]!.createdAt.getTime()).toBe(at.getTime())
		// Only the note: the status stays.
		updateOfferClaim(admin, id, { note: 'Funded' })
		expect(getOfferClaim(id)).toMatchObject({ status: 'contacted', note: 'Funded' })
	})

	test('a change that changes nothing stores nothing', () => {
		const { id } = claim()
		const result = updateOfferClaim(insertAuditActor(), id, { status: 'new', note: '' })
		expect(result.ok && result.value.changed).toBe(false)
		expect(getOfferClaim(id)!.updatedAt).toBeNull()
		expect(auditRows(id).filter((r) => r.targetType === 'offer-claim')).toEqual([])
	})

	test('an unknown claim, or one gone with its member, is a 404', () => {
		const { id, member } = claim()
		expect(updateOfferClaim(insertAuditActor(), 999_999, { status: 'done' })).toMatchObject({
			ok: false,
			status: 404,
			message: CLAIM_MESSAGES.claimNotFound,
		})
		getDb().delete(users).where(eq(users.id, member.id)).run()
		expect(updateOfferClaim(insertAuditActor(), id, { status: 'done' })).toMatchObject({ status: 404 })
		expect(auditRows().filter((r) => r.targetType === 'offer-claim')).toEqual([])
	})

	test('when the audit row cannot be written, the change is rolled back', () => {
		const { id } = claim()
		const client = getDb().$client
		client.exec(`create temp trigger no_audit before insert on audit_log begin select raise(abort, 'audit down'); end`)
		try {
			expect(() => updateOfferClaim(insertAuditActor(), id, { status: 'done' })).toThrow(/audit down/)
		} finally {
			client.exec('drop trigger no_audit')
		}
		expect(getOfferClaim(id)).toMatchObject({ status: 'new', updatedAt: null })
	})

	test('bad input is refused at its field: unknown status, long note, control characters', () => {
		const form = (status: string, note: string) => ClaimUpdateFormSchema.safeParse({ status, note })
		const messages = (r: ReturnType<typeof form>) => (r.success ? [] : r.error.issues.map((i) => i.message))
		expect(messages(form('lost', ''))).toEqual([CLAIM_MESSAGES.statusInvalid])
		expect(messages(form('done', 'x'.repeat(1001)))).toEqual([CLAIM_MESSAGES.noteTooLong])
		expect(messages(form('done', 'bell\u0007'))).toEqual([CLAIM_MESSAGES.noteInvalid])
		expect(messages(form('done', 'tab\there'))).toEqual([CLAIM_MESSAGES.noteInvalid])
		expect(form('done', 'line one\r\nline two  ')).toMatchObject({
			success: true,
			data: { note: 'line one\nline two' },
		})
		expect(ClaimUpdateApiSchema.safeParse({}).success).toBe(false)
		expect(ClaimUpdateApiSchema.safeParse({ status: 'done', extra: 1 }).success).toBe(false)
		expect(ClaimUpdateApiSchema.safeParse({ note: 'ok' }).success).toBe(true)
	})
})

describe('the member and the export', () => {
	test("the member's offers carry their claim's status", () => {
		const { id, member } = claim(offerA.id)
		expect(listOffers(member.id).find((o) => o.id === offerA.id)).toMatchObject({ confirmed: true, claimStatus: 'new' })
		updateOfferClaim(insertAuditActor(), id, { status: 'contacted' })
		expect(listOffers(member.id).find((o) => o.id === offerA.id)?.claimStatus).toBe('contacted')
		expect(listOffers(member.id).find((o) => o.id === offerB.id)?.claimStatus).toBeNull()
	})

	test('the CSV holds the filtered claims, formula cells kept as text', async () => {
		const { id } = claim(offerA.id, '=HYPERLINK("x")')
		claim(offerB.id)
		updateOfferClaim(insertAuditActor(), id, { status: 'done', note: '+cmd, "quoted"' })
		const csv = await exportOfferClaimsCsvText({ status: 'done', offer: null })
		const lines = csv.replace(/^\uFEFF/, '').split('\r\n')
		expect(lines[0]).toBe('ID,Member,Email,Offer,Claimed,Status,Note,Updated')
		expect(lines).toHaveLength(3)
		expect(lines[1]).toContain(`${id},"'=HYPERLINK(""x"")",`)
		expect(lines[1]).toContain(`,Done,"'+cmd, ""quoted""",`)
	})
})
