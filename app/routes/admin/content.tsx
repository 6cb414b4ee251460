import { Link } from 'react-router'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { site } from '#app/content/site.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { countFeeOffers } from '#app/features/content/offers.server.ts'
import { countPromotions } from '#app/features/content/promotions.server.ts'
import { countTestimonials } from '#app/features/content/testimonials.server.ts'
import { countLessons } from '#app/features/content/lessons.server.ts'
import { countAnnouncements } from '#app/features/content/announcements.server.ts'
import {
	ANNOUNCEMENT_MESSAGES,
	CONTENT_MESSAGES,
	FEE_OFFER_MESSAGES,
	LESSON_MESSAGES,
	PROMOTION_MESSAGES,
	TESTIMONIAL_MESSAGES,
} from '#app/features/content/schemas.ts'
import { formatCount } from '#app/utils/admin-format.ts'
import type { Route } from './+types/content'

/**
 * /admin/content (content:manage): the kinds of content staff run without a
 * deploy (issue 41, decision 062), each with its counts and a link to its
 * list: promotions, 0% fee offers, lessons, testimonials, announcements.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'content:manage')
	return {
		kinds: [
			{ to: '/admin/content/promotions', title: PROMOTION_MESSAGES.pageTitle, counts: countPromotions() },
			{ to: '/admin/content/offers', title: FEE_OFFER_MESSAGES.pageTitle, counts: countFeeOffers() },
			{ to: '/admin/content/lessons', title: LESSON_MESSAGES.pageTitle, counts: countLessons() },
			{ to: '/admin/content/testimonials', title: TESTIMONIAL_MESSAGES.pageTitle, counts: countTestimonials() },
			{
				to: '/admin/content/announcements',
				title: ANNOUNCEMENT_MESSAGES.pageTitle,
				counts: countAnnouncements(),
			},
		],
	}
}

export default function AdminContentRoute({ loaderData }: Route.ComponentProps) {
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader
				title={CONTENT_MESSAGES.pageTitle}
				description="What members see on their dashboard, written and published here without a deploy"
			/>
			<AdminSection id="content-kinds" title="Kinds of content">
				<ul className="grid gap-3 sm:grid-cols-2">
					{loaderData.kinds.map((kind) => (
						<li key={kind.to} className="rounded-xl border border-slate-700 p-4">
							<h3 className="font-semibold">
								<Link to={kind.to} className="link">
									{kind.title}
								</Link>
							</h3>
							<p className="mt-1 text-sm text-slate-300">
								{formatCount(kind.counts.total)} in all, {formatCount(kind.counts.published)} published,{' '}
								{formatCount(kind.counts.sample)} sample
							</p>
						</li>
					))}
				</ul>
			</AdminSection>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${CONTENT_MESSAGES.pageTitle} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={CONTENT_MESSAGES.pageTitle} fallback={CONTENT_MESSAGES.loadFailed} />
}
