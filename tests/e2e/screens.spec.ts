import { memberLessons } from '../content-e2e-utils.ts'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { SAMPLE_OFFERS } from '#app/features/content/offer-samples.ts'
import { FOLLOWED, LEADER, makeRegistryTraders, registryTraderId, WATCHED } from './registry-traders.ts'
import { bearer, withE2eDatabase } from '../admin-utils.ts'
import { expect, test, type Fixtures, type TestAdmin } from '../fixtures.ts'
import { deleteAlerts, insertAlert, insertClaim } from '../offer-alert-utils.ts'
import { createE2eBroker, linkTrackingId, reportCsv } from '../broker-report-e2e-utils.ts'
import { E2E_UNLOCK_CODE } from '../playwright-utils.ts'
import { jsOff, waitForHydration } from './support.ts'
import { createHeldReferral } from '../referral-e2e-utils.ts'
import { ageTermsAcceptance, insertNotification } from '../notification-utils.ts'
import { draftAnnouncementId } from '../content-e2e-utils.ts'

/**
 * Every page of the product (public, member, admin) at a phone (360 px) and
 * a desktop (1280 px) width:
 *
 * - the document never scrolls sideways;
 * - whatever scrolls sideways inside the page, and every table wider than
 *   its container, sits in a TableScroller (`[data-scroll-cue]`) whose cue
 *   is visible (the hint line shown, the scroll shadows in place), and a
 *   scroller whose table fits shows no hint;
 * - with `SCREENSHOTS=1` and JavaScript on, a full-page screenshot of each
 *   is kept in `artifacts/screens/<width>/<page>.png` (and attached to the
 *   report). They are opt-in: taking them was two thirds of this spec's
 *   time in `npm test`, and they are for people to look at, not checks.
 *
 * The checks run with JavaScript off too: pages differ without it (dialogs
 * become sections of the page, menus stay plain), and without scripts a
 * page costs two page loads. The screenshots are taken once, with
 * JavaScript on, as members mostly see the pages.
 *
 * Every page route file in app/routes must have a visit here, be a layout
 * seen through the pages under it, or be skipped with a reason (resource
 * routes): the first test fails on a route file nobody listed, so a new
 * page cannot be forgotten.
 */

const WIDTHS = [
	{ width: 360, height: 780 },
	{ width: 1280, height: 800 },
] as const

const SCREENS_DIR = path.resolve('artifacts/screens')
/** `SCREENSHOTS=1 npx playwright test tests/e2e/screens.spec.ts --project=js-on` keeps them. */
const SCREENSHOTS = process.env.SCREENSHOTS === '1'
const ROUTES_DIR = path.resolve('app/routes')

type Ctx = Pick<
	Fixtures,
	'createMember' | 'createAdmin' | 'createContest' | 'addParticipants' | 'signIn' | 'completeLessons'
> & {
	page: Page
	request: APIRequestContext
	/** Alerts the visit raised, removed when it ends. */
	alerts: number[]
}

type Visit = {
	/** The screenshot's file name (without .png) and the test's title. */
	name: string
	/** The route module that renders the page, relative to app/routes. */
	file: string
	/** Signs in and seeds what the page shows; returns its URL. */
	setup: (ctx: Ctx) => Promise<string>
	/** The status the page answers (200 unless said). */
	status?: number
}

// --- seeding ----------------------------------------------------------------

async function asMember(ctx: Ctx, options: Parameters<Fixtures['createMember']>[0] = {}) {
	const member = await ctx.createMember({ unlocked: true, ...options })
	await ctx.signIn(ctx.page, member)
	return member
}

/** The page signed in as a new super admin (who sees every admin page). */
async function asSuperAdmin(ctx: Ctx) {
	const boss = await ctx.createAdmin({ role: 'super_admin' })
	await ctx.signIn(ctx.page, boss)
	return boss
}

/** A member with a long name, a deposit and a premium plan (the admin's user pages). */
function aUser(ctx: Ctx) {
	return ctx.createMember({
		unlocked: true,
		plan: 'gold',
		deposit: 1250.5,
		name: `Screens Member With A Rather Long Name ${randomUUID().slice(0, 6)}`,
	})
}

