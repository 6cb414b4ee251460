import { Link } from 'react-router'
import { BrokerActiveBadge } from '#app/components/admin-broker-badges.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { StaffTable } from '#app/components/admin-list-parts.tsx'
import { site } from '#app/content/site.ts'
import { listBrokersForStaff } from '#app/features/brokers/brokers.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { BROKER_MESSAGES } from '#app/features/brokers/schemas.ts'
import { formatCount } from '#app/utils/admin-format.ts'
import { can } from '#app/features/staff/roles.ts'
import type { Route } from './+types/brokers'

/**
 * /admin/brokers (brokers:view): every partner broker, inactive ones too,
 * with its regulator, loss percentage, clicks in the last 30 days and the
 * members connected (with a tracking id); each links to its page and its
 * reports. A handful of rows: not paged. Below 640 px the rows are cards.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'brokers:view')
	return { brokers: listBrokersForStaff(), canManage: can(admin, 'brokers:manage') }
}

export default function AdminBrokersRoute({ loaderData }: Route.ComponentProps) {
	const { brokers, canManage } = loaderData
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader
				title={BROKER_MESSAGES.pageTitle}
				description="Partner brokers members see on their dashboard, their tracked links and their reports"
			>
				{canManage ? (
					<AdminButtonLink to="/admin/brokers/new" primary>
						Add Broker
					</AdminButtonLink>
				) : null}
			</AdminPageHeader>
			<AdminSection id="broker-list" title="Brokers">
				<StaffTable
					label="Brokers table"
					caption={`Partner brokers, ${brokers.length}`}
					columns={[
						'Broker',
						'Regulator',
						{ label: 'Loss %', end: true },
						'State',
						{ label: 'Clicks (30 days)', end: true },
						{ label: 'Members connected', end: true },
						'Actions',
					]}
					empty="No brokers yet"
					isEmpty={brokers.length === 0}
					tableClassName="card-table w-full text-left text-sm sm:min-w-[56rem]"
				>
					{brokers.map((broker) => (
						<tr key={broker.id} data-broker-row={broker.slug}>
							<td data-cell="primary" className="py-3 pr-4">
								<Link to={`/admin/brokers/${broker.slug}`} className="link font-medium">
									{broker.name}
								</Link>
								<p className="text-slate-400">
									<code>{broker.slug}</code>
								</p>
							</td>
							<td data-label="Regulator" className="max-w-[16rem] py-3 pr-4 break-words">
								{broker.regulator}
							</td>
							<td data-label="Loss %" className="py-3 pr-4 text-right tabular-nums">
								{broker.lossPercent}%
							</td>
							<td data-label="State" className="py-3 pr-4">
								<BrokerActiveBadge active={broker.active} />
							</td>
							<td data-label="Clicks (30 days)" className="py-3 pr-4 text-right tabular-nums">
								{formatCount(broker.clicksLast30Days)}
							</td>
							<td data-label="Members connected" className="py-3 pr-4 text-right tabular-nums">
								{formatCount(broker.membersConnected)}
							</td>
							<td data-cell="actions" className="py-3">
								<div className="flex gap-3 whitespace-nowrap max-sm:gap-6">
									<Link to={`/admin/brokers/${broker.slug}`} className="link">
										{canManage ? 'Edit' : 'View'}
										<span className="sr-only"> {broker.name}</span>
									</Link>
									<Link to={`/admin/brokers/${broker.slug}/reports`} className="link">
										Reports<span className="sr-only"> of {broker.name}</span>
									</Link>
								</div>
							</td>
						</tr>
					))}
				</StaffTable>
			</AdminSection>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${BROKER_MESSAGES.pageTitle} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={BROKER_MESSAGES.pageTitle} fallback={BROKER_MESSAGES.loadFailed} />
}
