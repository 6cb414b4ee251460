import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { useEffect } from 'react'
import { data, Form, Link, useNavigate } from 'react-router'
import { AuthLayout, AuthNotice } from '#app/components/auth-layout.tsx'
import { Field, FormAlert, NewPasswordField, StatusButton } from '#app/components/forms.tsx'
import { site } from '#app/content/site.ts'
import { isResetTokenUsable, resetPassword } from '#app/features/auth/member-auth.server.ts'
import { ResetPasswordFormSchema, AUTH_FLOW_MESSAGES } from '#app/features/auth/schemas.ts'
import { readFormData, replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import type { Route } from './+types/reset-password'

/** After a successful reset the page moves to /login after this delay. */
const REDIRECT_DELAY_MS = 3000

// The token is in the URL: keep it out of Referer headers. `strict-origin`
// sends at most the origin, never the path or query; `no-referrer` would
// also make the browser send `Origin: null` with the form post, which React
// Router's action origin check refuses (400), breaking the form without JS.
const NO_REFERRER = { 'Referrer-Policy': 'strict-origin', 'Cache-Control': 'no-store' }

// Derived once: the HTML constraints (required, maxLength...) of the form.
const constraint = getZodConstraint(ResetPasswordFormSchema)
export function headers() {
	return NO_REFERRER
}

export function loader({ url }: Route.LoaderArgs) {
	const token = url.searchParams.get('token')?.trim() ?? ''
	const usable = token.length > 0 && token.length <= 200 && isResetTokenUsable(token)
	return data({ token: usable ? token : null }, { headers: NO_REFERRER })
}

export async function action({ request }: Route.ActionArgs) {
	const formData = await readFormData(request)
	const submission = parseWithZod(formData, { schema: ResetPasswordFormSchema })
	if (submission.status !== 'success') return replyInvalid(submission)
	const result = await resetPassword(submission.value, requestMeta(request))
	if (!result.ok) {
		// A token problem is not a field the member can fix: say it as a form error.
		return replyWithFailure(submission, { ...result, fieldErrors: undefined })
	}
	return data({ result: submission.reply({ resetForm: true }), done: true as const }, { headers: NO_REFERRER })
}

export default function ResetPasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
	if (actionData && 'done' in actionData) return <ResetSuccess />
	if (!loaderData.token) return <InvalidLink />
	return <ResetForm token={loaderData.token} lastResult={actionData?.result} />
}

function ResetForm({ token, lastResult }: { token: string; lastResult?: any }) {
	const pending = useIsPending()
	const [form, fields] = useForm({
		id: 'reset-password',
		lastResult,
		constraint,
		defaultValue: { token },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<AuthLayout>
			<div className="card">
				<h1 className="text-2xl font-bold sm:text-3xl">Reset Your Password</h1>
				<p className="mt-2 text-slate-300">Choose a new password for your account.</p>
				<Form method="post" {...getFormProps(form)} noValidate className="mt-8 space-y-5">
					<input {...getInputProps(fields.token, { type: 'hidden' })} />
					<FormAlert
						id={form.errorId}
						errors={[...(form.errors ?? []), ...(fields.token.errors ?? [])]}
						title="Failed to reset password"
					/>
					<NewPasswordField label="New Password" field={fields.password} />
					<Field
						label="Confirm Password"
						field={fields.confirmPassword}
						type="password"
						inputProps={{ autoComplete: 'new-password' }}
					/>
					<StatusButton pending={pending} pendingText="Resetting Password...">
						Reset Password
					</StatusButton>
				</Form>
			</div>
		</AuthLayout>
	)
}

function InvalidLink() {
	return (
		<AuthLayout>
			<AuthNotice title="Invalid Reset Link" message="Invalid reset link. Please request a new password reset.">
				<div className="mt-8 grid gap-3">
					<Link to="/forgot-password" className="btn-primary">
						Request New Link
					</Link>
					<Link to="/login" className="btn-secondary">
						Back to Login
					</Link>
				</div>
			</AuthNotice>
		</AuthLayout>
	)
}

function ResetSuccess() {
	const navigate = useNavigate()
	useEffect(() => {
		const timer = setTimeout(() => navigate('/login'), REDIRECT_DELAY_MS)
		return () => clearTimeout(timer)
	}, [navigate])
	return (
		<AuthLayout>
			<AuthNotice
				title="Password Reset Successful"
				message={AUTH_FLOW_MESSAGES.passwordResetDone}
				status
				link={{ to: '/login', label: 'Go to Login' }}
			>
				<p className="mt-2 text-sm text-slate-400">You will be taken to the sign-in page in 3 seconds.</p>
			</AuthNotice>
		</AuthLayout>
	)
}

export const meta: Route.MetaFunction = () => [
	{ title: `Reset Password | ${site.name}` },
	{ name: 'description', content: 'Choose a new password for your account.' },
	{ name: 'referrer', content: 'strict-origin' },
]
