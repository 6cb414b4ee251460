import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link } from 'react-router'
import { ErrorList, Field, FormAlert, GridSubmit, SelectField, StatusButton } from '#app/components/forms.tsx'
import { Icon } from '#app/components/icon.tsx'
import { PasswordField } from '#app/components/password-field.tsx'
import { site } from '#app/content/site.ts'
import { formatDateTime } from '#app/utils/admin-format.ts'
import { useIsPending } from '#app/utils/misc.ts'
import {
	EmailChangeSchema,
	PasswordChangeFormSchema,
	ProfileSchema,
	type ProfileInput,
} from '#app/features/account/schemas.ts'
import { INVESTMENT_AMOUNTS } from '#app/features/auth/schemas.ts'
import { settingsAction, settingsPage, type SettingsIntent } from './+settings.server.ts'
import type { Route } from './+types/settings'

/**
 * /dashboard/settings: the member's profile, email, password, signed-in
 * sessions and data rights (issue 15 parts 1 and 2). Plain POST forms told
 * apart by `intent`; each works without JavaScript.
 */
export const loader = (args: Route.LoaderArgs) => settingsPage(args)
export const action = (args: Route.ActionArgs) => settingsAction(args)

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

type ActionData = Route.ComponentProps['actionData']
function resultFor(actionData: ActionData, intent: SettingsIntent) {
	return actionData && 'intent' in actionData && actionData.intent === intent
		? (actionData.result as SubmissionResult<string[]>)
		: undefined
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
	return (
		<section aria-labelledby={`${id}-heading`} className="card space-y-4">
			<h2 id={`${id}-heading`} className="text-lg font-semibold">
				{title}
			</h2>
			{children}
		</section>
	)
}

function IntentInput({ intent }: { intent: SettingsIntent }) {
	return <input type="hidden" name="intent" value={intent} />
}

export default function SettingsRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { profile, pendingEmail, sessions } = loaderData
	return (
		<main className="space-y-6 py-8">
			<div>
				<h1 className="text-2xl font-bold sm:text-3xl">Account Settings</h1>
				<p className="mt-2 text-slate-300">Your profile, sign-in details, devices and data.</p>
			</div>
			<ProfileForm profile={profile} lastResult={resultFor(actionData, 'profile')} />
			<div className="grid gap-6 xl:grid-cols-2">
				<EmailForm email={profile.email} pending={pendingEmail} lastResult={resultFor(actionData, 'email')} />
				<PasswordForm lastResult={resultFor(actionData, 'password')} />
			</div>
			<SessionsList
				sessions={sessions}
				endResult={resultFor(actionData, 'end-session')}
				actionIntent={actionData && 'intent' in actionData ? actionData.intent : undefined}
			/>
			<Section id="notifications" title="Email notifications">
				<p className="text-sm text-slate-300">
					Choose which notifications also come to your email (credited or held referrals, milestones, offer claims,
					contest results). Every email has a link to stop that kind.
				</p>
				<Link to="/dashboard/notifications#email-preferences" className="btn-secondary inline-flex items-center gap-2">
					<Icon name="bell" />
					Choose email notifications
				</Link>
			</Section>
			<Section id="data" title="Your data">
				<p className="text-sm text-slate-300">
					Download a copy of everything we store about you (a JSON file): your profile, consents, referrals and points,
					plan history, offer claims, lessons, contest entries, broker accounts and reported figures, notifications and
					sessions.
				</p>
				<a href="/dashboard/settings/data.json" download className="btn-secondary inline-flex items-center gap-2">
					<Icon name="inbox" />
					Download my data
				</a>
				<div className="border-t border-slate-800 pt-4">
					<h3 className="font-semibold">Close your account</h3>
					<p className="mt-1 text-sm text-slate-300">
						Closing erases your personal details and signs you out everywhere. It cannot be undone.
					</p>
					<Link to="/dashboard/settings/close" className="btn-danger mt-3 inline-flex">
						Close my account
					</Link>
				</div>
			</Section>
		</main>
	)
}

const profileConstraint = getZodConstraint(ProfileSchema)

