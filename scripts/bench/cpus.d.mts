// Types of scripts/bench/cpus.mjs for the TypeScript tests that import it.
export type Layout = {
	pinned: boolean
	cpus: number
	all: string
	serverCount: number
	loadCpus?: string
	serverCpus?: string
	reason?: string
	/** The every-core layout of a machine with fewer than 3 cores: servers and load generator on every core. */
	sharing?: boolean
}
export const EVERY_CORE_MIN: number
export function parseCpuList(text: string): number[]
export function allowedCpus(): number[]
export function cpuLayout(options?: { pin?: boolean; cpus?: number[]; taskset?: boolean }): Layout
export function pinSelf(layout: Layout): Layout
export function everyCoreLayout(layout: Layout): Layout | null
export function loadCpusFor(layout: Layout): string | undefined
export function onServerCores(layout: Layout, args: string[]): [string, string[]]
export function onEveryCore(layout: Layout, command: string, args: string[]): [string, string[]]
export function describeLayout(layout: Layout): string
