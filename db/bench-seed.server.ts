import { getDb, write } from './client.server.ts'

/**
 * Many members at once for the benchmark (`npm run bench`'s admin users
 * step): plausible names, emails, plans, statuses and investment figures,
 * spread over the past, in one transaction. Never used by the app itself.
 */
export function seedBenchUsers(count: number, now = Date.now()) {
	const first = [
		'Ada',
		'Bola',
		'Chidi',
		'Dayo',
		'Emeka',
		'Funke',
		'Gbenga',
		'Hauwa',
		'Ifeoma',
		'Jide',
		'Kemi',
		'Lola',
		'Musa',
		'Ngozi',
		'Olu',
		'Tunde',
		'Uche',
		'Yemi',
		'Zainab',
		'Amara',
	]
	const last = [
		'Okafor',
		'Adeyemi',
		'Bello',
		'Eze',
		'Ibrahim',
		'Okonkwo',
		'Balogun',
		'Nwosu',
		'Abubakar',
		'Ogunleye',
		'Mensah',
		'Asante',
		'Bakare',
		'Danjuma',
		'Effiong',
		'Fashola',
		'Garba',
		'Hassan',
		'Idowu',
		'Jaja',
		'Kalu',
		'Lawal',
		'Mohammed',
		'Nnamdi',
		'Obi',
	]
	const statuses = [
		'active',
		'active',
		'active',
		'active',
		'active',
		'active',
		'active',
		'pending',
		'suspended',
		'banned',
	]
	const plans = ['regular', 'regular', 'regular', 'regular', 'gold', 'gold', 'titanium', 'platinum']
	const sqlite = getDb().$client
	const insert = sqlite.prepare(
		'insert into users (email, password_hash, name, phone, country, telegram, plan, status, referral_code, total_deposit, total_withdraw, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
	)
	write(() => {
		for (let i = 0; i < count; i++) {
			const name = `${first[i % first.length]} ${last[Math.floor(i / first.length) % last.length]}`
			const created = now - (count - i) * 600_000 + (i % 7) * 1000
			insert.run(
				`user${i}.${last[i % last.length]!.toLowerCase()}@bench${i % 40}.example`,
				'bench-not-a-hash',
				name,
				'+2348000000000',
				'Nigeria',
				`@bench${i}`,
				plans[(i * 7) % plans.length],
				statuses[(i * 3) % statuses.length],
				`BENCH${i.toString(36).toUpperCase()}`,
				(i * 37) % 10_000,
				(i * 11) % 2_000,
				created,
				created,
			)
		}
	})
}

/**
 * The staff tools' step of the benchmark (`npm run bench -- --staff-only`):
 * `auditRows` audit rows spread over 20 staff accounts and the server
 * itself, many actions and target types and the past year (in time order,
 * three rows to a millisecond so pages cut through equal timestamps), and
 * `planCodes` plan codes in batches of `perBatch`, a tenth of them used
 * (each with its plan activation by a bench member). Written in chunks of
 * 50,000 rows per transaction so the WAL stays small. Never used by the app.
 */
