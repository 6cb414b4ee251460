// Types of scripts/wrk.mjs for the TypeScript tests that import it.
export type WrkResult = {
	requests: { total: number; average: number }
	latency: { p50: number; p90: number; p95: number; p99: number; max: number; mean: number }
	errors: number
	non2xx: number
	timeouts: number
}
export function hasWrk(): boolean
export function requireWrk(): void
export function wrk(options: {
	url: string
	connections: number
	duration: number
	headers?: Record<string, string>
	timeout?: number
	/** Each connection waits this many whole milliseconds after an answer before its next request. */
	pauseMs?: number
	/** A CPU list ("0,1"): wrk runs there (taskset) instead of where this process runs. */
	cpus?: string
}): Promise<WrkResult>
