import { SYSTEM_ACTOR } from '#app/features/audit/audit.server.ts'
import { applyReport, previewReport } from '#app/features/broker-reports/broker-reports.server.ts'
import { BROKER_REPORT_LIMITS } from '#app/features/broker-reports/schemas.ts'
import { insertStatementRows, recomputeTrader } from '#app/features/traders/registry.server.ts'
import { sampleStatements } from '#app/features/traders/samples.server.ts'
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

/** What `seedBenchTraders` wrote, and the statement it left to apply. */
export type BenchTraders = {
	/** Listed traders written (with their statements and figures). */
	traders: number
	equityRows: number
	trades: number
	/** The trader left without statements (in review) for the apply measurement. */
	applyTrader: { id: number; slug: string }
	/** That trader's statement: daily equity (business days) and closed trades, as CSV that passes the validation. */
	equityCsv: string
	tradesCsv: string
	equityCsvRows: number
	tradesCsvRows: number
}

const BENCH_DAY_MS = 86_400_000
/** Business days of `years` years up to the day before `now` (as sampleStatements counts them). */
function businessDays(years: number, now: number) {
	const today = new Date(now)
	const last = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - BENCH_DAY_MS
	let n = 0
	for (let t = last - years * 365 * BENCH_DAY_MS; t <= last; t += BENCH_DAY_MS) {
		const weekday = new Date(t).getUTCDay()
		if (weekday !== 0 && weekday !== 6) n++
	}
	return n
}

/**
 * The traders' step of the benchmark (`npm run bench -- --traders-only`,
 * issue 39): `count` listed traders, each with `years` of daily equity on
 * business days (about 1,300 rows for 5 years) and `tradesEach` closed
 * trades generated as the sample traders' are (sampleStatements), their
 * statements recorded and their figures computed; in chunks of 25 traders
 * per transaction (about 45,000 rows) so the WAL stays small and the
 * running server is never held for long. Plus one trader in review with
 * no statements, and a statement for it (`years` of equity and
 * `applyTrades` trades) as CSV, for the apply measurement. Never used by
 * the app.
 */
