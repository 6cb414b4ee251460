ALTER TABLE `contests` ADD `results_total` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `contests` ADD `results_cursor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `contests` ADD `results_finished_at` integer;--> statement-breakpoint
CREATE INDEX `contests_results_due_idx` ON `contests` (`results_finished_at`,`completed_at`,`id`);--> statement-breakpoint
CREATE INDEX `contest_participants_rank_idx` ON `contest_participants` (`contest_id`,`rank`);--> statement-breakpoint
-- Contests completed before: their members were told at completion (decision 066).
UPDATE `contests` SET `results_total` = (SELECT count(`rank`) FROM `contest_participants` p WHERE p.`contest_id` = `contests`.`id`), `results_cursor` = coalesce((SELECT max(`rank`) FROM `contest_participants` p WHERE p.`contest_id` = `contests`.`id`), 0), `results_finished_at` = `completed_at` WHERE `status` = 'completed';
