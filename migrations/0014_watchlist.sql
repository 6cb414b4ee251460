CREATE TABLE `watchlist` (
	`user_id` integer NOT NULL,
	`trader_id` integer NOT NULL,
	`drawdown_alert` integer DEFAULT 20 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`seen_at` integer NOT NULL,
	`seen` text NOT NULL,
	`drawdown_alerted` integer DEFAULT false NOT NULL,
	`risk_baseline` integer,
	`alerted_flags` text NOT NULL,
	`alerted_status` text NOT NULL,
	`alerted_stale_until` text,
	PRIMARY KEY(`user_id`, `trader_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`trader_id`) REFERENCES `traders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `watchlist_trader_news_idx` ON `watchlist` (`trader_id`,`drawdown_alerted`,`drawdown_alert`,`risk_baseline`,`alerted_status`,`alerted_stale_until`,`alerted_flags`);--> statement-breakpoint
ALTER TABLE `traders` ADD `watch_checked_at` integer;