export function seedBenchTraders(
	count: number,
	{ years = 5, tradesEach = 500, applyTrades = 5000, now = Date.now() } = {},
): BenchTraders {
	const db = getDb()
	const sqlite = db.$client
	const brokerIds = (sqlite.prepare('select id from brokers order by id').all() as Array<{ id: number }>).map(
		(r) => r.id,
	)
	if (!brokerIds.length) throw new Error('no broker to attach the bench traders to (the seed writes them)')
	const nowDate = new Date(now)
	const days = businessDays(years, now)
	const markets = [
		['EURUSD', 'GBPUSD', 'USDJPY'],
		['XAUUSD', 'XAGUSD'],
		['US500', 'NAS100', 'GER40'],
		['BTCUSD', 'ETHUSD'],
		['WTI', 'BRENT', 'NGAS'],
	]
	const spec = (slug: string, i: number, trades: number): Parameters<typeof sampleStatements>[0] => ({
		slug,
		name: `Bench Trader ${i}`,
		strategy: 'Generated for the benchmark.',
		markets: markets[i % markets.length]!,
		brokerSlug: '',
		country: 'NG',
		days: years * 365,
		volatility: 0.03 + ((i * 37) % 60) / 100,
		drift: 0.02 + ((i * 13) % 30) / 100,
		tradesPerDay: trades / days,
		winRate: 0.4 + ((i * 7) % 50) / 100,
		lossToWin: 0.6 + ((i * 11) % 10) / 10,
		noStopLoss: ((i * 3) % 10) / 20,
		martingale: i % 17 === 0,
		crash: i % 23 === 0 ? 0.35 : undefined,
	})
	const insertTrader = sqlite.prepare(
		`insert into traders (slug, name, strategy, markets, broker_id, account_ref, country, currency, start_date, status, status_note, status_changed_at,
			identity_checked_at, identity_checked_by, broker_account_verified_at, broker_account_verified_by, statement_source_verified_at, statement_source_verified_by,
			strategy_matches_trades_at, strategy_matches_trades_by, risk_acceptable_at, risk_acceptable_by, reviewed_at, reviewed_by, next_review_date, created_at, updated_at)
		values (?, ?, ?, ?, ?, ?, 'NG', 'USD', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
	)
	const insertStatement = sqlite.prepare(
		`insert into trader_statements (trader_id, kind, file_name, content_hash, row_count, from_date, to_date, admin_email, applied_at)
		values (?, ?, ?, 'bench', ?, ?, ?, 'bench', ?)`,
	)
	const reviewer = 'bench'
	const nextReview = new Date(now + 90 * BENCH_DAY_MS).toISOString().slice(0, 10)
	const addTrader = (slug: string, i: number, status: 'listed' | 'in_review', startDate: string) => {
		const s = spec(slug, i, tradesEach)
		const reviewed = status === 'listed'
		const at = reviewed ? now : null
		const by = reviewed ? reviewer : null
		return (
			insertTrader.get(
				slug,
				s.name,
				s.strategy,
				JSON.stringify(s.markets),
				brokerIds[i % brokerIds.length],
				`BENCH-${i}`,
				startDate,
				status,
				reviewed ? 'Listed for the benchmark.' : '',
				now,
				at,
				by,
				at,
				by,
				at,
				by,
				at,
				by,
				at,
				by,
				at,
				by,
				reviewed ? nextReview : null,
				now,
				now,
			) as { id: number }
		).id
	}

	let equityRows = 0
	let trades = 0
	const CHUNK = 25
	for (let from = 0; from < count; from += CHUNK) {
		write((tx) => {
			for (let i = from; i < Math.min(count, from + CHUNK); i++) {
				const slug = `bench-trader-${i}`
				const statements = sampleStatements(spec(slug, i, tradesEach), nowDate)
				const first = statements.equity[0]!.date
				const last = statements.equity.at(-1)!.date
				const id = addTrader(slug, i, 'listed', first)
				insertStatementRows(id, statements)
				insertStatement.run(id, 'equity', 'bench-equity.csv', statements.equity.length, first, last, now)
				insertStatement.run(
					id,
					'trades',
					'bench-trades.csv',
					statements.trades.length,
					statements.trades[0]!.closedAt.slice(0, 10),
					statements.trades.at(-1)!.closedAt.slice(0, 10),
					now,
				)
				recomputeTrader(id, nowDate, tx)
				equityRows += statements.equity.length
				trades += statements.trades.length
			}
		})
	}

	const slug = 'bench-apply-trader'
	const apply = sampleStatements(spec(slug, count, applyTrades), nowDate)
	const id = write(() => addTrader(slug, count, 'in_review', apply.equity[0]!.date))
	const equityCsv = [
		'date,equity,deposits,withdrawals',
		...apply.equity.map((r) => `${r.date},${r.equity},${r.deposits},${r.withdrawals}`),
		'',
	].join('\n')
	const tradesCsv = [
		'ticket,opened_at,closed_at,symbol,side,volume,open_price,close_price,stop_loss,profit',
		...apply.trades.map(
			(t) =>
				`${t.ticket},${t.openedAt},${t.closedAt},${t.symbol},${t.side},${t.volume},${t.openPrice},${t.closePrice},${t.stopLoss ?? ''},${t.profit}`,
		),
		'',
	].join('\n')
	return {
		traders: count,
		equityRows,
		trades,
		applyTrader: { id, slug },
		equityCsv,
		tradesCsv,
		equityCsvRows: apply.equity.length,
		tradesCsvRows: apply.trades.length,
	}
}

/**
 * The watchlist's part of the members-choose step of the benchmark
 * (issue 40, scripts/bench/steps/choose.mjs): `members` new members, each
 * watching `rows / members` distinct listed traders (a million rows for
 * 100,000 members and 1,000 traders), with drawdown alerts from 5 to 50%.
 * Each row holds what the member was last told (the trader's figures now),
 * except one in a hundred that has not heard of a drawdown beyond its
 * alert yet; every watched trader is left unread by the watch pass, as
 * after the nightly recompute. Written in chunks of 50,000 rows per
 * transaction. Never used by the app.
 */
export function seedBenchWatchlist(members: number, rows: number, now = Date.now()) {
	const sqlite = getDb().$client
	const listed = sqlite
		.prepare(
			`select id, status, risk_score as riskScore, return_1m as return1m, max_drawdown as maxDrawdown,
				current_drawdown as currentDrawdown, figures, statements_until as statementsUntil
			from traders where status = 'listed' order by id`,
		)
		.all() as Array<{
		id: number
		status: string
		riskScore: number | null
		return1m: number | null
		maxDrawdown: number | null
		currentDrawdown: number | null
		figures: string | null
		statementsUntil: string | null
	}>
	const each = Math.ceil(rows / members)
	if (listed.length < each) throw new Error(`${each} watched traders a member need that many listed traders`)
	const traders = listed.map((t) => {
		const flags = ((t.figures ? JSON.parse(t.figures) : null)?.flags ?? []).map((f: { code: string }) => f.code)
		const { id, status, riskScore, return1m, maxDrawdown, currentDrawdown, statementsUntil } = t
		const seen = { status, riskScore, return1m, maxDrawdown, currentDrawdown, flags, statementsUntil }
		return { id, status, riskScore, currentDrawdown, statementsUntil, flags, seen: JSON.stringify(seen) }
	})
	const addUser = sqlite.prepare(
		`insert into users (email, password_hash, name, country, plan, status, referral_code, unlocked_at, created_at, updated_at)
		values (?, 'bench-not-a-hash', ?, 'Nigeria', 'regular', 'active', ?, ?, ?, ?) returning id`,
	)
	const addWatch = sqlite.prepare(
		`insert into watchlist (user_id, trader_id, drawdown_alert, created_at, seen_at, seen, drawdown_alerted,
			risk_baseline, alerted_flags, alerted_status, alerted_stale_until)
		values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	)
	const stride = Math.max(1, Math.floor(traders.length / each))
	let written = 0
	let member = 0
	while (member < members && written < rows) {
		write(() => {
			for (let chunk = 0; chunk < 50_000 && member < members && written < rows; member++) {
				const at = now - (members - member) * 1000
				const { id: userId } = addUser.get(
					`watcher${member}@bench-watch.example`,
					`Bench Watcher ${member}`,
					`BWATCH${member.toString(36).toUpperCase()}`,
					at,
					at,
					at,
				) as { id: number }
				for (let j = 0; j < each && written < rows; j++, written++, chunk++) {
					const trader = traders[(member * 7 + j * stride) % traders.length]!
					const alert = 5 + ((member + j * 13) % 46)
					const over = (trader.currentDrawdown ?? 0) * 100 >= alert
					const told = over && (member + j) % 100 !== 0
					addWatch.run(
						userId,
						trader.id,
						alert,
						at,
						at,
						trader.seen,
						told ? 1 : 0,
						trader.riskScore,
						JSON.stringify(trader.flags),
						trader.status,
						trader.statementsUntil,
					)
				}
			}
		})
	}
	sqlite.prepare('update traders set watch_checked_at = null').run()
	return { members: member, rows: written, traders: traders.length }
}

