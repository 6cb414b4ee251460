CREATE TABLE `consents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`version` text NOT NULL,
	`source` text NOT NULL,
	`admin_id` integer,
	`accepted_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `consents_user_idx` ON `consents` (`user_id`,`kind`,`accepted_at`);--> statement-breakpoint
CREATE TABLE `email_change_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`new_email` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_change_tokens_hash_unique` ON `email_change_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `email_change_tokens_user_idx` ON `email_change_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `notification_preferences` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`email` integer NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notification_preferences_user_kind_unique` ON `notification_preferences` (`user_id`,`kind`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`link` text,
	`read_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_created_idx` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_user_unread_idx` ON `notifications` (`user_id`,`read_at`);--> statement-breakpoint
CREATE TABLE `platform_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`admin_id` integer,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `referral_credits` ADD `status` text DEFAULT 'credited' NOT NULL;--> statement-breakpoint
ALTER TABLE `referral_credits` ADD `signals` text;--> statement-breakpoint
ALTER TABLE `referral_credits` ADD `reviewed_at` integer;--> statement-breakpoint
ALTER TABLE `referral_credits` ADD `reviewed_by` integer;--> statement-breakpoint
ALTER TABLE `referral_credits` ADD `review_reason` text;--> statement-breakpoint
CREATE INDEX `referral_credits_status_idx` ON `referral_credits` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `signup_client` text;--> statement-breakpoint
ALTER TABLE `users` ADD `unlock_client` text;--> statement-breakpoint
ALTER TABLE `users` ADD `closed_at` integer;--> statement-breakpoint
CREATE INDEX `users_signup_client_idx` ON `users` (`signup_client`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_unlock_client_idx` ON `users` (`unlock_client`,`unlocked_at`);--> statement-breakpoint
CREATE INDEX `users_phone_idx` ON `users` (`phone`);