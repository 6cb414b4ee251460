import { parseWithZod } from '@conform-to/zod'
import { data } from 'react-router'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
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
	revenuePageFromUrl,
	RevenueVoidFormSchema,
} from '#app/features/revenue/schemas.ts'
import { getRevenueEntry, voidRevenue } from '#app/features/revenue/revenue.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { formatMonth, formatUsdCents } from '#app/utils/admin-format.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData, replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import { fail } from '#app/utils/result.ts'
import type { Route } from './+types/void'

export const handle = dialogHandle

// /admin/revenue/:entryId/void: void an entry with a required reason
// (revenue:correct); it stays listed and no longer counts. Twice is a 409.

function listHref(url: URL) {
	const page = revenuePageFromUrl(url.searchParams)
	return `/admin/revenue${page > 1 ? `?page=${page}` : ''}`
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'revenue:correct')
	const id = parseEntryId(params.entryId)
	const entry = id === null ? null : getRevenueEntry(id)
	if (!entry) throw data({ message: REVENUE_ENTRY_NOT_FOUND }, { status: 404 })
	return { entry, closeTo: listHref(url) }
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'revenue:correct')
	const submission = parseWithZod(await readFormData(request), { schema: RevenueVoidFormSchema })
	if (submission.status !== 'success') return replyInvalid(submission)
	const id = parseEntryId(params.entryId)
	const result =
		id === null
			? fail(404, REVENUE_ENTRY_NOT_FOUND)
			: voidRevenue({ id: admin.id, email: admin.email }, id, submission.value.reason)
	if (!result.ok) return replyWithFailure(submission, result)
	throw await redirectWithFlash(listHref(url), REVENUE_VOIDED)
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
			<p className="rounded-lg border border-slate-700 bg-slate-950/60 p-3 text-sm">
				<span className="block font-semibold break-all">{entry.broker}</span>
				<span className="block text-slate-300">
					{formatMonth(entry.month)}: {formatUsdCents(entry.amount)}
				</span>
			</p>
		</ConfirmDialog>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${REVENUE_VOID_TITLE} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={REVENUE_VOID_TITLE} fallback={REVENUE_LOAD_FAILED} />
}
