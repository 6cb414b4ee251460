import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form, Link } from 'react-router'
import { ContestStatusBadge, RankTrophy } from '#app/components/admin-contest-badges.tsx'
import { StaffTable } from '#app/components/admin-list-parts.tsx'
import { fieldAria } from '#app/components/forms.tsx'
import { dialogHandle, RouteDialog } from '#app/components/route-dialog.tsx'
import { site } from '#app/content/site.ts'
import { listParticipants, updateParticipantScore } from '#app/features/contests/admin-contests.server.ts'
import { isDataScored } from '#app/features/contests/scoring.server.ts'
import {
	SCORE_UPDATED,
	contestListSearch,
	parsePositiveInt,
	ScoreFormSchema,
	CONTEST_TEXTS,
} from '#app/features/contests/schemas.ts'
import { formatCount, formatDate } from '#app/utils/admin-format.ts'
import { can } from '#app/features/staff/roles.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData, replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import type { Route } from './+types/participants'
import { contestListUrl, requireContestAccess } from '../+contests.server.ts'

// A dialog over its parent page (the flash message shows inside it).
export const handle = dialogHandle

/**
 * '{contest name} - Participants' (spec section 2): Rank (a coloured trophy
 * for 1 to 3), User (name and email), Score, Joined, in ranking order; an
 * admin changes a score with the row's small form until the contest is
 * completed (its ranks are frozen then); deposit, trading and activity
 * contests take their scores from the data, without a form.
 */
export async function loader({ request, url, params }: Route.LoaderArgs) {
	const { admin, contest } = await requireContestAccess({ request, url, params }, 'contests:view')
	const first = listParticipants(contest.id, { page: parsePositiveInt(url.searchParams.get('page'), 1_000_000) ?? 1 })!
	// A page past the end shows the last one.
	const listed =
		first.pagination.page > first.pagination.totalPages
			? listParticipants(contest.id, { page: first.pagination.totalPages })!
			: first
	const listSearch = contestListSearch(url.searchParams)
	const pageUrl = (page: number) => {
		const search = new URLSearchParams(listSearch)
		if (page > 1) search.set('page', String(page))
		const text = search.toString()
		return `/admin/contests/${contest.id}/participants${text ? `?${text}` : ''}`
	}
	const { page, totalPages } = listed.pagination
	return {
		closeTo: contestListUrl(url),
		selfUrl: pageUrl(page),
		previousUrl: page > 1 ? pageUrl(page - 1) : null,
		nextUrl: page < totalPages ? pageUrl(page + 1) : null,
		contest: { id: contest.id, name: contest.name, status: contest.status },
		participants: listed.participants,
		pagination: listed.pagination,
		canEditScores: can(admin, 'contests:update') && contest.status !== 'completed' && !isDataScored(contest.type),
		scoresFromData: isDataScored(contest.type),
		historyUrl: can(admin, 'audit:view') ? `/admin/audit?targetType=contest&targetId=${contest.id}` : null,
	}
}

/** One row's score: { userId, score }. */
export async function action({ request, url, params }: Route.ActionArgs) {
	const { admin, contest } = await requireContestAccess({ request, url, params }, 'contests:update')
	const submission = parseWithZod(await readFormData(request), { schema: ScoreFormSchema })
	if (submission.status !== 'success') return replyInvalid(submission)
	const { userId, score } = submission.value
	const result = updateParticipantScore({ id: admin.id, email: admin.email }, contest.id, userId, score)
	if (!result.ok) return replyWithFailure(submission, result)
	throw await redirectWithFlash(`${url.pathname}${url.search}`, SCORE_UPDATED)
}

