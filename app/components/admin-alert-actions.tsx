import { Form } from 'react-router'
import type { AlertState } from '#app/domain/enums.ts'
import { useIsPending } from '#app/utils/misc.ts'

/**
 * An alert's Acknowledge and Resolve buttons: plain POST forms to
 * /admin/alerts (its action does the change and sends staff back to
 * `returnTo`: the dashboard or the alerts page they were on). JS off works.
 */
export function AlertActions({
	alert,
	returnTo,
}: {
	alert: { id: number; title: string; state: AlertState }
	returnTo: string
}) {
	if (alert.state === 'resolved') return null
	return (
		<div className="flex flex-wrap gap-2">
			{alert.state === 'open' ? (
				<AlertButton
					alert={alert}
					intent="acknowledge"
					returnTo={returnTo}
					label="Acknowledge"
					pendingLabel="Acknowledging..."
				/>
			) : null}
			<AlertButton alert={alert} intent="resolve" returnTo={returnTo} label="Resolve" pendingLabel="Resolving..." />
		</div>
	)
}

function AlertButton({
	alert,
	intent,
	returnTo,
	label,
	pendingLabel,
}: {
	alert: { id: number; title: string }
	intent: 'acknowledge' | 'resolve'
	returnTo: string
	label: string
	pendingLabel: string
}) {
	const pending = useIsPending({
		formAction: '/admin/alerts',
		formData: { alertId: String(alert.id), intent },
	})
	return (
		<Form method="post" action="/admin/alerts" preventScrollReset>
			<input type="hidden" name="alertId" value={alert.id} />
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="returnTo" value={returnTo} />
			<button
				type="submit"
				disabled={pending}
				aria-label={`${label}: ${alert.title}`}
				className={intent === 'resolve' ? 'btn-primary btn-sm' : 'btn-secondary btn-sm'}
			>
				{pending ? pendingLabel : label}
			</button>
		</Form>
	)
}
