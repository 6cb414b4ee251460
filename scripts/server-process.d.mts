// Types of scripts/server-process.mjs for the TypeScript tests that import it.
export function waitFor(
	url: string,
	options?: { child?: { exitCode: number | null } | null; seconds?: number; fetchFn?: typeof fetch },
): Promise<void>
export function processTree(pid: number): number[]
export function rssMb(pid: number): number
export function treeRssMb(pid: number): number
export function pssMb(pid: number): number
export function treePssMb(pid: number): number
export function cpuMs(pid: number): number
export function treeCpuMs(pid: number): number
export function sampleTreeMemory(
	pid: number,
	everyMs?: number,
): {
	ready: Promise<unknown>
	/** Between measured runs: reads PSS now and bounds the peak since the last settle. */
	settle(): Promise<unknown>
	peaks(): Promise<{ rss: number; pss: number; pssReads: number }>
	stop(): Promise<number>
}
