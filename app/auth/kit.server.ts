import { parseWithZod } from '@conform-to/zod'
import { eq } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { redirect } from 'react-router'
import type { z } from 'zod'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { getDb } from '#db/client.server.ts'
import { apiError, apiFailure, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { readFormData, replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import { checkHoneypot } from '#app/utils/honeypot.server.ts'
import { log } from '#app/utils/log.server.ts'
import { returnTo } from '#app/utils/misc.ts'
import { spendDummyCompare, verifyPassword } from '#app/utils/password.server.ts'
import { limited, resetRateLimit, type RateLimitRule } from '#app/utils/rate-limit.server.ts'
import { clientIp, requestMeta, type RequestArgs } from '#app/utils/request.server.ts'
import { fail, ok, type Failure, type Result } from '#app/utils/result.ts'
import { EmptyApiBodySchema } from '#app/utils/validation.ts'
import { LoginApiSchema, LoginFormSchema } from '#app/features/auth/schemas.ts'
import { createSessionCookie } from './cookie.server.ts'
import {
	createSessionStore,
	type AccountColumns,
	type AccountOf,
	type SessionStoreConfig,
} from './session-store.server.ts'

/**
 * One authentication kit, two instances (app/auth/member.server.ts and
 * app/auth/staff.server.ts): a cookie holding a signed random id for the
 * pages, bearer tokens for /api, sessions as rows of the realm's own table,
 * the sign-in rule (rate limits, one bcrypt compare whether or not the email
 * is known, "may this account sign in"), remix-auth's FormStrategy for the
 * sign-in page, the guards, and the sign-in and sign-out flows that the
 * realm's page and API routes call. Each realm keeps its own cookie, table,
 * lifetimes and texts; nothing of one opens the other.
 */

/** The bearer token of an /api request (the Authorization header only; never a cookie or the query). */
export function getBearerToken(request: Request) {
	const match = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(request.headers.get('Authorization') ?? '')
	return match ? match[1]! : null
}

/** The client's User-Agent header ('' without one): the device of a new session. */
export function userAgentOf(request: Request) {
	return request.headers.get('User-Agent') ?? ''
}

/** Thrown by the form strategy when a sign-in is refused; carries the answer. */
export class SignInRefused extends Error {
	constructor(readonly failure: Failure) {
		super(failure.message)
	}
}

/** The body of an API sign-in: the email and password, and whatever the realm's second step reads. */
type ApiSignInInput = { email: string; password: string } & Record<string, unknown>

/**
 * A second step after the password (the staff second factor): the password
 * check stays the kit's; the step decides who needs it and how it is proved.
 * The sign-in only completes (onSuccess, the account's limit reset, the
 * success log line) once the step is passed.
 */
export type SecondStep<Account> = {
	needed: (account: Account) => boolean
	/** The page: the password matched; starts the step and answers (a redirect to its page). */
	startPage: (request: Request, account: Account, redirectTo: string) => Promise<Response>
	/**
	 * The API: checks the step's fields of the body (and uses them up). 'wrong'
	 * counts as a failed sign-in (the same 401 as a wrong password); another
	 * failure (a missing field, say) is answered as it is.
	 */
	checkApi: (account: Account, input: ApiSignInInput, now: Date) => Result<void> | 'wrong'
}

export type AuthKitConfig<C extends AccountColumns> = Omit<SessionStoreConfig<C>, 'accounts' | 'maySignIn'> & {
	/** The cookie's name on plain http; `__Host-<name>` over https. */
	cookieName: string
	accounts: SessionStoreConfig<C>['accounts'] & { email: SQLiteColumn; passwordHash: SQLiteColumn }
	/**
	 * Whether the account may sign in and keep its sessions; a refused
	 * sign-in answers 403 with `message` (after the password matched, so it
	 * says nothing about unknown emails).
	 */
	maySignIn?: { test: (account: AccountOf<C>) => boolean; message: string }
	/** Structured log events, and the field that names the account in them. */
	log: { signIn: string; signOut: string; idField: string }
	signIn: {
		rateLimits: { ip: RateLimitRule; account: RateLimitRule }
		/** The one answer (401) for an unknown email and a wrong password alike. */
		invalidMessage: string
		onFailure?: (now: Date) => void
		/** Runs after a successful check; returns the account as signed in. */
		onSuccess?: (account: AccountOf<C>, now: Date) => AccountOf<C>
		/**
		 * The sign-in page answers an unexpected error with this form error
		 * (500) and a log line, instead of the error page.
		 */
		unexpectedError?: { event: string; message: string }
		/** The API's sign-in body (LoginApiSchema unless the second step reads more fields). */
		apiSchema?: z.ZodType<ApiSignInInput>
		secondStep?: SecondStep<AccountOf<C>>
	}
	pages: {
		/** Where a signed-in account goes from the sign-in page, and after signing in by default. */
		home: string
		/** The sign-in page for a request that needs a session (`target` is its path and query). */
		signInUrl: (target: string) => string
		/** A `redirectTo` kept only when it is a same-site path this realm may go to. */
		redirectTarget: (to: unknown, fallback: string) => string
		afterSignOut: string
		/** Where a GET of the sign-out page goes (signing out is POST only). */
		signOutGet: string
		/** Thrown instead of the sign-in redirect when it returns something (a 403 for the other realm's session, say). */
		refuse?: (args: RequestArgs) => Promise<unknown>
	}
	api: {
		/** The 401's message (with `WWW-Authenticate: Bearer`) for no token or one of no session here. */
		notAuthenticated: string
		/** Answered instead of the 401 for a token of no session here, when it returns a Response. */
		refuse?: (request: Request, token: string) => Response | null
	}
}

export function createAuthKit<C extends AccountColumns>(config: AuthKitConfig<C>) {
	type Account = AccountOf<C>
	const { accounts, pages } = config
	const idField = config.log.idField

	const cookie = createSessionCookie(config.cookieName, config.absoluteMs)
	const sessions = createSessionStore<C>({ ...config, maySignIn: config.maySignIn?.test })

	// Sign-in ---------------------------------------------------------------

	/** Counts one sign-in attempt per IP and per account: a 429 failure when over a limit, else null. */
	function limitAttempt(email: string, meta: { ip: string }) {
		const { rateLimits } = config.signIn
		const blocked = limited(rateLimits.ip, meta.ip) ?? limited(rateLimits.account, email)
		if (blocked) log(config.log.signIn, { ip: meta.ip, result: 'rate_limited' }, 'warn')
		return blocked
	}

	/** A failed attempt (a wrong password or second factor): logged, and counted towards the realm's alert. */
	function failAttempt(meta: { ip: string }, accountId: number | undefined, now: Date, step?: string) {
		log(config.log.signIn, { ip: meta.ip, [idField]: accountId, result: 'failure', step }, 'warn')
		config.signIn.onFailure?.(now)
		return fail(401, config.signIn.invalidMessage)
	}

	/**
	 * The password half of the sign-in rule, shared by the page and the API:
	 * rate limited per IP and per account, one bcrypt compare whether or not
	 * the email is known, the same 401 for both, then "may this account sign
	 * in". Logs one event per failed attempt, never the email or the password.
	 */
	async function checkPassword(
		credentials: { email: string; password: string },
		meta: { ip: string },
		now = new Date(),
	): Promise<Result<Account>> {
		const blocked = limitAttempt(credentials.email, meta)
		if (blocked) return blocked
		const row = getDb()
			.select({ ...accounts.columns, passwordHash: accounts.passwordHash } as AccountColumns)
			.from(accounts.table)
			.where(eq(accounts.email, credentials.email))
			.get() as (Account & { passwordHash: string }) | undefined
		// An unknown email still costs one bcrypt compare: no timing oracle.
		const valid = row
			? await verifyPassword(credentials.password, row.passwordHash)
			: await spendDummyCompare(credentials.password)
		if (!row || !valid) return failAttempt(meta, row?.id, now)
		const { passwordHash: _hash, ...checked } = row
		const account = checked as unknown as Account
		if (config.maySignIn && !config.maySignIn.test(account)) {
			log(config.log.signIn, { ip: meta.ip, [idField]: account.id, result: 'not_active' }, 'warn')
			return fail(403, config.maySignIn.message)
		}
		return ok(account)
	}

	/** Every check passed: the realm's onSuccess, the account's attempts forgotten, the success logged. */
	function completeSignIn(account: Account, email: string, meta: { ip: string }, now = new Date()): Account {
		const signedIn = config.signIn.onSuccess ? config.signIn.onSuccess(account, now) : account
		resetRateLimit(config.signIn.rateLimits.account, email)
		log(config.log.signIn, { ip: meta.ip, [idField]: signedIn.id, result: 'success' })
		return signedIn
	}

	/** The whole rule for a realm without a second step (and the unit tests): password, then done. */
	async function checkCredentials(
		credentials: { email: string; password: string },
		meta: { ip: string },
		now = new Date(),
	): Promise<Result<Account>> {
		const result = await checkPassword(credentials, meta, now)
		return result.ok ? ok(completeSignIn(result.value, credentials.email, meta, now)) : result
	}

	/** remix-auth with a FormStrategy for the sign-in page; it calls the rule the API calls. */
	const authenticator = new Authenticator<Account>()
	authenticator.use(
		new FormStrategy(async ({ form, request }) => {
			const submission = parseWithZod(form, { schema: LoginFormSchema })
			if (submission.status !== 'success') throw new SignInRefused(fail(400, 'Login failed'))
			const { email, password } = submission.value
			const result = await checkPassword({ email, password }, requestMeta(request))
			if (!result.ok) throw new SignInRefused(result)
			return result.value
		}),
		'form',
	)

	// Page sessions (the cookie) --------------------------------------------

	/** The signed-in account of a page request, or null. */
	async function getAccount(request: Request) {
		const token = await cookie.read(request)
		return token ? sessions.find(token, 'web') : null
	}

	/**
	 * Guard: the signed-in account, else the realm's refusal (if any), else
	 * a redirect to its sign-in page that clears a stale cookie.
	 */
	async function requireAccount(args: RequestArgs): Promise<Account> {
		const token = await cookie.read(args.request)
		const account = token ? sessions.find(token, 'web') : null
		if (account) return account
		const refusal = await pages.refuse?.(args)
		if (refusal) throw refusal
		throw redirect(pages.signInUrl(returnTo(args.url)), {
			headers: token ? { 'Set-Cookie': await cookie.serializeEnd() } : undefined,
		})
	}

	/** Guard for the sign-in page: a signed-in account goes on to its home. */
	async function requireAnonymous(request: Request) {
		if (await getAccount(request)) throw redirect(pages.home)
	}

	/**
	 * Starts a fresh page session (a new id: no fixation) and ends the one the
	 * request carried, if any. Returns the Set-Cookie header value. Called at
	 * sign-in and whenever what the session may do grows.
	 */
	async function startWebSession(request: Request, accountId: number) {
		const previous = await cookie.read(request)
		if (previous) sessions.endByToken(previous)
		const { token } = sessions.create(accountId, 'web', new Date(), userAgentOf(request))
		return cookie.serialize(token)
	}

	// API sessions (bearer tokens) ------------------------------------------

	/** The account of an /api request's bearer token (an 'api' session only). */
	function getApiAccount(request: Request) {
		const token = getBearerToken(request)
		return token ? { token, account: sessions.find(token, 'api') } : { token: null, account: null }
	}

	/** Guard for /api: the token's account, else 401 with WWW-Authenticate (or the realm's refusal). */
	function requireApiAccount(request: Request) {
		const { token, account } = getApiAccount(request)
		if (token && account) return { token, account }
		throw (
			(token && config.api.refuse?.(request, token)) ||
			apiError(401, config.api.notAuthenticated, undefined, { 'WWW-Authenticate': 'Bearer' })
		)
	}

	// The flows the sign-in and sign-out routes call ------------------------

	/** The sign-in page's loader data; a signed-in account goes on. */
	async function signInPage({ request, url }: RequestArgs) {
		await requireAnonymous(request)
		const redirectTo = url.searchParams.get('redirectTo')
		return { redirectTo: redirectTo ? pages.redirectTarget(redirectTo, '') : '' }
	}

	/**
	 * The sign-in page's action: honeypot, the shared schema through Conform,
	 * remix-auth, a new session, then the redirect with the cookie; a refusal
	 * is a form error with its status (and Retry-After when rate limited).
	 */
	async function signInWithForm(request: Request) {
		// remix-auth's FormStrategy reads the body itself: read a clone here.
		const formData = await readFormData(request.clone())
		checkHoneypot(formData)
		const submission = parseWithZod(formData, { schema: LoginFormSchema })
		if (submission.status !== 'success') return replyInvalid(submission)
		try {
			const checked = await authenticator.authenticate('form', request)
			const target = pages.redirectTarget(submission.value.redirectTo, pages.home)
			const step = config.signIn.secondStep
			if (step?.needed(checked)) throw await step.startPage(request, checked, target)
			const account = completeSignIn(checked, submission.value.email, requestMeta(request))
			const setCookie = await startWebSession(request, account.id)
			throw redirect(target, { headers: { 'Set-Cookie': setCookie } })
		} catch (error) {
			if (error instanceof SignInRefused) return replyWithFailure(submission, error.failure)
			const fallback = config.signIn.unexpectedError
			if (error instanceof Response || !fallback) throw error
			// The details go to the log only.
			log(fallback.event, { error: String((error as Error)?.message ?? error) }, 'error')
			return replyWithFailure(submission, fail(500, fallback.message))
		}
	}

	/**
	 * The API's sign-in: a strict JSON body, the same rule as the page, a new
	 * 'api' session; `respond` shapes the answer from the token and account.
	 */
	async function signInWithJson(request: Request, respond: (token: string, account: Account) => Response) {
		const input: ApiSignInInput = await parseJsonBody(request, config.signIn.apiSchema ?? LoginApiSchema)
		const meta = requestMeta(request)
		const now = new Date()
		const result = await checkPassword(input, meta, now)
		if (!result.ok) return apiFailure(result)
		const step = config.signIn.secondStep
		if (step?.needed(result.value)) {
			const proved = step.checkApi(result.value, input, now)
			if (proved === 'wrong') return apiFailure(failAttempt(meta, result.value.id, now, 'second-factor'))
			if (!proved.ok) return apiFailure(proved)
		}
		const account = completeSignIn(result.value, input.email, meta, now)
		const { token } = sessions.create(account.id, 'api', now, userAgentOf(request))
		return respond(token, account)
	}

	/** The sign-out page's action (POST only): ends the session on the server and clears the cookie. */
	async function signOutWithForm(request: Request) {
		const token = await cookie.read(request)
		const account = token ? sessions.find(token, 'web') : null
		if (token) sessions.endByToken(token)
		log(config.log.signOut, { ip: clientIp(request), [idField]: account?.id, via: 'web', result: 'success' })
		return redirect(pages.afterSignOut, { headers: { 'Set-Cookie': await cookie.serializeEnd() } })
	}

	/** The API's sign-out: ends the bearer token's session; the body must be empty or {}. */
	async function signOutWithJson(request: Request) {
		const { token, account } = requireApiAccount(request)
		await parseJsonBody(request, EmptyApiBodySchema)
		sessions.endByToken(token)
		log(config.log.signOut, { ip: clientIp(request), [idField]: account.id, via: 'api', result: 'success' })
		return apiSuccess(undefined, { message: 'Signed out' })
	}

	type RouteArgs = RequestArgs
	/**
	 * The realm's sign-in and sign-out pages as route exports, so each of
	 * those route modules is the kit's flow and nothing else. Signing out
	 * changes state, so it is POST only; a GET goes to `pages.signOutGet`.
	 * The /api sign-in and sign-out routes declare themselves (apiRoute) and
	 * call signInWithJson and signOutWithJson.
	 */
	const routes = {
		signIn: {
			loader: (args: RouteArgs) => signInPage(args),
			action: ({ request }: RouteArgs) => signInWithForm(request),
		},
		signOut: {
			loader: () => redirect(pages.signOutGet),
			action: ({ request }: RouteArgs) => signOutWithForm(request),
		},
	}

	return {
		routes,
		cookie,
		sessions,
		checkPassword,
		checkCredentials,
		completeSignIn,
		limitAttempt,
		failAttempt,
		getAccount,
		requireAccount,
		startWebSession,
		getApiAccount,
		requireApiAccount,
		signInPage,
		signInWithForm,
		signInWithJson,
		signOutWithForm,
		signOutWithJson,
	}
}
