// Types of scripts/bench/steps/growth.mjs for the TypeScript tests that import it.
type Figures = { requests: number; errors: number; serverMs: number | null; cpuMs: number | null }
type JobFigures = { ms: number; blockMs: number; ok: boolean; error?: string | null }
export type GrowthResult = {
	sizes: number[]
	traders?: number
	seeds?: unknown[]
	rows: Array<{ name: string; clients: number; bySize: Record<number, Figures> }>
	jobs: Array<{ job: string; bySize: Record<number, JobFigures> }>
}
export type GrowthBar = { bar: string; measured: string; met: boolean }
export const GROWTH_BARS: { requestRatio: number; blockMs: number }
export const RESOLUTION_MS: number
export const JOB_FLOOR_MS: number
export function judgeGrowthBars(result: GrowthResult, tolerance?: number): GrowthBar[]
export function growthTable(result: GrowthResult): string[][]
