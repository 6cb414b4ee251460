import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, Form, Link } from 'react-router'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { OneTimePassword } from '#app/components/admin-staff.tsx'
import { Field, FormAlert, SelectField, StatusButton } from '#app/components/forms.tsx'
import { site } from '#app/content/site.ts'
import { ADMIN_ROLES } from '#app/domain/enums.ts'
import { createStaff } from '#app/features/staff/staff.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { roleLabel } from '#app/features/staff/roles.ts'
import { StaffCreateFormSchema, STAFF_MESSAGES } from '#app/features/staff/schemas.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData, replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import type { Route } from './+types/new'

/**
 * /admin/staff/new (staff:manage): name, email, role and an optional
 * password. A typed password (sign-up rules) redirects to the account's
 * page; a blank one is generated and shown in this POST's answer only
 * (`no-store`), never stored readable nor put in a cookie.
 */
const constraint = getZodConstraint(StaffCreateFormSchema)

export async function loader({ request, url }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'staff:manage')
	return null
}

export async function action({ request, url }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'staff:manage')
	const submission = parseWithZod(await readFormData(request), { schema: StaffCreateFormSchema })
	if (submission.status !== 'success') return replyInvalid(submission)
	const result = await createStaff({ id: admin.id, email: admin.email }, submission.value)
	if (!result.ok) {
		// The taken email belongs under the email field.
		return replyWithFailure(
			submission,
			result.status === 409 ? { ...result, fieldErrors: { email: [result.message] } } : result,
		)
	}
	const { admin: created, generatedPassword } = result.value
	if (!generatedPassword) throw await redirectWithFlash(`/admin/staff/${created.id}`, STAFF_MESSAGES.created)
	return data(
		{ created: { id: created.id, email: created.email, password: generatedPassword } },
		{ headers: { 'Cache-Control': 'no-store' } },
	)
}

export default function NewStaffRoute({ actionData }: Route.ComponentProps) {
	const created = actionData && 'created' in actionData ? actionData.created : null
	const pending = useIsPending({ state: 'submitting' })
	const [form, fields] = useForm({
		id: 'staff-create-form',
		lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
		constraint,
		defaultValue: { role: 'admin' },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: StaffCreateFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader title={STAFF_MESSAGES.newTitle} description="Create an admin or super admin account">
				<AdminButtonLink to="/admin/staff">Back to Staff</AdminButtonLink>
			</AdminPageHeader>
			{created ? (
				<>
					<p role="status" className="rounded-lg border border-emerald-400/60 bg-emerald-950/40 p-3 text-emerald-100">
						{STAFF_MESSAGES.created}
					</p>
					<OneTimePassword email={created.email} password={created.password} />
					<p>
						<Link to={`/admin/staff/${created.id}`} className="link">
							Go to the account
						</Link>
					</p>
				</>
			) : (
				<AdminSection id="staff-create" title="Account">
					<Form method="post" {...getFormProps(form)} noValidate className="grid max-w-xl gap-4">
						<FormAlert id={form.errorId} errors={form.errors} />
						<Field label="Name" field={fields.name} inputProps={{ autoComplete: 'off' }} />
						<Field label="Email" field={fields.email} type="email" inputProps={{ autoComplete: 'off' }} />
						<SelectField label="Role" field={fields.role}>
							{ADMIN_ROLES.map((role) => (
								<option key={role} value={role}>
									{roleLabel(role)}
								</option>
							))}
						</SelectField>
						<Field
							label="Password (optional)"
							field={fields.password}
							type="password"
							hint={STAFF_MESSAGES.passwordHint}
							inputProps={{ autoComplete: 'new-password' }}
						/>
						<div>
							<StatusButton pending={pending} pendingText="Creating..." className="sm:w-auto">
								Create Account
							</StatusButton>
						</div>
					</Form>
				</AdminSection>
			)}
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${STAFF_MESSAGES.newTitle} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={STAFF_MESSAGES.newTitle} fallback={STAFF_MESSAGES.loadFailed} />
}
