import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, Form } from 'react-router'
import { Fact } from '#app/components/admin-facts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { OneTimePassword, RoleBadge, StaffStatusBadge } from '#app/components/admin-staff.tsx'
import { Field, FormAlert, SelectField, StatusButton } from '#app/components/forms.tsx'
import { site } from '#app/content/site.ts'
import { ADMIN_ROLES } from '#app/domain/enums.ts'
import { getStaffMember, resetStaffPassword, updateStaff } from '#app/features/staff/staff.server.ts'
import { resetStaffTwoFactor } from '#app/features/staff/two-factor.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { formatDate, formatDateTime } from '#app/utils/admin-format.ts'
import { roleLabel } from '#app/features/staff/roles.ts'
import {
	parseStaffId,
	StaffResetPasswordFormSchema,
	StaffResetTwoFactorFormSchema,
	StaffRoleFormSchema,
	StaffStatusFormSchema,
	STAFF_MESSAGES,
	TWO_FACTOR_MESSAGES,
} from '#app/features/staff/schemas.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData, replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import type { Route } from './+types/$adminId'

/**
 * /admin/staff/:adminId (staff:manage): the account, and three plain POST
 * forms told apart by `intent`: change role, disable or enable (disabling
 * ends their sessions at once), reset the password (typed, or generated and
 * shown in this POST's answer only).
 */
const roleConstraint = getZodConstraint(StaffRoleFormSchema)
const resetConstraint = getZodConstraint(StaffResetPasswordFormSchema)

function staffOr404(value: string | undefined) {
	const id = parseStaffId(value)
	const member = id === null ? null : getStaffMember(id)
	if (!member) throw data({ message: STAFF_MESSAGES.notFound }, { status: 404 })
	return member
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'staff:manage')
	return { member: staffOr404(params.adminId), isSelf: admin.id === parseStaffId(params.adminId) }
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'staff:manage')
	const member = staffOr404(params.adminId)
	const actor = { id: admin.id, email: admin.email }
	const formData = await readFormData(request)
	const intent = formData.get('intent')
	const here = `/admin/staff/${member.id}`
	if (intent === 'reset-password') {
		const submission = parseWithZod(formData, { schema: StaffResetPasswordFormSchema })
		if (submission.status !== 'success') return data({ intent, ...replyInvalid(submission).data }, { status: 400 })
		const result = await resetStaffPassword(actor, member.id, submission.value.password)
		if (!result.ok) return data({ intent, ...replyWithFailure(submission, result).data }, { status: result.status })
		if (!result.value.generatedPassword) throw await redirectWithFlash(here, STAFF_MESSAGES.passwordReset)
		return data(
			{ intent, generatedPassword: result.value.generatedPassword },
			{ headers: { 'Cache-Control': 'no-store' } },
		)
	}
	if (intent === 'reset-two-factor') {
		const submission = parseWithZod(formData, { schema: StaffResetTwoFactorFormSchema })
		const result = resetStaffTwoFactor(actor, member.id)
		if (!result.ok) return data({ intent, ...replyWithFailure(submission, result).data }, { status: result.status })
		throw await redirectWithFlash(here, TWO_FACTOR_MESSAGES.reset)
	}
	if (intent === 'disable' || intent === 'enable') {
		const submission = parseWithZod(formData, { schema: StaffStatusFormSchema })
		if (submission.status !== 'success')
			return data({ intent: 'status', ...replyInvalid(submission).data }, { status: 400 })
		const result = updateStaff(actor, member.id, { disabled: submission.value.intent === 'disable' })
		if (!result.ok)
			return data({ intent: 'status', ...replyWithFailure(submission, result).data }, { status: result.status })
		throw await redirectWithFlash(
			here,
			submission.value.intent === 'disable' ? STAFF_MESSAGES.disabled : STAFF_MESSAGES.enabled,
		)
	}
	const submission = parseWithZod(formData, { schema: StaffRoleFormSchema })
	if (submission.status !== 'success')
		return data({ intent: 'role', ...replyInvalid(submission).data }, { status: 400 })
	const result = updateStaff(actor, member.id, { role: submission.value.role })
	if (!result.ok)
		return data({ intent: 'role', ...replyWithFailure(submission, result).data }, { status: result.status })
	throw await redirectWithFlash(here, STAFF_MESSAGES.roleUpdated)
}

type ActionData = Route.ComponentProps['actionData']

function resultFor(actionData: ActionData, intent: string): SubmissionResult<string[]> | undefined {
	return actionData && actionData.intent === intent && 'result' in actionData ? actionData.result : undefined
}

