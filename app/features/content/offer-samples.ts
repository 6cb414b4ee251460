/**
 * The sample offers a fresh install starts with: the five offers the page
 * showed as constants before issue 41, with their ids (claims made then
 * keep pointing at them), tied to the sample traders of the same slug.
 * Their expiry is counted from the seed day, as the promotions' is.
 * `trader` is the sample trader's name (the seed ties them by slug, the
 * key; the name is for the tests that read the page). Browser-safe data.
 */
export const SAMPLE_OFFERS = [
	{
		key: 'amara-okafor',
		trader: 'Amara Okafor',
		originalFee: 30,
		minCapital: 1_000,
		totalSpots: 50,
		expiresInDays: 24,
		description: 'Major currency pairs with a hard stop-loss on every trade.',
		featured: true,
		urgent: true,
	},
	{
		key: 'daniel-mensah',
		trader: 'Daniel Mensah',
		originalFee: 20,
		minCapital: 1_000,
		totalSpots: 60,
		expiresInDays: 39,
		description: 'Index trend following with small positions.',
		featured: false,
		urgent: false,
	},
	{
		key: 'chioma-eze',
		trader: 'Chioma Eze',
		originalFee: 40,
		minCapital: 2_500,
		totalSpots: 40,
		expiresInDays: 29,
		description: 'Gold and oil breakouts; large swings both ways.',
		featured: true,
		urgent: false,
	},
	{
		key: 'zainab-bello',
		trader: 'Zainab Bello',
		originalFee: 25,
		minCapital: 1_000,
		totalSpots: 50,
		expiresInDays: 44,
		description: 'Momentum trades on US tech stocks and indices.',
		featured: false,
		urgent: false,
	},
	{
		key: 'kwame-asante',
		trader: 'Kwame Asante',
		originalFee: 35,
		minCapital: 5_000,
		totalSpots: 30,
		expiresInDays: 65,
		description: 'Crypto mean reversion with a fixed weekly loss limit.',
		featured: false,
		urgent: false,
	},
] as const