/** Contests tagged alike: an active one with participants, and a draft. */
async function contests(ctx: Ctx) {
	const tag = `Screens ${randomUUID().slice(0, 8)}`
	const active = await ctx.createContest({ name: `${tag} active`, status: 'active', maxParticipants: 50 })
	await ctx.addParticipants(active.id, [42, 17, 5])
	await ctx.createContest({ name: `${tag} draft` })
	return { tag, active, list: `?search=${encodeURIComponent(tag)}` }
}

/** A revenue entry in a month far from today's figures; returns its id. */
async function revenueEntry(ctx: Ctx, admin: TestAdmin) {
	const res = await ctx.request.post('/api/admin/revenue', {
		headers: bearer(admin.token),
		data: { broker: `Screens Broker ${randomUUID().slice(0, 6)}`, month: '2000-06', amount: 1250.5 },
	})
	expect(res.status(), await res.text()).toBe(201)
	return (await res.json()).data.id as number
}

/** A plan code batch of three codes; returns its id. */
async function codeBatch(ctx: Ctx, admin: TestAdmin) {
	const res = await ctx.request.post('/api/admin/plan-code-batches', {
		headers: bearer(admin.token),
		data: { plan: 'gold', count: 3, usesPerCode: 1, note: 'Screens campaign' },
	})
	expect(res.status(), await res.text()).toBe(201)
	return (await res.json()).data.batch.id as number
}

/**
 * An alert resolved a minute ago: first on /admin/alerts, but never among
 * the dashboard's open alerts that other specs look at.
 */
function resolvedAlert(ctx: Ctx) {
	const id = insertAlert('Screens alert with a fairly long title to wrap', 'error', Date.now() - 60_000)
	ctx.alerts.push(id)
	withE2eDatabase((db) =>
		db
			.prepare('update system_alerts set resolved_at = ?, resolved_by_email = ? where id = ?')
			.run(Date.now(), 'system', id),
	)
}

/** One referral credited to `member` (a member they referred unlocks), so statement and ranks have rows. */
async function referralOf(ctx: Ctx, member: { id: number; referralCode: string }) {
	const friend = await ctx.createMember({ referrer: member })
	const unlock = await ctx.request.post('/api/auth/verify-code', {
		data: { code: E2E_UNLOCK_CODE },
		headers: bearer(friend.token),
	})
	expect(unlock.status()).toBe(200)
}

// --- the pages --------------------------------------------------------------

/** A page of one contest (edit, delete, complete, participants), over the list. */
function contestPage(action: 'edit' | 'delete' | 'complete' | 'participants'): Visit {
	return {
		name: `admin-contest-${action}`,
		file: `admin/contests/$contestId/${action}.tsx`,
		setup: async (ctx) => {
			const { active, list } = await contests(ctx)
			await asSuperAdmin(ctx)
			return `/admin/contests/${active.id}/${action}${list}`
		},
	}
}

