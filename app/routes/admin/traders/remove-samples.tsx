import { AdminLoadError } from '#app/components/admin-error.tsx'
import { ConfirmDialog, ConfirmSubject } from '#app/components/confirm-dialog.tsx'
import { dialogHandle } from '#app/components/route-dialog.tsx'
import { site } from '#app/content/site.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { countSampleTraders, removeSampleTraders } from '#app/features/traders/registry.server.ts'
import { TRADER_MESSAGES, TRADER_PAGE_MESSAGES } from '#app/features/traders/schemas.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { runFormAction } from '#app/utils/forms.server.ts'
import { z } from 'zod'
import type { Route } from './+types/remove-samples'

export const handle = dialogHandle

// /admin/traders/remove-samples (traders:retire, super admins): remove every
// sample trader in one audited step (trader.samples-remove). None left: 409.

const RemoveSamplesFormSchema = z.object({})

function listHref(url: URL) {
	return `/admin/traders${url.search}`
}

export async function loader({ request, url }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'traders:retire')
	return { samples: countSampleTraders(), closeTo: listHref(url) }
}

export async function action({ request, url }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'traders:retire')
	return runFormAction(
		request,
		RemoveSamplesFormSchema,
		() => removeSampleTraders({ id: admin.id, email: admin.email }),
		({ removed }) => redirectWithFlash(listHref(url), TRADER_MESSAGES.samplesRemoved(removed)),
	)
}

export default function RemoveSampleTradersRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { samples } = loaderData
	return (
		<ConfirmDialog
			title={TRADER_PAGE_MESSAGES.removeSamplesTitle}
			description={TRADER_PAGE_MESSAGES.removeSamplesWarning}
			closeTo={loaderData.closeTo}
			formId="remove-samples-form"
			lastResult={actionData?.result}
			submit={{ label: samples === 0 ? null : 'Remove Sample Traders', pending: 'Removing...' }}
			refusal={samples === 0 ? TRADER_MESSAGES.noSamples : null}
		>
			<ConfirmSubject
				title={`${samples} sample trader${samples === 1 ? '' : 's'}`}
				detail="Marked “Sample” in the list"
			/>
		</ConfirmDialog>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${TRADER_PAGE_MESSAGES.removeSamplesTitle} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={TRADER_PAGE_MESSAGES.removeSamplesTitle} fallback={TRADER_PAGE_MESSAGES.loadFailed} />
}
