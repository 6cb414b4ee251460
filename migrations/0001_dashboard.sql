CREATE TABLE `contest_participants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contest_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`score` integer DEFAULT 0 NOT NULL,
	`rank` integer,
	`scored_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`joined_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contest_participants_contest_user_unique` ON `contest_participants` (`contest_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `contest_participants_ranking_idx` ON `contest_participants` (`contest_id`,"score" desc,`scored_at`,`id`);--> statement-breakpoint
CREATE INDEX `contest_participants_user_idx` ON `contest_participants` (`user_id`);--> statement-breakpoint
CREATE TABLE `contests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`type` text DEFAULT 'referral' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`prize_first` text NOT NULL,
	`prize_second` text,
	`prize_third` text,
	`rules` text NOT NULL,
	`max_participants` integer,
	`completed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contests_status_type_idx` ON `contests` (`status`,`type`,`start_date`);--> statement-breakpoint
CREATE INDEX `contests_created_at_idx` ON `contests` (`created_at`);--> statement-breakpoint
CREATE TABLE `fee_offer_claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`offer_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fee_offer_claims_user_offer_unique` ON `fee_offer_claims` (`user_id`,`offer_id`);--> statement-breakpoint
CREATE INDEX `fee_offer_claims_offer_idx` ON `fee_offer_claims` (`offer_id`);--> statement-breakpoint
CREATE TABLE `lesson_completions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`lesson_id` text NOT NULL,
	`completed_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lesson_completions_user_lesson_unique` ON `lesson_completions` (`user_id`,`lesson_id`);--> statement-breakpoint
CREATE TABLE `plan_activations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`code_id` integer,
	`from_plan` text NOT NULL,
	`to_plan` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`code_id`) REFERENCES `plan_codes`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plan_activations_code_user_unique` ON `plan_activations` (`code_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `plan_activations_user_idx` ON `plan_activations` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `plan_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`plan` text NOT NULL,
	`max_uses` integer DEFAULT 1 NOT NULL,
	`uses` integer DEFAULT 0 NOT NULL,
	`expires_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plan_codes_code_unique` ON `plan_codes` (`code`);--> statement-breakpoint
CREATE TABLE `referral_credits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`referrer_id` integer NOT NULL,
	`referred_user_id` integer,
	`points` integer NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referred_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `referral_credits_referred_user_unique` ON `referral_credits` (`referred_user_id`);--> statement-breakpoint
CREATE INDEX `referral_credits_referrer_idx` ON `referral_credits` (`referrer_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `last_referral_at` integer;--> statement-breakpoint
CREATE INDEX `users_referral_rank_idx` ON `users` ("referral_points" desc,`last_referral_at`,`id`);