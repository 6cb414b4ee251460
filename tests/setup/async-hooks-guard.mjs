// Loaded with `node --import` by tests/api/async-hooks.spec.ts: reports on
// stderr, as a JSON log line, the first time anything in the process turns
// Node's async hooks on (an AsyncLocalStorage run or enterWith, or a hook
// created with createHook and enabled), with the stack that did it.
import asyncHooks from 'node:async_hooks'
import { syncBuiltinESMExports } from 'node:module'

const reported = new Set()
function report(what) {
	if (reported.has(what)) return
	reported.add(what)
	process.stderr.write(
		`${JSON.stringify({ level: 'error', event: 'async-hooks.enabled', what, pid: process.pid, stack: new Error().stack })}\n`,
	)
}

const storage = asyncHooks.AsyncLocalStorage.prototype
for (const method of ['run', 'enterWith']) {
	const original = storage[method]
	storage[method] = function (...args) {
		report(`AsyncLocalStorage.${method}`)
		return original.apply(this, args)
	}
}
const createHook = asyncHooks.createHook
asyncHooks.createHook = (callbacks) => {
	const hook = createHook(callbacks)
	const enable = hook.enable
	hook.enable = function () {
		report('createHook().enable')
		return enable.call(this)
	}
	return hook
}
syncBuiltinESMExports()
process.stderr.write(`${JSON.stringify({ level: 'info', event: 'async-hooks.guard', pid: process.pid })}\n`)
