import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link, redirect } from 'react-router'
import { AuthLayout } from '#app/components/auth-layout.tsx'
import {
	CheckboxField,
	ErrorList,
	Field,
	HoneypotInputs,
	NewPasswordField,
	StatusButton,
} from '#app/components/forms.tsx'
import { bracketPlanNote, capitalBrackets, signupSteps } from '#app/content/onboarding.ts'
import { site } from '#app/content/site.ts'
import { registerMember } from '#app/features/auth/member-auth.server.ts'
import { getMember, startMemberSession } from '#app/auth/member.server.ts'
import { readFormData, replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import { checkHoneypot } from '#app/utils/honeypot.server.ts'
import { AGE_CONFIRMATION_LABEL, RISK_ACKNOWLEDGEMENT_LABEL } from '#app/features/account/consents.ts'
import { cx, useIsPending } from '#app/utils/misc.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import { SignupFormSchema } from '#app/features/auth/schemas.ts'
import type { Route } from './+types/signup'
import { BadgedTitle } from '#app/components/badged-title.tsx'

// Derived once: the HTML constraints (required, maxLength...) of the form.
const constraint = getZodConstraint(SignupFormSchema)
export async function loader({ request, url }: Route.LoaderArgs) {
	// An unlocked member has nothing to do here; one who has not unlocked
	// may come Back from /next-steps to start over with other details.
	const member = await getMember(request)
	if (member?.isVerified) throw redirect('/dashboard')
	const ref = url.searchParams.get('ref')?.trim().slice(0, 32) ?? ''
	return { ref }
}

export async function action({ request }: Route.ActionArgs) {
	const formData = await readFormData(request)
	checkHoneypot(formData)
	const submission = parseWithZod(formData, { schema: SignupFormSchema })
	if (submission.status !== 'success') return replyInvalid(submission)
	const { agreeToTerms: _agreed, confirmAge: _adult, acknowledgeRisk: _risk, ...input } = submission.value
	// The schema refuses the form unless all three boxes are checked.
	const result = await registerMember(input, requestMeta(request), {
		source: 'signup',
		kinds: ['terms', 'age', 'risk'],
	})
	if (!result.ok) return replyWithFailure(submission, result)
	const cookie = await startMemberSession(request, result.value.id)
	throw redirect('/next-steps', { headers: { 'Set-Cookie': cookie } })
}

export default function SignupRoute({ loaderData, actionData }: Route.ComponentProps) {
	const pending = useIsPending()
	const [form, fields] = useForm({
		id: 'signup',
		lastResult: actionData?.result,
		constraint,
		defaultValue: { referralCode: loaderData.ref },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: SignupFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	const bracketErrorId = fields.investmentAmount.errorId
	const bracketInvalid = Boolean(fields.investmentAmount.errors?.length)
	return (
		<AuthLayout wide>
			<ol className="mb-8 grid grid-cols-2 gap-2 text-xs sm:grid-cols-4 sm:text-sm" aria-label="Setup progress">
				{signupSteps.map((step, i) => (
					<li
						key={step}
						aria-current={i === 0 ? 'step' : undefined}
						className={cx(
							'flex items-center gap-2 rounded-lg border px-3 py-2',
							i === 0 ? 'border-emerald-400 bg-emerald-400/10 text-emerald-200' : 'border-slate-700 text-slate-300',
						)}
					>
						<span
							className={cx(
								'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold',
								i === 0 ? 'bg-emerald-400 text-slate-950' : 'bg-slate-800 text-slate-200',
							)}
						>
							{i + 1}
						</span>
						{step}
					</li>
				))}
			</ol>
			<div className="card">
				<h1 className="text-2xl font-bold sm:text-3xl">Create Your Account</h1>
				<p className="mt-2 text-slate-300">Setup takes under 3 minutes. Start copying verified traders from $50.</p>
				<Form method="post" {...getFormProps(form)} noValidate className="mt-8 space-y-5">
					<HoneypotInputs />
					<Field label="Full Name" field={fields.name} inputProps={{ autoComplete: 'name' }} />
					<Field
						label="Email"
						field={fields.email}
						type="email"
						inputProps={{ autoComplete: 'email' }}
						extraErrors={form.errors}
					/>
					<NewPasswordField label="Password" field={fields.password} />
					<div className="grid gap-5 sm:grid-cols-2">
						<Field label="Phone" field={fields.phone} type="tel" inputProps={{ autoComplete: 'tel' }} />
						<Field label="Country" field={fields.country} inputProps={{ autoComplete: 'country-name' }} />
					</div>
					<Field
						label="Telegram Username"
						field={fields.telegram}
						inputProps={{ placeholder: '@username', autoComplete: 'off' }}
						hint="We send your unlock code through Telegram."
					/>
					{/* The group carries the error: ARIA gives aria-invalid to radiogroup, not to each radio. */}
					<fieldset
						role="radiogroup"
						aria-invalid={bracketInvalid || undefined}
						aria-describedby={bracketInvalid ? bracketErrorId : undefined}
					>
						<legend className="mb-2 text-sm font-medium text-slate-200">Starting Capital</legend>
						<div className="grid gap-3 sm:grid-cols-2">
							{capitalBrackets.map((bracket) => {
								const id = `${fields.investmentAmount.id}-${bracket.value}`
								const featuresId = `${id}-features`
								// The label names the choice ($100-$500, Standard Access); the
								// features only describe it, so "Email" or "Phone" in them never
								// label this radio (nor collide with the Email and Phone fields).
								return (
									<div
										key={bracket.value}
										className="relative flex gap-3 rounded-xl border border-slate-700 p-4 has-[:checked]:border-emerald-400 has-[:checked]:bg-emerald-400/10"
									>
										<input
											type="radio"
											id={id}
											name={fields.investmentAmount.name}
											value={bracket.value}
											defaultChecked={fields.investmentAmount.initialValue === bracket.value}
											aria-describedby={featuresId}
											className="mt-1 size-4 accent-emerald-400"
										/>
										<span className="min-w-0">
											<label htmlFor={id} className="block cursor-pointer">
												<BadgedTitle
													as="span"
													className="flex flex-wrap items-center gap-2"
													title={<span className="font-semibold">{bracket.value}</span>}
													badge={bracket.badge}
													badgeClassName="rounded-full bg-emerald-400 px-2 py-0.5 text-xs font-semibold text-slate-950"
												/>
												<span className="block text-sm text-emerald-200">{bracket.title}</span>
											</label>
											<span id={featuresId} className="mt-1 block text-sm text-slate-300">
												{bracketPlanNote(bracket)}
											</span>
										</span>
									</div>
								)
							})}
						</div>
						<ErrorList id={bracketErrorId} errors={fields.investmentAmount.errors} />
					</fieldset>
					<Field label="Referral Code (optional)" field={fields.referralCode} inputProps={{ autoComplete: 'off' }} />
					<CheckboxField
						field={fields.agreeToTerms}
						label={
							<>
								I agree to the{' '}
								<Link to="/terms" className="link">
									Terms &amp; Conditions
								</Link>{' '}
								and understand that trading involves risk.
							</>
						}
					/>
					<CheckboxField field={fields.confirmAge} label={AGE_CONFIRMATION_LABEL} />
					<CheckboxField field={fields.acknowledgeRisk} label={RISK_ACKNOWLEDGEMENT_LABEL} />
					<StatusButton pending={pending} pendingText="Creating Your Account...">
						Create Account
					</StatusButton>
				</Form>
				<p className="mt-6 text-center text-sm text-slate-300">
					Already have an account?{' '}
					<Link to="/login" className="link">
						Sign In
					</Link>
				</p>
			</div>
		</AuthLayout>
	)
}

export const meta: Route.MetaFunction = () => [
	{ title: `Create Your Account | ${site.name}` },
	{ name: 'description', content: `Sign up to ${site.name} for free and start copying verified traders from $50.` },
]
