import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link } from 'react-router'
import { PASSWORD_KEEP_LABEL, UserCreateFormSchema, UserUpdateFormSchema } from '#app/features/users/schemas.ts'
import { PLANS, USER_STATUSES, type Plan, type UserStatus } from '#app/domain/enums.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { Field, FormAlert, NewPasswordField, SelectField, StatusButton } from './forms.tsx'

const createConstraint = getZodConstraint(UserCreateFormSchema)
const updateConstraint = getZodConstraint(UserUpdateFormSchema)

const PLAN_LABELS: Record<Plan, string> = {
	regular: 'Regular',
	gold: 'Gold',
	titanium: 'Titanium',
	platinum: 'Platinum',
}

export type UserFormDefaults = {
	name: string
	email: string
	phone: string
	country: string
	telegram: string
	plan: Plan
	status: UserStatus
}

/**
 * The Create New User and Edit User forms (spec section 5): name, email,
 * password (optional when editing: 'Password (leave blank to keep
 * current)'), phone, country and telegram (optional), plan (default
 * regular) and status (default active). The server validates the same way
 * with or without JS; with JS the browser checks first.
 */
export function AdminUserForm({
	mode,
	lastResult,
	defaults,
	cancelTo,
	planLabels = PLAN_LABELS,
}: {
	mode: 'create' | 'edit'
	lastResult: SubmissionResult<string[]> | undefined
	defaults?: UserFormDefaults
	cancelTo: string
	planLabels?: Record<Plan, string>
}) {
	const pending = useIsPending({ state: 'submitting' })
	const schema = mode === 'create' ? UserCreateFormSchema : UserUpdateFormSchema
	const [form, fields] = useForm<Record<keyof UserFormDefaults | 'password', string>>({
		id: mode === 'create' ? 'user-create-form' : 'user-edit-form',
		lastResult,
		constraint: mode === 'create' ? createConstraint : updateConstraint,
		defaultValue: defaults ?? { plan: 'regular', status: 'active' },
		onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
			<FormAlert id={form.errorId} errors={form.errors} />
			<Field label="Name" field={fields.name} inputProps={{ autoComplete: 'off' }} />
			<Field label="Email" field={fields.email} type="email" inputProps={{ autoComplete: 'off' }} />
			<NewPasswordField
				label={mode === 'create' ? 'Password' : PASSWORD_KEEP_LABEL}
				field={fields.password}
				inputProps={{ required: mode === 'create' }}
			/>
			<div className="grid gap-4 sm:grid-cols-2">
				<Field label="Phone (optional)" field={fields.phone} type="tel" inputProps={{ autoComplete: 'off' }} />
				<Field label="Country (optional)" field={fields.country} inputProps={{ autoComplete: 'off' }} />
			</div>
			<Field
				label="Telegram (optional)"
				field={fields.telegram}
				inputProps={{ autoComplete: 'off', placeholder: '@username' }}
			/>
			<div className="grid gap-4 sm:grid-cols-2">
				<SelectField label="Plan" field={fields.plan}>
					{PLANS.map((plan) => (
						<option key={plan} value={plan}>
							{planLabels[plan]}
						</option>
					))}
				</SelectField>
				<SelectField label="Status" field={fields.status}>
					{USER_STATUSES.map((status) => (
						<option key={status} value={status}>
							{status.charAt(0).toUpperCase() + status.slice(1)}
						</option>
					))}
				</SelectField>
			</div>
			<div className="flex flex-wrap gap-2 pt-2">
				<StatusButton
					pending={pending}
					pendingText={mode === 'create' ? 'Creating...' : 'Saving...'}
					className="sm:w-auto"
				>
					{mode === 'create' ? 'Create User' : 'Save Changes'}
				</StatusButton>
				<Link to={cancelTo} preventScrollReset className="btn-secondary">
					Cancel
				</Link>
			</div>
		</Form>
	)
}
