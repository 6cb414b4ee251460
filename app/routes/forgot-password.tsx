import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link } from 'react-router'
import { AuthLayout, AuthNotice } from '#app/components/auth-layout.tsx'
import { Field, FormAlert, HoneypotInputs, StatusButton } from '#app/components/forms.tsx'
import { site } from '#app/content/site.ts'
import { requestPasswordReset } from '#app/features/auth/member-auth.server.ts'
import { ForgotPasswordSchema, AUTH_FLOW_MESSAGES } from '#app/features/auth/schemas.ts'
import { readFormData, replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import { checkHoneypot } from '#app/utils/honeypot.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import type { Route } from './+types/forgot-password'

// Derived once: the HTML constraints (required, maxLength...) of the form.
const constraint = getZodConstraint(ForgotPasswordSchema)
export async function action({ request }: Route.ActionArgs) {
	const formData = await readFormData(request)
	checkHoneypot(formData)
	const submission = parseWithZod(formData, { schema: ForgotPasswordSchema })
	if (submission.status !== 'success') return replyInvalid(submission)
	const result = await requestPasswordReset(submission.value.email, requestMeta(request))
	if (!result.ok) return replyWithFailure(submission, result)
	return { result: submission.reply(), sent: true as const }
}

export default function ForgotPasswordRoute({ actionData }: Route.ComponentProps) {
	const pending = useIsPending()
	const [form, fields] = useForm({
		id: 'forgot-password',
		lastResult: actionData?.result,
		constraint,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	if (actionData && 'sent' in actionData) {
		return (
			<AuthLayout>
				<AuthNotice
					title="Check Your Email"
					message={AUTH_FLOW_MESSAGES.forgotPasswordSent}
					status
					link={{ to: '/login', label: 'Back to Login' }}
				>
					<p className="mt-2 text-sm text-slate-400">The link expires in 1 hour.</p>
				</AuthNotice>
			</AuthLayout>
		)
	}
	return (
		<AuthLayout>
			<div className="card">
				<h1 className="text-2xl font-bold sm:text-3xl">Forgot Password?</h1>
				<p className="mt-2 text-slate-300">Enter your email and we will send you a link to reset your password.</p>
				<Form method="post" {...getFormProps(form)} noValidate className="mt-8 space-y-5">
					<HoneypotInputs />
					<FormAlert id={form.errorId} errors={form.errors} title="Failed to send reset email" />
					<Field label="Email" field={fields.email} type="email" inputProps={{ autoComplete: 'email' }} />
					<StatusButton pending={pending} pendingText="Sending...">
						Send Reset Link
					</StatusButton>
				</Form>
				<p className="mt-6 text-center text-sm text-slate-300">
					Remembered it?{' '}
					<Link to="/login" className="link">
						Back to Login
					</Link>
				</p>
			</div>
		</AuthLayout>
	)
}

export const meta: Route.MetaFunction = () => [
	{ title: `Forgot Password | ${site.name}` },
	{ name: 'description', content: 'Request a link to reset your password.' },
]
