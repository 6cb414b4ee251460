import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, Form } from 'react-router'
import { AuthLayout, AuthNotice } from '#app/components/auth-layout.tsx'
import { FormAlert, StatusButton } from '#app/components/forms.tsx'
import { site } from '#app/content/site.ts'
import { confirmEmailChange, pendingEmailOfToken } from '#app/features/account/account-settings.server.ts'
import { readFormData, replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import { EmailChangeTokenSchema, ACCOUNT_MESSAGES } from '#app/features/account/schemas.ts'
import type { Route } from './+types/confirm-email'

/**
 * /confirm-email?token=…: the link of a change of email (issue 15 part 1).
 * Opening it shows the new address and a button; the POST changes the
 * email (a mail scanner that fetches the link changes nothing). The link
 * works once and for 24 hours; the page needs no sign-in (the token is the
 * proof that the member reads the new mailbox).
 */

// The token is in the URL: keep it out of Referer headers (as on /reset-password).
const NO_REFERRER = { 'Referrer-Policy': 'strict-origin', 'Cache-Control': 'no-store' }

export function headers() {
	return NO_REFERRER
}

export function loader({ url }: Route.LoaderArgs) {
	const token = url.searchParams.get('token')?.trim() ?? ''
	const newEmail = token.length > 0 && token.length <= 200 ? pendingEmailOfToken(token) : null
	return data({ token: newEmail ? token : null, newEmail }, { headers: NO_REFERRER })
}

export async function action({ request }: Route.ActionArgs) {
	const formData = await readFormData(request)
	const submission = parseWithZod(formData, { schema: EmailChangeTokenSchema })
	if (submission.status !== 'success') return replyInvalid(submission)
	const result = confirmEmailChange(submission.value.token, requestMeta(request))
	// The token is not a field the member can fix: a form error.
	if (!result.ok) return replyWithFailure(submission, { ...result, fieldErrors: undefined })
	return data({ result: submission.reply(), email: result.value.email }, { headers: NO_REFERRER })
}

export default function ConfirmEmailRoute({ loaderData, actionData }: Route.ComponentProps) {
	const pending = useIsPending()
	const [form, fields] = useForm({
		id: 'confirm-email',
		lastResult: actionData?.result,
		defaultValue: { token: loaderData.token ?? '' },
		shouldValidate: 'onSubmit',
	})
	if (actionData && 'email' in actionData) {
		return (
			<AuthLayout>
				<AuthNotice
					title="Email Changed"
					message={ACCOUNT_MESSAGES.emailChanged}
					status
					link={{ to: '/dashboard/settings', label: 'Back to Settings' }}
				>
					<p className="mt-2 break-all text-slate-100">{String(actionData.email)}</p>
				</AuthNotice>
			</AuthLayout>
		)
	}
	if (!loaderData.token) {
		return (
			<AuthLayout>
				<AuthNotice
					title="Link Not Valid"
					message={ACCOUNT_MESSAGES.invalidEmailLink}
					link={{ to: '/dashboard/settings', label: 'Go to Settings' }}
				/>
			</AuthLayout>
		)
	}
	return (
		<AuthLayout>
			<div className="card">
				<h1 className="text-2xl font-bold sm:text-3xl">Confirm Your New Email</h1>
				<p className="mt-2 text-slate-300">
					Use <strong className="break-all text-slate-100">{loaderData.newEmail}</strong> for your account from now on?
				</p>
				<Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
					<input {...getInputProps(fields.token, { type: 'hidden' })} />
					<FormAlert
						id={form.errorId}
						errors={[...(form.errors ?? []), ...(fields.token.errors ?? [])]}
						title="The email was not changed"
					/>
					<StatusButton pending={pending} pendingText="Confirming...">
						Confirm New Email
					</StatusButton>
				</Form>
			</div>
		</AuthLayout>
	)
}

export const meta: Route.MetaFunction = () => [
	{ title: `Confirm your new email | ${site.name}` },
	{ name: 'robots', content: 'noindex' },
]
