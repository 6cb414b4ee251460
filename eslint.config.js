// ESLint (flat config): typescript-eslint, the React hooks rules and
// jsx-a11y over the app, the server, the database layer, scripts and tests.
// `npm run lint` runs it with Prettier's check; `npm test` runs lint first.
import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
	{
		ignores: [
			'build/**',
			'.react-router/**',
			'.tmp/**',
			'data/**',
			'node_modules/**',
			'test-results/**',
			'playwright-report/**',
		],
	},
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		files: ['**/*.{ts,tsx,js,mjs}'],
		languageOptions: {
			ecmaVersion: 2023,
			sourceType: 'module',
			globals: { ...globals.node },
		},
		rules: {
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
			],
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
			// Loaders, actions and test helpers take loosely typed values at the edges.
			'@typescript-eslint/no-explicit-any': 'off',
			// The product answers in the page, never with a browser dialog (issue 13, decision 015).
			'no-alert': 'error',
		},
	},
	{
		files: ['app/**/*.{ts,tsx}'],
		plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
		languageOptions: {
			globals: { ...globals.browser, ...globals.node },
			parserOptions: { ecmaFeatures: { jsx: true } },
		},
		rules: {
			...reactHooks.configs.recommended.rules,
			...jsxA11y.flatConfigs.recommended.rules,
			// A container that scrolls (a wide table, the testimonial carousel)
			// must be reachable by keyboard to be scrolled (WCAG 2.1.1, axe's
			// scrollable-region-focusable): a named region or group may take
			// tabIndex={0}.
			'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region', 'group'], tags: [] }],
		},
	},
	{
		// Playwright fixtures are taken by destructuring the test's first
		// argument, often only for what setting them up does (a member signed
		// in on the page): an unused parameter there is the pattern, and
		// `async ({}, use) => ...` is how a fixture that needs none is written.
		files: ['tests/**/*.ts'],
		rules: {
			'@typescript-eslint/no-unused-vars': ['error', { args: 'none', varsIgnorePattern: '^_', caughtErrors: 'none' }],
			'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
		},
	},
	{
		files: ['app/enhance/**/*.js', 'public/**/*.js'],
		languageOptions: { globals: { ...globals.browser } },
	},
)
