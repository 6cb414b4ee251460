import { data, redirect } from 'react-router'
import { getMember, requireMember } from '#app/auth/member.server.ts'
import type { NotFoundData } from '#app/components/error-page.tsx'
import { getActiveBroker, recordBrokerClick } from '#app/features/brokers/brokers.server.ts'
import { parseBrokerSlug } from '#app/features/brokers/schemas.ts'
import { parseTraderSlug } from '#app/features/traders/schemas.ts'
import { limited } from '#app/utils/rate-limit.server.ts'
import type { RequestArgs } from '#app/utils/request.server.ts'
import type { Route } from './+types/$brokerSlug'

/**
 * /go/:brokerSlug: a member's tracked outbound link to a partner broker
 * (issue 14 part 2, docs/decisions/019-brokers-and-tracked-links.md). GET
 * (the broker buttons are links) or POST: records the click (member,
 * broker, time; no IP) and answers 303 to the broker's stored affiliate
 * template with the member's opaque tracking id. An unknown or inactive
 * slug is the real 404 page, before any sign-in redirect; a visitor without
 * a session goes to /login and comes back here. The target is only ever the
 * stored https template: nothing from the request reaches it.
 */
async function go({ request, url }: RequestArgs, slugParam: string | undefined) {
	const slug = parseBrokerSlug(slugParam)
	if (slug === null || !getActiveBroker(slug)) {
		throw data({ signedIn: Boolean(await getMember(request)) } satisfies NotFoundData, { status: 404 })
	}
	const member = await requireMember({ request, url })
	const tooMany = limited('broker-click:account', String(member.id))
	if (tooMany) {
		throw data(
			{ error: tooMany.message },
			{ status: 429, headers: { 'Retry-After': String(tooMany.retryAfterSeconds) } },
		)
	}
	// A trader's Copy button adds `?trader=<slug>` (decision 056: followers); anything else is ignored.
	const trader = parseTraderSlug(url.searchParams.get('trader') ?? undefined)
	const result = recordBrokerClick(member.id, slug, new Date(), trader)
	if (!result.ok) throw data({ signedIn: true } satisfies NotFoundData, { status: 404 })
	return redirect(result.value.url, {
		status: 303,
		headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
	})
}

export async function loader(args: Route.LoaderArgs) {
	return go(args, args.params.brokerSlug)
}

export async function action(args: Route.ActionArgs) {
	return go(args, args.params.brokerSlug)
}

// Every answer is a redirect or an error page (the root ErrorBoundary, so
// the 404 is the site's real one); this route has nothing of its own to show.
export default function GoRoute() {
	return null
}