function ProfileForm({
	profile,
	lastResult,
}: {
	profile: Omit<ProfileInput, 'investmentAmount'> & { investmentAmount: string | null }
	lastResult?: SubmissionResult<string[]>
}) {
	const pending = useIsPending({ state: 'submitting', formData: { intent: 'profile' } })
	const [form, fields] = useForm({
		id: 'settings-profile',
		lastResult,
		constraint: profileConstraint,
		defaultValue: {
			name: profile.name,
			phone: profile.phone,
			country: profile.country,
			telegram: profile.telegram,
			investmentAmount: profile.investmentAmount ?? '',
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<Section id="profile" title="Profile">
			<Form method="post" {...getFormProps(form)} noValidate className="grid gap-4 sm:grid-cols-2">
				<IntentInput intent="profile" />
				<div className="sm:col-span-2">
					<FormAlert id={form.errorId} errors={form.errors} />
				</div>
				<Field label="Full Name" field={fields.name} inputProps={{ autoComplete: 'name' }} />
				<Field label="Phone" field={fields.phone} type="tel" inputProps={{ autoComplete: 'tel' }} />
				<Field label="Country" field={fields.country} inputProps={{ autoComplete: 'country-name' }} />
				<Field
					label="Telegram Username"
					field={fields.telegram}
					inputProps={{ placeholder: '@username', autoComplete: 'off' }}
				/>
				<SelectField label="Starting Capital" field={fields.investmentAmount}>
					<option value="">Choose...</option>
					{INVESTMENT_AMOUNTS.map((amount) => (
						<option key={amount} value={amount}>
							{amount}
						</option>
					))}
				</SelectField>
				<GridSubmit span={2} pending={pending} pendingText="Saving...">
					Save Profile
				</GridSubmit>
			</Form>
		</Section>
	)
}

const emailConstraint = getZodConstraint(EmailChangeSchema)

function EmailForm({
	email,
	pending: pendingEmail,
	lastResult,
}: {
	email: string
	pending: { newEmail: string; expiresAt: string } | null
	lastResult?: SubmissionResult<string[]>
}) {
	const pending = useIsPending({ state: 'submitting', formData: { intent: 'email' } })
	const [form, fields] = useForm({
		id: 'settings-email',
		lastResult,
		constraint: emailConstraint,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: EmailChangeSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<Section id="email" title="Email address">
			<p className="text-sm text-slate-300">
				Your email is <strong className="break-all text-slate-100">{email}</strong>.
			</p>
			{pendingEmail ? (
				<p className="rounded-lg border border-amber-300/60 bg-amber-950/40 p-3 text-sm text-amber-50">
					Waiting for confirmation: we sent a link to <strong className="break-all">{pendingEmail.newEmail}</strong>{' '}
					(valid until {formatDateTime(pendingEmail.expiresAt)}). Your email changes once you open it.
				</p>
			) : null}
			<Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
				<IntentInput intent="email" />
				<FormAlert id={form.errorId} errors={form.errors} />
				<Field label="New email" field={fields.newEmail} type="email" inputProps={{ autoComplete: 'email' }} />
				<PasswordField
					label="Current password"
					field={fields.currentPassword}
					inputProps={{ autoComplete: 'current-password' }}
				/>
				<StatusButton pending={pending} pendingText="Sending..." className="sm:w-auto">
					Change Email
				</StatusButton>
			</Form>
		</Section>
	)
}

const passwordConstraint = getZodConstraint(PasswordChangeFormSchema)

function PasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
	const pending = useIsPending({ state: 'submitting', formData: { intent: 'password' } })
	const [form, fields] = useForm({
		id: 'settings-password',
		lastResult,
		constraint: passwordConstraint,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: PasswordChangeFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<Section id="password" title="Password">
			<p className="text-sm text-slate-300">Changing your password signs you out on every other device.</p>
			<Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
				<IntentInput intent="password" />
				<FormAlert id={form.errorId} errors={form.errors} />
				<PasswordField
					label="Current password"
					field={fields.currentPassword}
					inputProps={{ autoComplete: 'current-password' }}
				/>
				<PasswordField label="New password" field={fields.newPassword} inputProps={{ autoComplete: 'new-password' }} />
				<PasswordField
					label="Confirm new password"
					field={fields.confirmPassword}
					inputProps={{ autoComplete: 'new-password' }}
				/>
				<StatusButton pending={pending} pendingText="Saving..." className="sm:w-auto">
					Change Password
				</StatusButton>
			</Form>
		</Section>
	)
}

type SessionRow = Route.ComponentProps['loaderData']['sessions'][number]

function SessionsList({
	sessions,
	endResult,
	actionIntent,
}: {
	sessions: SessionRow[]
	endResult?: SubmissionResult<string[]>
	actionIntent?: string
}) {
	const others = sessions.filter((s) => !s.current).length
	const endErrors = endResult?.error ? Object.values(endResult.error).flat() : undefined
	return (
		<Section id="sessions" title="Signed-in sessions">
			<p className="text-sm text-slate-300">
				The browsers and apps signed in to your account. Sign out any you do not recognise.
			</p>
			{actionIntent === 'end-session' ? <ErrorList id="end-session-errors" errors={endErrors} /> : null}
			<ul className="divide-y divide-slate-800">
				{sessions.map((session) => (
					<li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
						<div className="min-w-0">
							<p className="font-medium">
								{session.device}
								{session.kind === 'api' ? <span className="text-slate-400"> (API)</span> : null}
								{session.current ? (
									<span className="ml-2 rounded-full bg-emerald-400 px-2 py-0.5 text-xs font-semibold text-slate-950">
										This device
									</span>
								) : null}
							</p>
							<p className="text-sm text-slate-400">
								First seen {formatDateTime(session.firstSeenAt)} · Last seen {formatDateTime(session.lastSeenAt)}
							</p>
						</div>
						{session.current ? null : (
							<Form method="post">
								<IntentInput intent="end-session" />
								<input type="hidden" name="sessionId" value={session.id} />
								<button
									type="submit"
									className="btn-secondary"
									aria-label={`Sign out ${session.device}, first seen ${formatDateTime(session.firstSeenAt)}`}
								>
									Sign out
								</button>
							</Form>
						)}
					</li>
				))}
			</ul>
			{others > 0 ? (
				<Form method="post">
					<IntentInput intent="end-others" />
					<button type="submit" className="btn-secondary">
						Sign out everywhere else
					</button>
				</Form>
			) : (
				<p className="text-sm text-slate-400">No other sessions.</p>
			)}
		</Section>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `Account Settings | ${site.name}` }]
