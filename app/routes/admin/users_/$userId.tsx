import { data, Link } from 'react-router'
import { Fact } from '#app/components/admin-facts.tsx'
import { PlanBadge, UserStatusBadge } from '#app/components/admin-badges.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { StaffTableHead } from '#app/components/admin-list-parts.tsx'
import { TableScroller } from '#app/components/table-scroller.tsx'
import { site } from '#app/content/site.ts'
import { getManagedUserStats } from '#app/features/users/figures.server.ts'
import { listConsents } from '#app/features/account/consents.server.ts'
import { planName } from '#app/features/plans/plan.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { formatCount, formatDate, formatDateTime, formatMonth, formatUsdCents } from '#app/utils/admin-format.ts'
import { can } from '#app/features/staff/roles.ts'
import { CONSENT_KIND_LABELS, CONSENT_SOURCE_LABELS } from '#app/features/account/consents.ts'
import { USER_NOT_FOUND, USERS_ERROR_TITLE, USERS_LOAD_FAILED, parseUserId } from '#app/features/users/schemas.ts'
import { PLANS, type Plan } from '#app/domain/enums.ts'
import type { Route } from './+types/$userId'

// /admin/users/:userId: the user's page (View in the list): profile,
// investment, referrals and points, broker accounts (tracking id, clicks) and
// the brokers' reported figures by month, plan history (audit log and
// activation codes), sessions and last seen, activity, the latest admin changes.

export async function loader({ request, url, params }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'users:view')
	const id = parseUserId(params.userId)
	const result = id === null ? null : getManagedUserStats(id)
	if (!result?.ok) throw data({ message: USER_NOT_FOUND }, { status: 404 })
	return {
		stats: result.value,
		consents: listConsents(result.value.user.id),
		planNames: Object.fromEntries(PLANS.map((p) => [p, planName(p)])) as Record<Plan, string>,
		can: { update: can(admin, 'users:update'), delete: can(admin, 'users:delete'), audit: can(admin, 'audit:view') },
	}
}

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

/** A dated history table under its column heads, or its empty line when there are no rows. */
function HistoryTable<Row>({
	rows,
	empty,
	label,
	scrollerClassName,
	tableClassName,
	columns,
	row,
}: {
	rows: ReadonlyArray<Row>
	empty: string
	label: string
	scrollerClassName?: string
	tableClassName: string
	columns: ReadonlyArray<string>
	row: (item: Row) => React.ReactNode
}) {
	if (rows.length === 0) return <p className="text-slate-300">{empty}</p>
	return (
		<TableScroller className={scrollerClassName} label={label}>
			<table className={tableClassName}>
				<StaffTableHead columns={columns} />
				<tbody className="divide-y divide-slate-800">{rows.map(row)}</tbody>
			</table>
		</TableScroller>
	)
}

/** The first cell of a history row: when it happened. */
function WhenCell({ at }: { at: string }) {
	return (
		<td className="py-2 pr-4 whitespace-nowrap">
			<time dateTime={at}>{formatDateTime(at)}</time>
		</td>
	)
}

function Facts({ items }: { items: Array<[string, React.ReactNode]> }) {
	return (
		<dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
			{items.map(([label, value]) => (
				<Fact
					key={label}
					label={label}
					className="min-w-0"
					labelClassName="text-sm text-slate-400"
					valueClassName="break-words font-medium"
				>
					{value}
				</Fact>
			))}
		</dl>
	)
}

const ACTION_LABELS: Record<string, string> = {
	'user.create': 'Created',
	'user.update': 'Edited',
	'user.bulk-update': 'Bulk update',
}

