import { parseWithZod } from '@conform-to/zod'
import { data } from 'react-router'
import { Fact } from '#app/components/admin-facts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { Pill } from '#app/components/admin-badges.tsx'
import { StateBadge } from '#app/components/admin-list-parts.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { TraderForm, traderFormDefaults } from '#app/components/admin-trader-form.tsx'
import {
	ChecklistForm,
	ReviewForm,
	ReviewHistory,
	StatementsTable,
	TraderFigures,
} from '#app/components/admin-trader-parts.tsx'
import { FlagList } from '#app/components/trader-parts.tsx'
import { site } from '#app/content/site.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import {
	listBrokerChoices,
	listTraderReviews,
	listTraderStatements,
	reviewTrader,
	setChecklist,
	updateTrader,
} from '#app/features/traders/registry.server.ts'
import { allowedTransitions, REVIEW_MESSAGES, TRADER_STATUS_LABELS } from '#app/features/traders/review.ts'
import {
	TRADER_MESSAGES,
	TRADER_PAGE_MESSAGES,
	TraderChecklistFormSchema,
	TraderEditFormSchema,
	TraderReviewFormSchema,
} from '#app/features/traders/schemas.ts'
import { formatDateTime } from '#app/utils/admin-format.ts'
import { decimal, metricRows } from '#app/features/traders/format.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData, replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import { staffTraderOr404 } from './+trader.server.ts'
import type { Route } from './+types/$id'

/**
 * /admin/traders/:id (traders:review): a trader's figures and red flags,
 * the review (the allowed moves with a required note; retiring for super
 * admins only), the checklist with who and when, the edit form with the
 * next review date, the review history and the applied statements (their
 * upload is /admin/traders/:id/statements). Plain POST forms told apart by
 * `intent`; the rules are app/features/traders/registry.server.ts, as the
 * API's.
 */
export async function loader({ request, url, params }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'traders:review')
	const trader = staffTraderOr404(params.id)
	return {
		trader,
		reviews: listTraderReviews(trader.id),
		statements: listTraderStatements(trader.id),
		brokers: listBrokerChoices(),
		moves: allowedTransitions(trader.status, admin.role === 'super_admin'),
		figureRows: [...metricRows(trader.metrics, trader.currency), ['Ranking score', decimal(trader.score)]] as Array<
			[string, string]
		>,
	}
}

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'traders:review')
	const trader = staffTraderOr404(params.id)
	const actor = { id: admin.id, email: admin.email }
	const here = `/admin/traders/${trader.id}`
	const formData = await readFormData(request)
	const intent = formData.get('intent')
	if (intent === 'review') {
		const submission = parseWithZod(formData, { schema: TraderReviewFormSchema })
		if (submission.status !== 'success')
			return data({ intent: 'review' as const, ...replyInvalid(submission).data }, { status: 400 })
		const result = reviewTrader({ ...actor, superAdmin: admin.role === 'super_admin' }, trader.id, submission.value)
		if (!result.ok)
			return data(
				{ intent: 'review' as const, ...replyWithFailure(submission, result).data },
				{ status: result.status },
			)
		throw await redirectWithFlash(here, REVIEW_MESSAGES.done(submission.value.to))
	}
	if (intent === 'checklist') {
		const submission = parseWithZod(formData, { schema: TraderChecklistFormSchema })
		if (submission.status !== 'success')
			return data({ intent: 'checklist' as const, ...replyInvalid(submission).data }, { status: 400 })
		const result = setChecklist(actor, trader.id, submission.value)
		if (!result.ok)
			return data(
				{ intent: 'checklist' as const, ...replyWithFailure(submission, result).data },
				{ status: result.status },
			)
		throw await redirectWithFlash(`${here}#trader-checklist`, TRADER_MESSAGES.checklistSaved)
	}
	const submission = parseWithZod(formData, { schema: TraderEditFormSchema })
	if (submission.status !== 'success')
		return data({ intent: 'save' as const, ...replyInvalid(submission).data }, { status: 400 })
	const result = updateTrader(actor, trader.id, submission.value)
	if (!result.ok)
		return data({ intent: 'save' as const, ...replyWithFailure(submission, result).data }, { status: result.status })
	throw await redirectWithFlash(here, TRADER_MESSAGES.updated)
}

