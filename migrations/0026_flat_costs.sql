CREATE TABLE `member_counts` (
	`status` text NOT NULL,
	`plan` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`status`, `plan`)
);
--> statement-breakpoint
ALTER TABLE `contests` ADD `participant_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `phone_digits` text GENERATED ALWAYS AS (replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')) VIRTUAL;--> statement-breakpoint
CREATE INDEX `users_phone_digits_idx` ON `users` (`phone_digits`);--> statement-breakpoint
CREATE INDEX `lesson_completions_completed_at_idx` ON `lesson_completions` (`completed_at`);