export function seedBenchStaffTools(auditRows: number, planCodes: number, perBatch = 5000, now = Date.now()) {
	const sqlite = getDb().$client
	const YEAR = 365 * 86_400_000
	const CHUNK = 50_000

	// Staff accounts that appear in the log (never signed in: no usable hash).
	const staffIds: number[] = []
	const insertAdmin = sqlite.prepare(
		"insert into admins (email, name, role, password_hash, created_at) values (?, ?, 'admin', 'bench-not-a-hash', ?) on conflict(email) do update set name = excluded.name returning id",
	)
	for (let i = 0; i < 20; i++) {
		staffIds.push(
			(insertAdmin.get(`bench-staff-${i}@example.com`, `Bench Staff ${i}`, now - YEAR) as { id: number }).id,
		)
	}
	// Members to use the codes: the users step's when it ran, else 1,000 of our own.
	const memberCount = (sqlite.prepare('select count(*) as n from users').get() as { n: number }).n
	if (memberCount < 1000) seedBenchUsers(1000, now)
	const memberIds = (sqlite.prepare('select id from users order by id limit 5000').all() as Array<{ id: number }>).map(
		(r) => r.id,
	)

	const kinds: Array<[action: string, targetType: string, fields: string[]]> = [
		['user.update', 'user', ['plan', 'status']],
		['user.update', 'user', ['name', 'phone']],
		['user.create', 'user', ['email']],
		['user.delete', 'user', ['email']],
		['user.bulk-update', 'user', ['status']],
		['contest.update', 'contest', ['name', 'prize']],
		['contest.status', 'contest', ['status']],
		['contest.rollover', 'contest', ['status']],
		['contest.participant-score', 'contest', ['score']],
		['plan-codes.issue', 'plan-code-batch', ['count']],
		['plan-code.revoke', 'plan-code', ['revokedAt']],
		['plan-codes.revoke-batch', 'plan-code-batch', ['revokedAt']],
		['unlock-code.rotate', 'unlock-code', ['code']],
		['unlock-code.retire', 'unlock-code', ['retiredAt']],
		['offer-claim.update', 'offer-claim', ['status', 'note']],
		['alert.acknowledge', 'alert', ['acknowledgedAt']],
		['alert.resolve', 'alert', ['resolvedAt']],
		['revenue.record', 'revenue', ['amount']],
		['revenue.update', 'revenue', ['amount', 'correctionReason']],
		['revenue.void', 'revenue', ['voidedAt', 'voidReason']],
		['staff.create', 'staff', ['email', 'role']],
		['staff.update', 'staff', ['role']],
		['staff.disable', 'staff', ['disabledAt']],
		['staff.reset-password', 'staff', ['updatedAt']],
	]
	const insertAudit = sqlite.prepare(
		'insert into audit_log (admin_id, admin_email, action, target_type, target_id, before, after, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
	)
	const start = now - YEAR
	const step = YEAR / Math.max(1, Math.ceil(auditRows / 3))
	for (let from = 0; from < auditRows; from += CHUNK) {
		write(() => {
			for (let i = from; i < Math.min(auditRows, from + CHUNK); i++) {
				const [action, targetType, fields] = kinds[(i * 7 + (i >> 4)) % kinds.length]!
				// One row in twenty by the server itself (adminId null), as a roll-over is.
				const system = i % 20 === 7
				const staff = staffIds[(i * 13) % staffIds.length]!
				const targetId = targetType === 'user' ? ((i * 31) % 100_000) + 1 : ((i * 17) % 5_000) + 1
				const before: Record<string, unknown> = {}
				const after: Record<string, unknown> = {}
				for (const field of fields) {
					before[field] = `old-${i % 97}`
					after[field] = `new-${i % 89}`
				}
				insertAudit.run(
					system ? null : staff,
					system ? 'system' : `bench-staff-${staffIds.indexOf(staff)}@example.com`,
					action,
					targetType,
					String(targetId),
					action.endsWith('.create') || action.endsWith('.issue') ? null : JSON.stringify(before),
					action.endsWith('.delete') ? null : JSON.stringify(after),
					Math.floor(start + Math.floor(i / 3) * step),
				)
			}
		})
	}

	// Plan code batches and their codes; a tenth of the codes used once.
	const plans = ['gold', 'titanium', 'platinum']
	const insertBatch = sqlite.prepare(
		'insert into plan_code_batches (plan, count, uses_per_code, expires_at, note, created_by_admin_id, created_by_email, created_at) values (?, ?, 1, ?, ?, ?, ?, ?) returning id',
	)
	const insertCode = sqlite.prepare(
		'insert into plan_codes (code, plan, max_uses, uses, expires_at, batch_id, revoked_at, created_at) values (?, ?, 1, ?, ?, ?, ?, ?) returning id',
	)
	const insertActivation = sqlite.prepare(
		"insert into plan_activations (user_id, code_id, from_plan, to_plan, created_at) values (?, ?, 'regular', ?, ?)",
	)
	const batches = Math.ceil(planCodes / perBatch)
	let written = 0
	for (let b = 0; b < batches; b++) {
		write(() => {
			const plan = plans[b % plans.length]!
			const size = Math.min(perBatch, planCodes - written)
			const created = now - (batches - b) * 86_400_000
			const expires = b % 4 === 0 ? created + 30 * 86_400_000 : null
			const staff = staffIds[b % staffIds.length]!
			const batchId = (
				insertBatch.get(
					plan,
					size,
					expires,
					`Bench campaign ${b + 1}`,
					staff,
					`bench-staff-${b % staffIds.length}@example.com`,
					created,
				) as { id: number }
			).id
			for (let k = 0; k < size; k++) {
				const n = written + k
				const used = n % 10 === 3
				const revoked = !used && n % 50 === 11 ? created + 86_400_000 : null
				const code = `BENCH-${b.toString(36).toUpperCase()}-${n.toString(36).toUpperCase().padStart(6, '0')}`
				const codeId = (insertCode.get(code, plan, used ? 1 : 0, expires, batchId, revoked, created) as { id: number })
					.id
				if (used) insertActivation.run(memberIds[n % memberIds.length]!, codeId, plan, created + (n % 1000) * 60_000)
			}
			written += size
		})
	}
	return { staff: staffIds.length, auditRows, planCodes: written, batches }
}

/**
 * The broker report step of the benchmark (issue 14): a broker and `rows`
 * members, each with a tracking id at it, and the CSV of a report for last
 * month naming every one of them. Returns the broker's slug, the month and
 * the file's text. Never used by the app.
 */
export function seedBenchBrokerReport(rows: number, now = Date.now()) {
	const sqlite = getDb().$client
	const slug = `bench-broker-${now}`
	const today = new Date(now)
	const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)).toISOString().slice(0, 7)
	const lines = ['tracking_id,deposits,withdrawals,volume,commission,month']
	write(() => {
		const broker = sqlite
			.prepare(
				"insert into brokers (name, slug, regulator, licence, loss_percent, affiliate_url, created_at, updated_at) values (?, ?, 'Bench', 'Bench', 70, 'https://broker.example/?ref={trackingId}', ?, ?) returning id",
			)
			.get(`Bench Broker ${now}`, slug, now, now) as { id: number }
		const user = sqlite.prepare(
			"insert into users (name, email, password_hash, referral_code, is_verified, unlocked_at) values (?, ?, 'bench-not-a-hash', ?, 1, ?) returning id",
		)
		const account = sqlite.prepare(
			'insert into broker_accounts (user_id, broker_id, tracking_id, created_at) values (?, ?, ?, ?)',
		)
		for (let i = 0; i < rows; i++) {
			const { id } = user.get(`Report Member ${i}`, `report-${now}-${i}@bench.example`, `RPT${now}${i}`, now) as {
				id: number
			}
			const trackingId = `tc_bench_${now}_${i}`
			account.run(id, broker.id, trackingId, now)
			lines.push(`${trackingId},${(i % 900) + 100}.50,${i % 50},${(i % 7000) + 1000},${(i % 30) + 1}.25,${month}`)
		}
	})
	return { slug, month, csv: `${lines.join('\r\n')}\r\n` }
}
