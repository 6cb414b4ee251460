CREATE TABLE `admin_pending_sign_ins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`admin_id` integer NOT NULL,
	`redirect_to` text DEFAULT '' NOT NULL,
	`failed_attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_pending_sign_ins_token_hash_unique` ON `admin_pending_sign_ins` (`token_hash`);--> statement-breakpoint
CREATE INDEX `admin_pending_sign_ins_expires_at_idx` ON `admin_pending_sign_ins` (`expires_at`);--> statement-breakpoint
CREATE INDEX `admin_pending_sign_ins_admin_id_idx` ON `admin_pending_sign_ins` (`admin_id`);--> statement-breakpoint
CREATE TABLE `admin_recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_recovery_codes_hash_unique` ON `admin_recovery_codes` (`admin_id`,`code_hash`);--> statement-breakpoint
ALTER TABLE `admins` ADD `totp_secret` text;--> statement-breakpoint
ALTER TABLE `admins` ADD `totp_enabled_at` integer;--> statement-breakpoint
ALTER TABLE `admins` ADD `totp_last_step` integer;--> statement-breakpoint
ALTER TABLE `admins` ADD `totp_pending_secret` text;--> statement-breakpoint
ALTER TABLE `admins` ADD `totp_pending_at` integer;