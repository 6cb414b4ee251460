import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { useState } from 'react'
import { Form, Link, redirect, redirectDocument } from 'react-router'
import { formatMinutesSeconds, useCountdown } from '#app/components/countdown.tsx'
import { Field, HoneypotInputs, StatusButton, useHydrated } from '#app/components/forms.tsx'
import { LogoutButton } from '#app/components/logout-button.tsx'
import { bonusSecondsLeft, EXAMPLE_UNLOCK_CODE, setupGuide, unlockSteps } from '#app/content/onboarding.ts'
import { site } from '#app/content/site.ts'
import { unlockMember } from '#app/features/auth/member-auth.server.ts'
import { listPublicTestimonials } from '#app/features/content/testimonials.server.ts'
import { firstName } from '#app/features/users/user.server.ts'
import { requireMember, startMemberSession } from '#app/auth/member.server.ts'
import { readFormData, replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import { checkHoneypot } from '#app/utils/honeypot.server.ts'
import { cx, useIsPending } from '#app/utils/misc.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import { UnlockCodeSchema } from '#app/features/auth/schemas.ts'
import type { Route } from './+types/next-steps'

/** How many testimonials the unlock page shows (one row of three cards). */
const UNLOCK_TESTIMONIALS = 3

export async function loader({ request, url }: Route.LoaderArgs) {
	const user = await requireMember({ request, url })
	if (user.isVerified) throw redirect('/dashboard')
	return {
		firstName: firstName(user.name),
		bonusSecondsLeft: bonusSecondsLeft(user.createdAt),
		// The landing's published testimonials (issue 41 part 4), the first three in their order.
		testimonials: listPublicTestimonials().slice(0, UNLOCK_TESTIMONIALS),
	}
}

export async function action({ request, url }: Route.ActionArgs) {
	const user = await requireMember({ request, url })
	const formData = await readFormData(request)
	checkHoneypot(formData)
	const submission = parseWithZod(formData, { schema: UnlockCodeSchema })
	if (submission.status !== 'success') return replyInvalid(submission)
	const result = unlockMember(user.id, submission.value.code, requestMeta(request))
	if (!result.ok) return replyWithFailure(submission, result)
	// Unlocking raises what the session may do: give it a new id.
	const cookie = await startMemberSession(request, user.id)
	throw redirectDocument('/dashboard', { headers: { 'Set-Cookie': cookie } })
}

export default function NextStepsRoute({ loaderData, actionData }: Route.ComponentProps) {
	const hydrated = useHydrated()
	const pending = useIsPending()
	const remaining = useCountdown(loaderData.bonusSecondsLeft)
	const [gotCode, setGotCode] = useState(false)
	const [form, fields] = useForm({
		id: 'unlock',
		lastResult: actionData?.result,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: UnlockCodeSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	const stepDone = [true, gotCode, false]
	return (
		<div className="min-h-screen">
			<header className="sticky top-0 z-10 border-b border-slate-800 bg-slate-950/95">
				<div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3">
					<Link to="/signup" className="link text-sm">
						← Back
					</Link>
					{remaining > 0 ? (
						<p className="text-sm text-slate-300">
							Bonus window{' '}
							<span
								className="font-mono text-base font-semibold tabular-nums text-amber-300"
								role="timer"
								aria-label="Time left for the setup bonus"
							>
								{formatMinutesSeconds(remaining)}
							</span>
						</p>
					) : (
						<p className="text-sm text-slate-400">Bonus window closed</p>
					)}
					<LogoutButton />
				</div>
			</header>
			<main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
				<div>
					<h1 className="text-2xl font-bold sm:text-3xl">Almost there, {loaderData.firstName}!</h1>
					<p className="mt-2 text-slate-300">Get your unlock code from our Telegram channel to open your dashboard.</p>
				</div>

				<ol className="grid grid-cols-3 gap-2 text-xs sm:text-sm" aria-label="Unlock progress">
					{unlockSteps.map((step, i) => (
						<li
							key={step}
							className={cx(
								'rounded-lg border px-2 py-2 text-center sm:px-3',
								stepDone[i]
									? 'border-emerald-400 bg-emerald-400/10 text-emerald-200'
									: 'border-slate-700 text-slate-300',
							)}
						>
							<span aria-hidden="true">{stepDone[i] ? '✓ ' : `${i + 1}. `}</span>
							{step}
							<span className="sr-only">{stepDone[i] ? ' (done)' : ' (to do)'}</span>
						</li>
					))}
				</ol>

				<p className="rounded-xl border border-amber-400/50 bg-amber-400/10 p-4 text-sm text-amber-100">
					<strong>Limited-time bonus:</strong> complete your setup within 5 minutes to qualify for a 100% deposit bonus
					with our partner brokers. Setup takes about 60 seconds. The 5 minutes count from when you created your
					account; bonuses are offered and paid by the broker, on its own terms.
				</p>

				<section className="card">
					<h2 id="guide-heading" className="text-xl font-semibold">
						Setup guide
					</h2>
					<ol className="mt-4 space-y-4">
						{setupGuide.map((item, i) => (
							<li key={item.title} className="flex gap-3">
								<span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-emerald-400 text-sm font-bold text-slate-950">
									{i + 1}
								</span>
								<span>
									<span className="block font-medium">{item.title}</span>
									<span className="block text-sm text-slate-300">{item.text}</span>
								</span>
							</li>
						))}
					</ol>
					<a
						href={site.channelUrl}
						target="_blank"
						rel="noopener noreferrer"
						className="btn-primary mt-6 w-full"
						onClick={() => setGotCode(true)}
					>
						Join Telegram Channel
					</a>
					<div className="mt-4 flex flex-wrap justify-center gap-3 text-sm">
						<a href={site.appStoreUrl} target="_blank" rel="noopener noreferrer" className="link">
							Telegram on the App Store
						</a>
						<a href={site.playStoreUrl} target="_blank" rel="noopener noreferrer" className="link">
							Telegram on Google Play
						</a>
					</div>
				</section>

				<section className="card">
					<h2 id="code-heading" className="text-xl font-semibold">
						Enter your unlock code
					</h2>
					<Form method="post" {...getFormProps(form)} noValidate className="mt-4 space-y-4">
						<HoneypotInputs />
						<Field
							label="Unlock Code"
							field={fields.code}
							inputProps={{ autoComplete: 'one-time-code', autoCapitalize: 'characters', spellCheck: false }}
							extraErrors={form.errors}
						/>
						<StatusButton
							pending={pending}
							pendingText="Unlocking Your Dashboard..."
							disabled={hydrated && !fields.code.value}
						>
							Unlock Dashboard
						</StatusButton>
					</Form>
					{/* Only the format: not copyable, so nobody pastes the example into the field above. */}
					<p className="mt-4 text-sm text-slate-400">
						Codes look like <span className="select-none font-mono text-slate-300">{EXAMPLE_UNLOCK_CODE}</span> (an
						example, not a working code).
					</p>
				</section>

				<section className="card">
					<h2 id="help-heading" className="text-xl font-semibold">
						Need help?
					</h2>
					<p className="mt-2 text-slate-300">
						Can't find the code? Message our support team on Telegram at{' '}
						<a href={site.supportUrl} target="_blank" rel="noopener noreferrer" className="link">
							{site.supportHandle}
						</a>
						. We usually answer within minutes.
					</p>
				</section>

				{loaderData.testimonials.length > 0 ? (
					<section>
						<h2 id="stories-heading" className="text-xl font-semibold">
							What new members say
						</h2>
						<ul className="mt-4 grid gap-4 sm:grid-cols-3">
							{loaderData.testimonials.map((t, i) => (
								<li key={`${i}-${t.name}`} className="card p-4 sm:p-5">
									<blockquote className="text-sm text-slate-200">“{t.text}”</blockquote>
									<p className="mt-3 text-sm font-medium">
										{t.name}, <span className="text-slate-300">{t.country}</span>
									</p>
								</li>
							))}
						</ul>
					</section>
				) : null}

				<p className="text-xs text-slate-400">{site.riskWarning}</p>
			</main>
		</div>
	)
}

export const meta: Route.MetaFunction = () => [
	{ title: `Unlock Your Dashboard | ${site.name}` },
	{ name: 'description', content: 'Enter your unlock code to open your dashboard.' },
]
