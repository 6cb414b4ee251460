import { Form } from 'react-router'
import { cx } from '#app/utils/misc.ts'
import { Icon } from './icon.tsx'

/**
 * Sign-out is a POST form, so it works without JavaScript. A quiet button
 * (ghost style): it is always there, but it is not what a page asks you to do.
 */
export function LogoutButton({ label = 'Sign Out', className }: { label?: string; className?: string }) {
	return (
		<Form method="post" action="/logout">
			<button type="submit" className={cx('btn-ghost btn-sm', className)}>
				<Icon name="log-out" size="sm" />
				{label}
			</button>
		</Form>
	)
}
