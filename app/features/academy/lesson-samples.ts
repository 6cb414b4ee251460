import type { LessonTab } from '#app/content/academy.ts'

/**
 * The sample lessons a fresh install starts with (issue 41 part 3, decision
 * 062): the 15 lessons that were constants in app/content/academy.ts, their
 * blocks converted to Markdown (`##` headings, lists, the key point as a
 * blockquote). Seeded once by ensureSampleLessons, marked Sample.
 */
export const SAMPLE_LESSONS: ReadonlyArray<{
	key: string
	tab: LessonTab
	title: string
	description: string
	body: string
}> = [
	{
		key: 'basics-1',
		tab: 'basics',
		title: 'What copy trading is',
		description: 'How copying a trader works, what you control and what you do not.',
		body: `Copy trading means linking part of your broker account to another trader’s account, so that when they open or close a position, the same position opens or closes in your account, scaled to the money you allocated. You do not pick the trades; you pick the trader, the amount and the limits.

## How a copy works

1. You open an account with a broker that offers copy trading and deposit money there.
2. You choose a trader and an amount to allocate, for example $100 of a $300 balance.
3. The broker’s copy system mirrors the trader’s positions in proportion: if the trader puts 5% of their account into a trade, about 5% of your allocation goes into the same trade.
4. You can stop copying at any time. Open copied positions are then closed at the current market price, or left for you to manage, depending on the broker.

## What you control

- Which trader you copy, and how many traders at once.
- How much money each copy uses, and whether to add or withdraw.
- A copy stop-loss: a loss at which the broker stops the copy for you.
- When to stop.

## What you do not control

You do not decide when the trader enters or exits, which markets they trade or how large their positions are. Your results will also differ from theirs: your trades may fill at slightly different prices, small allocations can round position sizes, and fees are taken from your account, not theirs. A trader’s past return is a record of what happened, not a forecast of what will happen to your money.

## Where this platform fits

TradeCircle helps you find and compare traders and connect to partner brokers. It is free for members and earns from broker partnerships, based on the trading volume of people who sign up through its links. It never holds your funds: your money stays in your own account at the broker, and copying happens there. It is not a broker or a financial adviser.

> **Key point:** Copying a trader hands them the timing of your trades, not the responsibility for your money. That stays with you.
`,
	},
	{
		key: 'basics-2',
		tab: 'basics',
		title: 'Reading a trader profile',
		description: 'Weekly and monthly return, win rate, trades and followers, and what each hides.',
		body: `A trader profile packs a lot into a few numbers. Each one answers a narrow question, and each can look better than the trading behind it. Read them together, and read them sceptically.

## The figures and what they hide

- Weekly and monthly return: the gain over a short window. One lucky week can dominate it. Prefer a long record of months over one bright number.
- Monthly record, such as “10 of the last 12 months profitable”: more telling than a single return, but it says nothing about how large the losing months were.
- Win rate: the share of trades closed in profit. A 90% win rate can still lose money if the few losing trades are much larger than the winners, which is common when a trader holds losers and takes small profits quickly.
- Total trades: the sample size. A record built on 40 trades says much less than one built on 1,000.
- Followers: how many people copy the trader. Popularity follows recent returns; it is not a check of quality.
- Risk level: a summary of how much the account swings. High risk means larger gains and larger losses are both more likely.

## What to look for beyond the numbers

Read the strategy text: which markets, how long positions are held, whether every trade has a stop-loss. A clear, repeatable method is easier to judge than “I trade what moves”. Look at the monthly bars, not only the total: a steady series of small gains with one deep loss is a different risk from many uneven months. Ask how the trader behaves after a loss; doubling position size to win it back is a warning sign.

Remember survivorship: the traders at the top of any ranking are partly there because they had a good period. Many others with the same method had a bad one and dropped out of view.

> **Key point:** The trader figures in this dashboard are sample content for illustration, not live results. Whatever the source, judge a record by its length, its worst months and its method, not its best number.
`,
	},
	{
		key: 'basics-3',
		tab: 'basics',
		title: 'Brokers, accounts and deposits',
		description: 'Why your money stays with a regulated broker and how to fund from $50.',
		body: `A broker is the company that holds your trading account, executes your orders and keeps your money. On this platform you always deposit with the broker, never with TradeCircle: we do not hold funds, and no one from the platform should ever ask you to send money to them.

## Check the regulator

Brokers are licensed by financial regulators such as the FCA in the United Kingdom, CySEC in Cyprus, ASIC in Australia or the FSCA in South Africa. Regulation matters because it sets rules on how client money is kept and how complaints are handled. Large brokers often run several companies under one brand, each with a different regulator and different protections, so check which company your account is actually opened with: it is written in the account agreement and usually at the bottom of the broker’s website.

## Protections worth asking about

- Segregated client money: your deposit is kept apart from the broker’s own money.
- Negative balance protection: you cannot lose more than you deposited. It is required for retail clients in some regions, not all.
- A compensation scheme, which may cover part of your money if the broker fails.

## Opening and funding an account

1. Sign up with the partner broker through the link in the dashboard, so your account is connected to the platform.
2. Verify your identity: brokers must check an ID document and proof of address.
3. Deposit a first amount you can afford to lose. Starting from $50 is possible and is a sensible way to learn how copying behaves.
4. Read the deposit and withdrawal terms before you fund: methods, processing times and any fees.

Deposit bonuses come with conditions. Bonus credit often cannot be withdrawn, may require a trading volume first, and can be removed if you withdraw early. Read the bonus terms before accepting one.

> **Key point:** Your money sits with the broker, under the broker’s regulator. Know which company and which regulator that is before you deposit.
`,
	},
	{
		key: 'basics-4',
		tab: 'basics',
		title: 'Orders, spreads and fees',
		description: 'Market and pending orders, the spread, swaps and performance fees.',
		body: `Every copied trade has costs, and they are taken whether the trade wins or loses. Small costs on many trades add up, so knowing where they come from helps you compare brokers and traders honestly.

## Orders

- Market order: buy or sell now, at the best available price. It fills quickly, but the price can differ slightly from the one you saw, which is called slippage.
- Pending order: buy or sell only when the price reaches a level you set (a limit or stop order).
- Stop-loss and take-profit: orders that close a position at a chosen loss or gain. When prices jump, a stop-loss can fill worse than its level.

## The costs of a trade

- Spread: the gap between the buying and the selling price. You pay it on every trade, because a new position starts slightly in loss.
- Commission: a fixed charge per trade on some account types, usually in exchange for a tighter spread.
- Swap or overnight financing: a daily charge, sometimes a credit, for leveraged positions kept open past the end of the trading day.
- Currency conversion: if your account currency differs from the currency of a market or of your deposit.
- Deposit, withdrawal and inactivity fees, depending on the broker and the payment method.

## Performance fees on copying

Many copy systems pay the trader a performance fee: a share of the profit made on your copy, commonly between 10% and 40%. It is usually charged only above a high-water mark, meaning the trader earns again only after your copy is above its previous peak. Check how often it is charged, whether it is taken before or after other costs, and whether a 0% fee offer is limited in time.

The platform itself charges members nothing. It earns from broker partnerships through the trading volume of people who sign up with its links, so it is fair to tell you: more trading means more income for us, and more costs for you. More trades are not better in themselves.

> **Key point:** Add up spread, commission, swaps and performance fees before you judge whether a trader’s return is worth copying.
`,
	},
	{
		key: 'basics-5',
		tab: 'basics',
		title: 'Your first copy',
		description: 'Choosing an amount, starting to copy and stopping at any time.',
		body: `Your first copy is a way to learn how copying behaves with real money, not a way to make money quickly. Treat it as a small, time-limited experiment with rules you set before you start.

## Before you start

1. Decide the amount you are prepared to lose entirely, and keep it small: money you need for bills, savings or debts should never be in a trading account.
2. Pick one trader whose method you understand and whose risk level fits you. A low or medium risk trader is easier to learn from than a high risk one.
3. Read the copy settings at your broker: the minimum amount, how positions are scaled, and what happens to open trades when you stop.
4. Set a copy stop-loss, for example 20% of the amount you allocate, so the copy stops on its own if losses reach that level.
5. Write down your plan: the trader, the amount, the stop-loss and a date to review, such as four weeks from now.

## While it runs

Check the copy regularly, but do not react to every trade. Compare what you see with what you expected: Are positions the size you thought? Are costs in line with what you calculated? Does the trader keep to the strategy they describe? Note anything that surprises you.

## Stopping

You can stop copying at any time. Stop when the plan says so: the stop-loss is reached, the review date comes, or the trader changes how they trade. Stopping in the middle of a losing trade locks in that loss, so decide in advance whether your copy stop-loss or your review date decides, not your mood on a bad day.

At the review, look at your net result after all costs, and at what you learned. Only then decide whether to continue, change trader or stop. Growing the amount can wait until you have seen both a good and a bad period.

> **Key point:** Start small, write your rules down before the first trade, and let those rules, not the latest result, decide what you do next.
`,
	},
	{
		key: 'risk-1',
		tab: 'risk',
		title: 'Why most CFD accounts lose money',
		description: 'Leverage, volatility and the 78% figure every broker must publish.',
		body: `A CFD, a contract for difference, is an agreement with a broker to exchange the change in price of a market, such as a currency pair, gold or an index, without owning it. CFDs are usually traded with leverage, and leverage is the main reason most retail accounts lose money.

## How leverage works

With leverage of 1:30 you put up $100 as margin and control a position worth $3,000. A 1% move in your favour gains $30, a 30% return on your margin. A 1% move against you loses $30 just as fast, and a move of about 3.3% against you loses the whole margin; brokers usually close the position before that point. Brokers outside stricter regions may offer 1:500 or more, where a move of 0.2% is enough to lose the margin.

## The 78% figure

Regulators in the United Kingdom and the European Union require CFD brokers to publish the share of their retail client accounts that lose money, and the published figures are typically well above half. This platform shows 78% of retail CFD accounts lose money, because it is a typical figure and because the warning applies to copied trades too: copying a trader does not remove the risk of the products they trade.

## Why the losses happen

- Leverage turns ordinary price moves into large changes of the account balance.
- Costs are paid on every trade, so frequent trading needs a real edge just to break even.
- Prices gap at weekends and on news, so stop-losses can fill far from their level.
- People hold losing positions hoping for a recovery and close winners early, so losses grow larger than gains.
- After a loss, the temptation is to trade bigger to win it back.

None of this means every account loses, and it does not mean a given trader will. It means the starting odds are against the retail client, and that each of your decisions about size, leverage and limits matters.

> **Key point:** Trading CFDs carries a high level of risk: 78% of retail CFD accounts lose money. Only trade with money you can afford to lose.
`,
	},
	{
		key: 'risk-2',
		tab: 'risk',
		title: 'Position size and the 1% rule',
		description: 'How much of your capital one trade should risk.',
		body: `Position size, how much money is at stake in one trade, decides how much a single mistake costs. Many experienced traders limit the loss of any one trade to a small, fixed share of the account, often 1% and rarely more than 2%. This is the 1% rule.

## What the rule means

The rule does not say “put 1% of your money into a trade”. It says the loss, if the stop-loss is hit, should be about 1% of the account. The position can be larger, as long as the distance to the stop-loss keeps the possible loss at that level.

## A worked example

1. Your account holds $500. One percent is $5: the most this trade should lose.
2. The stop-loss is 50 pips away from the entry price.
3. On a currency pair where one pip is worth $0.10 per 1,000 units, 50 pips cost $5 per 1,000 units.
4. So the position is 1,000 units, a micro lot. A stop twice as far away means half the position.

## Why it works

Losing streaks are normal, even for good traders. With 1% risk per trade, ten losses in a row leave about 90% of the account. With 10% risk per trade, the same streak leaves about 35%, and the remaining money has to grow by almost 190% to get back to where it started. Small risk per trade is what keeps a bad run from ending the account.

## Applying it when you copy

When you copy, the trader sets position sizes, so you apply the rule at two levels. First, look for traders whose strategy states a small risk per trade and whose record shows it. Second, size your allocation so that the worst drawdown the trader has had would still be a loss you can accept. If a trader has fallen 30% at their worst and you can accept losing $60, an allocation of about $200 fits; $1,000 does not.

> **Key point:** Decide the loss you can accept first, then size the trade or the copy to it, never the other way round.
`,
	},
	{
		key: 'risk-3',
		tab: 'risk',
		title: 'Stop-loss and drawdown',
		description: 'Setting a copy stop-loss and reading a drawdown chart.',
		body: `A stop-loss closes a losing position automatically at a level you set in advance. For copy trading there are two kinds, and it helps to know both.

- The trader’s stop-loss on each trade, set by the trader and copied into your account with the trade.
- Your copy stop-loss, set by you on the whole copy: if the value of your copy falls by the amount you chose, the broker stops copying and closes the copied positions.

Your copy stop-loss is the one you control. Set it when you start copying, at a loss you are prepared to take, and do not widen it while the copy is losing.

## Drawdown

A drawdown is the fall from a peak in account value to a later low, in percent. If a copy grows to $1,200 and then falls to $900, the drawdown is 25%. The maximum drawdown is the largest such fall in a record, and it is one of the most useful figures on a trader profile: it shows the worst ride the trader’s followers have already had.

## The arithmetic of recovery

Losses and gains are not symmetrical. The deeper the fall, the larger the gain needed just to get back:

- A 10% loss needs an 11% gain to recover.
- A 25% loss needs a 33% gain.
- A 50% loss needs a 100% gain.
- A 75% loss needs a 300% gain.

## Reading a drawdown chart

An equity curve shows the account’s value over time; the drawdown is the gap between the curve and its previous highest point. Look at how deep the dips go, how long they last and how often they come. A trader whose drawdowns are shallow and short is taking less risk than one with the same return and long, deep dips.

Stops have limits. When markets gap, at a weekend or on big news, a stop-loss fills at the next available price, which can be worse than its level.

> **Key point:** Set your copy stop-loss before you start. If it is tighter than the trader’s worst drawdown, an ordinary bad month can stop the copy: decide in advance that you accept this.
`,
	},
	{
		key: 'risk-4',
		tab: 'risk',
		title: 'Risk Shield: splitting capital',
		description: 'Spreading one deposit across traders with different styles.',
		body: `Risk Shield is the platform’s name for a simple idea: instead of putting one deposit behind one trader, split it across two or more traders whose methods differ. If one trader has a bad month, the others are not necessarily having one too.

## Why splitting helps

Every trader has periods when their method does not suit the market. Trend followers struggle in sideways markets; range traders struggle in strong trends. With your whole deposit on one trader, their worst month is your worst month. Split across traders with different styles, markets and holding times, the swings of the whole tend to be smaller than the swings of each part.

## Splitting well

- Choose different markets: a currency trader, an index trader and a commodities trader react to different news.
- Choose different styles: trend following, range trading and longer swing trades behave differently in the same week.
- Mix risk levels on purpose, with more of the deposit on lower risk traders.
- Respect minimums: each copy needs enough money to reproduce the trader’s positions. Risk Shield starts at $50 split across two traders; check your broker’s minimum per copy.
- Write the split down, for example 60% and 40%, so you can rebalance later.

## What splitting does not do

Splitting reduces the risk that one trader’s mistakes hurt you badly. It does not remove market risk: in a sharp market-wide move, several traders can lose at once, especially if they trade similar markets with leverage. Two traders who both buy gold on the same news are one bet, not two. Splitting also spreads costs: each copy pays its own spreads and fees.

Check how the traders have moved in the same months. If their monthly bars rise and fall together, the split adds little; if their bad months come at different times, it is doing its job.

> **Key point:** Split across traders who differ in market and method, not just in name, and remember that splitting softens losses without preventing them.
`,
	},
	{
		key: 'risk-5',
		tab: 'risk',
		title: 'When to stop copying',
		description: 'Signals that a trader no longer fits your plan.',
		body: `Starting to copy is one decision; stopping is the one that people tend to leave too late. The best time to decide when you will stop is before you start, while you can think calmly.

## Stop rules you can set in advance

- Your copy stop-loss is reached.
- The copy falls further than the trader’s previous maximum drawdown: something is different from the record you chose.
- Your review date arrives and the result after costs does not justify continuing.

## Warning signs in the trader’s behaviour

- Position sizes grow, especially after losses. Doubling the size after each loss, known as martingale, or adding to a losing position again and again, can produce a smooth curve for months and then a very large loss.
- Trades without stop-losses start to appear, or losing trades are held for weeks.
- The trader moves to markets or a style different from the one described.
- Long silences, or a burst of many trades after a quiet period.
- The risk level shown for the trader rises.

## Reasons on your side

Your own situation counts as much as the trader’s. If you need the money sooner than planned, if the losses keep you awake, or if you find yourself checking the copy many times a day, the copy no longer fits your plan, whatever the trader does.

## How to stop

Stopping a copy usually closes the copied positions at the current market price, which can lock in a loss on trades that might have recovered, or might have fallen further. Neither outcome is knowable. Stop because a rule says so, not because of one trade. Afterwards, write down why you stopped and what you would check earlier next time.

Stopping is not a failure. Leaving a copy that no longer fits is part of managing risk, just as choosing the trader was.

> **Key point:** Write your stop rules down before you start copying, and follow them when they trigger rather than hoping for a recovery.
`,
	},
	{
		key: 'portfolio-1',
		tab: 'portfolio',
		title: 'Goals and time horizon',
		description: 'Matching traders to what you want and when you need the money.',
		body: `Before choosing traders, decide what the money is for and when you might need it. The answer sets how much you can put at risk and which kind of trader fits, far more than any ranking does.

## First, the money that should not be traded

- An emergency fund: a few months of essential spending, in a savings account you can reach quickly.
- Money for known bills and debts, especially expensive ones such as credit cards or loans.
- Money you will need within the next year, for school fees, rent or a purchase.

Only what is left after these is a candidate for trading, and only the part you could lose without changing how you live. Never borrow to trade.

## Time horizon

Your horizon is how long the money can stay invested without you needing it. Leveraged trading accounts can fall sharply in a few weeks, so a short horizon means you may have to withdraw in the middle of a drawdown. The shorter the horizon, the smaller the amount and the lower the risk level you should choose.

## Writing a goal

A useful goal is specific and includes its limits. Compare “make money trading” with “learn copy trading with $200 over six months, accept losing all of it, and review each month”. The second tells you how much to allocate, what loss is acceptable and when to decide again.

Be careful with goals stated as returns, such as “double my money this year”. No trader can promise a return, and aiming for a high one pushes you towards high risk traders and large positions, the same things that cause most losses.

## Matching traders to goals

A learning goal fits a small amount with one low or medium risk trader. A longer horizon with a larger amount fits several traders with different styles. High risk traders suit only money you treat as fully at risk.

> **Key point:** Set aside the money you need first, then choose an amount, a horizon and a risk level; choose traders last.
`,
	},
	{
		key: 'portfolio-2',
		tab: 'portfolio',
		title: 'Mixing risk levels',
		description: 'Combining low, medium and high risk traders.',
		body: `Each trader in the dashboard carries a risk level: Low, Medium or High. The level describes how much their account swings, not how good they are. Mixing levels lets you decide how much of your money sits in each kind of swing.

## What the levels usually mean

- Low: small positions, tight stop-losses, modest returns and shallow drawdowns. Progress is slow but steadier.
- Medium: larger swings, more concentrated positions, drawdowns that can reach 20% or more.
- High: leveraged, volatile strategies on markets such as gold, oil or crypto. Strong months and deep losses are both common, and a large part of the allocation can be lost quickly.

## A core and a satellite

A common way to mix levels is a core of lower risk copies that carries most of the money, and small satellites of higher risk copies. As an illustration, not a recommendation, a member with $500 might allocate $300 to a low risk trader, $150 to a medium risk trader and $50 to a high risk one. If the high risk copy loses half, the whole portfolio loses 5%; if it were the core, the loss would be 30%.

## Checking the mix

1. Write down each copy, its risk level and its share of the total.
2. Look up each trader’s worst drawdown and multiply it by the amount allocated: that is roughly what a bad period could cost.
3. Add these figures up. If the total is more than you could accept losing at once, move money towards the lower risk copies or reduce the total.

Risk levels change. A trader can move from Medium to High as positions grow, so recheck the levels at every review, not only at the start.

Returns tempt in the other direction: the high risk trader with the best month pulls money towards them. A mix only protects you if you keep to it when the riskiest copy is doing best.

> **Key point:** Let the share of money in each risk level follow the loss you can accept, and keep the highest risk copies the smallest.
`,
	},
	{
		key: 'portfolio-3',
		tab: 'portfolio',
		title: 'Rebalancing monthly',
		description: 'Moving capital between traders on a fixed schedule.',
		body: `Once you copy more than one trader, the split you chose will drift. The copy that did well grows into a larger share of the total; the one that did badly shrinks. Rebalancing is moving money back to the split you planned, on a schedule you fixed in advance.

## Why drift matters

Suppose you split $400 equally between a low risk and a high risk trader. After a strong month for the high risk copy, it may be worth $260 and the low risk copy $210. Without any decision on your part, 55% of your money is now in the riskiest copy. Drift tends to increase risk after good runs, which is exactly when a reversal hurts most.

## A monthly routine

1. Pick a date, for example the first weekend of each month.
2. Note the value of each copy and of the whole account.
3. Compare each share with your target split.
4. If a share is off by more than a threshold you chose, such as five percentage points, move money to bring it back. If not, do nothing.
5. Write down what you changed and why.

## Costs and side effects

Moving money usually means reducing one copy and adding to another, which can close positions and open new ones, with spreads and sometimes fees each time. That is why a threshold helps: small differences are not worth the cost. Check too whether reducing a copy resets the performance fee’s high-water mark at your broker.

## What rebalancing is not

It is not chasing last month’s best trader, and it is not adding money to a copy to win back its losses. The schedule and the target split do the deciding. If a trader has broken one of your stop rules, stop that copy first and rebalance the rest; rebalancing is for copies you still want to keep.

> **Key point:** Rebalance on a fixed date to a written target split, with a threshold, so the plan rather than recent results decides where your money sits.
`,
	},
	{
		key: 'portfolio-4',
		tab: 'portfolio',
		title: 'Tracking results honestly',
		description: 'Keeping a record of deposits, withdrawals and net results.',
		body: `It is easy to feel you are doing well and be wrong. Balances move with deposits, withdrawals and bonuses, not only with trading, and memory keeps the good weeks. A simple record, kept every month, tells you what actually happened.

## What to record

- Every deposit and withdrawal, with its date and amount.
- Any bonus credit, kept separate: it is usually not withdrawable and is not your money.
- The value of each copy and of the whole account at each review date.
- Fees you can see: performance fees, withdrawal fees, conversion costs.
- A line on each decision: started, stopped, rebalanced, and why.

## Your net result

The figure that matters is: current balance, plus everything you withdrew, minus everything you deposited, minus any bonus credit still in the balance. If you deposited $300, withdrew $50 and the balance is $280 including $20 of bonus, your net result is 280 + 50 − 300 − 20 = $10. A balance that looks higher than your first deposit is not a profit if you added money along the way.

## Comparing fairly

Compare your result with what the trader’s profile shows for the same months: a large gap usually means costs, slippage or a different start date. Compare also with the simple alternative of leaving the money in savings. A small gain taken with high risk may not have been worth it.

## Honest habits

- Record losing months as carefully as winning ones.
- Keep the same review date, so months are comparable.
- Keep the records: many countries tax trading gains, and you will need them.

> **Key point:** Net result = balance + withdrawals − deposits − bonus credit. Track it monthly, in writing, including the bad months.
`,
	},
	{
		key: 'portfolio-5',
		tab: 'portfolio',
		title: 'Growing your plan',
		description: 'When more capital makes sense, and when it does not.',
		body: `After a few good months it is natural to want to add money. Sometimes that is reasonable; often it is the moment risk quietly grows. This lesson is about telling the two apart.

## When adding capital can make sense

- You have tracked your net result for at least six months, including at least one losing period, and you understand why each month went the way it did.
- You kept to your own rules: stop-losses, review dates, rebalancing.
- The money you would add is genuinely spare: your emergency fund and known bills are covered.
- The traders you copy are behaving as their record describes, with no warning signs.

## When it does not

- To win back a loss. Adding money to recover faster is the same pattern as a trader doubling up after a loss.
- Because of one strong month, or because someone else is doing well.
- Because of a bonus or offer that expires soon: urgency is a sales tool, not a reason.
- With borrowed money, or money needed within the year.

## Adding in steps

If you decide to grow, do it gradually: add a set amount at a review date, keep your split and your risk levels, and resize every copy stop-loss so the possible loss in money stays acceptable. A copy stop-loss of 20% on $200 is $40; on $2,000 it is $400. Make sure you are comfortable with the new amount before you add.

## Plans on this platform

Premium plans give access to extras such as 0% fee offers. They do not change how much the traders risk, and a higher plan is not a reason to deposit more. Move to a larger plan only when your capital has grown for the reasons above.

Withdrawing part of your gains from time to time is also a valid way to grow: it turns a balance on screen into money you keep.

> **Key point:** Grow slowly, only with spare money and a record that includes losses, and never to recover a loss.
`,
	},
]
