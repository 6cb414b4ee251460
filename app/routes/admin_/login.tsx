import { getFormProps, getInputProps } from '@conform-to/react'
import { Form, Link } from 'react-router'
import { useSignInForm } from '#app/auth/sign-in-form.ts'
import { staffAuth } from '#app/auth/staff.server.ts'
import { Field, FormAlert, HoneypotInputs, StatusButton } from '#app/components/forms.tsx'
import { PasswordField } from '#app/components/password-field.tsx'
import { site } from '#app/content/site.ts'
import { AUTH_MESSAGES } from '#app/auth/messages.ts'
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
		<main className="mx-auto flex min-h-screen w-full max-w-md flex-col justify-center px-4 py-10">
			<div className="card">
				<div className="flex items-center gap-3">
					<img src="/favicon.svg" alt="" width={36} height={36} />
					<div>
						<h1 className="text-2xl font-bold">Admin Login</h1>
						<p className="text-sm text-slate-300">Sign in to the {site.name} administration panel.</p>
					</div>
				</div>
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
			</div>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [
	{ title: `Admin Login | ${site.name}` },
	{ name: 'robots', content: 'noindex' },
]
