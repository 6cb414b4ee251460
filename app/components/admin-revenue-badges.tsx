import { Pill } from '#app/components/admin-badges.tsx'

/** A revenue entry's state: 'Voided' (it no longer counts) or 'Corrected'. */
export function VoidedBadge() {
	return <Pill className="border-red-400/60 bg-red-400/10 text-red-200">Voided</Pill>
}

export function CorrectedBadge() {
	return <Pill className="border-amber-300/60 bg-amber-300/10 text-amber-100">Corrected</Pill>
}