const visits: Visit[] = [
	// Public
	{ name: 'landing', file: 'index.tsx', setup: async () => '/' },
	{ name: 'login', file: 'login.tsx', setup: async () => '/login' },
	{ name: 'signup', file: 'signup.tsx', setup: async () => '/signup' },
	{ name: 'forgot-password', file: 'forgot-password.tsx', setup: async () => '/forgot-password' },
	{
		name: 'reset-password-bad-token',
		file: 'reset-password.tsx',
		setup: async () => '/reset-password?token=not-a-real-token',
	},
	{ name: 'terms', file: 'terms.tsx', setup: async () => '/terms' },
	{ name: 'not-found', file: '$.tsx', status: 404, setup: async () => '/no-such-page' },
	{
		name: 'next-steps',
		file: 'next-steps.tsx',
		setup: async (ctx) => {
			await ctx.signIn(ctx.page, await ctx.createMember({ unlocked: false }))
			return '/next-steps'
		},
	},
	{ name: 'admin-login', file: 'admin_/login.tsx', setup: async () => '/admin/login' },
	{
		name: 'admin-login-two-factor',
		file: 'admin_/login/two-factor.tsx',
		setup: async (ctx) => {
			// The password step, through the form: the code step needs its pending sign-in cookie.
			const admin = await ctx.createAdmin({ role: 'admin' })
			await ctx.page.goto('/admin/login')
			await waitForHydration(ctx.page)
			await ctx.page.getByLabel('Email', { exact: true }).fill(admin.email)
			await ctx.page.getByLabel('Password', { exact: true }).fill(admin.password)
			await ctx.page.getByRole('button', { name: 'Sign In' }).click()
			// The password check is bcrypt at the app's cost: slow on a busy machine.
			await expect(ctx.page).toHaveURL(/\/admin\/login\/two-factor$/, { timeout: 20_000 })
			return '/admin/login/two-factor'
		},
	},

	// Member dashboard
	{
		name: 'dashboard-home',
		file: 'dashboard/_home/index.tsx',
		setup: async (ctx) => {
			await asMember(ctx)
			return '/dashboard'
		},
	},
	{
		name: 'dashboard-trader-detail',
		file: 'dashboard/_home/traders/$traderId.tsx',
		setup: async (ctx) => {
			await asMember(ctx)
			makeRegistryTraders()
			return `/dashboard/traders/${LEADER.slug}`
		},
	},
	{
		name: 'dashboard-watchlist',
		file: 'dashboard/watchlist.tsx',
		setup: async (ctx) => {
			const member = await asMember(ctx)
			makeRegistryTraders()
			const watch = await ctx.request.post('/api/member/watchlist', {
				data: { slug: LEADER.slug },
				headers: bearer(member.token),
			})
			expect(watch.status()).toBe(201)
			return '/dashboard/watchlist'
		},
	},
	{
		name: 'dashboard-compare',
		file: 'dashboard/compare.tsx',
		setup: async (ctx) => {
			await asMember(ctx)
			makeRegistryTraders()
			return `/dashboard/compare?ids=${LEADER.slug},${FOLLOWED.slug},${WATCHED.slug}`
		},
	},
	{
		name: 'dashboard-academy',
		file: 'dashboard/academy.tsx',
		setup: async (ctx) => {
			await asMember(ctx)
			return '/dashboard/academy'
		},
	},
	{
		name: 'dashboard-academy-lesson',
		file: 'dashboard/academy/$lessonId.tsx',
		setup: async (ctx) => {
			await asMember(ctx)
			return `/dashboard/academy/${memberLessons()[0]!.id}`
		},
	},
	{
		name: 'dashboard-academy-certificate',
		file: 'dashboard_/academy/certificates/$tab.tsx',
		setup: async (ctx) => {
			const member = await asMember(ctx)
			await ctx.completeLessons(
				member,
				memberLessons()
					.filter((l) => l.tab === 'basics')
					.map((l) => l.id),
			)
			return '/dashboard/academy/certificates/basics'
		},
	},
	{
		name: 'dashboard-plans',
		file: 'dashboard/plans/_layout.tsx',
		setup: async (ctx) => {
			await asMember(ctx)
			return '/dashboard/plans'
		},
	},
	{
		name: 'dashboard-plans-activate',
		file: 'dashboard/plans/activate.tsx',
		setup: async (ctx) => {
			await asMember(ctx)
			return '/dashboard/plans/activate?plan=gold'
		},
	},
	{
		name: 'dashboard-zero-fee-locked',
		file: 'dashboard/zero-fee/_layout.tsx',
		// The regular plan's answer: the upgrade card, with 403.
		status: 403,
		setup: async (ctx) => {
			await asMember(ctx)
			return '/dashboard/zero-fee'
		},
	},
	{
		name: 'dashboard-zero-fee-premium',
		file: 'dashboard/zero-fee/_layout.tsx',
		setup: async (ctx) => {
			await asMember(ctx, { plan: 'gold' })
			return '/dashboard/zero-fee'
		},
	},
	{
		name: 'dashboard-zero-fee-offer',
		file: 'dashboard/zero-fee/$offerId.tsx',
		setup: async (ctx) => {
			await asMember(ctx, { plan: 'gold' })
			return `/dashboard/zero-fee/${SAMPLE_OFFERS[0].key}`
		},
	},
	{
		name: 'dashboard-referrals',
		file: 'dashboard/referrals.tsx',
		setup: async (ctx) => {
			await referralOf(ctx, await asMember(ctx))
			return '/dashboard/referrals'
		},
	},
	{
		name: 'dashboard-referrals-leaderboard',
		file: 'dashboard/referrals.tsx',
		setup: async (ctx) => {
			await referralOf(ctx, await asMember(ctx))
			return '/dashboard/referrals?tab=leaderboard'
		},
	},
	{
		name: 'dashboard-contests',
		file: 'dashboard/contests.tsx',
		setup: async (ctx) => {
			await referralOf(ctx, await asMember(ctx))
			return '/dashboard/contests'
		},
	},
	{
		name: 'dashboard-settings',
		file: 'dashboard/settings.tsx',
		setup: async (ctx) => {
			await asMember(ctx, { name: 'Screens Member With A Rather Long Name', email: `${randomUUID()}@example.com` })
			return '/dashboard/settings'
		},
	},
	{
		name: 'dashboard-settings-close',
		file: 'dashboard/settings/close.tsx',
		setup: async (ctx) => {
			await asMember(ctx)
			return '/dashboard/settings/close'
		},
	},
	{
		name: 'confirm-email-bad-token',
		file: 'confirm-email.tsx',
		setup: async () => '/confirm-email?token=not-a-real-token',
	},
	{
		name: 'dashboard-notifications',
		file: 'dashboard/notifications.tsx',
		setup: async (ctx) => {
			const member = await asMember(ctx)
			insertNotification(member.id, {
				title: 'Referral credited',
				body: 'Bartholomew-Alexander Oluwaseun-Adeyemi unlocked their dashboard: +1 point. You now have 1,234,567.',
			})
			insertNotification(member.id, { kind: 'contest_result', title: 'November Trading Cup has ended', read: true })
			return '/dashboard/notifications'
		},
	},
	{
		name: 'terms-accept',
		file: 'terms/accept.tsx',
		setup: async (ctx) => {
			const member = await asMember(ctx)
			ageTermsAcceptance(member.id)
			return '/terms/accept'
		},
	},
	{
		name: 'unsubscribe-bad-token',
		file: 'unsubscribe.tsx',
		status: 400,
		setup: async () => '/unsubscribe?token=not-a-real-token',
	},

	// Admin portal, as a super admin
	{
		name: 'admin-dashboard',
		file: 'admin/dashboard.tsx',
		setup: async (ctx) => {
			// A long name among the newest users: its one-line (truncated) text must not widen the page.
			await aUser(ctx)
			await revenueEntry(ctx, await asSuperAdmin(ctx))
			return '/admin/dashboard'
		},
	},
	{
		name: 'admin-users',
		file: 'admin/users/_layout.tsx',
		setup: async (ctx) => {
			await aUser(ctx)
			await asSuperAdmin(ctx)
			return '/admin/users'
		},
	},
	{
		name: 'admin-users-new',
		file: 'admin/users/new.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			return '/admin/users/new'
		},
	},
	{
		name: 'admin-user',
		file: 'admin/users_/$userId.tsx',
		setup: async (ctx) => {
			const user = await aUser(ctx)
			await referralOf(ctx, user)
			await asSuperAdmin(ctx)
			return `/admin/users/${user.id}`
		},
	},
	{
		name: 'admin-user-edit',
		file: 'admin/users/$userId/edit.tsx',
		setup: async (ctx) => {
			const user = await aUser(ctx)
			await asSuperAdmin(ctx)
			return `/admin/users/${user.id}/edit`
		},
	},
	{
		name: 'admin-user-delete',
		file: 'admin/users/$userId/delete.tsx',
		setup: async (ctx) => {
			const user = await aUser(ctx)
			await asSuperAdmin(ctx)
			return `/admin/users/${user.id}/delete`
		},
	},
	{
		name: 'admin-contests',
		file: 'admin/contests/_layout.tsx',
		setup: async (ctx) => {
			const { list } = await contests(ctx)
			await asSuperAdmin(ctx)
			return `/admin/contests${list}`
		},
	},
	{
		name: 'admin-contests-new',
		file: 'admin/contests/new.tsx',
		setup: async (ctx) => {
			const { list } = await contests(ctx)
			await asSuperAdmin(ctx)
			return `/admin/contests/new${list}`
		},
	},
	...(['edit', 'delete', 'complete', 'participants'] as const).map(contestPage),
	{
		name: 'admin-codes',
		file: 'admin/codes.tsx',
		setup: async (ctx) => {
			await codeBatch(ctx, await asSuperAdmin(ctx))
			return '/admin/codes'
		},
	},
	{
		name: 'admin-code-batch',
		file: 'admin/codes/batches/$batchId.tsx',
		setup: async (ctx) => `/admin/codes/batches/${await codeBatch(ctx, await asSuperAdmin(ctx))}`,
	},
	{
		name: 'admin-offers',
		file: 'admin/offers.tsx',
		setup: async (ctx) => {
			insertClaim((await aUser(ctx)).id, SAMPLE_OFFERS[1].key)
			await asSuperAdmin(ctx)
			return '/admin/offers'
		},
	},
	{
		name: 'admin-offer-claim',
		file: 'admin/offers/$claimId.tsx',
		setup: async (ctx) => {
			const claim = insertClaim((await aUser(ctx)).id, SAMPLE_OFFERS[1].key)
			await asSuperAdmin(ctx)
			return `/admin/offers/${claim}`
		},
	},
	{
		name: 'admin-alerts',
		file: 'admin/alerts.tsx',
		setup: async (ctx) => {
			resolvedAlert(ctx)
			await asSuperAdmin(ctx)
			return '/admin/alerts'
		},
	},
	{
		name: 'admin-audit',
		file: 'admin/audit.tsx',
		setup: async (ctx) => {
			// A revenue entry writes an audit row of this admin.
			await revenueEntry(ctx, await asSuperAdmin(ctx))
			return '/admin/audit'
		},
	},
	{
		name: 'admin-referrals',
		file: 'admin/referrals/_layout.tsx',
		setup: async (ctx) => {
			await createHeldReferral(ctx.request)
			await asSuperAdmin(ctx)
			return '/admin/referrals'
		},
	},
	{
		name: 'admin-referral-reject',
		file: 'admin/referrals/$creditId/reject.tsx',
		setup: async (ctx) => {
			const { creditId } = await createHeldReferral(ctx.request)
			await asSuperAdmin(ctx)
			return `/admin/referrals/${creditId}/reject`
		},
	},
	{
		name: 'admin-traders',
		file: 'admin/traders/_layout.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			return '/admin/traders'
		},
	},
	{
		name: 'admin-traders-remove-samples',
		file: 'admin/traders/remove-samples.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			return '/admin/traders/remove-samples'
		},
	},
	{
		name: 'admin-traders-new',
		file: 'admin/traders_/new.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			return '/admin/traders/new'
		},
	},
	{
		name: 'admin-trader',
		file: 'admin/traders_/$id.tsx',
		setup: async (ctx) => {
			makeRegistryTraders()
			await asSuperAdmin(ctx)
			return `/admin/traders/${registryTraderId(LEADER.slug)}`
		},
	},
	{
		name: 'admin-trader-statements',
		file: 'admin/traders_/$id/statements.tsx',
		setup: async (ctx) => {
			makeRegistryTraders()
			await asSuperAdmin(ctx)
			return `/admin/traders/${registryTraderId(LEADER.slug)}/statements`
		},
	},
	{
		name: 'admin-revenue',
		file: 'admin/revenue/_layout.tsx',
		setup: async (ctx) => {
			await revenueEntry(ctx, await asSuperAdmin(ctx))
			return '/admin/revenue'
		},
	},
	{
		name: 'admin-revenue-edit',
		file: 'admin/revenue/$entryId/edit.tsx',
		setup: async (ctx) => `/admin/revenue/${await revenueEntry(ctx, await asSuperAdmin(ctx))}/edit`,
	},
	{
		name: 'admin-revenue-void',
		file: 'admin/revenue/$entryId/void.tsx',
		setup: async (ctx) => `/admin/revenue/${await revenueEntry(ctx, await asSuperAdmin(ctx))}/void`,
	},
	{
		name: 'admin-broker-reports',
		file: 'admin/brokers/$slug/reports.tsx',
		setup: async (ctx) => {
			// A broker of its own with one applied report, so the list has a row (the broker stays: a throwaway database).
			const boss = await asSuperAdmin(ctx)
			const broker = createE2eBroker()
			const member = await ctx.createMember({ unlocked: true })
			const csv = reportCsv([
				{ trackingId: linkTrackingId(broker.id, member.id), deposits: '1250.50', commission: '12', month: '2001-04' },
			])
			const res = await ctx.request.post(`/api/admin/brokers/${broker.slug}/reports?month=2001-04`, {
				headers: { ...bearer(boss.token), 'Content-Type': 'text/csv' },
				data: csv,
			})
			expect(res.status()).toBe(201)
			return `/admin/brokers/${broker.slug}/reports`
		},
	},
	{
		name: 'admin-security',
		file: 'admin/security.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			return '/admin/security'
		},
	},
	{
		name: 'admin-brokers',
		file: 'admin/brokers.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			return '/admin/brokers'
		},
	},
	{
		name: 'admin-brokers-new',
		file: 'admin/brokers/new.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			return '/admin/brokers/new'
		},
	},
	{
		name: 'admin-broker',
		file: 'admin/brokers/$slug.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			// The confirmation step shows too.
			return '/admin/brokers/exness?confirm=deactivate'
		},
	},
	{
		name: 'admin-content',
		file: 'admin/content.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			return '/admin/content'
		},
	},
	{
		name: 'admin-content-promotions',
		file: 'admin/content/promotions.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			return '/admin/content/promotions'
		},
	},
	{
		name: 'admin-content-promotions-new',
		file: 'admin/content/promotions/new.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			return '/admin/content/promotions/new'
		},
	},
	{
		name: 'admin-content-promotion',
		file: 'admin/content/promotions/$id.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			// A sample promotion (seeded), with the delete confirmation showing.
			const { id } = withE2eDatabase(
				(db) => db.prepare("select id from promotions where code = 'WELCOME100'").get() as { id: number },
			)
			return `/admin/content/promotions/${id}?confirm=delete`
		},
	},
	{
		name: 'admin-content-offers',
		file: 'admin/content/offers.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			return '/admin/content/offers'
		},
	},
	{
		name: 'admin-content-offers-new',
		file: 'admin/content/offers/new.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			return '/admin/content/offers/new'
		},
	},
	{
		name: 'admin-content-offer',
		file: 'admin/content/offers/$id.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			// A sample offer (seeded), with the delete confirmation showing.
			const { id } = withE2eDatabase(
				(db) => db.prepare("select id from fee_offers where key = 'amara-okafor'").get() as { id: number },
			)
			return `/admin/content/offers/${id}?confirm=delete`
		},
	},
	{
		name: 'admin-content-testimonials',
		file: 'admin/content/testimonials.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			return '/admin/content/testimonials'
		},
	},
	{
		name: 'admin-content-testimonials-new',
		file: 'admin/content/testimonials/new.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			return '/admin/content/testimonials/new'
		},
	},
	{
		name: 'admin-content-testimonial',
		file: 'admin/content/testimonials/$id.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			// A sample testimonial (seeded), with the delete confirmation showing.
			const { id } = withE2eDatabase(
				(db) => db.prepare("select id from testimonials where name = 'Grace Mensah'").get() as { id: number },
			)
			return `/admin/content/testimonials/${id}?confirm=delete`
		},
	},
	{
		name: 'admin-content-lessons',
		file: 'admin/content/lessons.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			return '/admin/content/lessons'
		},
	},
	{
		name: 'admin-content-lessons-new',
		file: 'admin/content/lessons/new.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			return '/admin/content/lessons/new'
		},
	},
	{
		name: 'admin-content-lesson',
		file: 'admin/content/lessons/$id.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			// A sample lesson (seeded), its version 1 open and the delete confirmation showing.
			const { id } = withE2eDatabase(
				(db) => db.prepare("select id from lessons where key = 'basics-1'").get() as { id: number },
			)
			return `/admin/content/lessons/${id}?version=1&confirm=delete`
		},
	},
	{
		name: 'admin-content-announcements',
		file: 'admin/content/announcements.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			draftAnnouncementId('A screens announcement')
			return '/admin/content/announcements'
		},
	},
	{
		name: 'admin-content-announcements-new',
		file: 'admin/content/announcements/new.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			return '/admin/content/announcements/new'
		},
	},
	{
		name: 'admin-content-announcement',
		file: 'admin/content/announcements/$id.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			// A draft (there are no samples of this kind), with the delete confirmation showing.
			return `/admin/content/announcements/${draftAnnouncementId('A screens announcement')}?confirm=delete`
		},
	},
	{
		name: 'admin-staff',
		file: 'admin/staff.tsx',
		setup: async (ctx) => {
			await ctx.createAdmin({ role: 'admin', name: 'A very long staff name that keeps going and going' })
			await asSuperAdmin(ctx)
			return '/admin/staff'
		},
	},
	{
		name: 'admin-staff-new',
		file: 'admin/staff/new.tsx',
		setup: async (ctx) => {
			await asSuperAdmin(ctx)
			return '/admin/staff/new'
		},
	},
	{
		name: 'admin-staff-account',
		file: 'admin/staff/$adminId.tsx',
		setup: async (ctx) => {
			const staff = await ctx.createAdmin({ role: 'admin' })
			await asSuperAdmin(ctx)
			return `/admin/staff/${staff.id}`
		},
	},
]

