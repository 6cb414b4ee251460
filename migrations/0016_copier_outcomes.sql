CREATE TABLE `copier_months` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` integer NOT NULL,
	`trader_id` integer NOT NULL,
	`member_key` integer NOT NULL,
	`month` text NOT NULL,
	`net_result_cents` integer NOT NULL,
	`net_deposit_cents` integer NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `broker_reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`trader_id`) REFERENCES `traders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `copier_months_report_idx` ON `copier_months` (`report_id`);--> statement-breakpoint
CREATE INDEX `copier_months_trader_member_idx` ON `copier_months` (`trader_id`,`member_key`,`month`);--> statement-breakpoint
CREATE TABLE `trader_cohorts` (
	`trader_id` integer NOT NULL,
	`month` text NOT NULL,
	`members` integer NOT NULL,
	`measured` integer NOT NULL,
	`median_return` real,
	`in_profit` integer NOT NULL,
	PRIMARY KEY(`trader_id`, `month`),
	FOREIGN KEY (`trader_id`) REFERENCES `traders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `trader_copiers` (
	`trader_id` integer NOT NULL,
	`member_key` integer NOT NULL,
	`first_month` text NOT NULL,
	`last_month` text NOT NULL,
	`months` integer NOT NULL,
	`net_result_cents` integer NOT NULL,
	`net_deposit_cents` integer NOT NULL,
	PRIMARY KEY(`trader_id`, `member_key`),
	FOREIGN KEY (`trader_id`) REFERENCES `traders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `trader_copiers_cohort_idx` ON `trader_copiers` (`trader_id`,`first_month`);--> statement-breakpoint
CREATE TABLE `trader_outcomes` (
	`trader_id` integer PRIMARY KEY NOT NULL,
	`members` integer NOT NULL,
	`first_month` text NOT NULL,
	`last_month` text NOT NULL,
	`computed_at` integer NOT NULL,
	FOREIGN KEY (`trader_id`) REFERENCES `traders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `broker_report_rows` ADD `trader_id` integer REFERENCES traders(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `broker_report_rows` ADD `net_result_cents` integer;