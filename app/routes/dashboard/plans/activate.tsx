import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form } from 'react-router'
import { Field, FormAlert, StatusButton } from '#app/components/forms.tsx'
import { dialogHandle, RouteDialog } from '#app/components/route-dialog.tsx'
import { site } from '#app/content/site.ts'
import { PREMIUM_PLANS, type PremiumPlan } from '#app/domain/enums.ts'
import { activatePlan, planName } from '#app/features/plans/plan.server.ts'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData, replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import { planActivated, ActivationCodeSchema } from '#app/features/plans/schemas.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import type { Route } from './+types/activate'

// A dialog over its parent page (the flash message shows inside it).
export const handle = dialogHandle

export async function loader({ request, url }: Route.LoaderArgs) {
	await requireUnlockedMember({ request, url })
	const wanted = url.searchParams.get('plan')
	const plan = PREMIUM_PLANS.includes(wanted as PremiumPlan) ? (wanted as PremiumPlan) : null
	return { planName: plan ? planName(plan) : null }
}

export async function action({ request, url }: Route.ActionArgs) {
	const user = await requireUnlockedMember({ request, url })
	const formData = await readFormData(request)
	const submission = parseWithZod(formData, { schema: ActivationCodeSchema })
	if (submission.status !== 'success') return replyInvalid(submission)
	const result = activatePlan(user.id, submission.value.code, requestMeta(request))
	if (!result.ok) return replyWithFailure(submission, result)
	// The dialog closes and the code is cleared: back to the plans, with the news.
	throw await redirectWithFlash('/dashboard/plans', planActivated(planName(result.value.plan)))
}

export default function ActivatePlanRoute({ loaderData, actionData }: Route.ComponentProps) {
	const pending = useIsPending({ state: 'submitting' })
	const [form, fields] = useForm({
		id: 'activate-plan',
		lastResult: actionData?.result,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ActivationCodeSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<RouteDialog
			title={loaderData.planName ? `Activate ${loaderData.planName}` : 'Activate a plan'}
			closeTo="/dashboard/plans"
			description="Enter the activation code our team gave you. Codes are case sensitive."
		>
			<Form method="post" {...getFormProps(form)} className="space-y-4">
				<FormAlert id={form.errorId} errors={form.errors} />
				<Field
					label="Activation code"
					field={fields.code}
					inputProps={{ autoComplete: 'off', autoCapitalize: 'off', spellCheck: false }}
				/>
				<StatusButton pending={pending} pendingText="Activating...">
					Activate Plan
				</StatusButton>
			</Form>
		</RouteDialog>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `Activate a plan | ${site.name}` }]
