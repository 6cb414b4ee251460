/** Terms & Conditions text (content, not code: replaced without touching components). */
export const TERMS_LAST_UPDATED = 'June 29, 2025'
/** The same date for machines (the page's <time dateTime>, the sitemap's lastmod). */
export const TERMS_LAST_UPDATED_ISO = '2025-06-29'

export const termsSections: Array<{ id: string; title: string; paragraphs: string[] }> = [
	{
		id: 'about',
		title: 'About',
		paragraphs: [
			'TradeCircle ("we", "us") is an online platform that helps retail investors discover ranked, manually reviewed traders, connect to third-party brokers and copy those traders through the brokers\' own tools. By creating an account or using the platform you accept these Terms & Conditions.',
			'TradeCircle is operated under a registered Nigerian business structure. The platform is free to use for members.',
			'In these terms, "platform" means our website, member dashboard, Telegram channel and any related services; "broker" means an independent third-party company that holds trading accounts; and "trader" means a person whose trades members can copy through a broker\'s copy-trading tools.',
		],
	},
	{
		id: 'no-financial-advice',
		title: 'No Financial Advice',
		paragraphs: [
			'Nothing on the platform is investment, financial, legal or tax advice. Trader rankings, statistics, lessons, offers and any other content are general information only. We are not a broker, an investment adviser or a portfolio manager, and we do not make decisions for you.',
			'You alone decide whether to open an account with a broker, which traders to copy and how much capital to use. Consider seeking independent advice before you invest.',
		],
	},
	{
		id: 'risk-disclosure',
		title: 'Risk Disclosure',
		paragraphs: [
			'Trading CFDs, foreign exchange, cryptocurrencies and other leveraged products carries a high level of risk and may not be suitable for all investors. 78% of retail CFD accounts lose money. You can lose some or all of the money you deposit with a broker.',
			'Past performance of any trader, including win rates and returns shown on the platform, is not a reliable indicator of future results. Copying a trader copies their losses as well as their gains. Only trade with money you can afford to lose.',
		],
	},
	{
		id: 'third-party-brokers',
		title: 'Third-Party Brokers',
		paragraphs: [
			"Accounts, deposits, withdrawals and trades are held and executed by independent brokers, not by us. We never hold, receive or transfer your funds. Your relationship with a broker is governed by that broker's own terms, and any bonus or promotion is offered and administered by the broker.",
			"We do not guarantee the solvency, conduct, availability or regulatory status of any broker. Check a broker's licence and terms before you open an account.",
		],
	},
	{
		id: 'revenue-model',
		title: 'Revenue Model',
		paragraphs: [
			'The platform is free for members. We earn commissions from partner brokers based on the trading volume of people who sign up through our access links. This means we benefit when members trade; it does not change the price you pay the broker.',
		],
	},
	{
		id: 'eligibility',
		title: 'Eligibility',
		paragraphs: [
			'You may use the platform only if you are at least 18 years old, you are legally allowed to trade financial products where you live, and you are not prohibited or barred from using financial services under any law or by any regulator.',
			'You must give accurate information when you register and keep it up to date. One account per person.',
		],
	},
	{
		id: 'platform-usage',
		title: 'Platform Usage',
		paragraphs: [
			'Keep your password and unlock code confidential; you are responsible for activity on your account. Do not misuse the platform: no automated scraping, no attempts to access other accounts or our systems without permission, no false referrals and no unlawful activity.',
			'Trader statistics, lessons, promotions, leaderboards and other dashboard content are sample or illustrative content unless they are expressly marked as live. Promotion and activation codes are for your own use and may not be sold or shared publicly. Referral rewards and contest prizes are paid only for genuine referrals that meet the published rules.',
			'We may suspend or close an account that breaks these terms or puts other members at risk.',
		],
	},
	{
		id: 'privacy-and-data',
		title: 'Privacy & Data',
		paragraphs: [
			'We collect the information you give us at sign-up (name, email, phone, country, Telegram username, chosen capital bracket) and basic usage data to run the platform, secure your account and pay referral rewards. Passwords are stored only as one-way hashes.',
			'We do not sell your personal data. We share it with a broker only when you choose to sign up with that broker through our links, and with service providers that help us operate the platform under confidentiality obligations. You may ask us to access, correct or delete your data through the contact details below.',
		],
	},
	{
		id: 'limitation-of-liability',
		title: 'Limitation of Liability',
		paragraphs: [
			'To the fullest extent permitted by law, we are not liable for trading losses, for the acts or omissions of brokers or traders, or for indirect, incidental or consequential damages arising from your use of the platform. The platform is provided "as is" without warranties of any kind.',
			'We do not guarantee that the platform will always be available, uninterrupted or free of errors, or that any trader will continue to perform as shown. Nothing in these terms limits liability that cannot be limited under Nigerian law, such as liability for fraud.',
		],
	},
	{
		id: 'governing-law',
		title: 'Governing Law',
		paragraphs: [
			'These terms are governed by the laws of the Federal Republic of Nigeria. Subject to the arbitration clause below, the courts of Lagos State, Nigeria, have exclusive jurisdiction.',
		],
	},
	{
		id: 'arbitration',
		title: 'Arbitration',
		paragraphs: [
			'Any dispute arising from these terms or the platform will be resolved by binding arbitration in Lagos, Nigeria, conducted in the English language by a single arbitrator under the Arbitration and Mediation Act 2023. You and we waive any right to a trial by jury.',
			'Arbitration takes place on an individual basis only: claims may not be joined or consolidated with those of other members, and the arbitrator may not hear a class or representative action. Before starting arbitration, please contact us so we can try to resolve the matter informally within 30 days.',
		],
	},
	{
		id: 'no-class-action',
		title: 'No Class Action',
		paragraphs: [
			'Disputes are resolved only on an individual basis. You agree not to bring or take part in any class, collective or representative action against us, whether in arbitration or in court.',
			'If this waiver is found unenforceable for a particular claim, that claim will be heard by the courts of Lagos State, Nigeria, and not in arbitration.',
		],
	},
	{
		id: 'termination',
		title: 'Termination',
		paragraphs: [
			'You may stop using the platform and ask us to close your account at any time. We may suspend or end access for breach of these terms; sections that by their nature should survive (risk, liability, governing law, arbitration) continue to apply.',
		],
	},
	{
		id: 'modification-of-terms',
		title: 'Modification of Terms',
		paragraphs: [
			'We may update these terms. The date at the top shows the latest version; material changes will be announced on the platform or by email. Continuing to use the platform after a change means you accept the updated terms.',
		],
	},
	{
		id: 'contact',
		title: 'Contact',
		paragraphs: [
			'Questions about these terms, requests about your personal data and complaints: message our support team on Telegram at @TradeCircleSupport. We aim to answer within one business day.',
		],
	},
]
