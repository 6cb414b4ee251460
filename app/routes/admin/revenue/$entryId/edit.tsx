import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link } from 'react-router'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { Field, FormAlert, StatusButton, TextareaField } from '#app/components/forms.tsx'
import { dialogHandle, RouteDialog } from '#app/components/route-dialog.tsx'
import { site } from '#app/content/site.ts'
import {
	REVENUE_LIMITS,
	REVENUE_EDIT_TITLE,
	REVENUE_ENTRY_NOT_FOUND,
	REVENUE_LOAD_FAILED,
	REVENUE_UPDATED,
	parseEntryId,
	RevenueEditFormSchema,
	utcMonth,
} from '#app/features/revenue/schemas.ts'
import { correctRevenue } from '#app/features/revenue/revenue.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { formatMonth } from '#app/utils/admin-format.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { runFormAction } from '#app/utils/forms.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { fail } from '#app/utils/result.ts'
import type { Route } from './+types/edit'
import { requireRevenueEntry, revenueListHref } from '../+revenue.server.ts'

export const handle = dialogHandle

// /admin/revenue/:entryId/edit: correct broker, month and amount, with a
// required reason (revenue:correct). A voided entry cannot be edited (409).

const constraint = getZodConstraint(RevenueEditFormSchema)

export async function loader({ request, url, params }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'revenue:correct')
	const entry = requireRevenueEntry(params.entryId)
	return { entry, closeTo: revenueListHref(url), currentMonth: utcMonth(new Date()) }
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'revenue:correct')
	const id = parseEntryId(params.entryId)
	return runFormAction(
		request,
		RevenueEditFormSchema,
		({ amount, ...rest }) =>
			id === null
				? fail(404, REVENUE_ENTRY_NOT_FOUND)
				: correctRevenue({ id: admin.id, email: admin.email }, id, { ...rest, amountCents: amount }),
		() => redirectWithFlash(revenueListHref(url), REVENUE_UPDATED),
	)
}

export default function EditRevenueRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { entry } = loaderData
	const pending = useIsPending({ state: 'submitting' })
	const [form, fields] = useForm({
		id: 'revenue-edit-form',
		lastResult: actionData?.result,
		constraint,
		defaultValue: { broker: entry.broker, month: entry.month, amount: entry.amount.toFixed(2) },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: RevenueEditFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<RouteDialog
			title={REVENUE_EDIT_TITLE}
			closeTo={loaderData.closeTo}
			description={`${entry.broker}, ${formatMonth(entry.month)}`}
		>
			<Form method="post" {...getFormProps(form)} noValidate className="grid gap-4">
				<FormAlert id={form.errorId} errors={form.errors} />
				<Field label="Broker" field={fields.broker} inputProps={{ autoComplete: 'off' }} />
				<Field label="Month" field={fields.month} type="month" inputProps={{ max: loaderData.currentMonth }} />
				<Field label="Amount (USD)" field={fields.amount} inputProps={{ inputMode: 'decimal', autoComplete: 'off' }} />
				<TextareaField
					label="Reason for the correction"
					field={fields.reason}
					hint={`Required; kept in the audit log (at most ${REVENUE_LIMITS.reason} characters).`}
					textareaProps={{ rows: 3 }}
				/>
				<div className="flex flex-wrap gap-2">
					<StatusButton pending={pending} pendingText="Saving..." className="sm:w-auto">
						Save Correction
					</StatusButton>
					<Link to={loaderData.closeTo} preventScrollReset className="btn-secondary">
						Cancel
					</Link>
				</div>
			</Form>
		</RouteDialog>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${REVENUE_EDIT_TITLE} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={REVENUE_EDIT_TITLE} fallback={REVENUE_LOAD_FAILED} />
}
