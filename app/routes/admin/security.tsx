import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from 'react-router'
import { Fact } from '#app/components/admin-facts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { CopyButton, Field, FormAlert, StatusButton } from '#app/components/forms.tsx'
import { site } from '#app/content/site.ts'
import { securityAction, securityPage } from '#app/auth/staff-second-factor.server.ts'
import { formatDateTime } from '#app/utils/admin-format.ts'
import { TwoFactorCodeSchema, TWO_FACTOR_MESSAGES } from '#app/features/staff/schemas.ts'
import { useIsPending } from '#app/utils/misc.ts'
import type { Route } from './+types/security'

/**
 * /admin/security: a staff member's own second factor
 * (docs/decisions/014-staff-second-factor.md). While it is off: the secret as
 * a QR code drawn on the server and as text, and a form to confirm it with
 * a current code (the one admin page open before enrolment, for those who
 * must enrol). While it is on: recovery codes left and new recovery codes
 * (turning it off is a super admin's reset, on /admin/staff/:id). Plain POST forms told apart by `intent`.
 */
export const loader = (args: Route.LoaderArgs) => securityPage(args)
export const action = (args: Route.ActionArgs) => securityAction(args)

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

const constraint = getZodConstraint(TwoFactorCodeSchema)
type ActionData = Route.ComponentProps['actionData']

function resultFor(actionData: ActionData, intent: string) {
	return actionData?.intent === intent ? (actionData.result as SubmissionResult<string[]> | undefined) : undefined
}

export default function AdminSecurityRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { status, enrolment, mustEnrol, email } = loaderData
	const recoveryCodes = actionData?.recoveryCodes ?? null
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader title={TWO_FACTOR_MESSAGES.pageTitle} description={email} />
			{actionData?.done ? (
				<p role="status" className="rounded-xl border border-emerald-400/40 bg-emerald-400/10 p-4 text-emerald-100">
					{actionData.done}
				</p>
			) : null}
			{recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
			{mustEnrol ? (
				<p className="rounded-xl border border-amber-300/60 bg-amber-950/40 p-4 text-amber-50">
					Your account needs two-factor authentication before you can use the admin panel. Set it up below.
				</p>
			) : null}
			{status.enabled ? (
				<>
					<AdminSection id="two-factor-status" title="Status">
						<dl className="grid gap-3 text-sm sm:grid-cols-3">
							<Fact label="Two-factor authentication" valueClassName="mt-1 font-semibold text-emerald-200">
								On
							</Fact>
							<Fact label="Turned on">{status.enabledAt ? formatDateTime(status.enabledAt) : ''}</Fact>
							<Fact label="Recovery codes left">{status.recoveryCodesLeft} of 10</Fact>
						</dl>
					</AdminSection>
					<div className="grid gap-6 lg:grid-cols-2">
						<CodeForm
							id="recovery-codes"
							title="New recovery codes"
							text="Makes ten new recovery codes; the old ones stop working."
							button="Make New Recovery Codes"
							lastResult={resultFor(actionData, 'recovery-codes')}
						/>
						<AdminSection id="two-factor-lost-device" title="Lost your device?">
							<p className="text-sm text-slate-300">
								Sign in with one of your recovery codes, then make new ones here. Without the device and the codes, a
								super admin can reset your second factor; you then set it up again at your next sign-in.
							</p>
						</AdminSection>
					</div>
				</>
			) : enrolment ? (
				<AdminSection id="two-factor-setup" title="Set up two-factor authentication">
					<ol className="grid gap-6 text-sm md:grid-cols-2">
						<li className="space-y-3">
							<p>
								<span className="font-semibold">1. Scan this QR code</span> with an authenticator app (Google
								Authenticator, Microsoft Authenticator, 1Password, Aegis...).
							</p>
							<svg
								role="img"
								aria-label="QR code of your two-factor secret: use the text key below if you cannot scan it"
								viewBox={`0 0 ${enrolment.qr.size} ${enrolment.qr.size}`}
								width={220}
								height={220}
								shapeRendering="crispEdges"
								className="rounded-lg"
							>
								<rect width={enrolment.qr.size} height={enrolment.qr.size} fill="#ffffff" />
								<path d={enrolment.qr.d} fill="#0f172a" />
							</svg>
							<p>Or type this key into the app (time-based, 6 digits, 30 seconds):</p>
							<div className="flex flex-wrap items-center gap-3">
								<code
									data-testid="totp-secret"
									className="rounded-md bg-slate-950 px-3 py-2 font-mono text-base break-all text-slate-100"
								>
									{enrolment.secret}
								</code>
								<CopyButton value={enrolment.secret.replace(/ /g, '')} label="Copy key" />
							</div>
							<p className="text-slate-400">This key is valid until {formatDateTime(enrolment.expiresAt)}.</p>
						</li>
						<li>
							<p className="mb-3">
								<span className="font-semibold">2. Enter the code</span> the app shows for this account.
							</p>
							<CodeForm id="enable" button="Turn On Two-Factor" lastResult={resultFor(actionData, 'enable')} />
						</li>
					</ol>
				</AdminSection>
			) : null}
		</main>
	)
}

function RecoveryCodes({ codes }: { codes: string[] }) {
	return (
		<section
			aria-labelledby="recovery-codes-heading"
			className="rounded-2xl border border-amber-300/60 bg-amber-950/40 p-4 text-amber-50 sm:p-6"
		>
			<h2 id="recovery-codes-heading" className="text-lg font-semibold">
				Your recovery codes
			</h2>
			<p className="mt-1 text-sm">{TWO_FACTOR_MESSAGES.recoveryShownOnce}</p>
			<ul data-testid="recovery-codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-5">
				{codes.map((code) => (
					<li key={code} className="rounded-md bg-slate-950 px-3 py-2 text-center text-slate-100">
						{code}
					</li>
				))}
			</ul>
			<div className="mt-3">
				<CopyButton value={codes.join('\n')} label="Copy recovery codes" />
			</div>
		</section>
	)
}

function CodeForm({
	id,
	title,
	text,
	button,
	lastResult,
}: {
	id: 'enable' | 'recovery-codes'
	title?: string
	text?: string
	button: string
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const pending = useIsPending({ state: 'submitting', formData: { intent: id } })
	const [form, fields] = useForm({
		id: `two-factor-${id}-form`,
		lastResult,
		constraint,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: TwoFactorCodeSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	const body = (
		<Form method="post" {...getFormProps(form)} noValidate className="grid gap-4">
			<input type="hidden" name="intent" value={id} />
			{text ? <p className="text-sm text-slate-300">{text}</p> : null}
			<FormAlert id={form.errorId} errors={form.errors} />
			<Field
				label="Authentication code"
				field={fields.code}
				inputProps={{ autoComplete: 'one-time-code', inputMode: 'numeric', maxLength: 7 }}
			/>
			<div>
				<StatusButton pending={pending} pendingText="Checking..." className="sm:w-auto">
					{button}
				</StatusButton>
			</div>
		</Form>
	)
	return title ? (
		<AdminSection id={`two-factor-${id}`} title={title}>
			{body}
		</AdminSection>
	) : (
		body
	)
}

export const meta: Route.MetaFunction = () => [{ title: `Security | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={TWO_FACTOR_MESSAGES.pageTitle} fallback="Failed to load your security settings" />
}