export default function AdminUserRoute({ loaderData }: Route.ComponentProps) {
	const { stats, planNames } = loaderData
	const { user } = stats
	const none = <span className="text-slate-400">None</span>
	return (
		<main className="space-y-6 py-8">
			<nav aria-label="Breadcrumb" className="text-sm">
				<Link to="/admin/users" className="link">
					← Back to users
				</Link>
			</nav>
			<AdminPageHeader title={user.name} description={<span className="break-all">{user.email}</span>}>
				{loaderData.can.update ? (
					<AdminButtonLink to={`/admin/users/${user.id}/edit`}>
						Edit<span className="sr-only"> {user.name}</span>
					</AdminButtonLink>
				) : null}
				{loaderData.can.delete ? (
					<Link to={`/admin/users/${user.id}/delete`} className="btn-secondary btn-sm text-red-200">
						Delete<span className="sr-only"> {user.name}</span>
					</Link>
				) : null}
				{loaderData.can.audit ? (
					<AdminButtonLink to={`/admin/audit?targetType=user&targetId=${user.id}`}>
						Full history<span className="sr-only"> of {user.name}</span>
					</AdminButtonLink>
				) : null}
			</AdminPageHeader>

			<div className="grid gap-6 xl:grid-cols-2">
				<AdminSection id="user-profile" title="Profile">
					<Facts
						items={[
							['Plan', <PlanBadge key="plan" plan={user.plan} label={planNames[user.plan]} />],
							['Status', <UserStatusBadge key="status" status={user.status} closedAt={user.closedAt} />],
							['Phone', user.phone || none],
							['Country', user.country || none],
							['Telegram', user.telegram || none],
							['Capital bracket', user.investmentAmount ?? none],
							['Joined', formatDate(user.createdAt)],
							['Last seen', user.lastSeenAt ? formatDateTime(user.lastSeenAt) : 'Never'],
							['Dashboard unlocked', user.isVerified ? (user.unlockedAt ? formatDate(user.unlockedAt) : 'Yes') : 'No'],
							[
								'Referral code',
								<code key="code" className="font-mono">
									{user.referralCode}
								</code>,
							],
							[
								'Referred by',
								user.referredBy ? (
									<code key="by" className="font-mono">
										{user.referredBy}
									</code>
								) : (
									none
								),
							],
						]}
					/>
				</AdminSection>

				<AdminSection id="user-investment" title="Investment">
					<Facts
						items={[
							['Total deposit', formatUsdCents(user.totalDeposit)],
							['Total withdrawn', formatUsdCents(user.totalWithdraw)],
							['Investment', formatUsdCents(user.totalInvested)],
						]}
					/>
				</AdminSection>

				<AdminSection id="user-referrals" title="Referrals">
					<Facts
						items={[
							['Premium referrals', formatCount(stats.referrals.count)],
							['Points', formatCount(stats.referrals.points)],
							['Members who signed up with their code', formatCount(stats.referrals.referredMembers)],
						]}
					/>
					{stats.referrals.recentCredits.length > 0 ? (
						<>
							<h3 className="mt-5 text-sm font-semibold text-slate-200">Latest points</h3>
							<ul className="mt-2 divide-y divide-slate-800 text-sm">
								{stats.referrals.recentCredits.map((credit) => (
									<li key={`${credit.at}-${credit.reason}`} className="flex flex-wrap justify-between gap-2 py-2">
										<span>{credit.reason}</span>
										<span className="text-slate-300">
											+{credit.points} · <time dateTime={credit.at}>{formatDate(credit.at)}</time>
										</span>
									</li>
								))}
							</ul>
						</>
					) : null}
				</AdminSection>

				<AdminSection id="user-sessions" title="Sessions and activity">
					<Facts
						items={[
							['Active sessions', formatCount(stats.sessions.active)],
							['Browser / API', `${formatCount(stats.sessions.web)} / ${formatCount(stats.sessions.api)}`],
							[
								'Latest sign-in',
								stats.sessions.lastStartedAt ? formatDateTime(stats.sessions.lastStartedAt) : 'None active',
							],
							['Lessons completed', formatCount(stats.activity.lessonsCompleted)],
							['Contests joined', formatCount(stats.activity.contestsJoined)],
							['0% fee offers claimed', formatCount(stats.activity.offersClaimed)],
						]}
					/>
				</AdminSection>
			</div>

			<UserBrokers brokers={stats.brokers} />

			<AdminSection id="user-plan-history" title="Plan history">
				<HistoryTable
					rows={stats.planHistory}
					empty="No plan changes yet"
					label="Plan history table"
					scrollerClassName="relative"
					tableClassName="w-full min-w-[32rem] text-left text-sm"
					columns={['When', 'From', 'To', 'How']}
					row={(change) => (
						<tr key={`${change.at}-${change.source}-${change.to}`}>
							<WhenCell at={change.at} />
							<td className="py-2 pr-4">{change.from ? planNames[change.from] : '—'}</td>
							<td className="py-2 pr-4">{planNames[change.to]}</td>
							<td className="py-2 break-all">
								{change.source}
								{change.by ? <span className="text-slate-400"> ({change.by})</span> : null}
							</td>
						</tr>
					)}
				/>
			</AdminSection>

			<AdminSection id="user-consents" title="Consents">
				<HistoryTable
					rows={loaderData.consents}
					empty="No consent recorded"
					label="Consents"
					tableClassName="w-full text-left text-sm"
					columns={['When', 'Consent', 'Version', 'How']}
					row={(consent) => (
						<tr key={consent.id}>
							<WhenCell at={consent.acceptedAt} />
							<td className="py-2 pr-4">{CONSENT_KIND_LABELS[consent.kind]}</td>
							<td className="py-2 pr-4">{consent.version}</td>
							<td className="py-2 break-words">
								{CONSENT_SOURCE_LABELS[consent.source]}
								{consent.source === 'staff' ? (
									<span className="text-slate-400"> (by {consent.adminName ?? 'a removed admin'})</span>
								) : null}
							</td>
						</tr>
					)}
				/>
			</AdminSection>

			<AdminSection id="user-changes" title="Latest admin changes">
				{stats.recentChanges.length === 0 ? (
					<p className="text-slate-300">No admin changes yet</p>
				) : (
					<ul className="divide-y divide-slate-800 text-sm">
						{stats.recentChanges.map((change) => (
							<li key={`${change.at}-${change.action}`} className="flex flex-wrap justify-between gap-2 py-2">
								<span>
									{ACTION_LABELS[change.action] ?? change.action}{' '}
									<span className="break-all text-slate-400">by {change.by}</span>
								</span>
								<time dateTime={change.at} className="text-slate-300">
									{formatDateTime(change.at)}
								</time>
							</li>
						))}
					</ul>
				)}
			</AdminSection>
		</main>
	)
}