export default function TraderRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { trader, reviews, statements, brokers, moves } = loaderData
	const resultFor = (intent: 'save' | 'review' | 'checklist') =>
		actionData?.intent === intent ? actionData.result : undefined
	const here = `/admin/traders/${trader.id}`
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader
				title={
					<>
						{trader.name}
						{trader.sample ? <Pill className="ml-3 border-amber-400 align-middle text-amber-200">Sample</Pill> : null}
					</>
				}
				description={
					<span className="flex flex-wrap items-center gap-2">
						<StateBadge value={trader.status} label={TRADER_STATUS_LABELS[trader.status]} />
						<span>
							{trader.slug} · {trader.brokerName} · {trader.currency}
						</span>
					</span>
				}
			>
				<AdminButtonLink to={`${here}/statements`} primary>
					Statements
				</AdminButtonLink>
				<AdminButtonLink to="/admin/traders">Back to Traders</AdminButtonLink>
			</AdminPageHeader>

			<AdminSection id="trader-review" title="Review">
				<div className="space-y-4">
					<dl className="grid gap-3 text-sm sm:grid-cols-3">
						<Fact label="Status">
							{TRADER_STATUS_LABELS[trader.status]}
							{trader.statusNote ? <span className="block text-slate-300">“{trader.statusNote}”</span> : null}
						</Fact>
						<Fact label="Last reviewed">
							{trader.reviewedAt ? (
								<>
									<time dateTime={trader.reviewedAt}>{formatDateTime(trader.reviewedAt)}</time>
									<span className="block break-all text-slate-400">{trader.reviewedBy}</span>
								</>
							) : (
								'Not yet'
							)}
						</Fact>
						<Fact label="Next review">{trader.nextReviewDate ?? 'None set'}</Fact>
					</dl>
					<ReviewForm
						key={trader.statusChangedAt}
						status={trader.status}
						moves={moves}
						lastResult={resultFor('review')}
					/>
				</div>
			</AdminSection>

			<AdminSection id="trader-checklist" title="Review checklist">
				<ChecklistForm key={trader.updatedAt} checklist={trader.checklist} lastResult={resultFor('checklist')} />
			</AdminSection>

			<AdminSection id="trader-figures" title="Figures">
				<div className="space-y-4">
					<p className="text-sm text-slate-300">
						{trader.statementsUntil
							? `Computed from the statements of ${trader.statementsFrom} to ${trader.statementsUntil}${trader.computedAt ? `, on ${formatDateTime(trader.computedAt)}` : ''}.`
							: 'No equity statement applied yet: upload one on the Statements page.'}{' '}
						Risk score: {trader.riskScore === null ? 'not rated yet' : `${trader.riskScore} of 10`}.
					</p>
					<div>
						<h3 className="mb-2 font-semibold">Red flags</h3>
						<FlagList flags={trader.flags} />
					</div>
					<TraderFigures rows={loaderData.figureRows} />
				</div>
			</AdminSection>

			<AdminSection id="trader-edit" title="Edit trader">
				<TraderForm
					key={trader.updatedAt}
					id="trader-edit-form"
					mode="edit"
					brokers={brokers}
					lastResult={resultFor('save')}
					defaultValue={traderFormDefaults(trader)}
					submitLabel="Save Changes"
				/>
			</AdminSection>

			<AdminSection id="trader-history" title="Review history">
				<ReviewHistory reviews={reviews} />
			</AdminSection>

			<AdminSection
				id="trader-statements"
				title="Applied statements"
				action={<AdminButtonLink to={`${here}/statements`}>Upload a statement</AdminButtonLink>}
			>
				<StatementsTable statements={statements} />
			</AdminSection>
		</main>
	)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data?.trader.name ?? TRADER_PAGE_MESSAGES.pageTitle} | ${site.name}` },
]

export function ErrorBoundary() {
	return <AdminLoadError title={TRADER_PAGE_MESSAGES.pageTitle} fallback={TRADER_PAGE_MESSAGES.loadFailed} />
}