/** What `seedBenchOutcomes` wrote and how long the reports' applies took. */
export type BenchOutcomes = {
	/** The trader every report row names (the first listed bench trader, else the first listed). */
	trader: { id: number; slug: string }
	broker: string
	copiers: number
	months: number
	/** Report rows applied in all (each names the trader). */
	rows: number
	/** Members per cohort (the month they started copying), oldest first. */
	cohorts: Array<{ month: string; members: number }>
	seedMs: number
	/** The previews (every row checked, nothing written), in all. */
	previewMs: number
	/** The applies, in all, and the slowest one (its month and rows). */
	applyMs: number
	slowest: { month: string; rows: number; ms: number }
}

/**
 * What copiers earned, for the members-choose step of the benchmark
 * (issue 40 part 4, scripts/bench/steps/choose.mjs): a new active broker,
 * `copiers` new members each with an account there, and `months` monthly
 * reports of that broker (the months before `now`'s, oldest first) whose
 * rows name the first listed bench trader (else the first listed trader)
 * with each member's `net_result`.
 * Member i starts in month i mod `months` (so the cohorts are about equal)
 * and copies every month from then on: the last report names every member.
 * Each report goes through the broker reports' own model as the staff API
 * does it (previewReport, then applyReport, one transaction each), so the
 * outcome tables are precomputed exactly as in production. At most 50,000
 * copiers (a report's row limit). Never used by the app.
 */