export default function StaffMemberRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { member, isSelf } = loaderData
	const generated = actionData && 'generatedPassword' in actionData ? actionData.generatedPassword : null
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader title={member.name} description={member.email}>
				<AdminButtonLink to="/admin/staff">Back to Staff</AdminButtonLink>
			</AdminPageHeader>
			{generated ? <OneTimePassword email={member.email} password={generated} /> : null}
			<AdminSection id="staff-account" title="Account">
				<dl className="grid gap-3 text-sm sm:grid-cols-2">
					<Fact label="Role">
						<RoleBadge role={member.role} />
					</Fact>
					<Fact label="Status">
						<StaffStatusBadge status={member.status} />
					</Fact>
					<Fact label="Two-factor authentication">{member.twoFactor ? 'On' : 'Off'}</Fact>
					<Fact label="Last login">{member.lastLogin ? formatDateTime(member.lastLogin) : 'Never'}</Fact>
					<Fact label="Created">{formatDate(member.createdAt)}</Fact>
				</dl>
			</AdminSection>
			<div className="grid gap-6 xl:grid-cols-3">
				<RoleForm key={`role-${member.role}`} role={member.role} lastResult={resultFor(actionData, 'role')} />
				<StatusForm status={member.status} isSelf={isSelf} lastResult={resultFor(actionData, 'status')} />
				<ResetPasswordForm key={generated ?? 'reset'} lastResult={resultFor(actionData, 'reset-password')} />
				<ResetTwoFactorForm
					enabled={member.twoFactor}
					isSelf={isSelf}
					lastResult={resultFor(actionData, 'reset-two-factor')}
				/>
			</div>
		</main>
	)
}

function RoleForm({ role, lastResult }: { role: string; lastResult: SubmissionResult<string[]> | undefined }) {
	const pending = useIsPending({ state: 'submitting', formData: { intent: 'role' } })
	const [form, fields] = useForm({
		id: 'staff-role-form',
		lastResult,
		constraint: roleConstraint,
		defaultValue: { role },
	})
	return (
		<AdminSection id="staff-role" title="Role">
			<Form method="post" {...getFormProps(form)} noValidate className="grid gap-4">
				<input type="hidden" name="intent" value="role" />
				<FormAlert id={form.errorId} errors={form.errors} />
				<SelectField label="Role" field={fields.role}>
					{ADMIN_ROLES.map((r) => (
						<option key={r} value={r}>
							{roleLabel(r)}
						</option>
					))}
				</SelectField>
				<div>
					<StatusButton pending={pending} pendingText="Saving..." className="sm:w-auto">
						Change Role
					</StatusButton>
				</div>
			</Form>
		</AdminSection>
	)
}

function StatusForm({
	status,
	isSelf,
	lastResult,
}: {
	status: 'active' | 'disabled'
	isSelf: boolean
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const disabling = status === 'active'
	return (
		<ButtonFormSection
			id="staff-status"
			title="Access"
			formId="staff-status-form"
			lastResult={lastResult}
			note={
				disabling
					? isSelf
						? 'You cannot disable your own account.'
						: 'Disabling ends their sessions at once; they cannot sign in until enabled again.'
					: 'This account is disabled: it cannot sign in.'
			}
		>
			<div>
				<button
					type="submit"
					name="intent"
					value={disabling ? 'disable' : 'enable'}
					className={disabling ? 'btn-danger' : 'btn-primary'}
				>
					{disabling ? 'Disable Account' : 'Enable Account'}
				</button>
			</div>
		</ButtonFormSection>
	)
}

/** An account action as one small form: its section, form error and note, then its button (if any). */
function ButtonFormSection({
	id,
	title,
	formId,
	lastResult,
	note,
	children,
}: {
	id: string
	title: string
	formId: string
	lastResult: SubmissionResult<string[]> | undefined
	note: string
	children: React.ReactNode
}) {
	const [form] = useForm({ id: formId, lastResult })
	return (
		<AdminSection id={id} title={title}>
			<Form method="post" {...getFormProps(form)} className="grid gap-4">
				<FormAlert id={form.errorId} errors={form.errors} />
				<p className="text-sm text-slate-300">{note}</p>
				{children}
			</Form>
		</AdminSection>
	)
}

function ResetPasswordForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
	const [form, fields] = useForm({
		id: 'staff-reset-form',
		lastResult,
		constraint: resetConstraint,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: StaffResetPasswordFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<AdminSection id="staff-password" title="Password">
			<Form method="post" {...getFormProps(form)} noValidate className="grid gap-4">
				<input type="hidden" name="intent" value="reset-password" />
				<FormAlert id={form.errorId} errors={form.errors} />
				<Field
					label="New password (optional)"
					field={fields.password}
					type="password"
					hint={`${STAFF_MESSAGES.passwordHint} Resetting ends their sessions.`}
					inputProps={{ autoComplete: 'new-password' }}
				/>
				<div>
					<button type="submit" className="btn-secondary">
						Reset Password
					</button>
				</div>
			</Form>
		</AdminSection>
	)
}

function ResetTwoFactorForm({
	enabled,
	isSelf,
	lastResult,
}: {
	enabled: boolean
	isSelf: boolean
	lastResult: SubmissionResult<string[]> | undefined
}) {
	return (
		<ButtonFormSection
			id="staff-two-factor"
			title="Two-factor authentication"
			formId="staff-two-factor-form"
			lastResult={lastResult}
			note={
				isSelf
					? 'Manage your own second factor on Security.'
					: enabled
						? 'For a lost device: removes their second factor and ends their sessions; they set it up again at their next sign-in.'
						: 'Not set up yet: they are asked to set it up at their next sign-in.'
			}
		>
			{enabled && !isSelf ? (
				<div>
					<button type="submit" name="intent" value="reset-two-factor" className="btn-secondary">
						Reset Two-Factor
					</button>
				</div>
			) : null}
		</ButtonFormSection>
	)
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
	{ title: `${loaderData?.member.name ?? 'Staff Account'} | ${site.name}` },
]

export function ErrorBoundary() {
	return <AdminLoadError title="Staff Account" fallback={STAFF_MESSAGES.loadFailed} />
}
