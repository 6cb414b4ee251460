// Types of scripts/bench/bars.mjs for the TypeScript tests that import it.
type Latency = { name: string; p50: number; p99: number; errors: number }
export type Round = {
	ratio: number
	cost: number | null
	baseCores: number
	serverErrors: number
	baselineTimeouts: number
	baselineErrors: number
	serverRps: number
	baselineRps: number
}
export type Bar = { bar: string; measured: string; met: boolean; route?: string; ratio?: number | null }
export const TAIL_FLOOR_MS: number
export function median(values: (number | null | undefined)[]): number | null
export function judgeBars(figures: {
	plan: { name: string; bar?: { baseline: string; min: number } }[]
	rows: Latency[]
	paired: Record<string, Round[]>
	stormPaced?: Latency[]
	memory?: { pssIdleMb: number; pssPeakMb: number; rssIdleMb: number; rssPeakMb: number } | null
	serverCores: number
}): Bar[]
