import { data, Form, Link } from 'react-router'
import { AuthLayout } from '#app/components/auth-layout.tsx'
import { site } from '#app/content/site.ts'
import { readUnsubscribeToken, unsubscribe } from '#app/features/notifications/notifications.server.ts'
import { readFormData } from '#app/utils/forms.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { NOTIFICATION_KIND_LABELS } from '#app/features/notifications/schemas.ts'
import type { Route } from './+types/unsubscribe'

/**
 * The unsubscribe link of a notification email (docs/decisions/023-consents-and-notifications.md):
 * a signed token names the member and the kind, so no sign-in is needed. GET only shows the
 * confirmation (mail scanners follow links); the POST turns that kind's email off.
 */
const INVALID_LINK = 'This unsubscribe link is not valid. You can choose your emails on your Notifications page.'

function tokenOf(value: FormDataEntryValue | string | null) {
	return typeof value === 'string' ? value.slice(0, 200) : ''
}

export async function loader({ url }: Route.LoaderArgs) {
	const token = tokenOf(url.searchParams.get('token'))
	const target = token ? readUnsubscribeToken(token) : null
	// No token: the page after the form's POST (the action's answer decides), or a bare visit.
	if (!target) return data({ token: '', label: null }, { status: token ? 400 : 200 })
	return { token, label: NOTIFICATION_KIND_LABELS[target.kind] }
}

export async function action({ request }: Route.ActionArgs) {
	const formData = await readFormData(request)
	const target = readUnsubscribeToken(tokenOf(formData.get('token')))
	if (!target) return data({ done: false as const }, { status: 400 })
	unsubscribe(target.userId, target.kind)
	return { done: true as const, label: NOTIFICATION_KIND_LABELS[target.kind] }
}

export function headers() {
	// The token is in the URL: at most the origin in Referer (as /reset-password; `no-referrer`
	// would make the form's POST carry Origin: null, which the cross-site check refuses).
	return { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'strict-origin' }
}

export default function UnsubscribeRoute({ loaderData, actionData }: Route.ComponentProps) {
	const pending = useIsPending()
	const done = actionData?.done ? actionData.label : null
	const invalid = actionData ? !actionData.done : loaderData.label === null
	return (
		<AuthLayout>
			<div className="card">
				<h1 className="text-2xl font-bold">Email preferences</h1>
				{done ? (
					<p className="mt-4 text-slate-200" role="status">
						You are unsubscribed: no more &quot;{done}&quot; emails. They still appear in your inbox, and you can turn
						them back on from your Notifications page.
					</p>
				) : invalid ? (
					<p className="mt-4 text-slate-200" role="alert">
						{INVALID_LINK}
					</p>
				) : (
					<>
						<p className="mt-4 text-slate-200">
							Stop emails about &quot;{loaderData.label}&quot;? You will still see them in your inbox.
						</p>
						<Form method="post" className="mt-6">
							<input type="hidden" name="token" value={loaderData.token} />
							<button type="submit" className="btn-primary w-full" disabled={pending}>
								Unsubscribe
							</button>
						</Form>
					</>
				)}
				<p className="mt-6 text-center text-sm">
					<Link to="/dashboard/notifications" className="link">
						Notifications page
					</Link>
				</p>
			</div>
		</AuthLayout>
	)
}

export const meta: Route.MetaFunction = () => [
	{ title: `Unsubscribe | ${site.name}` },
	{ name: 'robots', content: 'noindex' },
]
