import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, test } from 'vitest'
import { paginate } from '#app/features/users/schemas.ts'
import { ListPagination } from './admin-list-parts.tsx'

const text = (html: string) =>
	html
		.replace(/<!-- -->/g, '')
		.replace(/<[^>]+>/g, ' ')
		.replace(/\s+/g, ' ')
		.trim()

function render(pagination: Parameters<typeof ListPagination>[0]['pagination']) {
	return text(
		renderToString(
			<MemoryRouter>
				<ListPagination pagination={pagination} noun="users" href={(page) => `/admin/users?page=${page}`} />
			</MemoryRouter>,
		),
	)
}

describe('ListPagination', () => {
	test('an exact count: "Showing 11 to 20 of 25 users", "Page 2 of 3", no note', () => {
		const shown = render({ ...paginate(25, 2, 10), totalCountCapped: false })
		expect(shown).toContain('Showing 11 to 20 of 25 users')
		expect(shown).toContain('Page 2 of 3')
		expect(shown).not.toContain('Narrow the search')
	})

	test('a count stopped at its cap reads "10,000+" and says how to see the rest (decision 067)', () => {
		const shown = render({ ...paginate(10_000, 1, 10), totalCountCapped: true })
		expect(shown).toContain('Showing 1 to 10 of 10,000+ users')
		expect(shown).toContain('Page 1 of 1,000+')
		expect(shown).toContain(
			'More than 10,000 users match: the first 10,000 are shown. Narrow the search to see the rest.',
		)
	})
})
