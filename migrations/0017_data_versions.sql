CREATE TABLE `data_versions` (
	`name` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The registry's counter (db/schema.ts, dataVersions): bumped by every write
-- to what the dashboard's filter choices and totals read, whatever wrote it.
INSERT INTO `data_versions` (`name`, `version`) VALUES ('registry', 1);--> statement-breakpoint
CREATE TRIGGER `registry_version_trader_insert` AFTER INSERT ON `traders` BEGIN
	UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'registry';
END;--> statement-breakpoint
CREATE TRIGGER `registry_version_trader_delete` AFTER DELETE ON `traders` BEGIN
	UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'registry';
END;--> statement-breakpoint
CREATE TRIGGER `registry_version_trader_update` AFTER UPDATE OF `status`, `markets`, `broker_id`, `trade_count`, `win_rate` ON `traders` BEGIN
	UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'registry';
END;--> statement-breakpoint
CREATE TRIGGER `registry_version_broker_insert` AFTER INSERT ON `brokers` BEGIN
	UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'registry';
END;--> statement-breakpoint
CREATE TRIGGER `registry_version_broker_delete` AFTER DELETE ON `brokers` BEGIN
	UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'registry';
END;--> statement-breakpoint
CREATE TRIGGER `registry_version_broker_update` AFTER UPDATE OF `name`, `slug` ON `brokers` BEGIN
	UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'registry';
END;
