// Part of step `paired`, on a machine with fewer than 3 cores only: the bar
// "every core" (member pages and API reads at least 1.6 times the
// one-process bare baseline) cannot be judged pinned there, where the
// servers get one core. So a second app (one serving process per core, as
// `npm start` runs it) and a second bare baseline (one process) start on
// every core, the load generator shares those cores, and the same paired
// rounds run for those three routes alone; then both servers stop. Every
// other bar stays judged in the pinned layout, and no mechanism may be
// justified by this step alone (docs/decisions/044-bench-cpu-layout.md).
import path from 'node:path'
import { assertAnswers200 } from '../../fresh-fetch.mjs'
import { wrk } from '../../wrk.mjs'
import { memberWithReferrals } from '../accounts.mjs'
import { bareEntries, startBare } from '../baselines.mjs'
import { describeLayout, everyCoreLayout } from '../cpus.mjs'
import { startApp, stopNode } from '../servers.mjs'
import { pairedRounds } from './paired.mjs'
import { everyCoreRoutes } from './routes.mjs'

/**
 * Null where the run's own layout judges the every-core bars (cpus.mjs,
 * everyCoreLayout); else `{ cpus, reason, webConcurrency, paired }`, the
 * rounds of each every-core bar in the sharing layout.
 */
export async function everyCoreRounds(ctx) {
	const layout = everyCoreLayout(ctx.layout)
	if (!layout) return null
	console.log(`\nEvery-core bars: ${describeLayout(layout)}`)
	const { root, ports } = ctx
	const app = await startApp({ layout, root, port: ports.everyApp, dataDir: path.join(root, 'every-core-data') })
	const bare = await startBare({ layout, port: ports.everyBare, dataDir: path.join(root, 'every-core-bare-data') })
	try {
		const plan = [
			...bareEntries({
				port: ports.everyBare,
				member: await memberWithReferrals(ports.everyBare, 'bare'),
				pid: bare.pid,
			}),
			...everyCoreRoutes({
				app: `http://127.0.0.1:${ports.everyApp}`,
				member: await memberWithReferrals(ports.everyApp, 'app'),
			}),
		]
		const used = new Set(plan.flatMap((p) => (p.bar ? [p.name, p.bar.baseline] : [])))
		for (const item of plan.filter((p) => used.has(p.name))) {
			await assertAnswers200(item.url, item.headers)
			await wrk({ url: item.url, connections: 10, duration: 1, headers: item.headers, cpus: layout.loadCpus })
		}
		const paired = await pairedRounds({ ...ctx, layout, app, sampler: null }, plan, {
			label: 'every-core paired round',
		})
		return {
			cpus: layout.all,
			reason: layout.reason,
			// The app's own default, one serving process per core it may use, unless WEB_CONCURRENCY is set.
			webConcurrency: Number(process.env.WEB_CONCURRENCY || layout.serverCount),
			paired,
		}
	} finally {
		await Promise.all([stopNode(app), stopNode(bare)])
	}
}
