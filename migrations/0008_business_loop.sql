CREATE TABLE `broker_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`broker_id` integer NOT NULL,
	`tracking_id` text NOT NULL,
	`click_count` integer DEFAULT 0 NOT NULL,
	`first_click_at` integer,
	`last_click_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`broker_id`) REFERENCES `brokers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `broker_accounts_tracking_id_unique` ON `broker_accounts` (`tracking_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `broker_accounts_user_broker_unique` ON `broker_accounts` (`user_id`,`broker_id`);--> statement-breakpoint
CREATE INDEX `broker_accounts_broker_idx` ON `broker_accounts` (`broker_id`);--> statement-breakpoint
CREATE TABLE `broker_clicks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`broker_id` integer NOT NULL,
	`user_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`broker_id`) REFERENCES `brokers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `broker_clicks_broker_created_idx` ON `broker_clicks` (`broker_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `broker_clicks_user_idx` ON `broker_clicks` (`user_id`);--> statement-breakpoint
CREATE TABLE `broker_report_rows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` integer NOT NULL,
	`line` integer NOT NULL,
	`broker_account_id` integer,
	`user_id` integer,
	`deposits_cents` integer NOT NULL,
	`withdrawals_cents` integer NOT NULL,
	`volume_cents` integer NOT NULL,
	`commission_cents` integer NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `broker_reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`broker_account_id`) REFERENCES `broker_accounts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `broker_report_rows_report_idx` ON `broker_report_rows` (`report_id`);--> statement-breakpoint
CREATE INDEX `broker_report_rows_user_idx` ON `broker_report_rows` (`user_id`,`report_id`);--> statement-breakpoint
CREATE TABLE `broker_report_uploads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`broker_id` integer NOT NULL,
	`admin_id` integer,
	`month` text NOT NULL,
	`file_name` text DEFAULT '' NOT NULL,
	`content_hash` text NOT NULL,
	`content` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`broker_id`) REFERENCES `brokers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `broker_report_uploads_broker_idx` ON `broker_report_uploads` (`broker_id`,`admin_id`);--> statement-breakpoint
CREATE INDEX `broker_report_uploads_created_idx` ON `broker_report_uploads` (`created_at`);--> statement-breakpoint
CREATE TABLE `broker_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`broker_id` integer NOT NULL,
	`month` text NOT NULL,
	`content_hash` text NOT NULL,
	`file_name` text DEFAULT '' NOT NULL,
	`row_count` integer NOT NULL,
	`deposits_cents` integer NOT NULL,
	`withdrawals_cents` integer NOT NULL,
	`volume_cents` integer NOT NULL,
	`commission_cents` integer NOT NULL,
	`revenue_entry_id` integer,
	`admin_id` integer,
	`applied_at` integer NOT NULL,
	`reversed_at` integer,
	`replaced_by_id` integer,
	FOREIGN KEY (`broker_id`) REFERENCES `brokers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`revenue_entry_id`) REFERENCES `revenue_entries`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `broker_reports_applied_month_unique` ON `broker_reports` (`broker_id`,`month`) WHERE "broker_reports"."reversed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX `broker_reports_applied_hash_unique` ON `broker_reports` (`content_hash`) WHERE "broker_reports"."reversed_at" is null;--> statement-breakpoint
CREATE INDEX `broker_reports_broker_month_idx` ON `broker_reports` (`broker_id`,`month`);--> statement-breakpoint
CREATE INDEX `broker_reports_month_idx` ON `broker_reports` (`month`);--> statement-breakpoint
CREATE TABLE `brokers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`regulator` text NOT NULL,
	`licence` text NOT NULL,
	`loss_percent` real NOT NULL,
	`min_deposit_cents` integer DEFAULT 0 NOT NULL,
	`affiliate_url` text NOT NULL,
	`rating` real DEFAULT 0 NOT NULL,
	`bonus` text DEFAULT '' NOT NULL,
	`features` text DEFAULT '' NOT NULL,
	`recommended` integer DEFAULT false NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `brokers_slug_unique` ON `brokers` (`slug`);--> statement-breakpoint
CREATE INDEX `brokers_active_order_idx` ON `brokers` (`active`,`sort_order`);--> statement-breakpoint
CREATE TABLE `member_activity_days` (
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `member_activity_days_user_day_unique` ON `member_activity_days` (`user_id`,`day`);--> statement-breakpoint
CREATE INDEX `member_activity_days_day_idx` ON `member_activity_days` (`day`);