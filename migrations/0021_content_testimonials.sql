CREATE TABLE `testimonials` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`country` text NOT NULL,
	`text` text NOT NULL,
	`profit` text NOT NULL,
	`consent_on` text NOT NULL,
	`consent_how` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`publish_at` integer,
	`expires_at` integer,
	`published_at` integer,
	`sample` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `testimonials_status_expires_idx` ON `testimonials` (`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `testimonials_status_publish_idx` ON `testimonials` (`status`,`publish_at`);