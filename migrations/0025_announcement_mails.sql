ALTER TABLE `announcements` ADD `mail_cursor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `announcements` ADD `mailed_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `announcements` ADD `mails_finished_at` integer;--> statement-breakpoint
-- Announcements whose sending started before this migration had their mails queued with each batch: the mail pass starts after them.
UPDATE `announcements` SET `mail_cursor` = `cursor`, `mails_finished_at` = `delivery_finished_at` WHERE `delivery_started_at` IS NOT NULL;
