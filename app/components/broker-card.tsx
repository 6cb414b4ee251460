import type { MemberBroker } from '#app/features/brokers/brokers.server.ts'
import { cx } from '#app/utils/misc.ts'
import { NewTabMark } from './icon.tsx'
import { BadgedTitle } from './badged-title.tsx'

/** The member's side: next to every broker button. */
export function brokerRiskWarning(lossPercent: number) {
	return `${formatLossPercent(lossPercent)}% of retail investor accounts lose money when trading CFDs with this provider.`
}

export const AFFILIATE_DISCLOSURE = 'We may earn a commission from this broker.'

/** 71.32 → "71.32", 74 → "74", 70.5 → "70.5". */
export function formatLossPercent(value: number) {
	return String(Math.round(value * 100) / 100)
}

/**
 * A partner broker as members see it (issue 14 part 2): every button goes
 * through the tracked link /go/:slug, and next to it stand the broker's own
 * risk warning (its published loss percentage, regulator and licence) and
 * the affiliate disclosure. Used by the dashboard's cards and the trader
 * detail.
 */

export type BrokerCardData = Pick<
	MemberBroker,
	'slug' | 'name' | 'regulator' | 'licence' | 'lossPercent' | 'rating' | 'bonus' | 'features' | 'recommended'
>

/** The tracked link (a plain link, opening the broker in a new tab; see decision 019). */
export function BrokerButton({
	broker,
	className,
	children,
	trader,
}: {
	broker: Pick<BrokerCardData, 'slug'>
	className?: string
	children: React.ReactNode
	/** The trader whose Copy button this is: the click counts them a follower (decision 056). */
	trader?: string
}) {
	return (
		<a
			href={trader ? `/go/${broker.slug}?trader=${encodeURIComponent(trader)}` : `/go/${broker.slug}`}
			target="_blank"
			rel="noopener noreferrer"
			className={cx('break-words', className)}
			data-broker-link={broker.slug}
		>
			{children}
			<NewTabMark />
		</a>
	)
}

/** The broker's risk warning, regulator and licence, and the affiliate disclosure. */
export function BrokerDisclosure({
	broker,
	className,
}: {
	broker: Pick<BrokerCardData, 'name' | 'regulator' | 'licence' | 'lossPercent'>
	className?: string
}) {
	return (
		<div className={cx('space-y-1 text-xs break-words text-slate-300', className)} data-broker-disclosure>
			<p className="font-medium text-amber-100">{brokerRiskWarning(broker.lossPercent)}</p>
			<p>
				{broker.name}: regulated by {broker.regulator}, {broker.licence}.
			</p>
			<p>{AFFILIATE_DISCLOSURE}</p>
		</div>
	)
}

/** One card of the dashboard's Partner Brokers. */
export function BrokerCard({ broker }: { broker: BrokerCardData }) {
	return (
		<li className="flex min-w-0 flex-col rounded-xl border border-slate-700 p-4">
			<BadgedTitle
				title={<h3 className="font-semibold break-words">{broker.name}</h3>}
				badge={broker.recommended ? 'Recommended' : null}
				badgeClassName="shrink-0 rounded-full bg-emerald-400 px-2 py-0.5 text-xs font-semibold text-slate-950"
			/>
			<p className="mt-1 text-sm text-amber-200">
				Rated {broker.rating} out of 5{broker.bonus ? ` · ${broker.bonus}` : ''}
			</p>
			<ul className="mt-2 flex-1 list-disc space-y-1 pl-5 text-sm text-slate-300">
				{broker.features.map((f) => (
					<li key={f}>{f}</li>
				))}
			</ul>
			<BrokerButton broker={broker} className="btn-secondary btn-sm mt-3">
				Open an account with {broker.name}
			</BrokerButton>
			<BrokerDisclosure broker={broker} className="mt-3" />
		</li>
	)
}
