/** A percentage with its sign and one decimal: "+4.8%", "-2.1%", "0.0%". Shared by the chart geometry and the charts. */
export function signedPercent(value: number) {
	return `${value > 0 ? '+' : ''}${value.toFixed(1)}%`
}
