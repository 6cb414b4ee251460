/** A revenue entry's state: 'Voided' (it no longer counts) or 'Corrected'. */
export function VoidedBadge() {
	return (
		<span className="inline-flex items-center rounded-full border border-red-400/60 bg-red-400/10 px-2 py-0.5 text-xs font-semibold text-red-200">
			Voided
		</span>
	)
}

export function CorrectedBadge() {
	return (
		<span className="inline-flex items-center rounded-full border border-amber-300/60 bg-amber-300/10 px-2 py-0.5 text-xs font-semibold text-amber-100">
			Corrected
		</span>
	)
}
