ALTER TABLE `broker_clicks` ADD `trader_id` integer REFERENCES traders(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `broker_clicks_trader_user_idx` ON `broker_clicks` (`trader_id`,`user_id`);--> statement-breakpoint
ALTER TABLE `traders` ADD `return_1w` real;--> statement-breakpoint
ALTER TABLE `traders` ADD `followers` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `traders_status_name_idx` ON `traders` (`status`,`name`);