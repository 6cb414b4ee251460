CREATE TABLE `lesson_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lesson_id` integer NOT NULL,
	`version` integer NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`body` text NOT NULL,
	`body_html` text NOT NULL,
	`saved_by_id` integer,
	`saved_by` text NOT NULL,
	`saved_at` integer NOT NULL,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lesson_versions_lesson_version_unique` ON `lesson_versions` (`lesson_id`,`version`);--> statement-breakpoint
CREATE TABLE `lessons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`tab` text NOT NULL,
	`position` integer NOT NULL,
	`duration` integer,
	`body` text NOT NULL,
	`body_html` text NOT NULL,
	`words` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`publish_at` integer,
	`expires_at` integer,
	`published_at` integer,
	`sample` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lessons_key_unique` ON `lessons` (`key`);--> statement-breakpoint
CREATE INDEX `lessons_tab_position_idx` ON `lessons` (`tab`,`position`);--> statement-breakpoint
CREATE INDEX `lessons_status_expires_idx` ON `lessons` (`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `lessons_status_publish_idx` ON `lessons` (`status`,`publish_at`);