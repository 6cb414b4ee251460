CREATE TABLE `trader_equity` (
	`trader_id` integer NOT NULL,
	`date` text NOT NULL,
	`equity` real NOT NULL,
	`deposits` real DEFAULT 0 NOT NULL,
	`withdrawals` real DEFAULT 0 NOT NULL,
	FOREIGN KEY (`trader_id`) REFERENCES `traders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `trader_equity_trader_date_unique` ON `trader_equity` (`trader_id`,`date`);--> statement-breakpoint
CREATE TABLE `trader_reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`trader_id` integer NOT NULL,
	`from_status` text NOT NULL,
	`to_status` text NOT NULL,
	`note` text NOT NULL,
	`admin_id` integer,
	`admin_email` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`trader_id`) REFERENCES `traders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `trader_reviews_trader_idx` ON `trader_reviews` (`trader_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `trader_statement_uploads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`trader_id` integer NOT NULL,
	`admin_id` integer,
	`kind` text NOT NULL,
	`file_name` text DEFAULT '' NOT NULL,
	`content_hash` text NOT NULL,
	`content` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`trader_id`) REFERENCES `traders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `trader_statement_uploads_trader_idx` ON `trader_statement_uploads` (`trader_id`,`admin_id`);--> statement-breakpoint
CREATE INDEX `trader_statement_uploads_created_idx` ON `trader_statement_uploads` (`created_at`);--> statement-breakpoint
CREATE TABLE `trader_statements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`trader_id` integer NOT NULL,
	`kind` text NOT NULL,
	`file_name` text DEFAULT '' NOT NULL,
	`content_hash` text NOT NULL,
	`row_count` integer NOT NULL,
	`from_date` text,
	`to_date` text,
	`replaced_rows` integer DEFAULT 0 NOT NULL,
	`admin_id` integer,
	`admin_email` text NOT NULL,
	`applied_at` integer NOT NULL,
	FOREIGN KEY (`trader_id`) REFERENCES `traders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `trader_statements_trader_idx` ON `trader_statements` (`trader_id`,`applied_at`);--> statement-breakpoint
CREATE TABLE `trader_trades` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`trader_id` integer NOT NULL,
	`ticket` text NOT NULL,
	`opened_at` text NOT NULL,
	`closed_at` text NOT NULL,
	`symbol` text NOT NULL,
	`side` text NOT NULL,
	`volume` real NOT NULL,
	`open_price` real NOT NULL,
	`close_price` real NOT NULL,
	`stop_loss` real,
	`profit` real NOT NULL,
	FOREIGN KEY (`trader_id`) REFERENCES `traders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `trader_trades_trader_ticket_unique` ON `trader_trades` (`trader_id`,`ticket`);--> statement-breakpoint
CREATE INDEX `trader_trades_trader_closed_idx` ON `trader_trades` (`trader_id`,`closed_at`);--> statement-breakpoint
CREATE TABLE `traders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`strategy` text NOT NULL,
	`markets` text NOT NULL,
	`broker_id` integer NOT NULL,
	`account_ref` text NOT NULL,
	`country` text NOT NULL,
	`currency` text NOT NULL,
	`start_date` text NOT NULL,
	`status` text DEFAULT 'applied' NOT NULL,
	`status_note` text DEFAULT '' NOT NULL,
	`status_changed_at` integer NOT NULL,
	`sample` integer DEFAULT false NOT NULL,
	`identity_checked_at` integer,
	`identity_checked_by` text,
	`broker_account_verified_at` integer,
	`broker_account_verified_by` text,
	`statement_source_verified_at` integer,
	`statement_source_verified_by` text,
	`strategy_matches_trades_at` integer,
	`strategy_matches_trades_by` text,
	`risk_acceptable_at` integer,
	`risk_acceptable_by` text,
	`reviewed_at` integer,
	`reviewed_by` text,
	`next_review_date` text,
	`statements_from` text,
	`statements_until` text,
	`risk_score` integer,
	`score` real,
	`return_1m` real,
	`return_3m` real,
	`return_12m` real,
	`return_since_start` real,
	`cagr` real,
	`max_drawdown` real,
	`current_drawdown` real,
	`volatility` real,
	`sharpe` real,
	`sortino` real,
	`calmar` real,
	`trade_count` integer DEFAULT 0 NOT NULL,
	`win_rate` real,
	`profit_factor` real,
	`average_win` real,
	`average_loss` real,
	`expectancy` real,
	`average_holding_hours` real,
	`no_stop_loss_share` real,
	`flag_count` integer DEFAULT 0 NOT NULL,
	`figures` text,
	`computed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`broker_id`) REFERENCES `brokers`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `traders_slug_unique` ON `traders` (`slug`);--> statement-breakpoint
CREATE INDEX `traders_status_idx` ON `traders` (`status`,`score`);--> statement-breakpoint
CREATE INDEX `traders_broker_idx` ON `traders` (`broker_id`);--> statement-breakpoint
CREATE INDEX `traders_flags_idx` ON `traders` (`flag_count`,`status`);