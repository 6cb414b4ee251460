import type { MemberPromotion } from '#app/features/content/responses.server.ts'
import { CopyButton } from './forms.tsx'

/**
 * One promotion as members see it on the dashboard's Active Promotions (and
 * as staff preview it on /admin/content/promotions): what it gives, the
 * broker it is for, the code with Copy, and its expiry.
 */
export function PromotionCard({ promotion }: { promotion: MemberPromotion }) {
	return (
		<li className="rounded-xl border border-slate-700 p-4" data-promotion={promotion.code}>
			<p className="text-sm text-slate-200">{promotion.description}</p>
			{promotion.broker ? <p className="mt-1 text-xs text-slate-400">With {promotion.broker}</p> : null}
			<div className="mt-3 flex flex-wrap items-center gap-2">
				<code className="select-all rounded bg-slate-800 px-2 py-1 font-mono break-all text-emerald-200">
					{promotion.code}
				</code>
				<CopyButton value={promotion.code} label={`Copy code ${promotion.code}`} />
			</div>
			<p className="mt-2 text-xs text-slate-400">
				{promotion.expires ? `Expires ${promotion.expires}` : 'No expiry date'}
			</p>
		</li>
	)
}
