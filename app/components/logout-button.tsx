import { Form } from 'react-router'
import { cx } from '#app/utils/misc.ts'

/** Sign-out is a POST form, so it works without JavaScript. */
export function LogoutButton({ label = 'Sign Out', className }: { label?: string; className?: string }) {
	return (
		<Form method="post" action="/logout">
			<button type="submit" className={cx('btn-secondary px-4 py-2 text-sm', className)}>
				{label}
			</button>
		</Form>
	)
}
