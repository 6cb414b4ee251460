import type { ContestStatus, ContestType } from '#app/domain/enums.ts'
import { Pill } from '#app/components/admin-badges.tsx'
import { STATUS_LABELS, TYPE_LABELS } from '#app/features/contests/schemas.ts'
import { cx } from '#app/utils/misc.ts'

const STATUS_STYLES: Record<ContestStatus, string> = {
	draft: 'border-slate-400/70 bg-slate-400/10 text-slate-200',
	active: 'border-emerald-400/60 bg-emerald-400/10 text-emerald-200',
	paused: 'border-amber-300/60 bg-amber-300/10 text-amber-100',
	completed: 'border-sky-300/60 bg-sky-300/10 text-sky-100',
}

const TYPE_STYLES: Record<ContestType, string> = {
	referral: 'border-violet-300/70 text-violet-100',
	trading: 'border-sky-300/70 text-sky-100',
	deposit: 'border-amber-300/70 text-amber-100',
	activity: 'border-pink-300/70 text-pink-100',
}

/** A contest's status (draft, active, paused, completed), coloured by value. */
export function ContestStatusBadge({ status }: { status: ContestStatus }) {
	return (
		<Pill className={STATUS_STYLES[status]}>
			<span className="sr-only">Status: </span>
			{STATUS_LABELS[status]}
		</Pill>
	)
}

/** A contest's type (referral, trading, deposit, activity). */
export function ContestTypeBadge({ type }: { type: ContestType }) {
	return (
		<Pill className={TYPE_STYLES[type]}>
			<span className="sr-only">Type: </span>
			{TYPE_LABELS[type]}
		</Pill>
	)
}

const TROPHIES: Record<1 | 2 | 3, { label: string; className: string }> = {
	1: { label: 'Gold trophy, 1st place', className: 'text-yellow-300' },
	2: { label: 'Silver trophy, 2nd place', className: 'text-slate-300' },
	3: { label: 'Bronze trophy, 3rd place', className: 'text-amber-500' },
}

/** The coloured trophy of ranks 1 to 3 (spec: participants dialog), with its text alternative. */
export function RankTrophy({ rank }: { rank: number }) {
	const trophy = TROPHIES[rank as 1 | 2 | 3]
	if (!trophy) return null
	return (
		<svg
			role="img"
			aria-label={trophy.label}
			viewBox="0 0 24 24"
			width="20"
			height="20"
			fill="currentColor"
			className={cx('shrink-0', trophy.className)}
		>
			<path d="M7 3h10v2h3a1 1 0 0 1 1 1v2a5 5 0 0 1-4.1 4.9A5 5 0 0 1 13 16.9V19h3v2H8v-2h3v-2.1A5 5 0 0 1 7.1 12.9 5 5 0 0 1 3 8V6a1 1 0 0 1 1-1h3V3Zm0 4H5v1a3 3 0 0 0 2 2.8V7Zm10 0v3.8A3 3 0 0 0 19 8V7h-2Z" />
		</svg>
	)
}
