// Types of scripts/bench/bars.mjs for the TypeScript tests that import it.
type Latency = { name: string; p50: number; p99: number; errors: number }
export type Round = {
	ratio: number
	cost: number | null
	/** CPU per request in ms of the server's and the baseline's process trees (runs since the every-core step). */
	serverCpuMs?: number | null
	baselineCpuMs?: number | null
	baseCores: number
	serverErrors: number
	baselineTimeouts: number
	baselineErrors: number
	serverRps: number
	baselineRps: number
}
export type Bar = {
	bar: string
	measured: string
	met: boolean
	route?: string
	ratio?: number | null
	/** Judged with the servers and the load generator sharing every core (a machine with fewer than 3 cores). */
	layout?: 'sharing'
}
export type PinnedRatio = { route: string; baseline: string; min: number; ratio: number | null; measured: string }
type PlanItem = { name: string; bar?: { baseline: string; min: number; everyCore?: boolean } }
export const TAIL_FLOOR_MS: number
export const EVERY_CORE_SHARING: string
export function median(values: (number | null | undefined)[]): number | null
export function judgeBars(figures: {
	plan: PlanItem[]
	rows: Latency[]
	paired: Record<string, Round[]>
	everyCore?: { paired: Record<string, Round[]>; serverCores: number } | null
	stormPaced?: Latency[]
	memory?: { pssIdleMb: number; pssPeakMb: number; rssIdleMb: number; rssPeakMb: number } | null
	serverCores: number
}): Bar[]
export function pinnedRatios(figures: {
	plan: PlanItem[]
	paired: Record<string, Round[]>
	serverCores: number
}): PinnedRatio[]
type LatencyP95 = Latency & { rps: number; p95: number }
export type TradersFigures = {
	traders: number
	apply: { equity: { ms: number; rows: number }; trades: { ms: number; rows: number }; totalMs: number }
	recompute: {
		without: LatencyP95
		during: { ms: number; result: { recomputed: number } | null; row: LatencyP95 }
	}
	list: { rows: LatencyP95[] }
}
export function judgeTradersBars(
	figures: TradersFigures,
	bars?: { applyMs: number; recomputeS: number; tailRatio: number; listP95Ms: number },
): Bar[]
export type ChooseFigures = {
	traders: number
	watch: { members: number; rows: number }
	alertPass: { ms: number; result: { traders: number; notified: number } | null }
	list: { rows: LatencyP95[] }
	/** What copiers earned: the trader page and its API (absent in runs from before it). */
	outcomes?: { copiers: number; months: number; reportRows: number; rows: LatencyP95[] }
}
export function judgeChooseBars(
	figures: ChooseFigures,
	bars?: { alertPassS: number; listP95Ms: number; outcomesP95Ms: number },
): Bar[]
