import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link } from 'react-router'
import { CardSection, TitledSection } from '#app/components/dashboard-ui.tsx'
import { CheckboxField, FormAlert } from '#app/components/forms.tsx'
import { PasswordField } from '#app/components/password-field.tsx'
import { site } from '#app/content/site.ts'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { CloseAccountFormSchema } from '#app/features/account/schemas.ts'
import { closeAccountAction } from '../+settings.server.ts'
import type { Route } from './+types/close'

/**
 * /dashboard/settings/close: the confirmation step of closing the account
 * (docs/decisions/022-account-closure.md): what is erased and what is kept,
 * the password and an explicit "I understand".
 */
export async function loader({ request, url }: Route.LoaderArgs) {
	await requireUnlockedMember({ request, url })
	return null
}
export const action = (args: Route.ActionArgs) => closeAccountAction(args)

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

const constraint = getZodConstraint(CloseAccountFormSchema)

export default function CloseAccountRoute({ actionData }: Route.ComponentProps) {
	const pending = useIsPending({ state: 'submitting' })
	const [form, fields] = useForm({
		id: 'close-account',
		lastResult: actionData?.result,
		constraint,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: CloseAccountFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<main className="space-y-6 py-8">
			<div>
				<h1 className="text-2xl font-bold sm:text-3xl">Close Your Account</h1>
				<p className="mt-2 text-slate-300">Please read what happens before you confirm.</p>
			</div>
			<TitledSection
				headingId="close-what-heading"
				title="What closing does"
				className="card space-y-3 text-sm text-slate-300"
				headingClassName="text-lg font-semibold text-slate-100"
			>
				<ul className="list-disc space-y-1 pl-5">
					<li>
						Your name, email, phone, country, Telegram name, capital bracket and password are erased, and you are signed
						out on every device.
					</li>
					<li>Your notifications, lesson progress, pending links and email preferences are deleted.</li>
					<li>Your referral link stops working.</li>
					<li>
						Kept without your personal details: the referral point of the member who invited you, your plan history,
						offer claims, contest results and the figures brokers reported (staff and the accounts need them), and a
						record that the account was closed.
					</li>
				</ul>
				<p>
					<a href="/dashboard/settings/data.json" download className="link">
						Download your data
					</a>{' '}
					first if you want a copy. Closing cannot be undone.
				</p>
			</TitledSection>
			<CardSection headingId="close-confirm-heading" title="Confirm">
				<Form method="post" {...getFormProps(form)} noValidate className="mt-4 space-y-4">
					<FormAlert id={form.errorId} errors={form.errors} title="The account was not closed" />
					<PasswordField
						label="Current password"
						field={fields.currentPassword}
						inputProps={{ autoComplete: 'current-password' }}
					/>
					<CheckboxField
						field={fields.confirm}
						label="I understand that closing my account erases my personal details and cannot be undone."
					/>
					<div className="flex flex-wrap gap-3">
						<button type="submit" className="btn-danger" disabled={pending} aria-disabled={pending || undefined}>
							{pending ? 'Closing...' : 'Close My Account'}
						</button>
						<Link to="/dashboard/settings" className="btn-secondary">
							Keep My Account
						</Link>
					</div>
				</Form>
			</CardSection>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `Close your account | ${site.name}` }]