/** Layouts: they render only around the pages under them, and are seen through those. */
const LAYOUTS: Record<string, string> = {
	'dashboard/_layout.tsx': 'dashboard-home',
	'dashboard/_home/_layout.tsx': 'dashboard-home',
	'admin/_layout.tsx': 'admin-dashboard',
}

/** Route files that render no page of their own. */
const SKIPPED: Record<string, string> = {
	'admin/index.tsx': 'redirects to /admin/dashboard',
	'logout.tsx': 'sign-out action; a GET redirects home',
	'admin_/logout.tsx': 'sign-out action',
	'healthz.ts': 'health check (text)',
	'robots[.]txt.ts': 'robots.txt',
	'sitemap[.]xml.ts': 'sitemap.xml',
	'admin_/audit/export[.csv].ts': 'CSV download',
	'admin_/codes/batches/$batchId/codes[.csv].ts': 'CSV download',
	'admin_/offers/export[.csv].ts': 'CSV download',
	'admin_/users/export[.csv].ts': 'CSV download',
	'dashboard_/settings/data[.json].ts': 'JSON download (tests/e2e/settings.spec.ts)',
	'go/$brokerSlug.tsx': 'tracked broker link: a 303 to the broker, or the 404 page (tests/e2e/broker-links.spec.ts)',
}

