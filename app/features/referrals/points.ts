const pointsFormat = new Intl.NumberFormat('en-US')

/**
 * Points as members see them: a number with its unit ("0 points",
 * "1 point", "1,234 points"), not the spec's zero-padded "000"
 * (docs/decisions/015-one-coherent-story.md).
 */
export function formatPoints(points: number) {
	const n = Math.max(0, Math.floor(points))
	return `${pointsFormat.format(n)} ${n === 1 ? 'point' : 'points'}`
}
