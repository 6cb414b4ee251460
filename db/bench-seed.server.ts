import { getDb } from './client.server.ts'

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
	sqlite
		.transaction(() => {
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
		.immediate()
}
