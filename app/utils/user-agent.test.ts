import { describe, expect, test } from 'vitest'
import { describeUserAgent, UNKNOWN_DEVICE } from './user-agent.ts'

describe('describeUserAgent', () => {
	test.each([
		['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox on Windows'],
		[
			'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
			'Safari on macOS',
		],
		[
			'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
			'Chrome on Android',
		],
		[
			'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
			'Edge on Windows',
		],
		[
			'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1',
			'Safari on iPhone',
		],
		['Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/126.0 Safari/537.36', 'Chrome on Linux'],
		['curl/8.5.0', 'curl'],
		['MyTradingBot/2.1 (+https://example.com)', 'MyTradingBot'],
		['', UNKNOWN_DEVICE],
		['   ', UNKNOWN_DEVICE],
	])('%s → %s', (ua, expected) => {
		expect(describeUserAgent(ua)).toBe(expected)
	})
})
