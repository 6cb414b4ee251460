import { parseWithZod } from '@conform-to/zod'
import { describe, expect, test } from 'vitest'
import {
	CONTENT_MESSAGES,
	PROMOTION_MESSAGES,
	PromotionCreateApiSchema,
	PromotionFormSchema,
	PromotionUpdateApiSchema,
} from './schemas.ts'

function form(fields: Record<string, string>) {
	const data = new FormData()
	for (const [k, v] of Object.entries(fields)) data.append(k, v)
	return parseWithZod(data, { schema: PromotionFormSchema })
}

describe('the promotion form', () => {
	test('a good form: blank optional fields are none', () => {
		const s = form({
			intent: 'preview',
			code: ' WELCOME100 ',
			description: 'A bonus',
			brokerId: '',
			publishOn: '',
			expiresOn: '2026-12-31',
		})
		expect(s.status).toBe('success')
		if (s.status !== 'success') return
		expect(s.value).toEqual({
			intent: 'preview',
			input: { code: 'WELCOME100', description: 'A bonus', brokerId: null, publishOn: null, expiresOn: '2026-12-31' },
		})
		const withBroker = form({ code: 'X', description: 'Y', brokerId: '3' })
		expect(withBroker.status === 'success' && withBroker.value).toMatchObject({
			intent: 'save',
			input: { brokerId: 3 },
		})
	})

	test('each bad field has its message at the field', () => {
		const cases: Array<[Record<string, string>, string, string]> = [
			[{ description: 'd' }, 'code', PROMOTION_MESSAGES.codeRequired],
			[{ code: 'C'.repeat(41), description: 'd' }, 'code', 'Code must be at most 40 characters'],
			[{ code: 'AB\u0007C', description: 'd' }, 'code', PROMOTION_MESSAGES.codeInvalid],
			[{ code: 'AB\nC', description: 'd' }, 'code', PROMOTION_MESSAGES.codeInvalid],
			[{ code: 'C' }, 'description', PROMOTION_MESSAGES.descriptionRequired],
			[{ code: 'C', description: 'd'.repeat(201) }, 'description', PROMOTION_MESSAGES.descriptionTooLong],
			[{ code: 'C', description: 'd', brokerId: 'abc' }, 'brokerId', PROMOTION_MESSAGES.brokerInvalid],
			[
				{ code: 'C', description: 'd', publishOn: '2026-02-30' },
				'publishOn',
				CONTENT_MESSAGES.dayInvalid('publish date'),
			],
			[
				{ code: 'C', description: 'd', publishOn: '2026-12-10', expiresOn: '2026-12-09' },
				'expiresOn',
				CONTENT_MESSAGES.expiryBeforePublish,
			],
		]
		for (const [fields, path, message] of cases) {
			const s = form(fields)
			expect(s.status, JSON.stringify(fields)).toBe('error')
			expect(s.status === 'error' ? s.error?.[path] : null, JSON.stringify(fields)).toEqual([message])
		}
		// Exactly 40 characters is fine; the same day for publish and expiry too.
		expect(
			form({ code: 'C'.repeat(40), description: 'd', publishOn: '2026-12-10', expiresOn: '2026-12-10' }).status,
		).toBe('success')
	})
})

describe('the API bodies', () => {
	test('create: strict, defaults to none; messages by path', () => {
		expect(PromotionCreateApiSchema.parse({ code: 'A', description: 'B' })).toEqual({
			code: 'A',
			description: 'B',
			brokerId: null,
			publishOn: null,
			expiresOn: null,
		})
		const bad = PromotionCreateApiSchema.safeParse({ code: 'x'.repeat(41), description: 'B', extra: 1 })
		expect(bad.success).toBe(false)
		const issues = bad.error!.issues.map((i) => [i.path.join('.'), i.message])
		expect(issues).toContainEqual(['code', 'Code must be at most 40 characters'])
		expect(issues.some(([, m]) => /extra/.test(m!))).toBe(true)
	})
	test('update: at least one field; null clears; the days in order', () => {
		expect(PromotionUpdateApiSchema.safeParse({}).success).toBe(false)
		expect(PromotionUpdateApiSchema.parse({ expiresOn: null })).toEqual({ expiresOn: null })
		const bad = PromotionUpdateApiSchema.safeParse({ publishOn: '2026-12-10', expiresOn: '2026-12-01' })
		expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
			['expiresOn', CONTENT_MESSAGES.expiryBeforePublish],
		])
	})
})
