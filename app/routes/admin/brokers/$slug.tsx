import { parseWithZod } from '@conform-to/zod'
import { data, Form, Link } from 'react-router'
import { Fact } from '#app/components/admin-facts.tsx'
import { BrokerForm, brokerFormDefaults } from '#app/components/admin-broker-form.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { BrokerActiveBadge } from '#app/components/admin-broker-badges.tsx'
import { FormAlert } from '#app/components/forms.tsx'
import { site } from '#app/content/site.ts'
import { getBrokerBySlug, setBrokerActive, updateBroker } from '#app/features/brokers/brokers.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { BrokerFormSchema, parseBrokerSlug, BROKER_MESSAGES } from '#app/features/brokers/schemas.ts'
import { formatDateTime, formatUsdCents } from '#app/utils/admin-format.ts'
import { can } from '#app/features/staff/roles.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData, replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import type { Route } from './+types/$slug'

/**
 * /admin/brokers/:slug: the broker (brokers:view) and, for brokers:manage,
 * its edit form and Deactivate (after a confirmation step,
 * `?confirm=deactivate`) or Reactivate. Plain POST forms told apart by
 * `intent`; each change is audited. Its reports are on
 * /admin/brokers/:slug/reports.
 */
function brokerOr404(value: string | undefined) {
	const slug = parseBrokerSlug(value)
	const broker = slug === null ? null : getBrokerBySlug(slug)
	if (!broker) throw data({ message: BROKER_MESSAGES.notFound }, { status: 404 })
	return broker
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'brokers:view')
	const broker = brokerOr404(params.slug)
	const canManage = can(admin, 'brokers:manage')
	const confirming = canManage && broker.active && url.searchParams.get('confirm') === 'deactivate'
	return { broker, canManage, confirming }
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'brokers:manage')
	const broker = brokerOr404(params.slug)
	const actor = { id: admin.id, email: admin.email }
	const formData = await readFormData(request)
	const intent = formData.get('intent')
	if (intent === 'deactivate' || intent === 'activate') {
		const submission = parseWithZod(formData, { schema: BrokerFormSchema })
		const result = setBrokerActive(actor, broker.slug, intent === 'activate')
		if (!result.ok)
			return data({ intent: 'status', ...replyWithFailure(submission, result).data }, { status: result.status })
		throw await redirectWithFlash(
			`/admin/brokers/${broker.slug}`,
			intent === 'activate' ? BROKER_MESSAGES.activated : BROKER_MESSAGES.deactivated,
		)
	}
	const submission = parseWithZod(formData, { schema: BrokerFormSchema })
	if (submission.status !== 'success')
		return data({ intent: 'save', ...replyInvalid(submission).data }, { status: 400 })
	const result = updateBroker(actor, broker.slug, submission.value)
	if (!result.ok)
		return data({ intent: 'save', ...replyWithFailure(submission, result).data }, { status: result.status })
	throw await redirectWithFlash(`/admin/brokers/${result.value.slug}`, BROKER_MESSAGES.updated)
}

export default function BrokerRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { broker, canManage, confirming } = loaderData
	const saveResult = actionData?.intent === 'save' ? actionData.result : undefined
	const statusErrors = actionData?.intent === 'status' ? actionData.result.error?.[''] : undefined
	const here = `/admin/brokers/${broker.slug}`
	const details: Array<[string, React.ReactNode]> = [
		['Slug', <code key="slug">{broker.slug}</code>],
		['Regulator', broker.regulator],
		['Licence', broker.licence],
		['Retail accounts that lose money', `${broker.lossPercent}%`],
		['Minimum deposit', formatUsdCents(broker.minDeposit)],
		[
			'Affiliate link template',
			<span key="url" className="break-all">
				{broker.affiliateUrl}
			</span>,
		],
		['Rating', `${broker.rating} out of 5`],
		['Bonus', broker.bonus || 'None'],
		['Features', broker.features.length ? broker.features.join(' · ') : 'None'],
		['Recommended', broker.recommended ? 'Yes' : 'No'],
		['Sort order', broker.sortOrder],
		['Offers copy trading', broker.copyTrading ? 'Yes' : 'No'],
		['Commission per lot', formatUsdCents(broker.commissionPerLot)],
		['Copy or performance fee', `${broker.copyFeePercent}%`],
		[
			'Spreads (USD per lot)',
			broker.spreads.length
				? broker.spreads.map((s) => `${s.market} ${formatUsdCents(s.spreadPerLot)}`).join(' · ')
				: 'None recorded',
		],
		['How we earn', broker.howWeEarn || 'Not recorded'],
		['Last changed', broker.updatedAt ? formatDateTime(broker.updatedAt) : formatDateTime(broker.createdAt)],
	]
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader title={broker.name} description={<BrokerActiveBadge active={broker.active} />}>
				<AdminButtonLink to={`${here}/reports`}>Reports</AdminButtonLink>
				<AdminButtonLink to="/admin/brokers">Back to Brokers</AdminButtonLink>
			</AdminPageHeader>
			{canManage ? (
				<AdminSection id="broker-edit" title="Edit broker">
					<BrokerForm
						key={broker.updatedAt ?? broker.createdAt}
						id="broker-edit-form"
						lastResult={saveResult}
						defaultValue={brokerFormDefaults(broker)}
						submitLabel="Save Changes"
					/>
				</AdminSection>
			) : (
				<AdminSection id="broker-details" title="Details">
					<dl className="grid gap-3 text-sm sm:grid-cols-2">
						{details.map(([label, value]) => (
							<Fact key={label} label={label} className="min-w-0" valueClassName="mt-1 break-words">
								{value}
							</Fact>
						))}
					</dl>
				</AdminSection>
			)}
			{canManage ? (
				<AdminSection id="broker-status" title="Availability">
					<div className="space-y-4">
						<FormAlert errors={statusErrors} />
						{!broker.active ? (
							<Form method="post" className="space-y-3">
								<p className="text-sm text-slate-300">
									This broker is inactive: members do not see it and its tracked links answer 404.
								</p>
								<button type="submit" name="intent" value="activate" className="btn-primary">
									Reactivate Broker
								</button>
							</Form>
						) : confirming ? (
							<div
								role="alertdialog"
								aria-labelledby="broker-deactivate-title"
								aria-describedby="broker-deactivate-warning"
								className="space-y-3 rounded-lg border border-red-400/60 bg-red-950/30 p-4"
							>
								<h3 id="broker-deactivate-title" className="font-semibold">
									Deactivate {broker.name}?
								</h3>
								<p id="broker-deactivate-warning" className="text-sm">
									{BROKER_MESSAGES.deactivateWarning}
								</p>
								<Form method="post" action={here} className="flex flex-wrap gap-2">
									<button type="submit" name="intent" value="deactivate" className="btn-danger">
										Yes, Deactivate
									</button>
									<Link to={`${here}#broker-status`} className="btn-secondary">
										Cancel
									</Link>
								</Form>
							</div>
						) : (
							<div className="space-y-3">
								<p className="text-sm text-slate-300">Members see this broker on their dashboard.</p>
								<Link to={`${here}?confirm=deactivate#broker-status`} className="btn-danger inline-flex">
									Deactivate Broker
								</Link>
							</div>
						)}
					</div>
				</AdminSection>
			) : null}
		</main>
	)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data?.broker.name ?? BROKER_MESSAGES.pageTitle} | ${site.name}` },
]

export function ErrorBoundary() {
	return <AdminLoadError title={BROKER_MESSAGES.pageTitle} fallback={BROKER_MESSAGES.loadFailed} />
}
