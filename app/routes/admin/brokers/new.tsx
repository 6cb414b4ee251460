import { BrokerForm } from '#app/components/admin-broker-form.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { site } from '#app/content/site.ts'
import { createBroker } from '#app/features/brokers/brokers.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { BrokerFormSchema, BROKER_MESSAGES } from '#app/features/brokers/schemas.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { runFormAction } from '#app/utils/forms.server.ts'
import type { Route } from './+types/new'

/** /admin/brokers/new (brokers:manage): add a partner broker; audited (broker.create). */
export async function loader({ request, url }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'brokers:manage')
	return null
}

export async function action({ request, url }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'brokers:manage')
	return runFormAction(
		request,
		BrokerFormSchema,
		(value) => createBroker({ id: admin.id, email: admin.email }, value),
		(broker) => redirectWithFlash(`/admin/brokers/${broker.slug}`, BROKER_MESSAGES.created),
	)
}

export default function NewBrokerRoute({ actionData }: Route.ComponentProps) {
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader title={BROKER_MESSAGES.newTitle} description="A partner broker members can open an account with">
				<AdminButtonLink to="/admin/brokers">Back to Brokers</AdminButtonLink>
			</AdminPageHeader>
			<AdminSection id="broker-create" title="Broker">
				<BrokerForm
					id="broker-create-form"
					lastResult={actionData?.result}
					defaultValue={{ sortOrder: '0', minDeposit: '0', rating: '0', commissionPerLot: '0', copyFeePercent: '0' }}
					submitLabel="Add Broker"
				/>
			</AdminSection>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${BROKER_MESSAGES.newTitle} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={BROKER_MESSAGES.newTitle} fallback={BROKER_MESSAGES.loadFailed} />
}
