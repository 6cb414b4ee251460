CREATE TABLE `trader_series` (
	`trader_id` integer PRIMARY KEY NOT NULL,
	`drawdown` text NOT NULL,
	FOREIGN KEY (`trader_id`) REFERENCES `traders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `traders_created_idx` ON `traders` (`created_at`,`id`);--> statement-breakpoint
INSERT INTO `trader_series` (`trader_id`, `drawdown`) SELECT `id`, json_extract(`figures`, '$.drawdownSeries') FROM `traders` WHERE json_extract(`figures`, '$.drawdownSeries') IS NOT NULL;
--> statement-breakpoint
UPDATE `traders` SET `figures` = json_remove(`figures`, '$.indexSeries', '$.drawdownSeries') WHERE `figures` IS NOT NULL;
