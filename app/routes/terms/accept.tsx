import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form, Link, redirect } from 'react-router'
import { AuthLayout } from '#app/components/auth-layout.tsx'
import { CheckboxField, StatusButton } from '#app/components/forms.tsx'
import { LogoutButton } from '#app/components/logout-button.tsx'
import { site } from '#app/content/site.ts'
import { acceptCurrentTerms, hasCurrentTerms } from '#app/features/account/consents.server.ts'
import { requireMember } from '#app/auth/member.server.ts'
import { readFormData, replyInvalid } from '#app/utils/forms.server.ts'
import { safeRedirect, useIsPending } from '#app/utils/misc.ts'
import { TERMS_VERSION, TermsAcceptFormSchema } from '#app/features/auth/schemas.ts'
import type { Route } from './+types/accept'

/**
 * The terms gate (docs/decisions/023-consents-and-notifications.md): a
 * signed-in member whose latest acceptance is of older terms comes here
 * before any dashboard page; accepting writes a consent row and goes back.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
	const member = await requireMember({ request, url })
	const redirectTo = safeRedirect(url.searchParams.get('redirectTo'))
	if (!member.isVerified) throw redirect('/next-steps')
	if (hasCurrentTerms(member)) throw redirect(redirectTo)
	return { version: TERMS_VERSION, redirectTo, accepted: member.termsVersion }
}

export async function action({ request, url }: Route.ActionArgs) {
	const member = await requireMember({ request, url })
	const formData = await readFormData(request)
	const submission = parseWithZod(formData, { schema: TermsAcceptFormSchema })
	if (submission.status !== 'success') return replyInvalid(submission)
	acceptCurrentTerms(member.id)
	throw redirect(safeRedirect(submission.value.redirectTo))
}

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

export default function TermsAcceptRoute({ loaderData, actionData }: Route.ComponentProps) {
	const pending = useIsPending()
	const [form, fields] = useForm({
		id: 'terms-accept',
		lastResult: actionData?.result,
		defaultValue: { redirectTo: loaderData.redirectTo },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: TermsAcceptFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<AuthLayout>
			<div className="card">
				<h1 className="text-2xl font-bold">Our terms have changed</h1>
				<p className="mt-3 text-slate-300">
					The Terms &amp; Conditions were updated on {loaderData.version}.{' '}
					{loaderData.accepted ? `You accepted the version of ${loaderData.accepted}.` : null} Please read them and
					accept the new version to continue to your dashboard.
				</p>
				<p className="mt-3">
					<Link to="/terms" className="link">
						Read the Terms &amp; Conditions
					</Link>
				</p>
				<Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-5">
					<input {...getInputProps(fields.redirectTo, { type: 'hidden' })} key={fields.redirectTo.key} />
					<CheckboxField
						field={fields.accept}
						label={`I have read and accept the Terms & Conditions of ${loaderData.version}.`}
					/>
					<StatusButton pending={pending} pendingText="Saving...">
						Accept and continue
					</StatusButton>
				</Form>
				<div className="mt-6 flex justify-center">
					<LogoutButton />
				</div>
			</div>
		</AuthLayout>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `Accept the new terms | ${site.name}` }]
