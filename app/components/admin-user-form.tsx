import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link, useNavigation } from 'react-router'
import { PASSWORD_KEEP_LABEL } from '#app/utils/admin-users-messages.ts'
import { UserCreateFormSchema, UserUpdateFormSchema } from '#app/utils/admin-users-validation.ts'
import { PLANS, USER_STATUSES, type Plan, type UserStatus } from '#app/domain/enums.ts'
import { ErrorList, Field, FormAlert, StatusButton } from './forms.tsx'

const createConstraint = getZodConstraint(UserCreateFormSchema)
const updateConstraint = getZodConstraint(UserUpdateFormSchema)

const PLAN_LABELS: Record<Plan, string> = { regular: 'Regular', gold: 'Gold', titanium: 'Titanium', platinum: 'Platinum' }

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
	const navigation = useNavigation()
	const pending = navigation.state === 'submitting' && navigation.formData?.has('email') === true
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
			<Field
				label="Name"
				inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'off' }}
				errors={fields.name.errors}
				errorId={fields.name.errorId}
			/>
			<Field
				label="Email"
				inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off' }}
				errors={fields.email.errors}
				errorId={fields.email.errorId}
			/>
			<Field
				label={mode === 'create' ? 'Password' : PASSWORD_KEEP_LABEL}
				inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password', required: mode === 'create' }}
				errors={fields.password.errors}
				errorId={fields.password.errorId}
				hint="At least 8 characters with an uppercase letter, a lowercase letter and a number."
			/>
			<div className="grid gap-4 sm:grid-cols-2">
				<Field
					label="Phone (optional)"
					inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'off' }}
					errors={fields.phone.errors}
					errorId={fields.phone.errorId}
				/>
				<Field
					label="Country (optional)"
					inputProps={{ ...getInputProps(fields.country, { type: 'text' }), autoComplete: 'off' }}
					errors={fields.country.errors}
					errorId={fields.country.errorId}
				/>
			</div>
			<Field
				label="Telegram (optional)"
				inputProps={{ ...getInputProps(fields.telegram, { type: 'text' }), autoComplete: 'off', placeholder: '@username' }}
				errors={fields.telegram.errors}
				errorId={fields.telegram.errorId}
			/>
			<div className="grid gap-4 sm:grid-cols-2">
				<div>
					<label htmlFor={fields.plan.id} className="mb-1.5 block text-sm font-medium text-slate-200">
						Plan
					</label>
					<select {...getSelectProps(fields.plan)} key={fields.plan.key} className="input">
						{PLANS.map((plan) => (
							<option key={plan} value={plan}>
								{planLabels[plan]}
							</option>
						))}
					</select>
					<ErrorList id={fields.plan.errorId} errors={fields.plan.errors} />
				</div>
				<div>
					<label htmlFor={fields.status.id} className="mb-1.5 block text-sm font-medium text-slate-200">
						Status
					</label>
					<select {...getSelectProps(fields.status)} key={fields.status.key} className="input">
						{USER_STATUSES.map((status) => (
							<option key={status} value={status}>
								{status.charAt(0).toUpperCase() + status.slice(1)}
							</option>
						))}
					</select>
					<ErrorList id={fields.status.errorId} errors={fields.status.errors} />
				</div>
			</div>
			<div className="flex flex-wrap gap-2 pt-2">
				<StatusButton pending={pending} pendingText={mode === 'create' ? 'Creating...' : 'Saving...'} className="sm:w-auto">
					{mode === 'create' ? 'Create User' : 'Save Changes'}
				</StatusButton>
				<Link to={cancelTo} preventScrollReset className="btn-secondary">
					Cancel
				</Link>
			</div>
		</Form>
	)
}
