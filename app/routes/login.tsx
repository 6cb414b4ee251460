import { getFormProps, getInputProps } from '@conform-to/react'
import { Form, Link } from 'react-router'
import { memberAuth } from '#app/auth/member.server.ts'
import { useSignInForm } from '#app/auth/sign-in-form.ts'
import { AuthLayout } from '#app/components/auth-layout.tsx'
import { Field, FormAlert, HoneypotInputs, StatusButton } from '#app/components/forms.tsx'
import { site } from '#app/content/site.ts'
import type { Route } from './+types/login'

export const loader = memberAuth.routes.signIn.loader
export const action = memberAuth.routes.signIn.action

export default function LoginRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { form, fields, pending } = useSignInForm('login', {
		lastResult: actionData?.result,
		redirectTo: loaderData.redirectTo,
	})
	return (
		<AuthLayout>
			<div className="card">
				<h1 className="text-2xl font-bold sm:text-3xl">Welcome Back</h1>
				<p className="mt-2 text-slate-300">Sign in to your {site.name} account.</p>
				<Form method="post" {...getFormProps(form)} noValidate className="mt-8 space-y-5">
					<HoneypotInputs />
					<input {...getInputProps(fields.redirectTo, { type: 'hidden' })} />
					<FormAlert id={form.errorId} errors={form.errors} title="Login failed" />
					<Field label="Email" field={fields.email} type="email" inputProps={{ autoComplete: 'email' }} />
					<Field
						label="Password"
						field={fields.password}
						type="password"
						inputProps={{ autoComplete: 'current-password' }}
					/>
					<div className="text-right text-sm">
						<Link to="/forgot-password" className="link">
							Forgot your password?
						</Link>
					</div>
					<StatusButton pending={pending} pendingText="Signing In...">
						Sign In
					</StatusButton>
				</Form>
				<p className="mt-6 text-center text-sm text-slate-300">
					New to {site.name}?{' '}
					<Link to="/signup" className="link">
						Create Account
					</Link>
				</p>
			</div>
		</AuthLayout>
	)
}

export const meta: Route.MetaFunction = () => [
	{ title: `Sign In | ${site.name}` },
	{ name: 'description', content: `Sign in to your ${site.name} account.` },
]
