import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, Form, Link } from 'react-router'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { FormAlert, TextareaField } from '#app/components/forms.tsx'
import { dialogHandle, RouteDialog } from '#app/components/route-dialog.tsx'
import { site } from '#app/content/site.ts'
import { REVENUE_LIMITS } from '#app/domain/limits.ts'
import { getRevenueEntry, voidRevenue } from '#app/models/revenue.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { formatMonth, formatUsdCents } from '#app/utils/admin-format.ts'
import {
	REVENUE_ENTRY_NOT_FOUND,
	REVENUE_LOAD_FAILED,
	REVENUE_VOID_TITLE,
	REVENUE_VOID_WARNING,
	REVENUE_VOIDED,
} from '#app/utils/admin-messages.ts'
import { parseEntryId, revenuePageFromUrl, RevenueVoidFormSchema } from '#app/utils/admin-validation.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData, replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { fail } from '#app/utils/result.ts'
import type { Route } from './+types/void'

export const handle = dialogHandle

// /admin/revenue/:entryId/void: void an entry with a required reason
// (revenue:correct); it stays listed and no longer counts. Twice is a 409.

const constraint = getZodConstraint(RevenueVoidFormSchema)

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
	const pending = useIsPending({ state: 'submitting' })
	const [form, fields] = useForm({
		id: 'revenue-void-form',
		lastResult: actionData?.result,
		constraint,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: RevenueVoidFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<RouteDialog title={REVENUE_VOID_TITLE} closeTo={loaderData.closeTo} description={REVENUE_VOID_WARNING}>
			<div className="space-y-4">
				<p className="rounded-lg border border-slate-700 bg-slate-950/60 p-3 text-sm">
					<span className="block font-semibold break-all">{entry.broker}</span>
					<span className="block text-slate-300">
						{formatMonth(entry.month)}: {formatUsdCents(entry.amount)}
					</span>
				</p>
				<Form method="post" {...getFormProps(form)} noValidate className="grid gap-4">
					<FormAlert id={form.errorId} errors={form.errors} />
					<TextareaField
						label="Reason for voiding"
						field={fields.reason}
						hint={`Required; kept in the audit log (at most ${REVENUE_LIMITS.reason} characters).`}
						textareaProps={{ rows: 3 }}
					/>
					<div className="flex flex-wrap gap-2">
						<button type="submit" disabled={pending} className="btn-danger">
							{pending ? 'Voiding...' : 'Void Entry'}
						</button>
						<Link to={loaderData.closeTo} preventScrollReset className="btn-secondary">
							Cancel
						</Link>
					</div>
				</Form>
			</div>
		</RouteDialog>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${REVENUE_VOID_TITLE} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={REVENUE_VOID_TITLE} fallback={REVENUE_LOAD_FAILED} />
}