/** The JSON API: the route modules in `api/` are resource routes. */
const isApiRoute = (file: string) => file.startsWith('api/')

/**
 * Route module files as app/routes.ts finds them (autoRoutes, with its
 * ignored files; `+` files and folders are modules beside a route).
 */
function routeFiles() {
	return fs
		.readdirSync(ROUTES_DIR, { recursive: true, encoding: 'utf8' })
		.map((file) => file.split(path.sep).join('/'))
		.filter((file) => fs.statSync(path.join(ROUTES_DIR, file)).isFile())
		.filter((file) => !/\.(server|client|test)\./.test(file))
		.filter((file) => !file.split('/').some((part) => part.startsWith('.') || part.startsWith('+')))
		.sort()
}

test('every page route file has a visit, is a layout or is skipped with a reason', () => {
	const files = routeFiles()
	const visited = new Set(visits.map((v) => v.file))
	const unlisted = files.filter((f) => !visited.has(f) && !(f in LAYOUTS) && !(f in SKIPPED) && !isApiRoute(f))
	expect(unlisted, 'route files without a visit in screens.spec.ts (add one, or a layout/skip entry)').toEqual([])
	const listed = [...visited, ...Object.keys(LAYOUTS), ...Object.keys(SKIPPED)]
	expect(
		listed.filter((f) => !files.includes(f)),
		'entries for route files that do not exist',
	).toEqual([])
	const names = visits.map((v) => v.name)
	expect(new Set(names).size, 'page names are unique (they name the screenshots)').toBe(names.length)
	for (const [layout, pageName] of Object.entries(LAYOUTS)) expect(names, layout).toContain(pageName)
})

