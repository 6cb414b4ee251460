CREATE TABLE `fee_offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`trader_id` integer NOT NULL,
	`original_fee` integer NOT NULL,
	`current_fee` integer DEFAULT 0 NOT NULL,
	`min_capital` integer NOT NULL,
	`total_spots` integer NOT NULL,
	`description` text NOT NULL,
	`featured` integer DEFAULT false NOT NULL,
	`urgent` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`publish_at` integer,
	`expires_at` integer,
	`published_at` integer,
	`sample` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`trader_id`) REFERENCES `traders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fee_offers_key_unique` ON `fee_offers` (`key`);--> statement-breakpoint
CREATE INDEX `fee_offers_trader_idx` ON `fee_offers` (`trader_id`);--> statement-breakpoint
CREATE INDEX `fee_offers_status_expires_idx` ON `fee_offers` (`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `fee_offers_status_publish_idx` ON `fee_offers` (`status`,`publish_at`);