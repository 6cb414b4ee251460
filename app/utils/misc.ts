import { useFormAction, useNavigation } from 'react-router'

/**
 * Keeps a redirect target on this site: a path that starts with one slash,
 * with no backslash or control character and no scheme or host.
 */
export function safeRedirect(to: unknown, fallback = '/dashboard') {
	if (typeof to !== 'string') return fallback
	const target = to.trim()
	if (!target.startsWith('/') || target.startsWith('//')) return fallback
	if (/[\\\p{Cc}]/u.test(target)) return fallback
	try {
		const base = 'http://same.site.invalid'
		const url = new URL(target, base)
		if (url.origin !== base) return fallback
		return `${url.pathname}${url.search}${url.hash}`
	} catch {
		return fallback
	}
}

/** The longest path and query a sign-in or terms redirect carries back (a longer query is dropped). */
export const MAX_RETURN_TO = 2_000

/**
 * Where to come back to after a detour (sign-in, the terms): the request's
 * path and query, or its path alone when the query is longer than
 * MAX_RETURN_TO. Encoded again into a `redirectTo` parameter a long query
 * grows threefold, and a Location header past 16 KB is refused by browsers
 * and HTTP clients (Node's fetch answers "fetch failed").
 */
export function returnTo(url: URL) {
	const target = `${url.pathname}${url.search}`
	return target.length <= MAX_RETURN_TO ? target : url.pathname.slice(0, MAX_RETURN_TO)
}

/** Joins class names, dropping empty ones. */
export function cx(...names: Array<string | false | null | undefined>) {
	return names.filter(Boolean).join(' ')
}

type PendingOptions = {
	/**
	 * The form's action, as `navigation.formAction` reports it. Defaults to
	 * the action of the route the hook is called in (what a `<Form>`
	 * without `action` posts to, search params included).
	 */
	formAction?: string
	formMethod?: 'POST' | 'GET' | 'PUT' | 'PATCH' | 'DELETE'
	/** 'non-idle' (default): submitting or loading what follows. */
	state?: 'submitting' | 'loading' | 'non-idle'
	/**
	 * Only a submission carrying these values: tells apart the forms that
	 * post to one action (a row's hidden id, the submit button's value).
	 */
	formData?: Record<string, string>
}

/**
 * True while a form of this page is in flight (the one way to compute a
 * pending state: pending labels, disabled buttons). Matches the navigation
 * by action, method, state and, when given, the submitted values. Without
 * JS there is no navigation state: the browser shows its own progress.
 */
export function useIsPending({ formAction, formMethod = 'POST', state = 'non-idle', formData }: PendingOptions = {}) {
	const contextualAction = useFormAction()
	const navigation = useNavigation()
	const inState = state === 'non-idle' ? navigation.state !== 'idle' : navigation.state === state
	if (!inState) return false
	if (navigation.formAction !== (formAction ?? contextualAction)) return false
	if (navigation.formMethod?.toUpperCase() !== formMethod) return false
	if (!formData) return true
	const submitted = navigation.formData
	return Boolean(submitted) && Object.entries(formData).every(([name, value]) => submitted?.get(name) === value)
}

/** The named fields of `row`, in the order named (a shallow copy: lodash's `pick`, typed). */
export function pick<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
	const picked = {} as Pick<T, K>
	for (const key of keys) picked[key] = row[key]
	return picked
}
