import { type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { useIsPending } from '#app/utils/misc.ts'
import { LoginFormSchema } from '#app/features/auth/schemas.ts'

// Derived once: the HTML constraints (required, maxLength...) of the form.
const constraint = getZodConstraint(LoginFormSchema)

/**
 * The sign-in form of either realm (member /login, staff /admin/login): the
 * same fields and rules, the server's answer, and whether it is being sent.
 */
export function useSignInForm(id: string, options: { lastResult?: SubmissionResult<string[]>; redirectTo: string }) {
	const [form, fields] = useForm({
		id,
		lastResult: options.lastResult,
		constraint,
		defaultValue: { redirectTo: options.redirectTo },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return { form, fields, pending: useIsPending() }
}