type UserBroker = Route.ComponentProps['loaderData']['stats']['brokers'][number]

/** The member's broker accounts (staff answer brokers' questions by tracking id) and the reports' figures by month. */
function UserBrokers({ brokers }: { brokers: UserBroker[] }) {
	const months = brokers
		.flatMap((b) => b.months.map((m) => ({ ...m, broker: b.name, slug: b.slug })))
		.sort((a, b) => b.month.localeCompare(a.month) || a.broker.localeCompare(b.broker))
	return (
		<AdminSection id="user-brokers" title="Broker accounts">
			{brokers.length === 0 ? (
				<p className="text-slate-300">No broker account yet (made on the member&apos;s first broker click)</p>
			) : (
				<>
					<TableScroller className="relative" label="Broker accounts table">
						<table className="w-full min-w-[48rem] text-left text-sm tabular-nums">
							<StaffTableHead
								columns={[
									'Broker',
									'Tracking id',
									'Clicks',
									'First click',
									'Last click',
									'Funded',
									{ label: 'Reported deposits', end: true },
									{ label: 'Reported withdrawals', end: true },
								]}
							/>
							<tbody className="divide-y divide-slate-800">
								{brokers.map((b) => (
									<tr key={b.slug}>
										<th scope="row" className="py-2 pr-4 font-medium">
											{b.name}
											{b.active ? null : <span className="block text-xs text-slate-400">Inactive</span>}
										</th>
										<td className="py-2 pr-4">
											<code className="font-mono whitespace-nowrap select-all">{b.trackingId}</code>
										</td>
										<td className="py-2 pr-4">{formatCount(b.clickCount)}</td>
										<td className="py-2 pr-4 whitespace-nowrap">
											{b.firstClickAt ? <time dateTime={b.firstClickAt}>{formatDateTime(b.firstClickAt)}</time> : '—'}
										</td>
										<td className="py-2 pr-4 whitespace-nowrap">
											{b.lastClickAt ? <time dateTime={b.lastClickAt}>{formatDateTime(b.lastClickAt)}</time> : '—'}
										</td>
										<td className="py-2 pr-4">{b.funded ? 'Yes' : 'No'}</td>
										<td className="py-2 pr-4 text-right">{formatUsdCents(b.totals.deposits)}</td>
										<td className="py-2 text-right">{formatUsdCents(b.totals.withdrawals)}</td>
									</tr>
								))}
							</tbody>
						</table>
					</TableScroller>
					<h3 className="mt-6 text-sm font-semibold text-slate-200">Reported figures by month</h3>
					<p className="mt-1 text-sm text-slate-400">
						From the applied broker reports (reversed ones left out); each broker&apos;s newest 12 months.
					</p>
					{months.length === 0 ? (
						<p className="mt-2 text-slate-300">No applied report names this member yet</p>
					) : (
						<TableScroller className="relative mt-2" label="Reported figures by month table">
							<table className="w-full min-w-[28rem] text-left text-sm tabular-nums">
								<StaffTableHead
									columns={['Month', 'Broker', { label: 'Deposits', end: true }, { label: 'Withdrawals', end: true }]}
								/>
								<tbody className="divide-y divide-slate-800">
									{months.map((m) => (
										<tr key={`${m.slug}-${m.month}`}>
											<td className="py-2 pr-4 whitespace-nowrap">{formatMonth(m.month)}</td>
											<td className="py-2 pr-4">{m.broker}</td>
											<td className="py-2 pr-4 text-right">{formatUsdCents(m.deposits)}</td>
											<td className="py-2 text-right">{formatUsdCents(m.withdrawals)}</td>
										</tr>
									))}
								</tbody>
							</table>
						</TableScroller>
					)}
				</>
			)}
		</AdminSection>
	)
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.stats.user.name ?? 'User'} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={USERS_ERROR_TITLE} fallback={USERS_LOAD_FAILED} />
}
