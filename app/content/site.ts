/**
 * Product content, not code: names, handles and links live
 * here, not in components, so they can be replaced without code changes.
 */
export const site = {
	name: 'TradeCircle',
	tagline: 'Copy verified traders. Keep control of your money.',
	supportHandle: '@TradeCircleSupport',
	supportUrl: 'https://t.me/TradeCircleSupport',
	channelName: 'TradeCircle Official',
	channelUrl: 'https://t.me/TradeCircleOfficial',
	appStoreUrl: 'https://apps.apple.com/app/telegram-messenger/id686449807',
	playStoreUrl: 'https://play.google.com/store/apps/details?id=org.telegram.messenger',
	riskWarning:
		'Trading CFDs and other leveraged products carries a high level of risk and may not be suitable for all investors. 78% of retail CFD accounts lose money. Only trade with money you can afford to lose.',
	businessFacts:
		'TradeCircle is free to use. We earn from broker partnerships through the trading volume of people who sign up through our access links. We never hold your funds, and we are not a broker or a financial adviser. Operated under a registered Nigerian business structure.',
} as const
