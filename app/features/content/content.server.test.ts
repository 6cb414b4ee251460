import { describe, expect, test } from 'vitest'
import { readBack } from './content.server.ts'
import { LESSON_MESSAGES } from './schemas.ts'

describe('readBack: the staff view after a write', () => {
	test('the view when the row is still there; 404 with the kind’s message when another process deleted it', () => {
		expect(readBack({ id: 3 }, LESSON_MESSAGES.notFound)).toEqual({ ok: true, value: { id: 3 } })
		expect(readBack(null, LESSON_MESSAGES.notFound)).toEqual({
			ok: false,
			status: 404,
			message: LESSON_MESSAGES.notFound,
		})
	})
})