export function seedBenchOutcomes(copiers: number, months: number, now = Date.now()): BenchOutcomes {
	if (copiers > BROKER_REPORT_LIMITS.maxRows) throw new Error(`at most ${BROKER_REPORT_LIMITS.maxRows} copiers`)
	const sqlite = getDb().$client
	// The first listed bench trader (bench:seed-traders), else the first listed one (a sample).
	const trader = sqlite
		.prepare(
			"select id, slug from traders where status = 'listed' order by slug like 'bench-trader-%' desc, id limit 1",
		)
		.get() as { id: number; slug: string } | undefined
	if (!trader) throw new Error('no listed trader: seed the traders first (bench:seed-traders)')
	const tag = now.toString(36)
	const brokerSlug = `bench-outcomes-broker-${tag}`
	const started = performance.now()
	const trackingIds: string[] = []
	write(() => {
		const broker = sqlite
			.prepare(
				"insert into brokers (name, slug, regulator, licence, loss_percent, affiliate_url, copy_trading, active, created_at, updated_at) values (?, ?, 'Bench', 'Bench', 70, 'https://broker.example/?ref={trackingId}', 1, 1, ?, ?) returning id",
			)
			.get(`Bench Outcomes Broker ${tag}`, brokerSlug, now, now) as { id: number }
		const user = sqlite.prepare(
			`insert into users (name, email, password_hash, country, plan, status, referral_code, is_verified, unlocked_at, created_at, updated_at)
			values (?, ?, 'bench-not-a-hash', 'Nigeria', 'regular', 'active', ?, 1, ?, ?, ?) returning id`,
		)
		const account = sqlite.prepare(
			'insert into broker_accounts (user_id, broker_id, tracking_id, created_at) values (?, ?, ?, ?)',
		)
		for (let i = 0; i < copiers; i++) {
			const { id } = user.get(
				`Bench Copier ${i}`,
				`copier${i}.${tag}@bench-outcomes.example`,
				`BOUT${tag}${i.toString(36)}`.toUpperCase(),
				now,
				now,
				now,
			) as { id: number }
			const trackingId = `tc_bout_${tag}_${i}`
			account.run(id, broker.id, trackingId, now)
			trackingIds.push(trackingId)
		}
	})
	const seedMs = Math.round(performance.now() - started)

	const today = new Date(now)
	const monthAt = (k: number) =>
		new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - months + k, 1)).toISOString().slice(0, 7)
	const dollars = (cents: number) =>
		`${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`
	const cohorts = Array.from({ length: months }, (_, k) => ({
		month: monthAt(k),
		members: Math.floor(copiers / months) + (k < copiers % months ? 1 : 0),
	})).filter((c) => c.members > 0)
	let previewMs = 0
	let applyMs = 0
	let rows = 0
	let slowest = { month: '', rows: 0, ms: 0 }
	for (let k = 0; k < months; k++) {
		const month = monthAt(k)
		const lines = ['tracking_id,deposits,withdrawals,volume,commission,month,trader,net_result']
		for (let i = 0; i < copiers; i++) {
			const start = i % months
			if (start > k) continue
			// The first month funds the account; later months add or take out a little.
			const deposits = k === start ? 20_000 + ((i * 3_701) % 480_000) : (i + k) % 5 === 0 ? 10_000 : 0
			const withdrawals = k > start && (i * 3 + k) % 11 === 0 ? 5_000 : 0
			const volume = 100_000 + ((i * 1_301 + k * 701) % 900_000)
			const commission = 100 + ((i + k) % 3_000)
			// Mostly small gains and losses, a few larger: about half the members in profit.
			const net = ((i * 7_919 + k * 104_729) % 30_001) - 14_000
			lines.push(
				`${trackingIds[i]},${dollars(deposits)},${dollars(withdrawals)},${dollars(volume)},${dollars(commission)},${month},${trader.slug},${dollars(net)}`,
			)
		}
		const content = `${lines.join('\r\n')}\r\n`
		if (Buffer.byteLength(content) > BROKER_REPORT_LIMITS.fileBytes) {
			throw new Error(`the report for ${month} is over ${BROKER_REPORT_LIMITS.fileBytes} bytes`)
		}
		const fileName = `bench-outcomes-${month}.csv`
		const previewStarted = performance.now()
		const preview = previewReport(brokerSlug, month, fileName, content)
		previewMs += performance.now() - previewStarted
		if (!preview.ok) throw new Error(`preview of ${month}: ${preview.message}`)
		if (!preview.value.canApply) {
			throw new Error(
				`preview of ${month} refused: ${preview.value.fileError ?? JSON.stringify(preview.value.errors.slice(0, 3))}`,
			)
		}
		const applyStarted = performance.now()
		const applied = applyReport(SYSTEM_ACTOR, { brokerSlug, month, fileName, content }, { replace: false })
		const ms = performance.now() - applyStarted
		if (!applied.ok) throw new Error(`apply of ${month}: ${applied.message}`)
		const reportRows = applied.value.report.rowCount
		applyMs += ms
		rows += reportRows
		if (ms > slowest.ms) slowest = { month, rows: reportRows, ms: Math.round(ms) }
	}
	return {
		trader,
		broker: brokerSlug,
		copiers,
		months,
		rows,
		cohorts,
		seedMs,
		previewMs: Math.round(previewMs),
		applyMs: Math.round(applyMs),
		slowest,
	}
}

