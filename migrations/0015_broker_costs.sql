ALTER TABLE `brokers` ADD `copy_trading` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `brokers` ADD `commission_per_lot_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `brokers` ADD `copy_fee_percent` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `brokers` ADD `spreads` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `brokers` ADD `how_we_earn` text DEFAULT '' NOT NULL;