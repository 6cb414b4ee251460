import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { signedPercent, percent } from '#app/features/traders/format.ts'
import { computeTraderFigures, type ClosedTrade, type EquityPoint } from '#app/features/traders/metrics.ts'
import { E2E_PORT, E2E_ROOT, E2E_UNLOCK_CODE } from '../setup/e2e-config.ts'
import { startServer } from '../setup/server-process.ts'
import { signInAsAdmin } from '../admin-utils.ts'
import { newTotpSecret } from '../totp.ts'
import { fillSignup, signupData, signupForm, waitForHydration } from './support.ts'

// The registry's whole loop in the browser, with JavaScript on and off, on
// a server of its own (the trader it lists must not move the shared
// suite's rankings): a super admin adds a trader, uploads both statements
// (a bad file first: every bad row by line, nothing stored), ticks the
// checklist, moves the trader applied -> in review -> listed with notes
// (a missing note refused at the field); a member sees the computed
// figures; a crash statement raises a red flag (the trader's page and the
// staff alert that links to it); staff put the trader on watch, then
// retire them, and the member finds them under Past traders with the reason.

const ADMIN = { email: 'review-root@e2e.example', password: 'Review-Admin-Passw0rd', totpSecret: newTotpSecret() }
const DAY = 86_400_000

function isoDay(offsetDays: number) {
	return new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10)
}

/** 400 days ending 5 days ago: +0.4% and -0.3% on alternate days (risk 3 of 10, no flag). */
function equityRows(): EquityPoint[] {
	const rows: EquityPoint[] = []
	let equity = 10_000
	for (let i = 0; i < 400; i++) {
		if (i > 0) equity *= i % 2 === 0 ? 1.004 : 0.997
		rows.push({
			date: isoDay(i - 404),
			equity: Math.round(equity * 100) / 100,
			deposits: i === 0 ? 10_000 : 0,
			withdrawals: 0,
		})
	}
	return rows
}

/** Ten one-day trades in the last weeks of the statement, 7 winners, every one with a stop loss. */
function tradeRows(): ClosedTrade[] {
	return Array.from({ length: 10 }, (_, i) => {
		const day = isoDay(i - 30)
		return {
			ticket: String(5000 + i),
			openedAt: `${day}T09:00:00Z`,
			closedAt: `${day}T15:30:00Z`,
			symbol: 'XAUUSD',
			side: i % 2 === 0 ? 'buy' : 'sell',
			volume: 0.2,
			stopLoss: 1900,
			profit: i < 7 ? 120 : -80,
		}
	})
}

function equityCsv(rows: EquityPoint[]) {
	return [
		'date,equity,deposits,withdrawals',
		...rows.map((r) => `${r.date},${r.equity},${r.deposits},${r.withdrawals}`),
	].join('\n')
}

function tradesCsv(rows: ClosedTrade[]) {
	return [
		'ticket,opened_at,closed_at,symbol,side,volume,open_price,close_price,stop_loss,profit',
		...rows.map(
			(t) =>
				`${t.ticket},${t.openedAt},${t.closedAt},${t.symbol},${t.side},${t.volume},1950.5,1951.5,${t.stopLoss ?? ''},${t.profit}`,
		),
	].join('\n')
}

async function uploadStatement(page: Page, kind: 'Daily equity' | 'Closed trades', name: string, csv: string) {
	await page.getByRole('radio', { name: new RegExp(`^${kind}`) }).check()
	await page.getByLabel('Statement file (CSV)').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) })
	await page.getByRole('button', { name: 'Preview statement' }).click()
	await expect(page).toHaveURL(/\/statements\?upload=\d+/)
	await expect(page.getByRole('heading', { name: `Preview: ${kind}` })).toBeVisible()
}

async function moveTrader(page: Page, to: string, note: string) {
	const form = page.getByRole('region', { name: 'Review', exact: true })
	await form.getByLabel('Move to').selectOption({ label: to })
	await form.getByLabel('Note').fill(note)
	await form.getByRole('button', { name: 'Move Trader' }).click()
	await expect(page.getByRole('status')).toHaveText(`The trader is now ${to.toLowerCase()}.`)
}

