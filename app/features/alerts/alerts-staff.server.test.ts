import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { contests, systemAlerts } from '#db/schema.ts'
import { auditRows, insertAuditActor } from '#tests/factories.ts'
import {
	DEFAULT_ALERT_LIST_QUERY,
	parseAlertListQuery,
	type AlertListQuery,
	ALERT_MESSAGES,
} from '#app/features/alerts/schemas.ts'
import {
	acknowledgeAlert,
	alertListQueries,
	checkContestAlerts,
	getStaffAlert,
	listAlerts,
	listDashboardAlerts,
	listStaffAlerts,
	raiseAlert,
	resolveAlert,
	resolveAlertAsStaff,
	resolveContestAlerts,
} from './alerts.server.ts'

// Staff acknowledge and resolve alerts (issue 12 part 4); the server's own
// auto-resolve keeps working with resolvedByEmail null.

const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 0, minute))
const q = (overrides: Partial<AlertListQuery> = {}): AlertListQuery => ({ ...DEFAULT_ALERT_LIST_QUERY, ...overrides })

function plan(statement: { toSQL(): { sql: string; params: unknown[] } }) {
	const { sql, params } = statement.toSQL()
	return (
		getDb()
			.$client.prepare(`explain query plan ${sql}`)
			.all(...(params as never[])) as Array<{ detail: string }>
	).map((r) => r.detail)
}

describe('acknowledge and resolve', () => {
	test('acknowledge keeps the alert open, marked seen by whom and when; audited in the transaction', () => {
		const { id } = raiseAlert({ type: 'warning', title: 'Disk', message: 'm' }, at(1))
		const admin = insertAuditActor()
		const when = at(5)
		const result = acknowledgeAlert(admin, id, when)
		expect(result.ok).toBe(true)
		expect(getStaffAlert(id)).toMatchObject({
			state: 'acknowledged',
			acknowledgedAt: when.toISOString(),
			acknowledgedByEmail: admin.email,
			resolvedAt: null,
		})
		// Still open: on the dashboard and in the dashboard API's list.
		expect(listAlerts(10).map((a) => a.id)).toEqual([id])
		expect(listDashboardAlerts().map((a) => a.state)).toEqual(['acknowledged'])
		const [row] = auditRows(id).filter((r) => r.targetType === 'alert')
		expect(row).toMatchObject({
			action: 'alert.acknowledge',
			adminEmail: admin.email,
			before: { acknowledgedAt: null, acknowledgedByEmail: null, resolvedAt: null, resolvedByEmail: null },
			after: { acknowledgedAt: when.toISOString(), acknowledgedByEmail: admin.email },
		})
		// Twice: refused, who and when kept.
		expect(acknowledgeAlert(insertAuditActor(), id)).toMatchObject({
			ok: false,
			status: 409,
			message: ALERT_MESSAGES.alreadyAcknowledged,
		})
		expect(getStaffAlert(id)!.acknowledgedByEmail).toBe(admin.email)
	})

	test('resolve closes it with who and when; resolving twice is a 409 and stores nothing', () => {
		const { id } = raiseAlert({ type: 'error', title: 'Mail', message: 'm' }, at(1))
		const admin = insertAuditActor()
		expect(resolveAlertAsStaff(admin, id, at(9)).ok).toBe(true)
		expect(getStaffAlert(id)).toMatchObject({
			state: 'resolved',
			resolvedAt: at(9).toISOString(),
			resolvedByEmail: admin.email,
		})
		expect(listAlerts(10)).toEqual([])
		expect(auditRows(id).map((r) => r.action)).toEqual(['alert.resolve'])
		expect(resolveAlertAsStaff(insertAuditActor(), id)).toMatchObject({
			ok: false,
			status: 409,
			message: ALERT_MESSAGES.alreadyResolved,
		})
		expect(acknowledgeAlert(insertAuditActor(), id)).toMatchObject({
			status: 409,
			message: ALERT_MESSAGES.alreadyResolved,
		})
		expect(auditRows(id)).toHaveLength(1)
		expect(getStaffAlert(id)!.resolvedByEmail).toBe(admin.email)
	})

	test('an unknown alert is a 404', () => {
		expect(resolveAlertAsStaff(insertAuditActor(), 424242)).toMatchObject({
			status: 404,
			message: ALERT_MESSAGES.notFound,
		})
		expect(acknowledgeAlert(insertAuditActor(), 424242)).toMatchObject({ status: 404 })
		expect(auditRows()).toEqual([])
	})

	test('when the audit row cannot be written, the alert stays as it was', () => {
		const { id } = raiseAlert({ type: 'info', title: 'T', message: 'm' })
		const client = getDb().$client
		client.exec(`create temp trigger no_audit before insert on audit_log begin select raise(abort, 'audit down'); end`)
		try {
			expect(() => resolveAlertAsStaff(insertAuditActor(), id)).toThrow(/audit down/)
		} finally {
			client.exec('drop trigger no_audit')
		}
		expect(getStaffAlert(id)).toMatchObject({ state: 'open', resolvedAt: null, resolvedByEmail: null })
	})

	test("the server's own resolve leaves resolvedByEmail null (shown as the system)", () => {
		const { id } = raiseAlert({ type: 'info', title: 'T', message: 'm' })
		expect(resolveAlert(id)).toBe(true)
		expect(getStaffAlert(id)).toMatchObject({ state: 'resolved', resolvedByEmail: null })
		const contest = getDb()
			.insert(contests)
			.values({
				name: 'Ending',
				description: 'd',
				type: 'referral',
				status: 'completed',
				startDate: '2030-01-01',
				endDate: '2030-01-02',
				prizeFirst: '$1',
				rules: 'r',
			})
			.returning({ id: contests.id })
			.get()
		const alert = raiseAlert({
			type: 'warning',
			title: 'Contest',
			message: 'm',
			dedupeKey: `contest-ending:${contest.id}:2030-01-02`,
		})
		expect(resolveContestAlerts(getDb(), contest.id)).toBe(1)
		expect(getStaffAlert(alert.id)).toMatchObject({ state: 'resolved', resolvedByEmail: null })
		const other = raiseAlert({
			type: 'warning',
			title: 'C',
			message: 'm',
			dedupeKey: `contest-ending:${contest.id}:2030-01-03`,
		})
		checkContestAlerts()
		expect(getStaffAlert(other.id)).toMatchObject({ state: 'resolved', resolvedByEmail: null })
	})
})

