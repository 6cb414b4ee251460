-- The traders counter (db/schema.ts, dataVersions): bumped by every write to
-- the traders table, whatever column and whoever wrote it, and to the brokers'
-- slugs (the list's broker filter), so a list kept per process is read again.
INSERT INTO `data_versions` (`name`, `version`) VALUES ('traders', 1);--> statement-breakpoint
CREATE TRIGGER `traders_version_trader_insert` AFTER INSERT ON `traders` BEGIN
	UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'traders';
END;--> statement-breakpoint
CREATE TRIGGER `traders_version_trader_update` AFTER UPDATE ON `traders` BEGIN
	UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'traders';
END;--> statement-breakpoint
CREATE TRIGGER `traders_version_trader_delete` AFTER DELETE ON `traders` BEGIN
	UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'traders';
END;--> statement-breakpoint
CREATE TRIGGER `traders_version_broker_insert` AFTER INSERT ON `brokers` BEGIN
	UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'traders';
END;--> statement-breakpoint
CREATE TRIGGER `traders_version_broker_update` AFTER UPDATE OF `slug` ON `brokers` BEGIN
	UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'traders';
END;--> statement-breakpoint
CREATE TRIGGER `traders_version_broker_delete` AFTER DELETE ON `brokers` BEGIN
	UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'traders';
END;
