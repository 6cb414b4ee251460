import { Link } from 'react-router'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { StaffTable, TimeOrNever } from '#app/components/admin-list-parts.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { RoleBadge, StaffStatusBadge } from '#app/components/admin-staff.tsx'
import { site } from '#app/content/site.ts'
import { listStaff } from '#app/features/staff/staff.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { formatDate } from '#app/utils/admin-format.ts'
import { STAFF_MESSAGES } from '#app/features/staff/schemas.ts'
import type { Route } from './+types/staff'

/**
 * /admin/staff (staff:manage, super admins): every staff account with role,
 * status, last login and creation date; each links to its page (role,
 * disable or enable, reset password). A handful of rows: not paged.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'staff:manage')
	return { staff: listStaff(), selfId: admin.id }
}

export default function AdminStaffRoute({ loaderData }: Route.ComponentProps) {
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader
				title={STAFF_MESSAGES.pageTitle}
				description="Admins and super admins who can sign in to this panel"
			>
				<AdminButtonLink to="/admin/staff/new" primary>
					New Staff Account
				</AdminButtonLink>
			</AdminPageHeader>
			<AdminSection id="staff-list" title="Staff">
				<StaffTable
					label="Staff accounts"
					caption={`Staff accounts, ${loaderData.staff.length}`}
					columns={['Name', 'Email', 'Role', 'Status', 'Two-factor', 'Last login', 'Created']}
					empty="No staff accounts"
					isEmpty={loaderData.staff.length === 0}
					tableClassName="w-full min-w-[50rem] text-left text-sm"
				>
					{loaderData.staff.map((member) => (
						<tr key={member.id}>
							<td className="py-2 pr-4">
								<Link to={`/admin/staff/${member.id}`} className="link font-medium">
									{member.name}
								</Link>
								{member.id === loaderData.selfId ? <span className="ml-2 text-xs text-slate-400">(you)</span> : null}
							</td>
							<td className="py-2 pr-4 break-all">{member.email}</td>
							<td className="py-2 pr-4">
								<RoleBadge role={member.role} />
							</td>
							<td className="py-2 pr-4">
								<StaffStatusBadge status={member.status} />
							</td>
							<td className="py-2 pr-4">{member.twoFactor ? 'On' : 'Off'}</td>
							<td className="py-2 pr-4">
								<TimeOrNever at={member.lastLogin} neverClassName="text-slate-300" />
							</td>
							<td className="py-2">
								<time dateTime={member.createdAt}>{formatDate(member.createdAt)}</time>
							</td>
						</tr>
					))}
				</StaffTable>
			</AdminSection>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${STAFF_MESSAGES.pageTitle} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={STAFF_MESSAGES.pageTitle} fallback={STAFF_MESSAGES.loadFailed} />
}