describe('the list of all alerts', () => {
	function seed() {
		const admin = insertAuditActor()
		const ids = [
			raiseAlert({ type: 'error', title: 'e1', message: 'm' }, at(1)).id,
			raiseAlert({ type: 'warning', title: 'w1', message: 'm' }, at(2)).id,
			raiseAlert({ type: 'info', title: 'i1', message: 'm' }, at(3)).id,
			raiseAlert({ type: 'error', title: 'e2', message: 'm' }, at(4)).id,
			raiseAlert({ type: 'warning', title: 'w2', message: 'm' }, at(5)).id,
		]
		acknowledgeAlert(admin, ids[1]!)
		resolveAlertAsStaff(admin, ids[3]!)
		resolveAlert(ids[2]!)
		return ids
	}

	test('newest first, filtered by state and type, paged', () => {
		seed()
		const titles = (query: Partial<AlertListQuery>) => listStaffAlerts(q(query)).alerts.map((a) => a.title)
		expect(titles({})).toEqual(['w2', 'e2', 'i1', 'w1', 'e1'])
		expect(titles({ state: 'open' })).toEqual(['w2', 'e1'])
		expect(titles({ state: 'acknowledged' })).toEqual(['w1'])
		expect(titles({ state: 'resolved' })).toEqual(['e2', 'i1'])
		expect(titles({ type: 'error' })).toEqual(['e2', 'e1'])
		expect(titles({ type: 'error', state: 'open' })).toEqual(['e1'])
		const page = listStaffAlerts(q({ limit: 2, page: 2 }))
		expect(page.alerts.map((a) => a.title)).toEqual(['i1', 'w1'])
		expect(page.pagination).toMatchObject({ totalCount: 5, totalPages: 3 })
	})

	test('the query refuses an unknown state or type with its path', () => {
		const { errors, query } = parseAlertListQuery(new URLSearchParams('state=closed&type=fatal&limit=0'), {
			allowLimit: true,
		})
		expect(errors.map((e) => e.path)).toEqual(['state', 'type', 'limit'])
		expect(query).toEqual(DEFAULT_ALERT_LIST_QUERY)
	})

	const states = [null, 'open', 'acknowledged', 'resolved'] as const
	const types = [null, 'error'] as const
	for (const state of states) {
		for (const type of types) {
			test(`plan, state ${state ?? 'any'}, type ${type ?? 'any'}: rows and count walk an index`, () => {
				seed()
				const { rows, count } = alertListQueries(q({ state, type, page: 2 }))
				for (const details of [plan(rows), plan(count)]) {
					const text = details.join('\n')
					expect(text).toMatch(/USING (COVERING )?INDEX system_alerts_/)
					expect(text).not.toMatch(/SCAN system_alerts(?! USING)/)
				}
			})
		}
	}

	test('the dashboard API keeps its shape: no staff fields', () => {
		seed()
		for (const alert of listAlerts(10)) {
			expect(Object.keys(alert).sort()).toEqual(['actionUrl', 'createdAt', 'id', 'message', 'title', 'type'])
		}
		expect(getDb().select().from(systemAlerts).where(eq(systemAlerts.title, 'w1')).get()!.acknowledgedByEmail).toMatch(
			/@/,
		)
	})
})
