CREATE INDEX `users_status_created_idx` ON `users` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_plan_created_idx` ON `users` (`plan`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_status_plan_created_idx` ON `users` (`status`,`plan`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_name_idx` ON `users` ("name" collate nocase);--> statement-breakpoint
CREATE INDEX `users_status_name_idx` ON `users` (`status`,"name" collate nocase);--> statement-breakpoint
CREATE INDEX `users_plan_name_idx` ON `users` (`plan`,"name" collate nocase);--> statement-breakpoint
CREATE INDEX `users_status_plan_name_idx` ON `users` (`status`,`plan`,"name" collate nocase);--> statement-breakpoint
CREATE INDEX `users_total_invested_idx` ON `users` (("total_deposit" + "total_withdraw"));--> statement-breakpoint
CREATE INDEX `users_status_invested_idx` ON `users` (`status`,("total_deposit" + "total_withdraw"));--> statement-breakpoint
CREATE INDEX `users_plan_invested_idx` ON `users` (`plan`,("total_deposit" + "total_withdraw"));--> statement-breakpoint
CREATE INDEX `users_status_plan_invested_idx` ON `users` (`status`,`plan`,("total_deposit" + "total_withdraw"));