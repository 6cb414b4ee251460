/**
 * A session's device as the sessions list names it ("Firefox on Windows",
 * "Safari on iPhone", "curl"), read from the User-Agent recorded at sign-in.
 * A rough reading, for recognising one's own devices: the header is the
 * client's word, never proof.
 */

const BROWSERS: Array<[RegExp, string]> = [
	[/\bEdg(e|A|iOS)?\//, 'Edge'],
	[/\bOPR\/|\bOpera\b/, 'Opera'],
	[/\bSamsungBrowser\//, 'Samsung Internet'],
	[/\bFirefox\/|\bFxiOS\//, 'Firefox'],
	[/(\b|Headless)Chrom(e|ium)\/|\bCriOS\//, 'Chrome'],
	[/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
	[/\bcurl\//, 'curl'],
	[/\bPostmanRuntime\//, 'Postman'],
	[/\bnode(-fetch)?\b|\bundici\b/i, 'Node.js'],
	[/\bpython-requests\/|\bPython-urllib\//, 'Python'],
]

const SYSTEMS: Array<[RegExp, string]> = [
	[/\biPhone\b/, 'iPhone'],
	[/\biPad\b/, 'iPad'],
	[/\bAndroid\b/, 'Android'],
	[/\bCrOS\b/, 'ChromeOS'],
	[/\bWindows\b/, 'Windows'],
	[/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
	[/\bLinux\b/, 'Linux'],
]

export const UNKNOWN_DEVICE = 'Unknown device'

export function describeUserAgent(userAgent: string | null | undefined): string {
	const ua = userAgent?.trim() ?? ''
	if (!ua) return UNKNOWN_DEVICE
	const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1]
	const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1]
	if (browser && system) return `${browser} on ${system}`
	if (browser) return browser
	if (system) return `Browser on ${system}`
	// Something else (an API client of its own): its first product token, cut short.
	const product = /^[A-Za-z][\w.-]{0,40}/.exec(ua)?.[0]
	return product ?? UNKNOWN_DEVICE
}
