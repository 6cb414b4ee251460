import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { iconNames } from '#app/components/icon-names.ts'
import {
	buildSprite,
	ICON_NAMES_FILE,
	iconNamesModule,
	readIcons,
	spriteFileName,
	toSymbol,
} from '../../other/icon-sprite.ts'

function* sourceFiles(dir: string): Generator<string> {
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) yield* sourceFiles(full)
		else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full
	}
}

/**
 * Every icon name the app's source names: `<Icon name="…">` (or any string
 * in its `name={…}` expression) and `icon: '…'` fields of navigation and
 * content items.
 */
function iconNamesUsed() {
	const used = new Map<string, string>()
	for (const file of sourceFiles(path.resolve('app'))) {
		const source = fs.readFileSync(file, 'utf8')
		const found = [
			...[...source.matchAll(/<Icon\b[^>]*?\bname="([^"]+)"/g)].map((m) => m[1]!),
			...[...source.matchAll(/<Icon\b[^>]*?\bname=\{([^}]*)\}/g)].flatMap((m) =>
				[...m[1]!.matchAll(/'([^']+)'/g)].map((q) => q[1]!),
			),
			...[...source.matchAll(/\bicon: '([a-z0-9-]+)'/g)].map((m) => m[1]!),
		]
		for (const name of found) used.set(name, path.relative(process.cwd(), file))
	}
	return used
}

describe('the icon sprite', () => {
	const icons = readIcons()
	const sprite = buildSprite(icons)

	test('app/components/icon-names.ts lists exactly the icons of other/svg-icons (run `npm run icons` when not)', () => {
		expect(fs.readFileSync(ICON_NAMES_FILE, 'utf8')).toBe(iconNamesModule(icons.map((i) => i.name)))
		expect([...iconNames]).toEqual(icons.map((i) => i.name))
	})

	test('has one symbol with a viewBox per icon, and nothing that runs or styles', () => {
		const symbols = [...sprite.matchAll(/<symbol id="([^"]+)"([^>]*)>/g)]
		expect(symbols.map((s) => s[1])).toEqual([...iconNames])
		for (const s of symbols) expect(s[2], s[1]).toMatch(/ viewBox="0 0 24 24"/)
		expect(sprite).not.toMatch(/<script|<style|\son\w+=/i)
		expect(sprite).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="0" height="0">/)
		// The icons' licence travels with them.
		expect(sprite).toContain('<!-- lucide-static')
	})

	test('contains every icon name the app uses, and the app uses every icon it carries', () => {
		const used = iconNamesUsed()
		expect(used.size).toBeGreaterThan(10)
		for (const [name, file] of used) expect(sprite, `${name} (used in ${file})`).toContain(`<symbol id="${name}"`)
		const unused = iconNames.filter((name) => !used.has(name))
		expect(unused, 'icons in other/svg-icons nobody uses: delete them and run `npm run icons`').toEqual([])
	})

	test('is named after its content', () => {
		expect(spriteFileName(sprite)).toMatch(/^assets\/icons-[\w-]{8}\.svg$/)
		expect(spriteFileName(sprite)).toBe(spriteFileName(buildSprite(readIcons())))
		expect(spriteFileName(sprite)).not.toBe(spriteFileName(buildSprite(icons.slice(1))))
	})

	test('refuses sources that are not plain icons', () => {
		const ok = '<svg viewBox="0 0 24 24" stroke="currentColor" class="x"><path d="M1 1h2"/></svg>'
		expect(toSymbol({ name: 'fine', svg: ok })).toBe(
			'<symbol id="fine" viewBox="0 0 24 24" stroke="currentColor"><path d="M1 1h2"/></symbol>',
		)
		expect(() => toSymbol({ name: 'Bad Name', svg: ok })).toThrow(/lower-case/)
		expect(() => toSymbol({ name: 'no-box', svg: '<svg><path d="M1 1"/></svg>' })).toThrow(/viewBox/)
		expect(() => toSymbol({ name: 'script', svg: '<svg viewBox="0 0 1 1"><script>alert(1)</script></svg>' })).toThrow(
			/not allowed/,
		)
		expect(() => toSymbol({ name: 'handler', svg: '<svg viewBox="0 0 1 1"><path onclick="x()"/></svg>' })).toThrow(
			/not allowed/,
		)
	})
})
