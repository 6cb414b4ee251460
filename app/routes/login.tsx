import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link, useNavigation } from 'react-router'
import { memberAuth } from '#app/auth/member.server.ts'
import { AuthLayout } from '#app/components/auth-layout.tsx'
import { Field, FormAlert, HoneypotInputs, StatusButton } from '#app/components/forms.tsx'
import { site } from '#app/content/site.ts'
import { LoginFormSchema } from '#app/utils/validation.ts'
import type { Route } from './+types/login'


// Derived once: the HTML constraints (required, maxLength...) of the form.
const constraint = getZodConstraint(LoginFormSchema)
export function loader({ request }: Route.LoaderArgs) {
	return memberAuth.signInPage(request)
}

export function action({ request }: Route.ActionArgs) {
	return memberAuth.signInWithForm(request)
}

export default function LoginRoute({ loaderData, actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const pending = navigation.state !== 'idle' && navigation.formAction?.startsWith('/login') === true
	const [form, fields] = useForm({
		id: 'login',
		lastResult: actionData?.result,
		constraint,
		defaultValue: { redirectTo: loaderData.redirectTo },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
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
					<Field
						label="Email"
						inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
						errors={fields.email.errors}
						errorId={fields.email.errorId}
					/>
					<Field
						label="Password"
						inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
						errors={fields.password.errors}
						errorId={fields.password.errorId}
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
