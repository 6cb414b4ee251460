import { AUTH_MESSAGES } from '#app/auth/messages.ts'
import { getFormProps, getInputProps } from '@conform-to/react'
import { Form, Link } from 'react-router'
import { useSignInForm } from '#app/auth/sign-in-form.ts'
import { staffAuth } from '#app/auth/staff.server.ts'
import { Field, FormAlert, HoneypotInputs, StatusButton } from '#app/components/forms.tsx'
import { PasswordField } from '#app/components/password-field.tsx'
import { site } from '#app/content/site.ts'
import { SignInCard } from './+sign-in-card.tsx'
import type { Route } from './+types/login'

// Anything unexpected answers the spec's generic 'Login failed. Please try
// again.'; the details go to the log only (staffAuth's configuration).
export const loader = staffAuth.routes.signIn.loader
export const action = staffAuth.routes.signIn.action

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

export default function AdminLoginRoute({ loaderData, actionData }: Route.ComponentProps) {
	// The same email and password rules as the member sign-in (spec section 5).
	const { form, fields, pending } = useSignInForm('admin-login', {
		lastResult: actionData?.result,
		redirectTo: loaderData.redirectTo,
	})
	return (
		<SignInCard title="Admin Login" description={<>Sign in to the {site.name} administration panel.</>}>
			<Form method="post" {...getFormProps(form)} noValidate className="mt-8 space-y-5">
				<HoneypotInputs />
				<input {...getInputProps(fields.redirectTo, { type: 'hidden' })} />
				<FormAlert id={form.errorId} errors={form.errors} title={AUTH_MESSAGES.adminAuthFailedTitle} />
				<Field label="Email" field={fields.email} type="email" inputProps={{ autoComplete: 'username' }} />
				<PasswordField label="Password" field={fields.password} inputProps={{ autoComplete: 'current-password' }} />
				<StatusButton pending={pending} pendingText="Signing In...">
					Sign In
				</StatusButton>
			</Form>
			<Link to="/" className="btn-secondary mt-4 w-full">
				Back to Site
			</Link>
		</SignInCard>
	)
}

export const meta: Route.MetaFunction = () => [
	{ title: `Admin Login | ${site.name}` },
	{ name: 'robots', content: 'noindex' },
]
