CREATE TABLE `announcements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`audience` text DEFAULT 'all' NOT NULL,
	`audience_count` integer,
	`sent_count` integer DEFAULT 0 NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`last_user_id` integer,
	`delivery_started_at` integer,
	`delivery_finished_at` integer,
	`status` text DEFAULT 'draft' NOT NULL,
	`publish_at` integer,
	`expires_at` integer,
	`published_at` integer,
	`sample` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `announcements_status_finished_idx` ON `announcements` (`status`,`delivery_finished_at`);--> statement-breakpoint
CREATE INDEX `announcements_status_publish_idx` ON `announcements` (`status`,`publish_at`);--> statement-breakpoint
CREATE INDEX `announcements_status_expires_idx` ON `announcements` (`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `users_plan_id_idx` ON `users` (`plan`,`id`);