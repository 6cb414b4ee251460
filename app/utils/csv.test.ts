import { describe, expect, test } from 'vitest'
import { csvCell, csvRow } from './csv.ts'

describe('CSV cells', () => {
	test('plain text and numbers as they are; empty for null', () => {
		expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace')
		expect(csvCell(1250.5)).toBe('1250.5')
		expect(csvCell(0)).toBe('0')
		expect(csvCell(null)).toBe('')
		expect(csvCell(undefined)).toBe('')
		expect(csvCell(Number.NaN)).toBe('')
		expect(csvCell(true)).toBe('true')
	})

	test('commas, quotes and line breaks are quoted, quotes doubled', () => {
		expect(csvCell('Lovelace, Ada')).toBe('"Lovelace, Ada"')
		expect(csvCell('Ada "Countess" L')).toBe('"Ada ""Countess"" L"')
		expect(csvCell('line1\nline2')).toBe('"line1\nline2"')
		expect(csvCell('a\r\nb')).toBe('"a\r\nb"')
	})

	test('cells a spreadsheet would run as a formula stay text (V9, B15)', () => {
		expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"')
		expect(csvCell("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0")
		expect(csvCell('@SUM(1+1)')).toBe("'@SUM(1+1)")
		expect(csvCell('-2+3')).toBe("'-2+3")
		expect(csvCell('\tx')).toBe("'\tx")
		expect(csvCell('\rx')).toBe('"\'\rx"')
		expect(csvCell('\u0000x')).toBe("'\u0000x")
		// Numbers are numbers, not formulas.
		expect(csvCell(-2)).toBe('-2')
		// Only the start matters.
		expect(csvCell('a=b')).toBe('a=b')
	})

	test('rows end with CRLF', () => {
		expect(csvRow(['a', 1, null, '=x'])).toBe("a,1,,'=x\r\n")
	})
})
