import { z } from 'zod'

export const ACTIVATION_CODE_REQUIRED = 'Please enter your activation code'

export const INVALID_ACTIVATION_CODE = 'Invalid activation code. Please check the code and try again.'

export const ACTIVATION_CODE_USED = 'This activation code has already been used'

export const PLAN_ALREADY_ACTIVE = 'This plan is already active on your account'

export const PLAN_LOWER_THAN_CURRENT = 'Your current plan is already above this one'

export const planActivated = (planName: string) => `Your plan is now ${planName}.`

export const ActivationCodeSchema = z.object({
	code: z
		.string({
			required_error: 'Please enter your activation code',
			invalid_type_error: 'Please enter your activation code',
		})
		.trim()
		.min(1, 'Please enter your activation code')
		.max(64, 'Invalid activation code. Please check the code and try again.'),
})

/** POST /api/member/plans/activate { code }: the activation dialog's field and messages. */
export const ActivationCodeApiSchema = ActivationCodeSchema.strict()
