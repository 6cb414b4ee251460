import { AUTH_MESSAGES } from '#app/auth/messages.ts'
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link } from 'react-router'
import { codeStepAction, codeStepPage } from '#app/auth/staff-second-factor.server.ts'
import { Field, FormAlert, HoneypotInputs, StatusButton } from '#app/components/forms.tsx'
import { site } from '#app/content/site.ts'
import {
	TwoFactorCodeFormSchema,
	TwoFactorRecoveryFormSchema,
	TWO_FACTOR_MESSAGES,
} from '#app/features/staff/schemas.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { SignInCard } from '../+sign-in-card.tsx'
import type { Route } from './+types/two-factor'

/**
 * /admin/login/two-factor: the staff sign-in's second step, reached after a
 * right password (docs/decisions/014-staff-second-factor.md). Two plain
 * forms: the app's 6-digit code, or one of the recovery codes.
 */
export const loader = ({ request }: Route.LoaderArgs) => codeStepPage(request)
export const action = ({ request }: Route.ActionArgs) => codeStepAction(request)

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

const codeConstraint = getZodConstraint(TwoFactorCodeFormSchema)
const recoveryConstraint = getZodConstraint(TwoFactorRecoveryFormSchema)

type Result = SubmissionResult<string[]> | undefined

export default function AdminTwoFactorRoute({ actionData }: Route.ComponentProps) {
	const result = actionData?.result as Result
	const usedRecovery = result?.initialValue?.intent === 'recovery'
	return (
		<SignInCard title={TWO_FACTOR_MESSAGES.pageTitle} description="Enter the 6-digit code from your authenticator app.">
			<CodeForm lastResult={usedRecovery ? undefined : result} />
			<details className="mt-6 rounded-xl border border-slate-800 p-4" open={usedRecovery}>
				<summary className="cursor-pointer font-semibold">Use a recovery code instead</summary>
				<RecoveryForm lastResult={usedRecovery ? result : undefined} />
			</details>
			<Link to="/admin/login" className="btn-secondary mt-6 w-full">
				Start Over
			</Link>
		</SignInCard>
	)
}

function CodeForm({ lastResult }: { lastResult: Result }) {
	const pending = useIsPending({ state: 'submitting', formData: { intent: 'code' } })
	const [form, fields] = useForm({
		id: 'admin-two-factor-code',
		lastResult,
		constraint: codeConstraint,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: TwoFactorCodeFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<Form method="post" {...getFormProps(form)} noValidate className="mt-8 space-y-5">
			<HoneypotInputs />
			<input type="hidden" name="intent" value="code" />
			<FormAlert id={form.errorId} errors={form.errors} title={AUTH_MESSAGES.adminAuthFailedTitle} />
			<Field
				label="Authentication code"
				field={fields.code}
				inputProps={{ autoComplete: 'one-time-code', inputMode: 'numeric', maxLength: 7 }}
			/>
			<StatusButton pending={pending} pendingText="Verifying...">
				Verify
			</StatusButton>
		</Form>
	)
}

function RecoveryForm({ lastResult }: { lastResult: Result }) {
	const pending = useIsPending({ state: 'submitting', formData: { intent: 'recovery' } })
	const [form, fields] = useForm({
		id: 'admin-two-factor-recovery',
		lastResult,
		constraint: recoveryConstraint,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: TwoFactorRecoveryFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<Form method="post" {...getFormProps(form)} noValidate className="mt-4 space-y-5">
			<HoneypotInputs />
			<input type="hidden" name="intent" value="recovery" />
			<FormAlert id={form.errorId} errors={form.errors} title={AUTH_MESSAGES.adminAuthFailedTitle} />
			<Field
				label="Recovery code"
				field={fields.recoveryCode}
				hint="Each recovery code works once."
				inputProps={{ autoComplete: 'off', spellCheck: false }}
			/>
			<button type="submit" className="btn-secondary w-full" disabled={pending}>
				{pending ? 'Verifying...' : 'Use Recovery Code'}
			</button>
		</Form>
	)
}

export const meta: Route.MetaFunction = () => [
	{ title: `Two-Factor Authentication | ${site.name}` },
	{ name: 'robots', content: 'noindex' },
]
