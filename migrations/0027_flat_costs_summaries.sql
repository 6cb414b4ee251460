-- Summary rows kept by triggers (docs/decisions/064-flat-costs.md): whatever
-- writes users or contest_participants (the app, the CLI, a cascade), the
-- counts follow in the same transaction.
INSERT INTO `member_counts` (`status`, `plan`, `n`) SELECT `status`, `plan`, count(*) FROM `users` GROUP BY `status`, `plan`;
--> statement-breakpoint
CREATE TRIGGER `member_counts_insert` AFTER INSERT ON `users` BEGIN
	INSERT INTO `member_counts` (`status`, `plan`, `n`) VALUES (new.`status`, new.`plan`, 1)
		ON CONFLICT (`status`, `plan`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `member_counts_delete` AFTER DELETE ON `users` BEGIN
	UPDATE `member_counts` SET `n` = `n` - 1 WHERE `status` = old.`status` AND `plan` = old.`plan`;
END;
--> statement-breakpoint
CREATE TRIGGER `member_counts_update` AFTER UPDATE OF `status`, `plan` ON `users`
	WHEN old.`status` IS NOT new.`status` OR old.`plan` IS NOT new.`plan` BEGIN
	UPDATE `member_counts` SET `n` = `n` - 1 WHERE `status` = old.`status` AND `plan` = old.`plan`;
	INSERT INTO `member_counts` (`status`, `plan`, `n`) VALUES (new.`status`, new.`plan`, 1)
		ON CONFLICT (`status`, `plan`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
UPDATE `contests` SET `participant_count` = (SELECT count(*) FROM `contest_participants` p WHERE p.`contest_id` = `contests`.`id`);
--> statement-breakpoint
CREATE TRIGGER `contest_participant_count_insert` AFTER INSERT ON `contest_participants` BEGIN
	UPDATE `contests` SET `participant_count` = `participant_count` + 1 WHERE `id` = new.`contest_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `contest_participant_count_delete` AFTER DELETE ON `contest_participants` BEGIN
	UPDATE `contests` SET `participant_count` = `participant_count` - 1 WHERE `id` = old.`contest_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `contest_participant_count_move` AFTER UPDATE OF `contest_id` ON `contest_participants`
	WHEN old.`contest_id` IS NOT new.`contest_id` BEGIN
	UPDATE `contests` SET `participant_count` = `participant_count` - 1 WHERE `id` = old.`contest_id`;
	UPDATE `contests` SET `participant_count` = `participant_count` + 1 WHERE `id` = new.`contest_id`;
END;
--> statement-breakpoint
-- The credits counted within a contest's dates: a staff start or edit of an activity contest reads that range only.
CREATE INDEX `referral_credits_status_counted_idx` ON `referral_credits` (`status`, coalesce(`reviewed_at`, `created_at`));