/** What `seedBenchGrowth` wrote (the growth step, scripts/bench/steps/growth.mjs). */
export type BenchGrowth = {
	/** Members (users rows) after the call, and how many it added. */
	members: number
	added: number
	/** Rows of each per-member table after the call. */
	tables: Record<string, number>
	traders: number
	/** The growth broker and a month without a report there, with a report of up to 10,000 rows to apply. */
	broker: string
	month: string
	reportRows: number
	csv: string
	seedMs: number
}

/** The months before `now` as "YYYY-MM", `back` months back. */
function monthBack(now: number, back: number) {
	const d = new Date(now)
	return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1)).toISOString().slice(0, 7)
}

const GROWTH_BROKER = 'bench-growth'
const GROWTH_CHUNK = 100_000
/** Running contests of each type the growth step keeps. */
const GROWTH_CONTESTS_PER_TYPE = 5

/**
 * The growth step of the benchmark (`npm run bench -- --growth`, issue 42):
 * members added until there are `target` (growing from what is there, so
 * 10,000, then 100,000, then 1,000,000 adds 90,000 then 900,000), with per
 * member about 30 activity days, 0.5 referral credits (every other member
 * referred by an earlier one), 2 broker clicks and an account at the
 * growth broker, 12 monthly report rows for a third of them, 0 to 3
 * lesson completions, 3 notifications, and for a quarter of them a place in
 * one of the running contests; 5 running contests of each type; `traders` listed traders with
 * 5 years of daily equity (seedBenchTraders) the first time. Set-based SQL
 * (recursive CTEs), one transaction per 100,000 members. Prints nothing;
 * returns the sizes and a 10,000-row report of a month the growth broker
 * has none for (`reportMonthsBack` months back) to apply through the API.
 */
