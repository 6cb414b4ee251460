CREATE TABLE `promotions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`description` text NOT NULL,
	`broker_id` integer,
	`status` text DEFAULT 'draft' NOT NULL,
	`publish_at` integer,
	`expires_at` integer,
	`published_at` integer,
	`sample` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`broker_id`) REFERENCES `brokers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `promotions_status_expires_idx` ON `promotions` (`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `promotions_status_publish_idx` ON `promotions` (`status`,`publish_at`);