// --- the checks -------------------------------------------------------------

/**
 * What is wrong with the page's width, as sentences (none: fine). Runs in
 * the page; needs no page script, so it works with JavaScript off too.
 */
function widthProblems() {
	const problems: string[] = []
	const describe = (el: Element) => {
		const label = el.getAttribute('aria-label')
		const classes = [...el.classList].slice(0, 4).join('.')
		const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
		return `<${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''}${label ? ` "${label}"` : ''}> ("${text}")`
	}
	const visible = (el: Element) => {
		const box = el.getBoundingClientRect()
		return el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && box.width > 0 && box.height > 0
	}
	const overflows = (el: Element) => el.scrollWidth > el.clientWidth + 1
	const hintOf = (scroller: Element) => scroller.parentElement?.querySelector(':scope > [data-scroll-cue-hint]') ?? null
	/** Why the scroller's cue is not visible, or null when it is. */
	const cueMissing = (scroller: Element) => {
		const hint = hintOf(scroller)
		if (!hint) return 'has no hint line'
		if (!visible(hint)) return 'hides its hint line'
		const box = hint.getBoundingClientRect()
		if (box.left < 0 || box.right > document.documentElement.clientWidth) return 'has its hint line off screen'
		const style = getComputedStyle(scroller)
		const shadows = style.backgroundImage.includes('gradient') && style.backgroundAttachment.includes('local')
		if (scroller.getAttribute('data-scroll-cue') === 'shadows' && !shadows) {
			return 'lost its scroll shadows'
		}
		return null
	}

	const doc = document.documentElement
	if (doc.scrollWidth > window.innerWidth) {
		// Name the outermost elements that stick out (their parent does not), for the report.
		const out = (el: Element) => el.getBoundingClientRect().right > window.innerWidth + 1
		const culprits = [...document.querySelectorAll('body *')]
			.filter((el) => out(el) && el.parentElement && !out(el.parentElement) && visible(el))
			.slice(0, 3)
			.map((el) => `${describe(el)} reaches ${Math.round(el.getBoundingClientRect().right)}px`)
		problems.push(`the page is ${doc.scrollWidth}px wide in a ${window.innerWidth}px window: ${culprits.join('; ')}`)
	}
	for (const el of document.querySelectorAll('body *')) {
		const { overflowX } = getComputedStyle(el)
		if ((overflowX !== 'auto' && overflowX !== 'scroll') || !overflows(el) || !visible(el)) continue
		const where = `${describe(el)} scrolls sideways (${el.scrollWidth}px in ${el.clientWidth}px)`
		if (!el.matches('[data-scroll-cue]')) problems.push(`${where} without a scroll cue (use TableScroller)`)
		else {
			const missing = cueMissing(el)
			if (missing) problems.push(`${where}: its scroller ${missing}`)
		}
	}
	for (const table of document.querySelectorAll('table')) {
		const parent = table.parentElement
		if (!parent || !visible(table)) continue
		const style = getComputedStyle(parent)
		const room = parent.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
		const width = table.getBoundingClientRect().width
		if (width <= room + 1) continue
		const scroller = table.closest('[data-scroll-cue]')
		const where = `${describe(table)} is ${Math.round(width)}px wide in ${Math.round(room)}px`
		if (!scroller) problems.push(`${where}, not in a scroller with a cue (use TableScroller)`)
		// The scroller's own cue is checked above; a table spilling out of a box inside it is not scrolled.
		else if (!overflows(scroller)) problems.push(`${where} and spills out of its scroller`)
	}
	for (const scroller of document.querySelectorAll('[data-scroll-cue]')) {
		const hint = hintOf(scroller)
		if (visible(scroller) && !overflows(scroller) && hint && visible(hint)) {
			problems.push(`${describe(scroller)} fits but shows "Scroll sideways"`)
		}
	}
	return problems
}

