import { data, Form, Link } from 'react-router'
import { CardSection } from '#app/components/dashboard-ui.tsx'
import { site } from '#app/content/site.ts'
import {
	getEmailPreferences,
	listNotifications,
	markAllRead,
	markRead,
	setEmailPreferences,
} from '#app/features/notifications/notifications.server.ts'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData } from '#app/utils/forms.server.ts'
import { cx } from '#app/utils/misc.ts'
import {
	InboxQuerySchema,
	NOTIFICATION_KIND_LABELS,
	NOTIFICATION_KIND_ORDER,
	NotificationIdSchema,
	preferencesFromForm,
} from '#app/features/notifications/schemas.ts'
import { queryInput } from '#app/utils/validation.ts'
import type { Route } from './+types/notifications'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

export async function loader({ request, url }: Route.LoaderArgs) {
	const user = await requireUnlockedMember({ request, url })
	const query = InboxQuerySchema.safeParse(queryInput(url.searchParams))
	if (!query.success) throw data('Not found', { status: 404 })
	const inbox = listNotifications(user.id, query.data.page ?? 1)
	return {
		...inbox,
		items: inbox.items.map((item) => ({ ...item, date: `${dateFormat.format(new Date(item.createdAt))} UTC` })),
		preferences: getEmailPreferences(user.id),
	}
}

/** Plain forms: mark one read, mark all read, save the email preferences. */
export async function action({ request, url }: Route.ActionArgs) {
	const user = await requireUnlockedMember({ request, url })
	const formData = await readFormData(request)
	const intent = formData.get('intent')
	const back = `/dashboard/notifications${url.search}`
	if (intent === 'read') {
		const id = NotificationIdSchema.safeParse(formData.get('id'))
		// Someone else's id answers as a missing one (ids are not probed).
		if (!id.success || !markRead(user.id, id.data)) throw data('Notification not found', { status: 404 })
		throw await redirectWithFlash(back, 'Marked as read.')
	}
	if (intent === 'read-all') {
		const changed = markAllRead(user.id)
		throw await redirectWithFlash(back, changed === 0 ? 'Nothing unread.' : 'All notifications marked as read.')
	}
	if (intent === 'preferences') {
		setEmailPreferences(user.id, preferencesFromForm(formData))
		throw await redirectWithFlash(back, 'Your email preferences are saved.')
	}
	throw data('Unknown action', { status: 400 })
}

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

export default function NotificationsRoute({ loaderData }: Route.ComponentProps) {
	const { items, unread, pagination, preferences } = loaderData
	return (
		<main className="space-y-6 py-8">
			<div className="flex flex-wrap items-end justify-between gap-4">
				<div>
					<h1 className="text-2xl font-bold sm:text-3xl">Notifications</h1>
					<p className="mt-2 text-slate-300">
						{unread === 0 ? 'You have no unread notifications.' : `You have ${unread} unread.`}
					</p>
				</div>
				{unread > 0 ? (
					<Form method="post">
						<button type="submit" name="intent" value="read-all" className="btn-secondary btn-sm">
							Mark all as read
						</button>
					</Form>
				) : null}
			</div>

			<CardSection headingId="inbox-heading" title="Inbox">
				{items.length === 0 ? (
					<p className="mt-3 text-slate-300">
						Nothing yet. You hear from us here when a referral is credited, a milestone is reached, an offer claim
						changes or a contest you are in completes.
					</p>
				) : (
					<ul className="mt-4 divide-y divide-slate-800">
						{items.map((item) => (
							<li key={item.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
								<div className="min-w-0">
									<h3 className={cx('break-words font-semibold', item.read ? 'text-slate-300' : 'text-slate-50')}>
										{item.read ? null : (
											<span className="mr-2 rounded-full bg-emerald-400 px-2 py-0.5 text-xs font-semibold text-slate-950">
												New
											</span>
										)}{' '}
										{item.title}
									</h3>
									<p className="mt-1 whitespace-pre-line break-words text-sm text-slate-300">{item.body}</p>
									<p className="mt-1 text-xs text-slate-400">
										{NOTIFICATION_KIND_LABELS[item.kind]} · <time dateTime={item.createdAt}>{item.date}</time>
									</p>
									{item.link ? (
										<Link to={item.link} aria-label={`Open: ${item.title}`} className="link mt-1 inline-block text-sm">
											Open
										</Link>
									) : null}
								</div>
								{item.read ? null : (
									<Form method="post" className="shrink-0">
										<input type="hidden" name="id" value={item.id} />
										<button
											type="submit"
											name="intent"
											value="read"
											aria-label={`Mark as read: ${item.title}`}
											className="btn-ghost btn-sm"
										>
											Mark as read
										</button>
									</Form>
								)}
							</li>
						))}
					</ul>
				)}
				{pagination.pageCount > 1 ? (
					<nav aria-label="Inbox pages" className="mt-4 flex items-center justify-between gap-2 text-sm">
						{pagination.page > 1 ? (
							<Link to={`?page=${pagination.page - 1}`} className="link">
								Newer
							</Link>
						) : (
							<span />
						)}
						<span className="text-slate-400">
							Page {pagination.page} of {pagination.pageCount}
						</span>
						{pagination.page < pagination.pageCount ? (
							<Link to={`?page=${pagination.page + 1}`} className="link">
								Older
							</Link>
						) : (
							<span />
						)}
					</nav>
				) : null}
			</CardSection>

			<section id="email-preferences" aria-labelledby="email-heading" className="card">
				<h2 id="email-heading" className="text-lg font-semibold">
					Email me about
				</h2>
				<p className="mt-1 text-sm text-slate-300">
					Every notification lands in this inbox. Choose which ones we also send to your email; each email has a link to
					stop that kind.
				</p>
				<Form method="post" className="mt-4 space-y-3">
					<fieldset>
						<legend className="sr-only">Notification emails</legend>
						<ul className="space-y-2">
							{NOTIFICATION_KIND_ORDER.map((kind) => (
								<li key={kind} className="flex items-center gap-3">
									<input
										type="checkbox"
										id={`email_${kind}`}
										name={`email_${kind}`}
										defaultChecked={preferences[kind]}
										className="size-4 accent-emerald-400"
									/>
									<label htmlFor={`email_${kind}`} className="text-sm text-slate-200">
										{NOTIFICATION_KIND_LABELS[kind]}
									</label>
								</li>
							))}
						</ul>
					</fieldset>
					<button type="submit" name="intent" value="preferences" className="btn-primary">
						Save email preferences
					</button>
				</Form>
			</section>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `Notifications | ${site.name}` }]
