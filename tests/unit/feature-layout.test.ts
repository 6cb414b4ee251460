import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

// The layout docs/architecture.md draws ("Layout"): one folder per feature under
// app/features/, app/utils/ for infrastructure only. These checks fail when code
// drifts back into the old shape or the documented table stops matching the folders.

const root = path.resolve(import.meta.dirname, '../..')
const features = path.join(root, 'app/features')
const utils = path.join(root, 'app/utils')
const read = (file: string) => fs.readFileSync(file, 'utf8')
const importsOf = (source: string) => [...source.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1])

const areas = fs
	.readdirSync(features, { withFileTypes: true })
	.filter((d) => d.isDirectory())
	.map((d) => d.name)
	.sort()

describe('one folder per feature', () => {
	test('the areas in app/features/ are the ones docs/architecture.md lists, and no other', () => {
		const doc = read(path.join(root, 'docs/architecture.md'))
		const table = doc.slice(doc.indexOf('The areas of `app/features/`'))
		const listed = [...table.matchAll(/^\| `([a-z-]+)\/` \|/gm)].map((m) => m[1]).sort()
		expect(listed).toEqual(areas)
	})

	test('the old flat folders are gone: no app/models/, no limits or messages outside their area', () => {
		expect(fs.existsSync(path.join(root, 'app/models'))).toBe(false)
		expect(fs.existsSync(path.join(root, 'app/domain/limits.ts'))).toBe(false)
		const leftovers = fs.readdirSync(utils).filter((f) => /-(messages|validation)\.ts$|^messages\.ts$/.test(f))
		expect(leftovers).toEqual([])
	})

	test('an area has at most one schemas module, and its messages and limits live in it', () => {
		for (const area of areas) {
			const files = fs.readdirSync(path.join(features, area))
			expect(
				files.filter((f) => /(messages|validation|limits)\.ts$/.test(f)),
				area,
			).toEqual([])
		}
	})

	test('schemas.ts is browser-safe: it imports no server module and no database code', () => {
		for (const area of areas) {
			const file = path.join(features, area, 'schemas.ts')
			if (!fs.existsSync(file)) continue
			const bad = importsOf(read(file)).filter((spec) => /\.server(\.ts)?$|^#db\/|drizzle|better-sqlite3/.test(spec))
			expect(bad, `${area}/schemas.ts`).toEqual([])
		}
	})

	test('a feature reaches another through #app/features/<area>/, never through route files', () => {
		for (const area of areas) {
			for (const file of fs.readdirSync(path.join(features, area))) {
				const specs = importsOf(read(path.join(features, area, file)))
				expect(
					specs.filter((s) => s.includes('/routes/') || s.startsWith('../')),
					`${area}/${file}`,
				).toEqual([])
			}
		}
	})
})

describe('app/utils/ is infrastructure', () => {
	// The OpenAPI document is assembled from the API routes' own declarations
	// (app/utils/openapi.server.ts reads them through the route modules), so no
	// infrastructure module reads a feature, not even that one.
	test('no module in app/utils/ imports a feature (tests aside)', () => {
		for (const file of fs.readdirSync(utils)) {
			if (file.includes('.test.')) continue
			const specs = importsOf(read(path.join(utils, file))).filter((s) => s.includes('features/'))
			expect(specs, file).toEqual([])
		}
	})
})