export default function ContestParticipantsRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { contest, participants, pagination } = loaderData
	// A refused score goes back to its row; one whose row is gone shows above the table.
	const result = actionData?.result
	const resultUserId = result ? String(result.initialValue?.userId ?? '') : null
	const orphanError =
		result && !participants.some((p) => String(p.userId) === resultUserId)
			? (Object.values(result.error ?? {})
					.flat()
					.find(Boolean) ?? null)
			: null
	return (
		<RouteDialog title={`${contest.name} - Participants`} closeTo={loaderData.closeTo} wide>
			<div className="flex flex-wrap items-center gap-3 text-sm text-slate-300">
				<ContestStatusBadge status={contest.status} />
				<span>
					{formatCount(pagination.totalCount)} {pagination.totalCount === 1 ? 'participant' : 'participants'}
				</span>
				{contest.status === 'completed' ? <span>Ranks are final.</span> : null}
				{loaderData.scoresFromData ? <span>{CONTEST_TEXTS.scoresFromDataNote}</span> : null}
				{loaderData.historyUrl ? (
					<Link to={loaderData.historyUrl} className="link">
						Full history<span className="sr-only"> of {contest.name}</span>
					</Link>
				) : null}
			</div>
			{orphanError ? (
				<p role="alert" className="mt-3 rounded-lg border border-red-400/60 bg-red-950/60 p-3 text-sm text-red-200">
					{orphanError}
				</p>
			) : null}
			<StaffTable
				label="Participants table"
				caption={`Participants of ${contest.name}, in ranking order`}
				columns={['Rank', 'User', 'Score', 'Joined']}
				empty={CONTEST_TEXTS.noParticipants}
				isEmpty={participants.length === 0}
				tableClassName="w-full min-w-[34rem] text-left text-sm"
				className="relative mt-4"
			>
				{participants.map((p) => (
					<tr key={p.id} className="align-top">
						<td className="py-3 pr-3">
							<span className="flex items-center gap-2 font-semibold tabular-nums">
								<RankTrophy rank={p.rank} />
								{p.rank}
							</span>
						</td>
						<td className="py-3 pr-3">
							<span className="block font-medium break-words">{p.user.name}</span>
							<span className="block break-all text-slate-300">{p.user.email}</span>
						</td>
						<td className="py-3 pr-3">
							{loaderData.canEditScores ? (
								<ScoreForm
									key={`${p.userId}-${p.score}`}
									participant={p}
									action={loaderData.selfUrl}
									lastResult={resultUserId === String(p.userId) ? result : undefined}
								/>
							) : (
								<span className="tabular-nums">{formatCount(p.score)}</span>
							)}
						</td>
						<td className="py-3 whitespace-nowrap">
							<time dateTime={p.joinedAt}>{formatDate(p.joinedAt)}</time>
						</td>
					</tr>
				))}
			</StaffTable>
			{pagination.totalPages > 1 ? (
				<nav aria-label="Participants pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
					{loaderData.previousUrl ? (
						<Link to={loaderData.previousUrl} preventScrollReset className="btn-secondary btn-sm">
							Previous
						</Link>
					) : (
						<span />
					)}
					<span>
						Page {pagination.page} of {pagination.totalPages}
					</span>
					{loaderData.nextUrl ? (
						<Link to={loaderData.nextUrl} preventScrollReset className="btn-secondary btn-sm">
							Next
						</Link>
					) : (
						<span />
					)}
				</nav>
			) : null}
		</RouteDialog>
	)
}

type Participant = Route.ComponentProps['loaderData']['participants'][number]

/** A row's score form: the typed value and the error come back to this row only. */
function ScoreForm({
	participant: p,
	action,
	lastResult,
}: {
	participant: Participant
	action: string
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const [form, fields] = useForm({
		id: `score-form-${p.userId}`,
		lastResult,
		defaultValue: { userId: String(p.userId), score: String(p.score) },
	})
	const pending = useIsPending({ formAction: action, state: 'submitting', formData: { userId: String(p.userId) } })
	const { key, ...scoreProps } = getInputProps(fields.score, { type: 'number', ariaAttributes: false })
	// The score's own error, or why the change was refused (completed, gone).
	const { errors, aria } = fieldAria(fields.score, {
		extraErrors: [...(form.errors ?? []), ...(fields.userId.errors ?? [])],
	})
	return (
		<>
			<Form
				method="post"
				action={action}
				{...getFormProps(form, { ariaAttributes: false })}
				noValidate
				preventScrollReset
				className="flex items-start gap-2"
			>
				<input type="hidden" name={fields.userId.name} value={p.userId} />
				<label htmlFor={fields.score.id} className="sr-only">
					Score for {p.user.name}
				</label>
				<input
					key={key}
					{...scoreProps}
					min={0}
					step={1}
					inputMode="numeric"
					{...aria}
					className="input w-24 px-2 py-1.5 tabular-nums"
				/>
				<button type="submit" disabled={pending} className="btn-secondary btn-sm">
					Save<span className="sr-only"> score for {p.user.name}</span>
				</button>
			</Form>
			{errors.length ? (
				<p id={fields.score.errorId} className="mt-1 text-sm text-red-300">
					{errors[0]}
				</p>
			) : null}
		</>
	)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data?.contest ? `${data.contest.name} - Participants` : 'Participants'} | ${site.name}` },
]
