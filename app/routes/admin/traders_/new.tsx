import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { TraderForm } from '#app/components/admin-trader-form.tsx'
import { site } from '#app/content/site.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { createTrader, listBrokerChoices } from '#app/features/traders/registry.server.ts'
import { TRADER_MESSAGES, TRADER_PAGE_MESSAGES, TraderCreateFormSchema } from '#app/features/traders/schemas.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { runFormAction } from '#app/utils/forms.server.ts'
import type { Route } from './+types/new'

/** /admin/traders/new (traders:review): add a trader, status applied; audited (trader.create). */
export async function loader({ request, url }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'traders:review')
	return { brokers: listBrokerChoices() }
}

export async function action({ request, url }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'traders:review')
	return runFormAction(
		request,
		TraderCreateFormSchema,
		(value) => createTrader({ id: admin.id, email: admin.email }, value),
		(trader) => redirectWithFlash(`/admin/traders/${trader.id}`, TRADER_MESSAGES.created),
	)
}

export default function NewTraderRoute({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader title={TRADER_PAGE_MESSAGES.newTitle} description={TRADER_PAGE_MESSAGES.newDescription}>
				<AdminButtonLink to="/admin/traders">Back to Traders</AdminButtonLink>
			</AdminPageHeader>
			<AdminSection id="trader-create" title="Trader">
				<TraderForm
					id="trader-create-form"
					mode="create"
					brokers={loaderData.brokers}
					lastResult={actionData?.result}
					defaultValue={{ currency: 'USD' }}
					submitLabel="Add Trader"
				/>
			</AdminSection>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${TRADER_PAGE_MESSAGES.newTitle} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={TRADER_PAGE_MESSAGES.newTitle} fallback={TRADER_PAGE_MESSAGES.loadFailed} />
}