test('staff add, evidence, review, flag and retire a trader; members see each step', async ({ browser }, testInfo) => {
	test.setTimeout(240_000)
	const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false
	const port = E2E_PORT + 43 + (javaScriptEnabled ? 0 : 1)
	const server = await startServer({
		port,
		dataDir: path.join(E2E_ROOT, `admin-trader-review-${port}`),
		env: {
			UNLOCK_CODE: E2E_UNLOCK_CODE,
			ADMIN_EMAIL: ADMIN.email,
			ADMIN_PASSWORD: ADMIN.password,
			ADMIN_TOTP_SECRET: ADMIN.totpSecret,
		},
	})
	const baseURL = `http://localhost:${port}`
	const staffContext = await browser.newContext({ baseURL, javaScriptEnabled })
	const memberContext = await browser.newContext({ baseURL, javaScriptEnabled })
	const staff = await staffContext.newPage()
	const member = await memberContext.newPage()
	try {
		// A member who signed up and unlocked.
		await member.goto('/signup')
		await waitForHydration(member)
		await fillSignup(member, signupData())
		await signupForm(member).submit.click()
		// Sign-up hashes the password: on a busy 2-core machine that can take a while.
		await expect(member).toHaveURL(/\/next-steps/, { timeout: 30_000 })
		await member.getByLabel('Unlock Code', { exact: true }).fill(E2E_UNLOCK_CODE)
		await member.getByRole('button', { name: 'Unlock Dashboard' }).click()
		await expect(member).toHaveURL(/\/dashboard/, { timeout: 30_000 })

		// Add the trader: an empty form is refused at the fields, then the real one.
		await signInAsAdmin(staff, ADMIN)
		await staff.goto('/admin/traders')
		await staff.getByRole('link', { name: 'Add Trader' }).click()
		await expect(staff).toHaveURL(/\/admin\/traders\/new$/)
		await waitForHydration(staff)
		await staff.getByRole('button', { name: 'Add Trader' }).click()
		await expect(staff.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(/Name is required/)
		await expect(staff.getByLabel('Broker', { exact: true })).toHaveAccessibleDescription(/Choose the broker/)
		await staff.getByLabel('Name', { exact: true }).fill('Zara Flow Tester')
		await staff.getByLabel('Slug', { exact: true }).fill('zara-flow')
		await staff.getByLabel('Strategy', { exact: true }).fill('Gold swing trades, every one with a stop loss.')
		await staff.getByLabel('Markets', { exact: true }).fill('xauusd, EURUSD')
		await staff.getByLabel('Broker', { exact: true }).selectOption({ label: 'Exness' })
		await staff.getByLabel('Account reference at the broker').fill('EX-778812')
		await staff.getByLabel('Country', { exact: true }).fill('Kenya')
		await staff.getByLabel('Start date', { exact: true }).fill(isoDay(-404))
		await staff.getByRole('button', { name: 'Add Trader' }).click()
		await expect(staff).toHaveURL(/\/admin\/traders\/\d+$/)
		const traderPage = new URL(staff.url()).pathname
		await expect(staff.getByRole('status')).toHaveText('Trader added.')
		await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Zara Flow Tester')
		await expect(staff.getByRole('region', { name: 'Review', exact: true })).toContainText('Applied')
		// The edit form: a bad value refused at its field, nothing saved; then a real change.
		await waitForHydration(staff)
		const edit = staff.getByRole('region', { name: 'Edit trader' })
		await edit.getByLabel('Name', { exact: true }).fill('')
		await edit.getByRole('button', { name: 'Save Changes' }).click()
		await expect(edit.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(/Name is required/)
		await staff.goto(traderPage)
		await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Zara Flow Tester')
		await staff.getByRole('region', { name: 'Edit trader' }).getByLabel('Country', { exact: true }).fill('Ghana')
		await staff.getByRole('region', { name: 'Edit trader' }).getByRole('button', { name: 'Save Changes' }).click()
		await expect(staff.getByRole('status')).toHaveText('Trader updated.')
		await expect(staff.getByRole('region', { name: 'Edit trader' }).getByLabel('Country', { exact: true })).toHaveValue(
			'Ghana',
		)
		// Not listed yet: members do not see the trader.
		await member.goto('/dashboard')
		await expect(member.getByRole('region', { name: 'Traders table', exact: true })).not.toContainText(
			'Zara Flow Tester',
		)

		// Statements: the equity file, then a bad trades file (refused by line), then the good one.
		await staff.getByRole('link', { name: 'Statements', exact: true }).click()
		await expect(staff).toHaveURL(new RegExp(`${traderPage}/statements$`))
		const equity = equityRows()
		await uploadStatement(staff, 'Daily equity', 'equity.csv', equityCsv(equity))
		const preview = staff.getByRole('region', { name: 'Preview: Daily equity' })
		await expect(preview).toContainText('400')
		await expect(preview).toContainText(`${equity[0]!.date} to ${equity.at(-1)!.date}`)
		await preview.getByRole('button', { name: 'Apply statement' }).click()
		await expect(staff.getByRole('status')).toHaveText(
			'Equity statement applied: 400 rows; the figures were recomputed.',
		)
		await expect(staff.getByRole('region', { name: 'Applied statements table' })).toContainText('equity.csv')

		const trades = tradeRows()
		const bad = tradesCsv(trades).replace(
			`${trades[2]!.openedAt},${trades[2]!.closedAt}`,
			`${trades[2]!.closedAt},${trades[2]!.openedAt}`,
		)
		await uploadStatement(staff, 'Closed trades', 'trades-bad.csv', bad.replace(',sell,', ',short,'))
		const badPreview = staff.getByRole('region', { name: 'Preview: Closed trades' })
		const badRows = badPreview.getByRole('region', { name: 'Bad rows' })
		await expect(badRows.getByRole('row').filter({ hasText: /^3/ })).toContainText(/side/i)
		await expect(badRows.getByRole('row').filter({ hasText: /^4/ })).toContainText(/clos/i)
		await expect(badPreview.getByRole('button', { name: 'Apply statement' })).toHaveCount(0)
		await uploadStatement(staff, 'Closed trades', 'trades.csv', tradesCsv(trades))
		await staff.getByRole('button', { name: 'Apply statement' }).click()
		await expect(staff.getByRole('status')).toHaveText(
			'Trades statement applied: 10 rows; the figures were recomputed.',
		)
		await expect(staff.getByRole('region', { name: 'Applied statements table' }).getByRole('row')).toHaveCount(3)

		// The figures on the trader's page are the metrics of these two files.
		const figures = computeTraderFigures(equity, trades)
		await staff.goto(traderPage)
		const staffFigures = staff.getByRole('region', { name: 'Figures' })
		await expect(staffFigures).toContainText(`Return, 12 months${signedPercent(figures.metrics.return12m)}`)
		await expect(staffFigures).toContainText(`Win rate${percent(figures.metrics.winRate)}`)
		await expect(staffFigures).toContainText(`Risk score: ${figures.riskScore} of 10`)
		await expect(staffFigures).toContainText('No red flags.')

		// Listing needs the checklist: refused with what is open, then ticked (who and when), then listed.
		await moveTrader(staff, 'In review', 'Identity documents received.')
		const review = staff.getByRole('region', { name: 'Review', exact: true })
		await review.getByLabel('Move to').selectOption({ label: 'Listed' })
		await review.getByRole('button', { name: 'Move Trader' }).click()
		await expect(review.getByLabel('Note')).toHaveAccessibleDescription(/Write a note for this change/)
		await review.getByLabel('Move to').selectOption({ label: 'Listed' })
		await review.getByLabel('Note').fill('Ready to list.')
		await review.getByRole('button', { name: 'Move Trader' }).click()
		await expect(review.getByRole('alert')).toContainText('Listing needs every checklist item done; still open: ')
		const checklist = staff.getByRole('region', { name: 'Review checklist' })
		for (const item of [
			'Identity checked',
			'Broker account verified',
			'Statement source verified',
			'Strategy matches the trades',
			'Risk acceptable',
		]) {
			await checklist.getByLabel(item).check()
		}
		await checklist.getByRole('button', { name: 'Save Checklist' }).click()
		await expect(staff.getByRole('status')).toHaveText('Checklist saved.')
		await expect(checklist.getByText(`Done by ${ADMIN.email}`)).toHaveCount(5)
		await moveTrader(staff, 'Listed', 'Statements verified with the broker; checklist done.')
		await expect(review).toContainText(isoDay(90))
		const history = staff.getByRole('region', { name: 'Review history table' })
		await expect(history.getByRole('row').filter({ hasText: 'In review → Listed' })).toContainText(
			'Statements verified with the broker; checklist done.',
		)

		// The member sees the listed trader with the computed figures and the review summary.
		await member.goto('/dashboard?sort=return12m')
		const row = member
			.getByRole('region', { name: 'Traders table', exact: true })
			.getByRole('row')
			.filter({ hasText: 'Zara Flow Tester' })
		await expect(row).toContainText(percent(figures.metrics.winRate))
		await expect(row).toContainText(`Risk ${figures.riskScore}/10`)
		await member.goto('/dashboard/traders/zara-flow')
		const dialog = member.getByRole(javaScriptEnabled ? 'dialog' : 'region', { name: 'Zara Flow Tester' })
		await expect(dialog).toContainText(`Return, 12 months${signedPercent(figures.metrics.return12m)}`)
		await expect(dialog).toContainText('Reviewed by TradeCircle staff on')

		// A crash: four days losing 15% a day. The deep drawdown flag is raised, with its evidence and a staff alert.
		let last = equity.at(-1)!.equity
		const crash: EquityPoint[] = [-4, -3, -2, -1].map((offset) => {
			last = Math.round(last * 0.85 * 100) / 100
			return { date: isoDay(offset), equity: last, deposits: 0, withdrawals: 0 }
		})
		await staff.goto(`${traderPage}/statements`)
		await uploadStatement(staff, 'Daily equity', 'crash.csv', equityCsv(crash))
		await staff.getByRole('button', { name: 'Apply statement' }).click()
		await expect(staff.getByRole('status')).toHaveText('Equity statement applied: 4 rows; the figures were recomputed.')
		// The same days again: they overlap, and replace only once staff confirm it.
		await uploadStatement(staff, 'Daily equity', 'crash-again.csv', equityCsv(crash))
		const again = staff.getByRole('region', { name: 'Preview: Daily equity' })
		await expect(again).toContainText('Stored rows it overlaps4')
		await expect(again.getByRole('button', { name: 'Apply statement' })).toHaveCount(0)
		await again.getByLabel('Replace the stored rows this file overlaps').check()
		await again.getByRole('button', { name: 'Replace and apply' }).click()
		await expect(staff.getByRole('status')).toHaveText(
			'Equity statement applied: 4 rows, replacing 4 stored; the figures were recomputed.',
		)
		await staff.goto(traderPage)
		await expect(staff.getByRole('region', { name: 'Figures' })).toContainText('Deep drawdown:')
		await staff.goto('/admin/alerts')
		const alert = staff
			.getByRole('row')
			.filter({ hasText: 'Trader red flag raised' })
			.filter({ hasText: 'Zara Flow Tester' })
		await expect(alert).toHaveCount(1)
		await expect(alert.getByRole('link').first()).toHaveAttribute('href', traderPage)

		// Staff decide: watch, with the warning members see.
		await staff.goto(traderPage)
		await moveTrader(staff, 'Watch', 'Deep drawdown under review.')
		await member.goto('/dashboard?sort=return12m')
		await expect(
			member
				.getByRole('region', { name: 'Traders table', exact: true })
				.getByRole('row')
				.filter({ hasText: 'Zara Flow Tester' }),
		).toContainText('On watch: Deep drawdown under review.')

		// Retired (a super admin): no more moves; the member finds the trader under Past traders with the reason.
		await moveTrader(staff, 'Retired', 'Left the broker; final record kept.')
		await expect(staff.getByRole('region', { name: 'Review', exact: true })).toContainText(
			'A retired trader stays retired.',
		)
		await member.goto('/dashboard')
		await expect(member.getByRole('region', { name: 'Traders table', exact: true })).not.toContainText(
			'Zara Flow Tester',
		)
		await expect(
			member
				.getByRole('region', { name: 'Past traders table' })
				.getByRole('row')
				.filter({ hasText: 'Zara Flow Tester' }),
		).toContainText('Left the broker; final record kept.')
	} finally {
		await staffContext.close()
		await memberContext.close()
		await server.stop()
	}
})
