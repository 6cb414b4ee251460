import { expect, test } from '../fixtures.ts'
import { claimRow } from '../offer-alert-utils.ts'
import { E2E_BASE_URL } from '../setup/e2e-config.ts'
import { expectFieldError, jsOff, open, otherDevice, waitForHydration } from './support.ts'

// Offer claims end to end, JS on and off: a gold member confirms a 0% offer
// on the dashboard, staff find the claim on /admin/offers, set it to
// Contacted with a note, and the member sees "Your request: Contacted".
// Bad input (a note too long, an unknown filter) shows at its field.

// No other suite confirms this offer (dashboard-plans checks Amara Okafor's and Chioma Eze's spots).
const OFFER = { id: 'zainab-bello', trader: 'Zainab Bello' }

test('member confirms, staff mark Contacted with a note, the member sees it', async ({
	page,
	browser,
	createMember,
	createAdmin,
	signIn,
}) => {
	const member = await createMember({ unlocked: true, plan: 'gold', name: `Claimer ${Date.now().toString(36)}` })
	await signIn(page, member)
	await open(page, '/dashboard/zero-fee')
	const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: OFFER.trader }) })
	await card.getByRole('link', { name: `Claim 0% offer with ${OFFER.trader}` }).click()
	const title = `Confirm ${OFFER.trader}'s 0% offer`
	const confirm = jsOff() ? page.getByRole('region', { name: title }) : page.getByRole('dialog', { name: title })
	await confirm.getByRole('button', { name: 'Confirm', exact: true }).click()
	await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/zero-fee`)
	await expect(card).toContainText('Your request: New')

	// Staff, on their own device.
	const staffContext = await otherDevice(browser)
	try {
		const staff = await staffContext.newPage()
		await signIn(staffContext, await createAdmin({ role: 'admin' }))
		await open(staff, `/admin/offers?offer=${OFFER.id}&status=new`)
		const row = staff.getByRole('row').filter({ hasText: member.email })
		await expect(row).toContainText(OFFER.trader)
		await expect(row).toContainText('New')
		await expect(row.getByRole('link', { name: member.name, exact: true })).toHaveAttribute(
			'href',
			`/admin/users/${member.id}`,
		)
		await row.getByRole('link', { name: new RegExp(`^Update claim of ${member.name}`) }).click()
		await expect(staff.getByRole('heading', { level: 1, name: 'Offer Claim' })).toBeVisible()
		await waitForHydration(staff)

		// A note over 1,000 characters: refused at the field, nothing stored.
		const note = staff.getByLabel('Note', { exact: true })
		await staff.getByLabel('Status', { exact: true }).selectOption('contacted')
		await note.fill('x'.repeat(1001))
		await staff.getByRole('button', { name: 'Save claim' }).click()
		await expectFieldError(staff, note, 'Note must be at most 1000 characters')
		const claimId = Number(new URL(staff.url()).pathname.split('/').pop())
		expect(claimRow(claimId)).toMatchObject({ status: 'new', note: '' })

		await note.fill('Called on Telegram.\nFunding on Monday.')
		// Chosen again: a select changed before hydration finished is reset to its default by React.
		const status = staff.getByLabel('Status', { exact: true })
		await status.selectOption('contacted')
		await expect(status).toHaveValue('contacted')
		await staff.getByRole('button', { name: 'Save claim' }).click()
		await expect(staff).toHaveURL(`${E2E_BASE_URL}/admin/offers?status=new&offer=${OFFER.id}`)
		await expect(staff.getByRole('status')).toHaveText('Claim updated')
		await expect(staff.getByRole('row').filter({ hasText: member.email })).toHaveCount(0)
		await open(staff, `/admin/offers?status=contacted&offer=${OFFER.id}`)
		const updated = staff.getByRole('row').filter({ hasText: member.email })
		await expect(updated).toContainText('Contacted')
		await expect(updated).toContainText('Funding on Monday.')
		expect(claimRow(claimId)).toMatchObject({ status: 'contacted', note: 'Called on Telegram.\nFunding on Monday.' })
	} finally {
		await staffContext.close()
	}

	await open(page, '/dashboard/zero-fee')
	await expect(card).toContainText('Your request: Contacted')
	await expect(card).toContainText('Our team has contacted you on Telegram about this offer.')
	await expect(card.getByRole('button', { name: 'Interest confirmed' })).toBeDisabled()
})

test('an unknown status or offer in the URL shows at its filter; the export link keeps the filters', async ({
	page,
	createAdmin,
	signIn,
}) => {
	await signIn(page, await createAdmin({ role: 'admin' }))
	await open(page, '/admin/offers?status=lost&offer=No%20Body')
	await expectFieldError(
		page,
		page.getByLabel('Status', { exact: true }),
		'status must be one of new, contacted, done, declined',
	)
	await expectFieldError(page, page.getByLabel('Offer', { exact: true }), 'offer must be the id of a 0% fee offer')
	await page.getByLabel('Status', { exact: true }).selectOption('done')
	await page.getByLabel('Offer', { exact: true }).selectOption(OFFER.id)
	await page.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page).toHaveURL(`${E2E_BASE_URL}/admin/offers?status=done&offer=${OFFER.id}`)
	await expect(page.getByLabel('Status', { exact: true })).not.toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByRole('link', { name: 'Export claims as CSV' })).toHaveAttribute(
		'href',
		`/admin/offers/export.csv?status=done&offer=${OFFER.id}`,
	)
	const csv = await page.request.get(`/admin/offers/export.csv?status=done&offer=${OFFER.id}`)
	expect(csv.status()).toBe(200)
	expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8')
	expect((await csv.text()).startsWith('\uFEFFID,Member,Email,Offer,Claimed,Status,Note,Updated')).toBe(true)
	expect((await page.goto('/admin/offers/987654321'))?.status()).toBe(404)
})
