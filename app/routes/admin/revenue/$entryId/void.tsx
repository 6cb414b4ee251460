import { AdminLoadError } from '#app/components/admin-error.tsx'
import { ConfirmDialog, ConfirmSubject } from '#app/components/confirm-dialog.tsx'
import { dialogHandle } from '#app/components/route-dialog.tsx'
import { site } from '#app/content/site.ts'
import {
	REVENUE_LIMITS,
	REVENUE_ENTRY_NOT_FOUND,
	REVENUE_LOAD_FAILED,
	REVENUE_VOID_TITLE,
	REVENUE_VOID_WARNING,
	REVENUE_VOIDED,
	parseEntryId,
	RevenueVoidFormSchema,
} from '#app/features/revenue/schemas.ts'
import { voidRevenue } from '#app/features/revenue/revenue.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { formatMonth, formatUsdCents } from '#app/utils/admin-format.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { fail } from '#app/utils/result.ts'
import { runFormAction } from '#app/utils/forms.server.ts'
import type { Route } from './+types/void'
import { requireRevenueEntry, revenueListHref } from '../+revenue.server.ts'

export const handle = dialogHandle

// /admin/revenue/:entryId/void: void an entry with a required reason
// (revenue:correct); it stays listed and no longer counts. Twice is a 409.

export async function loader({ request, url, params }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'revenue:correct')
	const entry = requireRevenueEntry(params.entryId)
	return { entry, closeTo: revenueListHref(url) }
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'revenue:correct')
	const id = parseEntryId(params.entryId)
	return runFormAction(
		request,
		RevenueVoidFormSchema,
		({ reason }) =>
			id === null ? fail(404, REVENUE_ENTRY_NOT_FOUND) : voidRevenue({ id: admin.id, email: admin.email }, id, reason),
		() => redirectWithFlash(revenueListHref(url), REVENUE_VOIDED),
	)
}

export default function VoidRevenueRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { entry } = loaderData
	return (
		<ConfirmDialog
			title={REVENUE_VOID_TITLE}
			description={REVENUE_VOID_WARNING}
			closeTo={loaderData.closeTo}
			formId="revenue-void-form"
			lastResult={actionData?.result}
			reason={{
				schema: RevenueVoidFormSchema,
				label: 'Reason for voiding',
				hint: `Required; kept in the audit log (at most ${REVENUE_LIMITS.reason} characters).`,
			}}
			submit={{ label: 'Void Entry', pending: 'Voiding...' }}
		>
			<ConfirmSubject
				title={entry.broker}
				titleClassName="break-all"
				detail={
					<>
						{formatMonth(entry.month)}: {formatUsdCents(entry.amount)}
					</>
				}
			/>
		</ConfirmDialog>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${REVENUE_VOID_TITLE} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={REVENUE_VOID_TITLE} fallback={REVENUE_LOAD_FAILED} />
}
