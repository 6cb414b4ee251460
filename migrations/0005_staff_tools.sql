CREATE TABLE `plan_code_batches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`plan` text NOT NULL,
	`count` integer NOT NULL,
	`uses_per_code` integer DEFAULT 1 NOT NULL,
	`expires_at` integer,
	`note` text DEFAULT '' NOT NULL,
	`created_by_admin_id` integer,
	`created_by_email` text DEFAULT 'system' NOT NULL,
	`revoked_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`created_by_admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `plan_code_batches_created_at_idx` ON `plan_code_batches` (`created_at`);--> statement-breakpoint
CREATE TABLE `scheduled_jobs` (
	`name` text PRIMARY KEY NOT NULL,
	`lease_holder` text,
	`lease_expires_at` integer,
	`next_run_at` integer NOT NULL,
	`last_started_at` integer,
	`last_success_at` integer,
	`last_error` text,
	`last_result` text
);
--> statement-breakpoint
DROP INDEX `audit_log_admin_id_idx`;--> statement-breakpoint
CREATE INDEX `audit_log_admin_created_idx` ON `audit_log` (`admin_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_action_created_idx` ON `audit_log` (`action`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_type_created_idx` ON `audit_log` (`target_type`,`created_at`);--> statement-breakpoint
DROP INDEX `fee_offer_claims_offer_idx`;--> statement-breakpoint
ALTER TABLE `fee_offer_claims` ADD `status` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE `fee_offer_claims` ADD `note` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `fee_offer_claims` ADD `updated_at` integer;--> statement-breakpoint
CREATE INDEX `fee_offer_claims_status_idx` ON `fee_offer_claims` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `fee_offer_claims_offer_status_idx` ON `fee_offer_claims` (`offer_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `fee_offer_claims_created_at_idx` ON `fee_offer_claims` (`created_at`);--> statement-breakpoint
CREATE INDEX `fee_offer_claims_offer_idx` ON `fee_offer_claims` (`offer_id`,`created_at`);--> statement-breakpoint
DROP INDEX `revenue_entries_month_idx`;--> statement-breakpoint
ALTER TABLE `revenue_entries` ADD `voided_at` integer;--> statement-breakpoint
ALTER TABLE `revenue_entries` ADD `void_reason` text;--> statement-breakpoint
ALTER TABLE `revenue_entries` ADD `correction_reason` text;--> statement-breakpoint
ALTER TABLE `revenue_entries` ADD `updated_at` integer;--> statement-breakpoint
CREATE INDEX `revenue_entries_created_at_idx` ON `revenue_entries` (`created_at`);--> statement-breakpoint
CREATE INDEX `revenue_entries_month_idx` ON `revenue_entries` (`month`,`voided_at`,`amount_cents`);--> statement-breakpoint
ALTER TABLE `admins` ADD `disabled_at` integer;--> statement-breakpoint
ALTER TABLE `admins` ADD `updated_at` integer;--> statement-breakpoint
ALTER TABLE `plan_codes` ADD `batch_id` integer REFERENCES plan_code_batches(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `plan_codes` ADD `revoked_at` integer;--> statement-breakpoint
CREATE INDEX `plan_codes_batch_idx` ON `plan_codes` (`batch_id`,`id`);--> statement-breakpoint
CREATE INDEX `plan_codes_expires_at_idx` ON `plan_codes` (`expires_at`);--> statement-breakpoint
ALTER TABLE `system_alerts` ADD `acknowledged_at` integer;--> statement-breakpoint
ALTER TABLE `system_alerts` ADD `acknowledged_by_email` text;--> statement-breakpoint
ALTER TABLE `system_alerts` ADD `resolved_by_email` text;--> statement-breakpoint
CREATE INDEX `system_alerts_created_at_idx` ON `system_alerts` (`created_at`);--> statement-breakpoint
CREATE INDEX `system_alerts_type_created_idx` ON `system_alerts` (`type`,`created_at`);--> statement-breakpoint
ALTER TABLE `unlock_codes` ADD `created_by_admin_id` integer REFERENCES admins(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `unlock_codes` ADD `created_by_email` text DEFAULT 'system' NOT NULL;--> statement-breakpoint
ALTER TABLE `unlock_codes` ADD `retired_at` integer;--> statement-breakpoint
ALTER TABLE `unlock_codes` ADD `retired_by_email` text;--> statement-breakpoint
CREATE INDEX `unlock_codes_created_at_idx` ON `unlock_codes` (`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `unlock_code_id` integer REFERENCES unlock_codes(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `users_unlock_code_id_idx` ON `users` (`unlock_code_id`);--> statement-breakpoint
CREATE INDEX `plan_activations_code_idx` ON `plan_activations` (`code_id`,`created_at`);--> statement-breakpoint
-- Codes issued before batches existed (the seed's one per plan) join a
-- batch per plan, so every code is listed on /admin/codes.
INSERT INTO `plan_code_batches` (`plan`, `count`, `uses_per_code`, `expires_at`, `note`, `created_at`)
	SELECT `plan`, count(*), max(`max_uses`), CASE WHEN count(`expires_at`) = count(*) THEN max(`expires_at`) END, 'Issued at start-up', min(`created_at`)
	FROM `plan_codes` WHERE `batch_id` IS NULL GROUP BY `plan`;--> statement-breakpoint
UPDATE `plan_codes` SET `batch_id` = (
	SELECT b.`id` FROM `plan_code_batches` b WHERE b.`plan` = `plan_codes`.`plan` AND b.`note` = 'Issued at start-up'
) WHERE `batch_id` IS NULL;
