import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { TestimonialCarousel } from './testimonial-carousel.tsx'

const item = (n: number) => ({
	name: `Member ${n}`,
	role: 'Nurse',
	country: 'Ghana',
	text: `Words ${n}`,
	profit: `+$${n}00`,
})

const dots = (html: string) => html.match(/data-carousel-dot=""/g)?.length ?? 0

describe('TestimonialCarousel copes with any count of published testimonials', () => {
	test('none: nothing at all', () => {
		expect(renderToStaticMarkup(<TestimonialCarousel items={[]} />)).toBe('')
	})

	test('one: a plain card, no track to scroll and no dot', () => {
		const html = renderToStaticMarkup(<TestimonialCarousel items={[item(1)]} />)
		expect(html).toContain('Words 1')
		expect(html).toContain('+$100')
		expect(html).not.toContain('data-carousel')
		expect(dots(html)).toBe(0)
	})

	test.each([2, 3, 7])('%i: one slide and one dot each, the first selected', (count) => {
		const items = Array.from({ length: count }, (_, i) => item(i + 1))
		const html = renderToStaticMarkup(<TestimonialCarousel items={items} />)
		expect(dots(html)).toBe(count)
		expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(count)
		expect(html).toContain(`Show testimonial ${count} of ${count}: Member ${count}`)
		expect(html.match(/aria-current="true"/g)).toHaveLength(1)
		expect(html).toContain('id="review-1"')
	})
})