export function seedBenchGrowth(
	target: number,
	{
		traders = 1000,
		reportMonthsBack = 13,
		now = Date.now(),
	}: { traders?: number; reportMonthsBack?: number; now?: number } = {},
): BenchGrowth {
	const started = Date.now()
	const sqlite = getDb().$client
	const count = (table: string) => (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n
	const today = new Date(now).toISOString().slice(0, 10)
	const d = new Date(now)
	const monthStart = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString().slice(0, 10)
	const monthEnd = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10)

	// The growth broker (not shown to members) with its 12 monthly reports, and the running contests.
	write(() => {
		sqlite
			.prepare(
				"insert into brokers (name, slug, regulator, licence, loss_percent, affiliate_url, active, created_at, updated_at) values ('Bench Growth Broker', ?, 'Bench', 'Bench', 70, 'https://broker.example/?ref={trackingId}', 0, ?, ?) on conflict(slug) do nothing",
			)
			.run(GROWTH_BROKER, now, now)
		const brokerId = (sqlite.prepare('select id from brokers where slug = ?').get(GROWTH_BROKER) as { id: number }).id
		const report = sqlite.prepare(
			"insert into broker_reports (broker_id, month, content_hash, file_name, row_count, deposits_cents, withdrawals_cents, volume_cents, commission_cents, applied_at) select ?, ?, ?, 'bench.csv', 0, 0, 0, 0, 0, ? where not exists (select 1 from broker_reports where broker_id = ? and month = ? and reversed_at is null)",
		)
		for (let m = 1; m <= 12; m++) {
			const month = monthBack(now, m)
			report.run(brokerId, month, `bench-growth-${month}`, now, brokerId, month)
		}
		const contest = sqlite.prepare(
			"insert into contests (name, description, type, status, start_date, end_date, prize_first, rules, created_at, updated_at) values (?, 'Bench growth contest', ?, 'active', ?, ?, '$100', 'Bench rules', ?, ?)",
		)
		for (const type of ['referral', 'trading', 'deposit', 'activity']) {
			const running = (
				sqlite.prepare("select count(*) as n from contests where type = ? and status = 'active'").get(type) as {
					n: number
				}
			).n
			for (let k = running; k < GROWTH_CONTESTS_PER_TYPE; k++)
				contest.run(`Growth ${type} ${k + 1}`, type, monthStart, monthEnd, now, now)
		}
	})
	// The traders' registry, once (its own transactions).
	const listed = (sqlite.prepare("select count(*) as n from traders where status = 'listed'").get() as { n: number }).n
	if (traders > 0 && listed < traders) seedBenchTraders(traders - listed, { now })
	const brokerId = (sqlite.prepare('select id from brokers where slug = ?').get(GROWTH_BROKER) as { id: number }).id
	const reportIds = (
		sqlite
			.prepare(
				'select id from broker_reports where broker_id = ? and reversed_at is null and month >= ? order by month',
			)
			.all(brokerId, monthBack(now, 12)) as Array<{ id: number }>
	).map((r) => r.id)
	const contestIds = (
		sqlite.prepare("select id from contests where status = 'active' order by id").all() as Array<{ id: number }>
	).map((r) => r.id)
	const listedBrokers = (
		sqlite.prepare('select id from brokers where active = 1 order by id').all() as Array<{ id: number }>
	).map((r) => r.id)
	const activeBrokers = listedBrokers.length ? listedBrokers : [brokerId]

	const before = count('users')
	// Growth members are numbered on from the last one (their email and referral code carry the number).
	let next = (
		sqlite
			.prepare(
				"select coalesce(max(cast(substr(referral_code, 5) as integer)) + 1, 0) as n from users where referral_code >= 'GROW0' and referral_code < 'GROX'",
			)
			.get() as { n: number }
	).n
	const DAY = 86_400_000
	let left = Math.max(0, target - before)
	while (left > 0) {
		const n = Math.min(GROWTH_CHUNK, left)
		const from = next
		const to = next + n - 1
		write(() => {
			const firstId = (sqlite.prepare('select coalesce(max(id), 0) + 1 as id from users').get() as { id: number }).id
			sqlite
				.prepare(
					`with recursive s(i) as (select cast(? as integer) union all select i + 1 from s where i < ?)
					insert into users (email, password_hash, name, phone, country, telegram, plan, status, referral_code, is_verified, unlocked_at, total_deposit, total_withdraw, last_seen_at, created_at, updated_at)
					select 'growth' || i || '@bench.example', 'bench-not-a-hash',
						json_extract('["Ada","Bola","Chidi","Dayo","Emeka","Funke","Gbenga","Hauwa","Ifeoma","Jide"]', '$[' || (i % 10) || ']') || ' ' ||
						json_extract('["Okafor","Adeyemi","Bello","Eze","Ibrahim","Okonkwo","Balogun","Nwosu","Mensah","Asante","Lawal"]', '$[' || (i / 10 % 11) || ']'),
						'+234' || (7000000000 + i), 'Nigeria', '@growth' || i,
						json_extract('["regular","regular","regular","regular","gold","gold","titanium","platinum"]', '$[' || (i * 7 % 8) || ']'),
						json_extract('["active","active","active","active","active","active","active","pending","suspended","banned"]', '$[' || (i * 3 % 10) || ']'),
						'GROW' || i, 1, ? - (i % 700) * ${DAY}, i * 37 % 10000, i * 11 % 2000,
						? - (i % 60) * ${DAY}, ? - (i % 730) * ${DAY} - i % 86400000, ? - (i % 730) * ${DAY}
					from s`,
				)
				.run(from, to, now, now, now, now)
			const lastId = (sqlite.prepare('select max(id) as id from users').get() as { id: number }).id
			// Every other member referred by an earlier growth member (member i by member i / 7).
			sqlite
				.prepare(
					`update users set referrer_id = r.id, referred_by = r.referral_code
					from users r
					where users.id between ? and ? and users.id % 2 = 1
						and r.referral_code = 'GROW' || (cast(substr(users.referral_code, 5) as integer) / 7)
						and r.id < users.id`,
				)
				.run(firstId, lastId)
			const creditsBefore = (
				sqlite.prepare('select coalesce(max(id), 0) as id from referral_credits').get() as { id: number }
			).id
			sqlite
				.prepare(
					`insert into referral_credits (referrer_id, referred_user_id, points, reason, status, created_at)
					select referrer_id, id, ${1}, 'Referral: ' || name, 'credited', created_at from users
					where id between ? and ? and referrer_id is not null`,
				)
				.run(firstId, lastId)
			sqlite
				.prepare(
					`update users set referral_count = referral_count + x.n, referral_points = referral_points + x.points,
						last_referral_at = max(coalesce(last_referral_at, 0), x.last)
					from (select referrer_id as rid, count(*) as n, sum(points) as points, max(created_at) as last
						from referral_credits where id > ? group by referrer_id) x
					where users.id = x.rid`,
				)
				.run(creditsBefore)
			// About 30 activity days each over the last 60.
			sqlite
				.prepare(
					`with recursive k(n) as (select 0 union all select n + 1 from k where n < 29)
					insert into member_activity_days (user_id, day)
					select u.id, date(?, '-' || (k.n * 2 + u.id % 2) || ' days') from users u, k where u.id between ? and ?`,
				)
				.run(today, firstId, lastId)
			// An account at the growth broker each (as a first click makes one), 2 clicks each at the listed brokers.
			sqlite
				.prepare(
					`insert into broker_accounts (user_id, broker_id, tracking_id, click_count, first_click_at, last_click_at, created_at)
					select id, ?, 'tc_growth_' || id, 2, created_at, created_at, created_at from users where id between ? and ?`,
				)
				.run(brokerId, firstId, lastId)
			sqlite
				.prepare(
					`with k(n) as (values (0), (1))
						insert into broker_clicks (broker_id, user_id, created_at)
						select json_extract(?, '$[' || ((u.id + k.n) % cast(? as integer)) || ']'), u.id, u.created_at + k.n * ${DAY} from users u, k where u.id between ? and ?`,
				)
				.run(JSON.stringify(activeBrokers), activeBrokers.length, firstId, lastId)
			// 12 monthly report rows for a third of them.
			if (reportIds.length)
				sqlite
					.prepare(
						`insert into broker_report_rows (report_id, line, broker_account_id, user_id, deposits_cents, withdrawals_cents, volume_cents, commission_cents)
						select r.value, a.id, a.id, a.user_id, a.id % 90000 + 1000, a.id % 5000, a.id % 700000 + 10000, a.id % 3000 + 100
						from broker_accounts a, json_each(?) r where a.broker_id = ? and a.user_id between ? and ? and a.user_id % 3 = 0`,
					)
					.run(JSON.stringify(reportIds), brokerId, firstId, lastId)
			// 0 to 3 lessons completed, 3 notifications (the oldest two read), a place in one running contest for a quarter.
			sqlite
				.prepare(
					`insert into lesson_completions (user_id, lesson_id, completed_at)
					select u.id, l.key, u.created_at + l.position * ${DAY} from users u, (select key, row_number() over (order by position, id) as position from lessons) l
					where u.id between ? and ? and l.position <= u.id % 4`,
				)
				.run(firstId, lastId)
			sqlite
				.prepare(
					`with k(n) as (values (0), (1), (2))
					insert into notifications (user_id, kind, title, body, link, read_at, created_at)
					select u.id, 'announcement', 'Bench notice ' || k.n, 'A bench notification.', '/dashboard', case when k.n < 2 then u.created_at + k.n * ${DAY} + 1000 end, u.created_at + k.n * ${DAY}
					from users u, k where u.id between ? and ?`,
				)
				.run(firstId, lastId)
			if (contestIds.length)
				sqlite
					.prepare(
						`insert into contest_participants (contest_id, user_id, score, scored_at, joined_at)
						select json_extract(?, '$[' || (u.id / 4 % cast(? as integer)) || ']'), u.id, u.id % 50, u.created_at, u.created_at from users u where u.id between ? and ? and u.id % 4 = 0`,
					)
					.run(JSON.stringify(contestIds), contestIds.length, firstId, lastId)
		})
		next += n
		left -= n
	}
	// The growth broker's reports' totals follow their rows.
	write(() =>
		sqlite
			.prepare(
				`update broker_reports set row_count = x.n, deposits_cents = x.dep, withdrawals_cents = x.wd, volume_cents = x.vol, commission_cents = x.com
				from (select report_id, count(*) as n, sum(deposits_cents) as dep, sum(withdrawals_cents) as wd, sum(volume_cents) as vol, sum(commission_cents) as com
					from broker_report_rows where report_id in (select value from json_each(?)) group by report_id) x
				where broker_reports.id = x.report_id`,
			)
			.run(JSON.stringify(reportIds)),
	)

	// A report of a month the growth broker has none for: up to 10,000 of its accounts.
	const month = monthBack(now, reportMonthsBack)
	const accounts = sqlite
		.prepare('select tracking_id as t, id from broker_accounts where broker_id = ? order by id desc limit 10000')
		.all(brokerId) as Array<{ t: string; id: number }>
	const lines = ['tracking_id,deposits,withdrawals,volume,commission,month']
	for (const a of accounts)
		lines.push(`${a.t},${(a.id % 900) + 100}.50,${a.id % 50},${(a.id % 7000) + 1000},${(a.id % 30) + 1}.25,${month}`)

	const tables: Record<string, number> = {}
	for (const table of [
		'member_activity_days',
		'referral_credits',
		'broker_clicks',
		'broker_report_rows',
		'lesson_completions',
		'notifications',
		'contest_participants',
		'trader_equity',
	])
		tables[table] = count(table)
	const members = count('users')
	return {
		members,
		added: members - before,
		tables,
		traders: (sqlite.prepare("select count(*) as n from traders where status = 'listed'").get() as { n: number }).n,
		broker: GROWTH_BROKER,
		month,
		reportRows: accounts.length,
		csv: `${lines.join('\r\n')}\r\n`,
		seedMs: Date.now() - started,
	}
}