for (const visit of visits) {
	test(`${visit.name} (${visit.file}) at 360 and 1280 px`, async ({
		page,
		request,
		createMember,
		createAdmin,
		createContest,
		addParticipants,
		signIn,
		completeLessons,
	}, testInfo) => {
		test.setTimeout(60_000)
		const ctx: Ctx = {
			page,
			request,
			createMember,
			createAdmin,
			createContest,
			addParticipants,
			signIn,
			completeLessons,
			alerts: [],
		}
		try {
			const url = await visit.setup(ctx)
			const pathname = new URL(url, 'http://x').pathname
			// One load, then a resize for each width: CSS alone lays the pages out (no script reads the width; the
			// scroll cues are CSS, app/components/table-scroller.tsx), so they reflow on a resize as on a load, with
			// JavaScript or without (the same reasoning as tests/e2e/axe.ts's expectAccessibleAtWidths).
			await page.setViewportSize(WIDTHS[0])
			const response = await page.goto(url)
			expect(response?.status(), `${url} answers`).toBe(visit.status ?? 200)
			expect(new URL(page.url()).pathname, `${url} is not redirected`).toBe(pathname)
			for (const { width, height } of WIDTHS) {
				await page.setViewportSize({ width, height })
				await waitForHydration(page)
				await page.evaluate(() => document.fonts.ready.then(() => undefined))
				// Polled: after a resize without reload, a scroll-driven cue may take a frame to follow.
				await expect
					.configure({ soft: true })
					.poll(() => page.evaluate(widthProblems), { message: `${visit.name} at ${width} px`, timeout: 3000 })
					.toEqual([])
				if (jsOff() || !SCREENSHOTS) continue
				const file = path.join(SCREENS_DIR, String(width), `${visit.name}.png`)
				await page.screenshot({ path: file, fullPage: true })
				await testInfo.attach(`${visit.name} at ${width} px`, { path: file, contentType: 'image/png' })
			}
		} finally {
			deleteAlerts(...ctx.alerts)
		}
	})
}
