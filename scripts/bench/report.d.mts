// Types of scripts/bench/report.mjs for the TypeScript tests that import it.
/** One run file of docs/bench/runs/ (schema 1; see scripts/bench/README.md). */
export type Run = {
	schema: 1
	kind: 'full' | 'short'
	label?: string
	date: string
	commit: string
	steps: string[]
	layout?: { pinned: boolean; cpus?: number; loadCpus?: string; serverCpus?: string; reason?: string }
	[section: string]: unknown
}
export const RUNS_DIR: string
export const DOC_FILE: string
export const EVERY_CORE_SHARING: string
export function everyCoreText(everyCore: { cpus: string; reason: string; webConcurrency: number }): string
export function ms(x: number): string
export function runFileName(run: Run): string
export function stringifyRun(run: Run): string
export function readRuns(dir?: string): Run[]
export function layoutText(layout: Run['layout']): string
export function renderRun(run: Run, options?: { heading?: string; level?: number }): string
export function historyCells(
	run: Run,
): Record<'date' | 'commit' | 'kind' | 'layout' | 'member' | 'api' | 'signIn' | 'pinned' | 'cpu' | 'met', string>
export function ownedBlocks(doc: string): string[]
export function renderDocument(runs: Run[], blocks?: string[]): string
export function writeDocument(options?: { runsDir?: string; doc?: string }): string
