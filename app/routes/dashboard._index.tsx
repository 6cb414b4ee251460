import { site } from '#app/content/site.ts'
import { firstName } from '#app/models/user.server.ts'
import { requireUnlockedMember } from '#app/utils/auth.server.ts'
import type { Route } from './+types/dashboard._index'

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUnlockedMember(request)
	return { firstName: firstName(user.name), referralCode: user.referralCode }
}

export default function DashboardHomeRoute({ loaderData }: Route.ComponentProps) {
	return (
		<main className="mx-auto max-w-6xl px-4 py-8">
			<h1 className="text-2xl font-bold sm:text-3xl">Welcome back, {loaderData.firstName}!</h1>
			<p className="mt-2 text-slate-300">Your dashboard is unlocked. Your referral code is <code className="font-mono text-emerald-200">{loaderData.referralCode}</code>.</p>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `Dashboard | ${site.name}` }]
